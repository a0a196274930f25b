import type { PGlite } from '@electric-sql/pglite';
import { pageDocumentSchema } from '@site/page-content';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { buildApp } from '../app';
import type { Database, DatabaseHandle } from '../db/client';
import * as schema from '../db/schema';
import { pages, products, siteVersions, websites } from '../db/schema';
import { DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';
import { SiteSnapshots } from './site-snapshot';

/** The handle with every statement the app sends through `db` kept (its own client, same database). */
function counting(handle: DatabaseHandle) {
  const sent: string[] = [];
  const logger = { logQuery: (query: string) => void sent.push(query) };
  if (handle.connection.kind === 'pglite') {
    const client: PGlite = handle.connection.client;
    const db = drizzlePglite(client, { schema, logger }) as unknown as Database;
    return { sent, handle: { ...handle, db, relaxedDb: db }, close: async () => {} };
  }
  const sql = postgres(handle.connection.url, { max: 4, onnotice: () => {} });
  const db = drizzlePostgres(sql, { schema, logger }) as unknown as Database;
  return { sent, handle: { ...handle, db }, close: () => sql.end({ timeout: 1 }) };
}

const targets = await databaseTargets();

describe.each(targets)('statements per uncached page on $name', (target) => {
  let database: DatabaseHandle;
  let conn: ReturnType<typeof counting>;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    await database.db.insert(pages).values([
      {
        id: 'page-shop-2',
        websiteId: DEMO_WEBSITE_ID,
        path: '/more',
        title: 'More',
        pageType: 1,
        collectionType: 'products',
        kind: 'collection',
        templateName: 'products-list',
        itemTemplateName: 'product-item',
      },
      {
        id: 'page-featured',
        websiteId: DEMO_WEBSITE_ID,
        path: '/featured',
        title: 'Featured',
        pageType: 2,
        templateName: 'page',
        // Products of two stores, and one that is gone.
        publishedDocument: pageDocumentSchema.parse({
          sections: [
            {
              id: 's',
              blocks: ['prod-canvas-tote', 'prod-enamel-mug', 'prod-gone'].map((productId, i) => ({
                id: `b${i}`,
                type: 'product',
                settings: { productId },
              })),
            },
          ],
        }),
      },
    ]);
    await database.db
      .update(products)
      .set({ collectionId: 'page-shop-2' })
      .where(eq(products.id, 'prod-enamel-mug'));
    conn = counting(database);
    app = await buildApp({ database: conn.handle, writesPerMinute: 0 });
    // The counters and the snapshot are read once, by the first page; then the kept page is answered
    // with no statement, once any notice of the writes above has come and gone (a late one would
    // have the next page read the counters again, and be counted as one of its statements).
    expect((await app.inject('/about')).statusCode).toBe(200);
    await vi.waitFor(async () => {
      conn.sent.length = 0;
      await app.inject('/about');
      expect(conn.sent).toEqual([]);
    });
  });
  afterAll(async () => {
    await app?.close();
    await conn?.close();
    await database?.close();
  });

  async function statementsOf(url: string) {
    conn.sent.length = 0;
    const res = await app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-page-cache']).toBe('miss');
    return { sent: [...conn.sent], body: res.body };
  }

  // Before the snapshot: 12, 13 and 11 statements (website, pages, templates, header and footer,
  // locks, member areas twice and navigation on every page; one product read per store).
  it('reads only the products a page shows once the site is known', async () => {
    const product = await statementsOf('/shop/p/canvas-tote');
    // The product with its SEO, its variants and its counter for the page cache, in one statement.
    expect(product.sent).toHaveLength(1);
    expect(product.body).toContain('Waxed Canvas Tote');
    const list = await statementsOf('/shop');
    // One page of the store with its variants and counters, how many there are and their categories.
    expect(list.sent).toHaveLength(1);
    const featured = await statementsOf('/featured');
    // The named products of both stores with their variants in one read, their counters.
    expect(featured.sent).toHaveLength(2);
    expect(featured.body).toContain('Waxed Canvas Tote');
    expect(featured.body).toContain('Enamel Camp Mug');
  });

  it('shows an owner’s change on the next request: the snapshot is read again under the new counter', async () => {
    // Direct SQL: only the trigger's bump and its notice (PostgreSQL) tell the process.
    await database.db.update(pages).set({ title: 'About the workshop' }).where(eq(pages.id, 'page-about'));
    await expect
      .poll(async () => (await app.inject('/about')).body, { timeout: 10_000 })
      .toContain('About the workshop');
  });

  it('shows an owner’s translation on the next request in that language (pages are translated once per snapshot)', async () => {
    const [site] = await database.db.select().from(websites).where(eq(websites.id, DEMO_WEBSITE_ID));
    await database.db
      .update(websites)
      .set({ settings: { ...site!.settings, multilingual: { languages: ['fr'] } } })
      .where(eq(websites.id, DEMO_WEBSITE_ID));
    const translate = (title: string) =>
      database.db
        .update(pages)
        .set({ context: { translations: { fr: { title } } } })
        .where(eq(pages.id, 'page-about'));
    await translate('Notre atelier');
    await expect
      .poll(async () => (await app.inject('/fr/about')).body, { timeout: 10_000 })
      .toContain('Notre atelier');
    expect((await app.inject('/about')).body).not.toContain('Notre atelier');
    await translate('Atelier et outils');
    await expect
      .poll(async () => (await app.inject('/fr/about')).body, { timeout: 10_000 })
      .toContain('Atelier et outils');
  });
});

describe.each(targets)('site snapshots on $name', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    await database.db.insert(websites).values([
      { id: 'site-b', title: 'B' },
      { id: 'site-c', title: 'C' },
    ]);
  });
  afterAll(() => database?.close());

  const versionsOf = async (site: string) => {
    const [row] = await database.db.select().from(siteVersions).where(eq(siteVersions.websiteId, site));
    return row ?? { content: 0, catalog: 0, posts: 0 };
  };

  it('holds one snapshot per counter, shared by the requests under it, for at most its number of sites', async () => {
    const snapshots = new SiteSnapshots(database.db, 2);
    // A site that does not exist is not kept: one created later must be found.
    expect(await snapshots.get('site-later', { content: 0, catalog: 0, posts: 0 })).toBeUndefined();
    expect(snapshots.size).toBe(0);
    const demo = await versionsOf(DEMO_WEBSITE_ID);
    const [a, b] = await Promise.all([
      snapshots.get(DEMO_WEBSITE_ID, demo),
      snapshots.get(DEMO_WEBSITE_ID, demo),
    ]);
    expect(a).toBe(b);
    expect(a!.pages.some((p) => p.path === '/shop')).toBe(true);
    // Frozen: a render cannot change what the next one reads.
    expect(() => ((a!.pages as unknown as { title: string }[])[0]!.title = 'x')).toThrow(TypeError);

    await database.db.update(pages).set({ title: 'Shop all' }).where(eq(pages.id, 'page-shop'));
    const bumped = await versionsOf(DEMO_WEBSITE_ID);
    expect(bumped.content).toBeGreaterThan(demo.content);
    const after = await snapshots.get(DEMO_WEBSITE_ID, bumped);
    expect(after).not.toBe(a);
    expect(after!.pages.find((p) => p.id === 'page-shop')!.title).toBe('Shop all');

    await snapshots.get('site-b', await versionsOf('site-b'));
    await snapshots.get('site-c', await versionsOf('site-c'));
    expect(snapshots.size).toBe(2);
    // The least recently used (the demo site) went first.
    expect(await snapshots.get(DEMO_WEBSITE_ID, bumped)).not.toBe(after);
  });
});
