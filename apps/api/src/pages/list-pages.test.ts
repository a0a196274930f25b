import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { blogPosts, products } from '../db/schema';
import { DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';
import { collectionPageSize, requestedPage } from '../site/pagination';
import { databaseTargets } from '../../test/databases';

const targets = await databaseTargets();

describe('a list page asked for', () => {
  it.each([
    [undefined, 1],
    ['1', 1],
    ['2', 2],
    ['17', 17],
    ['0', 1],
    ['-2', 1],
    ['2.5', 1],
    ['abc', 1],
    ['02', 1],
    ['1e3', 1],
    ['9999999', 1],
    ['\u0000', 1],
  ])('?page=%s is page %i', (raw, page) => {
    expect(requestedPage(raw === undefined ? {} : { page: raw })).toBe(page);
  });

  it("takes each collection's page size from its theme's .conf, in every theme", () => {
    for (const theme of ['fieldnotes', 'market', 'studio', 'bistro'] as const) {
      expect(collectionPageSize(theme, 'products')).toBe(24);
      expect(collectionPageSize(theme, 'blog')).toBe(10);
    }
  });
});

const EXTRA_PRODUCTS = 30;
const EXTRA_POSTS = 12;

describe.each(targets)('paged store and blog lists on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  /** The shop's visible products in the owner's order. */
  let listed: string[];

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    await database.db.insert(products).values(
      Array.from({ length: EXTRA_PRODUCTS }, (_, i) => ({
        id: `extra-${i}`,
        websiteId: DEMO_WEBSITE_ID,
        collectionId: 'page-shop',
        urlId: `extra-${i}`,
        title: `Extra product ${String(i).padStart(2, '0')}`,
        productType: 2,
        position: 100 + i,
        tags: i % 2 ? ['odd'] : [],
      })),
    );
    await database.db.insert(blogPosts).values(
      Array.from({ length: EXTRA_POSTS }, (_, i) => ({
        id: `extra-post-${i}`,
        websiteId: DEMO_WEBSITE_ID,
        collectionId: 'page-journal',
        urlId: `extra-post-${i}`,
        title: `Extra post ${i}`,
        status: 'published' as const,
        publishOn: new Date(Date.UTC(2020, 0, 1 + i)),
      })),
    );
    listed = (
      await database.db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.collectionId, 'page-shop'), eq(products.enabled, true)))
        .orderBy(asc(products.position), asc(products.id))
    ).map((r) => r.id);
    app = await buildApp({ database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const cards = (html: string) =>
    [...html.matchAll(/<li class="product-card" data-item-id="([^"]+)"/g)].map((m) => m[1]);
  const head = (html: string, rel: string) =>
    new RegExp(`<link rel="${rel}" href="([^"]+)">`).exec(html)?.[1];

  it('shows the first page of the shop, linked to the next, with a pager', async () => {
    expect(listed.length).toBeGreaterThan(24);
    const res = await app.inject('/shop');
    expect(res.statusCode).toBe(200);
    expect(cards(res.body)).toEqual(listed.slice(0, 24));
    expect(head(res.body, 'canonical')).toBe('http://localhost:80/shop');
    expect(head(res.body, 'next')).toBe('http://localhost:80/shop?page=2');
    expect(head(res.body, 'prev')).toBeUndefined();
    const pages = Math.ceil(listed.length / 24);
    expect(res.body).toContain(
      `<nav class="pagination" aria-label="Product pages"><span class="pagination__status">Page 1 of ${pages}</span><a rel="next" href="/shop?page=2">Next page →</a></nav>`,
    );
    // The page's script gets this page's products only.
    const context = /<script[^>]*id="page-context"[^>]*>([^<]*)</.exec(res.body)?.[1];
    if (context) expect((JSON.parse(context) as { items: unknown[] }).items).toHaveLength(24);
  });

  it('shows the rest on page 2, its own canonical address, linked back to the first', async () => {
    const res = await app.inject('/shop?page=2');
    expect(res.statusCode).toBe(200);
    expect(cards(res.body)).toEqual(listed.slice(24, 48));
    expect(head(res.body, 'canonical')).toBe('http://localhost:80/shop?page=2');
    // The first page has one address: the list's own, not ?page=1.
    expect(head(res.body, 'prev')).toBe('http://localhost:80/shop');
    expect(res.body).toContain('<a rel="prev" href="/shop">← Previous page</a>');
  });

  it('answers a page past the last with not found, and garbage with the first page', async () => {
    const last = Math.ceil(listed.length / 24);
    expect((await app.inject(`/shop?page=${last + 1}`)).statusCode).toBe(404);
    expect((await app.inject('/shop?page=99999')).statusCode).toBe(404);
    for (const raw of ['abc', '0', '-1', '1']) {
      const res = await app.inject(`/shop?page=${raw}`);
      expect(res.statusCode).toBe(200);
      expect(cards(res.body)).toEqual(listed.slice(0, 24));
      expect(head(res.body, 'canonical')).toBe('http://localhost:80/shop');
    }
  });

  it('keeps each page apart in the page cache', async () => {
    // Page 1 cached first must not answer page 2, nor page 2 answer page 1, in either order.
    for (const order of [
      ['/shop', '/shop?page=2'],
      ['/shop?page=2', '/shop'],
    ]) {
      for (const url of [...order, ...order]) {
        const res = await app.inject(url);
        expect(cards(res.body)).toEqual(url.endsWith('page=2') ? listed.slice(24, 48) : listed.slice(0, 24));
      }
    }
    // Any other page asked with a page number is the page itself.
    const about = await app.inject('/about?page=2');
    expect(about.statusCode).toBe(200);
    expect(head(about.body, 'canonical')).toBe('http://localhost:80/about');
  });

  it('pages a narrowed list and keeps its tag in the links', async () => {
    const odd = listed.filter((id) => /^extra-\d+$/.test(id) && Number(id.slice(6)) % 2 === 1);
    expect(odd).toHaveLength(15);
    const res = await app.inject('/shop?tag=odd');
    expect(cards(res.body)).toEqual(odd);
    expect(head(res.body, 'next')).toBeUndefined();
    expect(res.body).not.toContain('class="pagination"');
    expect((await app.inject('/shop?tag=odd&page=2')).statusCode).toBe(404);
  });

  it('pages the blog by its theme’s size: newest first, page 2 canonical, past the last not found', async () => {
    const first = await app.inject('/journal');
    const titles = (html: string) =>
      [...html.matchAll(/<h2><a href="[^"]+">([^<]+)<\/a><\/h2>/g)].map((m) => m[1]);
    expect(titles(first.body)).toHaveLength(10);
    expect(head(first.body, 'next')).toBe('http://localhost:80/journal?page=2');
    expect(first.body).toContain('<a rel="next" href="/journal?page=2">Older posts →</a>');
    const second = await app.inject('/journal?page=2');
    expect(second.statusCode).toBe(200);
    expect(titles(second.body)).toHaveLength(3 + EXTRA_POSTS - 10);
    expect(titles(second.body).at(-1)).toBe('Extra post 0');
    expect(head(second.body, 'canonical')).toBe('http://localhost:80/journal?page=2');
    expect(head(second.body, 'prev')).toBe('http://localhost:80/journal');
    expect((await app.inject('/journal?page=3')).statusCode).toBe(404);
  });
});
