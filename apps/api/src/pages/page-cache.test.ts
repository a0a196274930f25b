import { STORE_API } from '@site/commerce-core/admin';
import { EDITOR_API } from '@site/page-content';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { blogPosts, pages, productVersions, siteVersions, templates, variants } from '../db/schema';
import { DEMO_WEBSITE_ID } from '../seed/demo-site';
import { PageCache, type CachedPage } from './page-cache';
import { eventually } from '../../test/eventually';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const entry = (over: Partial<CachedPage>): CachedPage => ({
  status: 200,
  contentType: 'text/html',
  body: Buffer.alloc(10),
  brotli: false,
  content: 1,
  ...over,
});

describe('PageCache', () => {
  it('keeps a page without products across catalog changes, and one with products only for its catalog', () => {
    const cache = new PageCache(1000);
    cache.set('about', entry({}));
    cache.set('shop', entry({ catalog: 5 }));
    expect(cache.get('about', { content: 1, catalog: 6, posts: 0 }, 0)).toBeDefined();
    expect(cache.get('shop', { content: 1, catalog: 6, posts: 0 }, 0)).toBeUndefined();
    expect(cache.get('about', { content: 2, catalog: 6, posts: 0 }, 0)).toBeUndefined();
  });

  it('keeps search results only for the posts counter they were rendered under; other pages ignore it', () => {
    const cache = new PageCache(1000);
    cache.set('search', entry({ catalog: 0, posts: 3 }));
    cache.set('about', entry({}));
    expect(cache.get('search', { content: 1, catalog: 0, posts: 3 }, 0)).toBeDefined();
    expect(cache.get('about', { content: 1, catalog: 0, posts: 4 }, 0)).toBeDefined();
    expect(cache.get('search', { content: 1, catalog: 0, posts: 4 }, 0)).toBeUndefined();
  });

  it('drops a page when a scheduled page goes live', () => {
    const cache = new PageCache(1000);
    cache.set('home', entry({ until: 100 }));
    expect(cache.get('home', { content: 1, catalog: 0, posts: 0 }, 99)).toBeDefined();
    expect(cache.get('home', { content: 1, catalog: 0, posts: 0 }, 100)).toBeUndefined();
  });

  it('keeps a page compressed once a browser took it, and gives the text to anyone else', () => {
    const cache = new PageCache(100_000);
    const text = Buffer.from('<p>An oak stool, hand-finished.</p>'.repeat(200));
    const now = { content: 1, catalog: 0, posts: 0 };
    cache.set('stool', entry({ body: text }));
    const kept = cache.get('stool', now, 0)!;
    expect(cache.bodyFor('stool', kept, false)).toBe(text);
    const encoded = cache.bodyFor('stool', kept, true);
    expect(brotliDecompressSync(encoded)).toEqual(text);
    expect(encoded.length).toBeLessThan(text.length / 10);
    // Its own bytes, not a slice holding zlib's whole output chunk alive.
    expect(encoded.buffer.byteLength).toBe(encoded.length);
    const compressed = cache.get('stool', now, 0)!;
    expect(compressed).toMatchObject({ brotli: true, body: encoded });
    expect(cache.bodyFor('stool', compressed, true)).toBe(encoded);
    expect(cache.bodyFor('stool', compressed, false)).toEqual(text);
    // The budget counts the compressed bytes: room for many more pages.
    for (let i = 0; i < 20; i++) cache.set(`other-${i}`, entry({ body: Buffer.alloc(100_000 / 21) }));
    expect(cache.get('stool', now, 0)).toBeDefined();
  });

  it('holds at most its byte budget, dropping the least recently used first', () => {
    const cache = new PageCache(800);
    for (const key of 'abcdefgh') cache.set(key, entry({ body: Buffer.alloc(100) }));
    cache.get('a', { content: 1, catalog: 0, posts: 0 }, 0);
    cache.set('i', entry({ body: Buffer.alloc(100) }));
    expect(cache.get('a', { content: 1, catalog: 0, posts: 0 }, 0)).toBeDefined();
    expect(cache.get('b', { content: 1, catalog: 0, posts: 0 }, 0)).toBeUndefined();
  });
});

const targets = await databaseTargets();

describe.each(targets)('cached pages on $name', (target) => {
  const demo = demoSiteSuite(target);

  const versions = async () =>
    (
      await demo.database.db.select().from(siteVersions).where(eq(siteVersions.websiteId, DEMO_WEBSITE_ID))
    )[0];
  const stockOnPage = async (sku: string) => {
    const item = (await demo.app.inject('/shop/p/canvas-tote?format=json')).json().item as {
      structuredContent: { variants: { sku: string; qtyInStock: number }[] };
    };
    return item.structuredContent.variants.find((v) => v.sku === sku)?.qtyInStock;
  };

  const variantId = async (sku: string) =>
    (await demo.database.db.select({ id: variants.id }).from(variants).where(eq(variants.sku, sku)))[0]!.id;

  it('keeps search results per query, drops them when a blog post changes and keeps unrelated pages', async () => {
    const search = (q: string) => demo.app.inject(`/search?q=${encodeURIComponent(q)}`);
    const first = await search('zephyrine');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(first.body).not.toContain('Zephyrine care notes');
    expect((await search('zephyrine')).headers['x-page-cache']).toBe('hit');
    // Another query is another page, and an unrelated page is kept as well.
    expect((await search('canvas')).headers['x-page-cache']).toBe('miss');
    await demo.app.inject('/about');
    expect((await demo.app.inject('/about')).headers['x-page-cache']).toBe('hit');
    const postsBefore = (await versions())!.posts;

    await demo.database.db
      .update(blogPosts)
      .set({ title: 'Zephyrine care notes' })
      .where(eq(blogPosts.id, 'post-waxing-canvas'));
    expect((await versions())!.posts).toBe(postsBefore + 1);
    await eventually(async () => expect((await search('zephyrine')).body).toContain('Zephyrine care notes'));
    expect((await search('zephyrine')).headers['x-page-cache']).toBe('hit');
    // Only pages listing posts follow the posts counter.
    expect((await demo.app.inject('/about')).headers['x-page-cache']).toBe('hit');
  });

  it('sends a browser the page brotli-compressed, rendered or kept, and anyone else the same page as they ask', async () => {
    const get = (acceptEncoding?: string) =>
      demo.app.inject({
        url: '/shop/p/canvas-tote',
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });
    const browser = 'gzip, deflate, br, zstd';
    const rendered = await get(browser);
    expect(rendered.headers['x-page-cache']).toBe('miss');
    const kept = await get(browser);
    expect(kept.headers['x-page-cache']).toBe('hit');
    const text = await get();
    expect(text.headers['content-encoding']).toBeUndefined();
    expect(text.body).toContain('Canvas Tote');
    for (const br of [rendered, kept]) {
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(text.body);
    }
    // A visitor that refuses brotli gets gzip (compressed as it is sent) or the text itself.
    for (const [accept, encoding] of [
      ['br;q=0, gzip', 'gzip'],
      ['gzip, deflate', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const answer = await get(accept);
      expect(answer.headers['x-page-cache']).toBe('hit');
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toContain('accept-encoding');
      expect(encoding ? gunzipSync(answer.rawPayload).toString() : answer.body).toBe(text.body);
    }
  });

  it('shows a stock change on the next request, as checkout and inventory edits make it', async () => {
    expect(await stockOnPage('TOTE-SAND')).toBe(3);
    expect(await stockOnPage('TOTE-SAND')).toBe(3);
    const set = await demo.owner.call('PATCH', STORE_API.variantStock(await variantId('TOTE-SAND')), {
      qtyInStock: 2,
    });
    expect(set.statusCode).toBe(200);
    expect(await stockOnPage('TOTE-SAND')).toBe(2);
  });

  it('answers concurrent requests the same page, and a change made between them on the next one', async () => {
    const bodies = await Promise.all(
      Array.from({ length: 20 }, () => demo.app.inject('/shop').then((r) => r.body)),
    );
    expect(new Set(bodies).size).toBe(1);
    const set = await demo.owner.call('PATCH', STORE_API.variantStock(await variantId('MUG-1')), {
      unlimited: true,
    });
    expect(set.statusCode).toBe(200);
    expect((await demo.app.inject('/shop').then((r) => r.body)) === bodies[0]).toBe(false);
  });

  it('shows a change committed outside any request (a job, psql, another process) as soon as PostgreSQL tells', async () => {
    expect(await stockOnPage('TOTE-SAND')).toBe(2);
    await demo.database.db.transaction(async (tx) => {
      await tx
        .update(variants)
        .set({ qtyInStock: sql`${variants.qtyInStock} - 1` })
        .where(eq(variants.sku, 'TOTE-SAND'));
    });
    await eventually(async () => expect(await stockOnPage('TOTE-SAND')).toBe(1));
  });

  it("counts what visitors see: stock is the product's own, a draft save is nothing, a publish is content", async () => {
    const before = await versions();
    const productVersion = async () =>
      (
        await demo.database.db
          .select({ version: productVersions.version })
          .from(productVersions)
          .where(eq(productVersions.productId, 'prod-wallet'))
      )[0]?.version ?? 0;
    const walletBefore = await productVersion();
    await demo.database.db.update(variants).set({ qtyInStock: 7 }).where(eq(variants.sku, 'WALLET-1'));
    const afterStock = await versions();
    // A sale takes no lock on the site's one row: checkouts of different products do not queue.
    expect(afterStock).toEqual(before);
    expect(await productVersion()).toBe(walletBefore + 1);

    const [about] = await demo.database.db.select().from(pages).where(eq(pages.path, '/about'));
    const draft = await demo.owner.call('PUT', EDITOR_API.draft(about!.id), {
      version: about!.version,
      document: about!.publishedDocument,
    });
    expect(draft.statusCode).toBe(200);
    expect(await versions()).toEqual(afterStock);

    const published = await demo.owner.call('POST', EDITOR_API.publish(about!.id), {
      version: draft.json().version,
    });
    expect(published.statusCode).toBe(200);
    expect((await versions())!.content).toBeGreaterThan(afterStock!.content);
  });

  it('shows a publish made through this process on its very next request', async () => {
    const page = (await demo.owner.call('POST', EDITOR_API.pages, { title: 'Gift wrapping' })).json() as {
      id: string;
      version: number;
    };
    const document = {
      sections: [
        {
          id: 's1',
          blocks: [{ id: 'b1', type: 'heading', settings: { text: 'Wrapped in kraft paper', level: 2 } }],
        },
      ],
    };
    const saved = (
      await demo.owner.call('PUT', EDITOR_API.draft(page.id), { version: page.version, document })
    ).json() as { version: number };
    const menuBefore = (await demo.app.inject('/about')).body;
    expect(menuBefore).not.toContain('href="/gift-wrapping"');
    expect(
      (await demo.owner.call('POST', EDITOR_API.publish(page.id), { version: saved.version })).statusCode,
    ).toBe(200);
    expect((await demo.app.inject('/gift-wrapping')).body).toContain('Wrapped in kraft paper');
    // Every page's menu names the new page: a publish drops every cached page of the site.
    expect((await demo.app.inject('/about')).body).toContain('href="/gift-wrapping"');
  });

  it('shows a template change on every page it renders', async () => {
    const before = (await demo.app.inject('/about')).body;
    expect(before).not.toContain('data-template-edit');
    await demo.database.db
      .update(templates)
      .set({
        source: sql`replace(${templates.source}, '<html ', '<html data-template-edit ')`,
        updatedAt: new Date(),
      })
      .where(and(eq(templates.websiteId, DEMO_WEBSITE_ID), eq(templates.name, 'site')));
    await eventually(async () =>
      expect((await demo.app.inject('/about')).body).toContain('data-template-edit'),
    );
    expect((await demo.app.inject('/shop')).body).toContain('data-template-edit');
  });

  it('drops only the pages that show a product when it changes: its page, the shop, a page featuring it; not the others', async () => {
    const cacheOf = async (path: string) => (await demo.app.inject(path)).headers['x-page-cache'];
    // /about features the tote in a product block.
    const paths = ['/about', '/shop', '/shop/p/canvas-tote', '/shop/p/field-notebook'];
    for (const path of paths) await demo.app.inject(path);
    for (const path of paths) expect(await cacheOf(path), path).toBe('hit');

    // The owner's price change, as the product form saves it.
    const saved = (await demo.owner.get(STORE_API.product('prod-field-notebook'))).json();
    const price = { ...saved.variants[0].price, value: '12345' };
    const put = await demo.owner.call('PUT', STORE_API.product(saved.id), {
      collectionId: saved.collectionId,
      version: saved.version,
      title: saved.title,
      excerpt: saved.excerpt,
      productType: saved.productType,
      variantOptionOrdering: saved.variantOptionOrdering,
      variants: saved.variants.map(({ qtyInStock: _stock, ...v }: Record<string, unknown>) => ({
        ...v,
        price,
      })),
    });
    expect(put.statusCode, put.body).toBe(200);
    for (const path of ['/shop', '/shop/p/field-notebook']) {
      const page = await demo.app.inject(path);
      expect(page.headers['x-page-cache'], path).toBe('miss');
      expect(page.body, path).toContain('123.45');
    }
    expect(await cacheOf('/about')).toBe('hit');
    expect(await cacheOf('/shop/p/canvas-tote')).toBe('hit');

    // A sale's stock change, committed outside any request: the pages showing the tote, told by PostgreSQL.
    for (const path of paths) await demo.app.inject(path);
    await demo.database.db
      .update(variants)
      .set({ qtyInStock: sql`${variants.qtyInStock} + 1` })
      .where(eq(variants.sku, 'TOTE-OLIVE'));
    await eventually(async () => expect(await cacheOf('/shop/p/canvas-tote')).toBe('miss'));
    expect(await cacheOf('/shop')).toBe('miss');
    expect(await cacheOf('/about')).toBe('miss');
    expect(await cacheOf('/shop/p/field-notebook')).toBe('hit');
  });

  it('keeps per-visitor parts out of the page: each new visitor gets a crumb cookie of their own', async () => {
    const [first, second] = [await demo.app.inject('/about'), await demo.app.inject('/about')];
    expect(first.body).toBe(second.body);
    const crumb = (r: typeof first) => r.cookies.find((c) => c.name === 'crumb')?.value;
    expect(crumb(first)).toBeTruthy();
    expect(crumb(first)).not.toBe(crumb(second));
    expect(first.body).not.toContain(crumb(first)!);
  });
});
