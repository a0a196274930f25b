import { randomUUID } from 'node:crypto';
import { STORE_API } from '@site/commerce-core/admin';
import { productTagsPath, tagsApi } from '@site/page-content';
import { eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { products, productTags } from '../db/schema';
import { DEMO_WEBSITE_ID } from '../seed/demo-site';
import { mergeTags } from './tag-store';

const targets = await databaseTargets();
const API = tagsApi('products');

describe.each(targets)("products' tags and categories on $name", (target) => {
  const demo = demoSiteSuite(target);

  const list = async (type = 'tag', filter = '') =>
    (
      await demo.owner.call(
        'GET',
        `${API.tags}?type=${type}${filter ? `&filter=${encodeURIComponent(filter)}` : ''}`,
      )
    ).json().tags as { name: string; count: number }[];
  const product = async (id: string) =>
    (await demo.database.db.select().from(products).where(eq(products.id, id)))[0]!;
  /** The titles of the products a shop page lists. */
  const shopTitles = async (query: string) => {
    const res = await demo.app.inject('/shop' + query);
    expect(res.statusCode).toBe(200);
    return [...res.body.matchAll(/<h2 class="product-title">([^<]*)<\/h2>/g)].map((m) => m[1]);
  };

  it('lists the tags and categories products carry, with product counts, apart from the blog', async () => {
    expect(await list()).toEqual(
      expect.arrayContaining([
        { name: 'gift idea', count: 4 },
        { name: 'linen', count: 1 },
      ]),
    );
    expect((await list('tag')).map((t) => t.name)).not.toContain('notebooks');
    expect(await list('category')).toEqual([
      { name: 'Apparel', count: 1 },
      { name: 'Bags', count: 2 },
      { name: 'Kitchen', count: 1 },
      { name: 'Stationery', count: 1 },
    ]);
    expect((await list('tag', 'GIFT')).map((t) => t.name)).toEqual(['gift idea']);
  });

  it.each([
    ['tag', 'x'.repeat(50), 201],
    ['tag', 'y'.repeat(51), 400],
    ['category', 'z'.repeat(25), 201],
    ['category', 'w'.repeat(26), 400],
    ['category', '🧵'.repeat(25), 201],
    ['tag', '', 400],
    ['tag', 42, 400],
  ])('creates a %s of %j with %i (tag ≤ 50, category ≤ 25)', async (type, name, status) => {
    expect((await demo.owner.call('POST', API.tags, { type, name })).statusCode).toBe(status);
  });

  it("answers 'This category already exists' for a name only products carry, whatever the case", async () => {
    const res = await demo.owner.call('POST', API.tags, { type: 'category', name: 'bags' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This category already exists');
    // The blog's names are another collection's: a product tag may share one.
    expect((await demo.owner.call('POST', API.tags, { type: 'tag', name: 'notebooks' })).statusCode).toBe(
      201,
    );
  });

  it("sets one product's names (trimmed, once each), refusing over-long ones and other sites' products", async () => {
    const set = await demo.owner.call('PUT', productTagsPath('prod-coffee'), {
      tags: [' beans ', 'Beans', 'gift idea'],
      categories: ['Kitchen'],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ tags: ['beans', 'gift idea'], categories: ['Kitchen'] });
    const long = await demo.owner.call('PUT', productTagsPath('prod-coffee'), {
      tags: [],
      categories: ['c'.repeat(26)],
    });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('A category can be at most 25 characters');
    expect(
      (await demo.owner.call('PUT', productTagsPath('prod-coffee'), { tags: 'beans', categories: [] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await demo.owner.call('PUT', productTagsPath('nope'), { tags: [], categories: [] })).statusCode,
    ).toBe(404);
    expect(
      (await demo.viewer.call('PUT', productTagsPath('prod-coffee'), { tags: [], categories: [] }))
        .statusCode,
    ).toBe(403);
    expect((await product('prod-coffee')).tags).toEqual(['beans', 'gift idea']);
  });

  it("returns a product's names in the admin view, one product and the list, so the product form shows them", async () => {
    await demo.owner.call('PUT', productTagsPath('prod-wallet'), {
      tags: ['leather', 'Gift ideas'],
      categories: ['Bags'],
    });
    const one = (await demo.owner.call('GET', STORE_API.product('prod-wallet'))).json();
    expect({ tags: one.tags, categories: one.categories }).toEqual({
      tags: ['leather', 'Gift ideas'],
      categories: ['Bags'],
    });
    const listed = (await demo.owner.call('GET', STORE_API.products)).json().products as {
      id: string;
      tags: string[];
      categories: string[];
    }[];
    expect(listed.find((p) => p.id === 'prod-wallet')).toMatchObject({
      tags: ['leather', 'Gift ideas'],
      categories: ['Bags'],
    });
    expect(listed.every((p) => Array.isArray(p.tags) && Array.isArray(p.categories))).toBe(true);
    // The seeded names come back as they were set.
    await demo.owner.call('PUT', productTagsPath('prod-wallet'), {
      tags: ['leather', 'gift idea'],
      categories: ['Bags'],
    });
  });

  it('filters the shop by tag and by category, with links to each category', async () => {
    expect(await shopTitles('?tag=gift%20idea')).toEqual([
      'Waxed Canvas Tote',
      'Field Notebook (3-pack)',
      'Enamel Camp Mug',
      'Monogrammed Leather Wallet',
      'Roaster’s Choice Coffee',
    ]);
    expect(await shopTitles('?category=Bags')).toEqual(['Waxed Canvas Tote', 'Monogrammed Leather Wallet']);
    expect(await shopTitles('?category=Bags&tag=leather')).toEqual(['Monogrammed Leather Wallet']);
    const page = (await demo.app.inject('/shop?category=Bags')).body;
    expect(page).toContain('Products in “Bags”');
    expect(page).toContain('<a href="/shop?category=Bags" aria-current="page">Bags</a>');
    expect(page).toContain('<a href="/shop?category=Apparel">Apparel</a>');
    const none = (await demo.app.inject('/shop?tag=%3Cscript%3E')).body;
    expect(none).toContain('No products match.');
    expect(none).toContain('Products tagged “&lt;script&gt;”');
    expect((await shopTitles('')).length).toBeGreaterThan(5);
    const item = (await demo.app.inject('/shop/p/canvas-tote')).body;
    expect(item).toContain('<a href="/shop?tag=gift%20idea">gift idea</a>');
  });

  it('merges tags on every product at once; the cached filtered shop pages follow at once', async () => {
    // Rendered and cached before the merge, under their own filters.
    expect(await shopTitles('?tag=linen')).toEqual(['Linen Work Shirt']);
    expect(await shopTitles('?tag=canvas')).toEqual(['Waxed Canvas Tote']);
    const res = await demo.owner.call('POST', API.merge, {
      type: 'tag',
      from: ['linen', 'canvas'],
      into: 'natural fibre',
    });
    expect(res.json()).toEqual({ moved: 2 });
    expect(await list('tag', 'natural')).toEqual([{ name: 'natural fibre', count: 2 }]);
    expect(await shopTitles('?tag=natural%20fibre')).toEqual(['Waxed Canvas Tote', 'Linen Work Shirt']);
    expect(await shopTitles('?tag=linen')).toEqual([]);
    expect((await product('prod-canvas-tote')).tags).toEqual(['natural fibre', 'gift idea']);
  });

  it("edits one at a time ('You may only edit one tag at a time'), renames and removes on every product", async () => {
    const two = await demo.owner.call('POST', API.rename, {
      type: 'tag',
      from: ['leather', 'beans'],
      to: 'x',
    });
    expect(two.json().error.message).toBe('You may only edit one tag at a time');
    const taken = await demo.owner.call('POST', API.rename, {
      type: 'category',
      from: ['Kitchen'],
      to: 'BAGS',
    });
    expect(taken.json().error.message).toBe('This category already exists');
    expect(
      (
        await demo.owner.call('POST', API.rename, {
          type: 'category',
          from: ['Kitchen'],
          to: 'Kitchen & table',
        })
      ).json(),
    ).toEqual({ moved: 2 });
    expect(await shopTitles('?category=Kitchen%20%26%20table')).toEqual([
      'Enamel Camp Mug',
      'Roaster’s Choice Coffee',
    ]);
    expect((await demo.owner.call('POST', API.remove, { type: 'category', names: ['Bags'] })).json()).toEqual(
      { moved: 2 },
    );
    expect((await product('prod-wallet')).categories).toEqual([]);
    expect(await shopTitles('?category=Bags')).toEqual([]);
  });

  it('keeps the product form’s version: a merge never refuses a product form left open', async () => {
    const before = await product('prod-enamel-mug');
    await demo.owner.call('POST', API.merge, { type: 'tag', from: ['gift idea'], into: 'gifts' });
    const after = await product('prod-enamel-mug');
    expect(after.tags).toEqual(['gifts']);
    expect(after.version).toBe(before.version);
  });

  it('merges under concurrency without losing or keeping a merged tag', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `src-${i}`);
    await demo.database.db.insert(products).values(
      Array.from({ length: 24 }, (_, i) => ({
        id: `load-${randomUUID()}`,
        websiteId: DEMO_WEBSITE_ID,
        collectionId: 'page-shop',
        urlId: `load-${i}`,
        title: `Load ${i}`,
        productType: 1,
        tags: [names[i % 8]!, names[(i + 3) % 8]!, 'keep'],
      })),
    );
    await Promise.all([
      ...names.map((n) => mergeTags(demo.database.db, DEMO_WEBSITE_ID, 'products', 'tag', [n], 'merged')),
      mergeTags(demo.database.db, DEMO_WEBSITE_ID, 'products', 'tag', ['merged'], 'final'),
    ]);
    await mergeTags(demo.database.db, DEMO_WEBSITE_ID, 'products', 'tag', ['merged'], 'final');
    const rows = await demo.database.db.select().from(products).where(like(products.id, 'load-%'));
    for (const row of rows) expect(row.tags).toEqual(['final', 'keep']);
  });

  it('Nested categories limit 10000: a store takes its 10,000th category and refuses the next, new names only', async () => {
    const held = (await list('category')).length;
    // Straight into the table up to one short: 10,000 requests would only test the loop.
    const filler = Array.from({ length: 9_999 - held }, (_, i) => ({
      websiteId: DEMO_WEBSITE_ID,
      type: 'category' as const,
      name: `Filler ${i}`,
    }));
    for (let i = 0; i < filler.length; i += 2_000)
      await demo.database.db.insert(productTags).values(filler.slice(i, i + 2_000));
    expect((await list('category')).length).toBe(9_999);
    const create = (name: string) => demo.owner.call('POST', API.tags, { type: 'category', name });
    expect((await create('The last one')).statusCode).toBe(201);
    const over = await create('One too many');
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe('A store can have at most 10,000 categories.');
    // A product may not bring a new name in either, but may use any the store has.
    const put = (categories: string[]) =>
      demo.owner.call('PUT', productTagsPath('prod-coffee'), { tags: [], categories });
    expect((await put(['Brand new'])).statusCode).toBe(409);
    const kept = await put(['the last one', 'Filler 7']);
    expect(kept.statusCode).toBe(200);
    expect((await list('category')).length).toBe(10_000);

    // One place free, two owners take it at once: one gets it, the other is told the limit.
    const removed = await demo.owner.call('POST', API.remove, { type: 'category', names: ['Filler 0'] });
    expect(removed.statusCode).toBe(200);
    const racing = await Promise.all([create('Left'), create('Right')]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await list('category')).length).toBe(10_000);
  });

  it('never answers 5xx to any filter a visitor sends', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), fc.string({ maxLength: 80 }), async (tag, category) => {
        const res = await demo.app.inject(`/shop?${new URLSearchParams({ tag, category }).toString()}`);
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 30 },
    );
  });
});
