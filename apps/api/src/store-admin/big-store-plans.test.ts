import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the benchmark's plain-JavaScript seed, shared so both measure the same store.
import { seedBigStore } from '../../bench/big-store-seed.mjs';
import { databaseTargets } from '../../test/databases';
import { websites } from '../db/schema';
import { capturingDatabase, rowsRead, type PlanNode } from '../../test/explain-plans';
import type { Database, DatabaseHandle, Queryable } from '../db/client';
import type { Readable } from 'node:stream';
import { inventoryCsv, listInventory } from './inventory';
import { listOrders, ordersCsv } from './orders';
import { listProducts, skuClash } from './products';
import { loadProductItems, loadProductListPage, productListFacts } from '../site/site-data';
import { eq } from 'drizzle-orm';
import { searchSite } from '../pages/search';
import { nextPostGoingLive } from '../pages/content-routes';
import { listMailingLists, listSubscribers } from '../mailing-lists/list-store';
import { exportSubmissions, listForms, listSubmissions } from '../forms/form-editor-store';
import { listActivity } from '../activity/activity-log';
import { listTags } from '../tags/tag-store';
import { listPostSummaries } from '../blog/blog-store';
import { listEventsPage } from '../collections/collection-store';
import { rowsOf } from '../db/rows';
import { sql } from 'drizzle-orm';
import { teamView } from '../sites/team';
import { ownerAddresses } from '../commerce/shop-emails';

const SITE = 'big';

async function text(stream: Readable): Promise<string> {
  let all = '';
  for await (const chunk of stream) all += String(chunk);
  return all;
}
const PRODUCTS = 4000;
const ORDERS = 20_000;
const LIST_ROWS = 10_000;
// Tables a big store grows: a sequential scan of one reads every site's rows.
const BIG_TABLES =
  /Seq Scan on (orders|products|variants|order_items|mailing_list_subscribers|form_submissions|site_activity|blog_posts|collection_items|site_members)\b|\(read \d+ rows\)/;
const BIG_TABLE_NAMES = new Set([
  'orders',
  'products',
  'variants',
  'order_items',
  'mailing_list_subscribers',
  'form_submissions',
  'site_activity',
  'blog_posts',
  'collection_items',
  'site_members',
]);
// A page of 50–100 rows with its lookups reads a few hundred rows; a walk through one site's
// orders or products (an index scan that filters) reads thousands at this size, and more at scale.
const MAX_ROWS_READ = 1500;

const targets = await databaseTargets();

describe.each(targets)('the editor calls of a big store on $name', (target) => {
  let handle: DatabaseHandle;
  let conn: ReturnType<typeof capturingDatabase>;
  beforeAll(async () => {
    handle = await target.open();
    conn = capturingDatabase(handle);
    // A second, small store: a per-site read must find the big one's rows by index among others.
    await seedBigStore(conn.exec, { websiteId: 'small', products: 50, orders: 500, catalogueOnly: true });
    await seedBigStore(conn.exec, {
      websiteId: SITE,
      products: PRODUCTS,
      orders: ORDERS,
      catalogueOnly: true,
    });
    // At a test's size a whole-table read is still the cheapest plan; priced out, the planner
    // must show an index path for each statement, and still falls back to a Seq Scan where none
    // exists — which is what these checks catch (bench/big-store.mjs measures the real sizes).
    await conn.exec('set enable_seqscan = off');
  }, 300_000);
  afterAll(async () => {
    await conn?.close();
    await handle?.close();
  });

  /** Runs the call, then EXPLAINs each statement it sent: none may read a big table whole. */
  async function plansOf(call: (db: Database) => Promise<unknown>, maxRowsRead = MAX_ROWS_READ) {
    conn.captured.length = 0;
    await call(conn.db);
    // Statements only: a transaction's `set local` has no plan.
    const sent = conn.captured.filter((c) => /^\s*(with|select|insert|update|delete)\b/i.test(c.query));
    expect(sent.length).toBeGreaterThan(0);
    const plans: string[] = [];
    for (const statement of sent) {
      const plan = (await conn.explain(statement)).join('\n');
      const read = rowsRead(await conn.analyze(statement), BIG_TABLE_NAMES);
      plans.push(read > maxRowsRead ? `${plan}\n(read ${read} rows)` : plan);
    }
    return plans;
  }

  const orderCalls: [string, Parameters<typeof listOrders>[2]][] = [
    ['newest first', { limit: 50 }],
    ['an email search', { q: 'shopper42@', limit: 50 }],
    ['an order number search', { q: '#1200', limit: 50 }],
    ['a status and date filter', { status: 'fulfilled', from: '2020-01-01', to: '2020-01-31', limit: 50 }],
  ];
  it.each(orderCalls)('the orders list, %s, reads by index', async (_, query) => {
    for (const plan of await plansOf((db) => listOrders(db, SITE, query)))
      expect(plan).not.toMatch(BIG_TABLES);
  });

  it('the orders list finds an order by its number and by part of its email', async () => {
    const byNumber = await listOrders(handle.db, SITE, { q: '#1200', limit: 50 });
    expect(byNumber.orders.map((o) => o.orderNumber)).toEqual([1200]);
    const byEmail = await listOrders(handle.db, SITE, { q: 'shopper4242@', limit: 50 });
    expect(byEmail.orders.length).toBeGreaterThan(0);
    expect(byEmail.orders.every((o) => o.email === 'shopper4242@example.com')).toBe(true);
  });

  it('the orders list pages on: the second page starts right after the first', async () => {
    const first = await listOrders(conn.db, SITE, { limit: 50 });
    const plans = await plansOf((db) => listOrders(db, SITE, { limit: 50, cursor: first.nextCursor! }));
    for (const plan of plans) expect(plan).not.toMatch(BIG_TABLES);
    const second = await listOrders(handle.db, SITE, { limit: 50, cursor: first.nextCursor! });
    expect(second.orders[0]!.orderNumber).toBe(first.orders.at(-1)!.orderNumber - 1);
  });

  const productCalls: [string, Omit<Parameters<typeof listProducts>[3], 'limit'>][] = [
    ['by position', { sort: 'position' }],
    ['by title', { sort: 'title' }],
    ['newest first', { sort: 'newest' }],
    ['a title search', { sort: 'position', q: 'oak clay 3' }],
    ['a SKU search', { sort: 'title', q: 'SKU-123' }],
    // The titles holding it sit together in title order: read, not walked to.
    ['a title search by title', { sort: 'title', q: 'oak clay' }],
    ['a title search by title, last first', { sort: '-title', q: 'oak clay' }],
  ];
  it.each(productCalls)('the product list, %s, reads by index', async (_, query) => {
    const plans = await plansOf((db) => listProducts(db, SITE, 'USD', { ...query, limit: 50 }));
    for (const plan of plans) expect(plan).not.toMatch(BIG_TABLES);
  });

  it('the product list pages through the newest without skipping or repeating one', async () => {
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < 3; page++) {
      const listed = await listProducts(handle.db, SITE, 'USD', { sort: 'newest', limit: 40, cursor });
      for (const p of listed.products) seen.add(p.id);
      cursor = listed.nextCursor!;
    }
    const expected = Array.from({ length: 120 }, (_, i) => `${SITE}-p-${PRODUCTS - 1 - i}`);
    expect([...seen]).toEqual(expected);
  });

  it('the product search finds a SKU and a part of a title', async () => {
    const bySku = await listProducts(handle.db, SITE, 'USD', { sort: 'title', q: 'sku-1234', limit: 50 });
    expect(bySku.products.map((p) => p.id)).toContain(`${SITE}-p-1234`);
    const byTitle = await listProducts(handle.db, SITE, 'USD', { sort: 'title', q: 'Oak Clay 3', limit: 50 });
    expect(byTitle.products.length).toBeGreaterThan(0);
    expect(byTitle.products.every((p) => p.title.startsWith('Oak Clay 3'))).toBe(true);
  });

  it.each(['oak clay', 'SKU-77'])(
    'the product search for %j reads titles and SKUs by index, never every product',
    async (q) => {
      for (const plan of await plansOf((db) =>
        listProducts(db, SITE, 'USD', { sort: 'position', q, limit: 50 }),
      ))
        expect(plan).not.toMatch(BIG_TABLES);
    },
  );

  it('the product search by part of a SKU reads no variant to choose its page, and pages through every match', async () => {
    // `SKU-1` is in 1 111 of the 4 000 SKUs: the products' own SKU lines answer it, where each
    // matching variant's product was looked up by its key before.
    const query = { sort: 'title' as const, q: 'SKU-1', limit: 50 };
    conn.captured.length = 0;
    const first = await listProducts(conn.db, SITE, 'USD', query);
    const [chosen] = conn.captured;
    expect(rowsRead(await conn.analyze(chosen!), new Set(['variants']))).toBe(0);
    const expected = rowsOf<{ id: string }>(
      await handle.db.execute(sql`
        select p.id from products p
        where p.website_id = ${SITE} and (p.title ilike '%SKU-1%'
          or exists (select 1 from variants v where v.product_id = p.id and v.sku ilike '%SKU-1%'))
        order by p.title, p.id limit 100`),
    ).map((r) => r.id);
    const second = await listProducts(handle.db, SITE, 'USD', { ...query, cursor: first.nextCursor! });
    expect([...first.products, ...second.products].map((p) => p.id)).toEqual(expected);
    // The other filters choose among the SKU matches before a page of them is taken.
    const inGarden = await listProducts(handle.db, SITE, 'USD', { ...query, category: 'Garden' });
    const gardenExpected = rowsOf<{ id: string }>(
      await handle.db.execute(sql`
        select p.id from products p
        where p.website_id = ${SITE} and p.categories ? 'Garden' and (p.title ilike '%SKU-1%'
          or exists (select 1 from variants v where v.product_id = p.id and v.sku ilike '%SKU-1%'))
        order by p.title, p.id limit 50`),
    ).map((r) => r.id);
    expect(gardenExpected).toHaveLength(50);
    expect(inGarden.products.map((p) => p.id)).toEqual(gardenExpected);
    // No SKU holds whitespace: text with some is looked for in titles alone.
    expect((await listProducts(handle.db, SITE, 'USD', { ...query, q: 'SKU -1' })).products).toEqual([]);
  });

  it('the inventory search pages through products sharing a title without skipping or repeating a variant', async () => {
    const twins = ['small-p-11', 'small-p-12', 'small-p-13', 'small-p-14'];
    const titles = rowsOf<{ id: string; title: string }>(
      await handle.db.execute(
        sql`select id, title from products where id = any(${`{${twins.join(',')}}`}::text[])`,
      ),
    );
    await handle.db.execute(
      sql`update products set title = 'Twin Mug' where id = any(${`{${twins.join(',')}}`}::text[])`,
    );
    await handle.db
      .execute(sql`insert into variants (id, product_id, sku, price_cents, qty_in_stock, position)
      select 'small-v-twin-' || n, 'small-p-1' || (1 + n % 4), 'TWIN-' || n, 1000, 5, 1 + n from generate_series(0, 6) n`);
    try {
      const expected = rowsOf<{ id: string }>(
        await handle.db.execute(sql`
          select v.id from variants v join products p on p.id = v.product_id
          where p.website_id = 'small' and (p.title ilike '%twin%' or v.sku ilike '%twin%')
          order by p.title, v.id`),
      ).map((r) => r.id);
      expect(expected).toHaveLength(4 + 7);
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await listInventory(handle.db, 'small', 'USD', { q: 'twin', limit: 2, cursor });
        seen.push(...page.items.map((i) => i.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(expected);
    } finally {
      await handle.db.execute(sql`delete from variants where id like 'small-v-twin-%'`);
      for (const { id, title } of titles)
        await handle.db.execute(sql`update products set title = ${title} where id = ${id}`);
    }
  });

  it("a product's SKU lines follow its variants' inserts, edits and deletes, and a sale leaves the product row alone", async () => {
    const product = 'small-p-7';
    const skusOf = async () =>
      rowsOf<{ skus: string; xmin: string }>(
        await handle.db.execute(sql`select skus, xmin::text from products where id = ${product}`),
      )[0]!;
    expect((await skusOf()).skus).toBe('SKU-7');
    await handle.db
      .execute(sql`insert into variants (id, product_id, sku, price_cents, qty_in_stock, position)
      values ('small-v-7b', ${product}, 'LINEN-XL', 1000, 5, 1), ('small-v-7c', ${product}, 'LINEN-S', 1000, 5, 2)`);
    expect((await skusOf()).skus).toBe('SKU-7\nLINEN-XL\nLINEN-S');
    await handle.db.execute(sql`update variants set sku = 'LINEN-M' where id = 'small-v-7c'`);
    expect((await skusOf()).skus).toBe('SKU-7\nLINEN-XL\nLINEN-M');
    const before = await skusOf();
    await handle.db.execute(
      sql`update variants set qty_in_stock = qty_in_stock - 1 where product_id = ${product}`,
    );
    await handle.db.execute(sql`update variants set sku = sku where id = 'small-v-7b'`);
    expect(await skusOf()).toEqual(before);
    await handle.db.execute(sql`delete from variants where id in ('small-v-7b', 'small-v-7c')`);
    expect((await skusOf()).skus).toBe('SKU-7');
    const found = await listProducts(handle.db, 'small', 'USD', { sort: 'title', q: 'linen-m', limit: 50 });
    expect(found.products).toEqual([]);
  });

  it("a store's list page reads one page of its products, their count and categories by index", async () => {
    const [website] = await handle.db.select().from(websites).where(eq(websites.id, SITE));
    const store = { id: `${SITE}-store-3`, path: '/store-3' };
    const plans = await plansOf((db) => loadProductListPage(db, website!, store, { limit: 24, offset: 48 }));
    // The page, its count and its categories: one statement.
    expect(plans).toHaveLength(1);
    for (const plan of plans) expect(plan).not.toMatch(BIG_TABLES);
    const listed = await loadProductListPage(handle.db, website!, store, { limit: 24, offset: 48 });
    const page = listed.items;
    expect(page).toEqual(await loadProductItems(handle.db, website!, store, { limit: 24, offset: 48 }));
    expect(page.map((p) => p.id)).toEqual(Array.from({ length: 24 }, (_, i) => `${SITE}-p-${600 + 48 + i}`));
    // Each item's variants, read with its product, are its variant rows in position order.
    const variantRows = rowsOf<{
      product_id: string;
      id: string;
      sku: string;
      price_cents: number;
      qty_in_stock: number;
    }>(
      await handle.db.execute(
        sql`select product_id, id, sku, price_cents, qty_in_stock from variants
            where product_id in (select id from products where collection_id = ${store.id}) order by position, id`,
      ),
    );
    for (const item of page) {
      const own = variantRows.filter((v) => v.product_id === item.id);
      expect(own.length).toBeGreaterThan(0);
      expect(
        (
          item.structuredContent as {
            variants: { id: string; sku: string; price: number; qtyInStock: number }[];
          }
        ).variants.map((v) => [v.id, v.sku, v.price, v.qtyInStock]),
      ).toEqual(own.map((v) => [v.id, v.sku, Number(v.price_cents), Number(v.qty_in_stock)]));
    }
    // The count and the categories are what counting and collecting the store's rows give, narrowed
    // or not: the count follows the filter, the categories stay the whole store's.
    const facts = await productListFacts(handle.db, store, {});
    expect(facts.total).toBe(200);
    expect({ total: listed.total, categories: listed.categories }).toEqual(facts);
    const stored = rowsOf<{ category: string; n: number }>(
      await handle.db.execute(
        sql`select c as category, count(*)::int as n from products, jsonb_array_elements_text(categories) c
            where collection_id = ${store.id} and enabled group by c`,
      ),
    );
    expect(stored.length).toBeGreaterThan(1);
    expect(facts.categories.map((c) => c.name)).toEqual(
      stored.map((r) => r.category).sort((a, b) => a.localeCompare(b)),
    );
    const [first] = stored;
    const narrowed = await productListFacts(handle.db, store, { category: first!.category });
    expect(narrowed.total).toBe(Number(first!.n));
    // Read beside a narrowed page, and on their own for a page with no rows (past the last).
    const category = first!.category;
    const narrowedPage = await loadProductListPage(handle.db, website!, store, {
      category,
      limit: 24,
      offset: 0,
    });
    expect({ total: narrowedPage.total, categories: narrowedPage.categories }).toEqual(narrowed);
    const pastLast = await loadProductListPage(handle.db, website!, store, {
      category,
      limit: 24,
      offset: 960,
    });
    expect(pastLast.items).toEqual([]);
    expect({ total: pastLast.total, categories: pastLast.categories }).toEqual(narrowed);
    expect(narrowed.categories.map((c) => c.name)).toEqual(facts.categories.map((c) => c.name));
    expect(narrowed.categories.filter((c) => c.active).map((c) => c.name)).toEqual([first!.category]);
    expect(narrowed.categories[0]!.url).toBe(
      `/store-3?category=${encodeURIComponent(narrowed.categories[0]!.name)}`,
    );
  });

  it("a store list's later page reads the variants and counters of the products it shows only, not of those before", async () => {
    const [website] = await handle.db.select().from(websites).where(eq(websites.id, SITE));
    const store = { id: `${SITE}-store-5`, path: '/store-5' };
    conn.captured.length = 0;
    const page = await loadProductItems(conn.db, website!, store, { limit: 24, offset: 168 });
    expect(page.map((p) => p.id)).toEqual(
      Array.from({ length: 24 }, (_, i) => `${SITE}-p-${1000 + 168 + i}`),
    );
    const [statement] = conn.captured;
    const plan = await conn.analyze(statement!);
    // How often each table was looked into, over every loop of the plan.
    const loops = (node: PlanNode, table: string): number =>
      (node['Relation Name'] === table ? (node['Actual Loops'] ?? 1) : 0) +
      (node.Plans ?? []).reduce((sum, child) => sum + loops(child, table), 0);
    expect(loops(plan, 'variants')).toBe(24);
    expect(loops(plan, 'product_versions')).toBe(24);
    expect(rowsRead(plan, new Set(['variants']))).toBe(24);
  });

  /**
   * The sequential and index scans a call made, from its transaction's own statistics (PGlite does
   * not flush pg_stat views mid-session; the xact counters are exact). Site search is one function
   * call (migration 0082), whose EXPLAIN shows only the call: what it read is counted instead, under
   * the planner's own settings, since the function prices sequential scans out itself.
   */
  async function scansDuring(call: (db: Queryable) => Promise<unknown>) {
    const tables = ['pages', 'blog_posts', 'products'];
    const indexes = ['pages_search', 'pages_title_trgm', 'blog_posts_search', 'blog_posts_title_trgm'];
    indexes.push('products_search', 'products_title_trgm');
    const counts = async (tx: Queryable) =>
      new Map(
        rowsOf<{ name: string; scans: string | number }>(
          await tx.execute(sql`
            select n as name, coalesce((select seq_scan from pg_stat_xact_user_tables where relname = n), 0) as scans
            from unnest(${`{${tables.join(',')}}`}::text[]) n
            union all select n, pg_stat_get_xact_numscans(n::regclass)
            from unnest(${`{${indexes.join(',')}}`}::text[]) n`),
        ).map((r) => [r.name, Number(r.scans)]),
      );
    await conn.exec('reset enable_seqscan');
    try {
      return await conn.db.transaction(async (tx) => {
        const before = await counts(tx);
        await call(tx);
        const after = await counts(tx);
        const delta = (name: string) => after.get(name)! - before.get(name)!;
        return {
          seqScans: Object.fromEntries(tables.map((t) => [t, delta(t)])),
          indexScans: Object.fromEntries(indexes.map((i) => [i, delta(i)])),
        };
      });
    } finally {
      await conn.exec('set enable_seqscan = off');
    }
  }
  const NO_SEQ_SCANS = { pages: 0, blog_posts: 0, products: 0 };

  it.each(['oak clay', 'oak OR clay', 'oa'])(
    'site search for %j reads the stored vectors and trigrams by index, never a table whole',
    async (q) => {
      const { seqScans, indexScans } = await scansDuring((db) => searchSite(db, SITE, q, 1, new Date()));
      expect(seqScans).toEqual(NO_SEQ_SCANS);
      expect(indexScans.products_search).toBeGreaterThan(0);
    },
  );

  it('site search is one statement, planned once per connection: its words are never written into it', async () => {
    conn.captured.length = 0;
    await searchSite(conn.db, SITE, 'oak clay', 1, new Date());
    await searchSite(conn.db, SITE, 'oak 77x', 2, new Date());
    const sent = conn.captured.map((c) => c.query);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBe(sent[1]);
    expect(sent[0]).toMatch(/search_site\(/);
    expect(sent[0]).not.toMatch(/oak/);
  });

  it.each(['store', 'stor'])(
    'site search for %j finds pages by their stored vector or trigrams, never a table whole',
    async (q) => {
      const { seqScans, indexScans } = await scansDuring((db) => searchSite(db, SITE, q, 1, new Date()));
      expect(seqScans).toEqual(NO_SEQ_SCANS);
      expect(indexScans.pages_search).toBeGreaterThan(0);
      // "stor" is no word of any title: the titles are then looked up by their trigrams.
      if (q === 'stor') expect(indexScans.pages_title_trgm).toBeGreaterThan(0);
      else expect(indexScans.pages_title_trgm).toBe(0);
      // The store pages first ("stor" is also like the word "Stone" of many product titles).
      const found = await searchSite(handle.db, SITE, q, 1, new Date());
      if (q === 'store') expect(found.total).toBe(PRODUCTS / 200);
      expect(found.results.map((r) => r.kind)).toEqual(Array(10).fill('page'));
      expect(found.results[0]!.title).toMatch(/^Store \d+$/);
    },
  );

  it('site search falling back to titles (a typo) finds pages and posts by their trigram indexes, with the same answer', async () => {
    // A blog of 300 posts for the big site (the catalogue-only seed has none).
    await conn.exec(`
      insert into pages (id, website_id, path, title, page_type, collection_type, template_name, item_template_name, kind)
      values ('${SITE}-notes', '${SITE}', '/notes', 'Notes', 1, 'blog', 'blog-list', 'blog-item', 'collection')
      on conflict do nothing;
      insert into blog_posts (id, website_id, collection_id, url_id, title, body, excerpt, status, publish_on)
      select '${SITE}-post-' || g, '${SITE}', '${SITE}-notes', 'post-' || g, 'Notes on oak ' || g, '<p>Part ' || g || '.</p>', '', 'published', now()
      from generate_series(1, 300) g
      on conflict do nothing;
      analyze blog_posts; analyze pages;`);
    // No word matches "oak 77x" (no title holds 77x), so titles like it are searched, in the same
    // statement: no second round trip, no transaction, no `set local`.
    conn.captured.length = 0;
    const found = await searchSite(conn.db, SITE, 'oak 77x', 1, new Date());
    expect(conn.captured).toHaveLength(1);
    // Under the planner's own settings, where reading these small tables whole would be cheapest,
    // the lookups go through the trigram indexes (the functions price sequential scans out
    // themselves, migrations 0081 and 0082) and read no table sequentially.
    const { seqScans, indexScans } = await scansDuring((db) =>
      searchSite(db, SITE, 'oak 77x', 1, new Date()),
    );
    expect(seqScans).toEqual(NO_SEQ_SCANS);
    for (const index of ['pages_title_trgm', 'blog_posts_title_trgm', 'products_title_trgm'])
      expect(indexScans[index], index).toBeGreaterThan(0);
    // The answer: posts and products whose titles hold a word like it, best first.
    expect(found.total).toBeGreaterThan(0);
    expect(found.results.map((r) => r.kind)).toContain('post');
    expect(found.results[0]!.title).toMatch(/oak 77/i);
  });

  it('the inventory list, searched and paged, reads by index', async () => {
    for (const plan of await plansOf((db) => listInventory(db, SITE, 'USD', { q: 'SKU-77', limit: 100 })))
      expect(plan).not.toMatch(BIG_TABLES);
    // `SKU-1` is in 1 111 of the 4 000 SKUs: the products' SKU lines choose the page's 21
    // products, and only their variants are read (each match's variant was read, and its product
    // looked up by key, before the page was chosen).
    const query = { q: 'SKU-1', limit: 20 };
    conn.captured.length = 0;
    const found = await listInventory(conn.db, SITE, 'USD', query);
    const [statement] = conn.captured;
    expect(rowsRead(await conn.analyze(statement!), new Set(['variants']))).toBeLessThanOrEqual(2 * 21);
    // The pages are those of every match sorted by title, then variant.
    const sorted = rowsOf<{ id: string }>(
      await handle.db.execute(sql`
        select v.id from variants v join products p on p.id = v.product_id
        where p.website_id = ${SITE} and (v.sku ilike '%SKU-1%' or p.title ilike '%SKU-1%')
        order by p.title, v.id limit 40`),
    ).map((r) => r.id);
    const next = await listInventory(handle.db, SITE, 'USD', { ...query, cursor: found.nextCursor! });
    expect([...found.items, ...next.items].map((i) => i.id)).toEqual(sorted);
    const first = await listInventory(handle.db, SITE, 'USD', { limit: 100 });
    for (const plan of await plansOf((db) =>
      listInventory(db, SITE, 'USD', { limit: 100, cursor: first.nextCursor! }),
    ))
      expect(plan).not.toMatch(BIG_TABLES);
  });

  it("the product save's SKU check reads the SKU index, and finds the clash whatever the case", async () => {
    for (const plan of await plansOf((db) => skuClash(db, SITE, undefined, ['sku-17', 'new-sku'])))
      expect(plan).not.toMatch(BIG_TABLES);
    expect(await skuClash(handle.db, SITE, undefined, ['sku-17'])).toEqual({ sku: 'SKU-17' });
    // The product's own variants are not a clash, nor another store's SKUs.
    expect(await skuClash(handle.db, SITE, `${SITE}-p-17`, ['sku-17'])).toBeUndefined();
    expect(await skuClash(handle.db, SITE, undefined, ['sku-4000'])).toBeUndefined();
  });

  it('the orders export streams every order once, newest first, each page read by index', async () => {
    const lines = (await text(ordersCsv(handle.db, 'small', {}))).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Order number,Created,Email/);
    const numbers = lines.slice(1).map((l) => Number(l.split(',')[0]));
    expect(numbers).toEqual(Array.from({ length: 500 }, (_, i) => 500 - i));
    expect(lines[1]).toContain('1 × Product');
    // Every page by index; how many rows a page reads is the planner's call (it may bitmap-read
    // the last few pages' rows at once), bounded by what is left, never the whole table.
    const plans = await plansOf((db) => text(ordersCsv(db, SITE, { from: '2020-01-01' })), Infinity);
    for (const plan of plans) expect(plan).not.toMatch(BIG_TABLES);
  }, 60_000);

  it('the inventory export streams every variant once, by product title', async () => {
    const lines = (await text(inventoryCsv(handle.db, SITE))).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Product,SKU,Options,Stock');
    expect(lines).toHaveLength(PRODUCTS + 1);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[1])).size).toBe(PRODUCTS);
    const titles = lines.slice(1).map((l) => l.split(',')[0]!);
    expect(titles.slice(0, 3)).toEqual(
      titles
        .slice(0, 3)
        .slice()
        .sort((a, b) => (a < b ? -1 : 1)),
    );
  }, 60_000);

  it('the subscriber and submission lists page by index, first page, next page and search alike', async () => {
    // 10 000 subscribers and 10 000 submissions, many sharing one instant, beside a small list and
    // form. Each row goes through its count trigger, which made 20 000 most of this file's time. At
    // 10 000 the planner still searches emails by the trigram index as at scale; at 4 000 it reads
    // the whole list by its list index instead, which the read bound below rightly refuses.
    await conn.exec(`
      insert into mailing_lists (id, website_id, name) values ('big-list', '${SITE}', 'Big'), ('small-list', 'small', 'Small');
      insert into mailing_list_subscribers (id, list_id, email, status, source, consented_at, unsubscribe_token_hash)
        select 'sub-' || l || '-' || i, l, 'reader' || i || '@example.com', 'confirmed', 'popup',
               timestamptz '2026-01-01' + (i / 7) * interval '1 minute', 'tok-' || l || '-' || i
        from unnest(array['big-list', 'small-list']) l, generate_series(1, ${LIST_ROWS}) i
        where l = 'big-list' or i <= 200;
      insert into forms (id, website_id, name, model) values ('big-form', '${SITE}', 'Big', '{"fields": []}');
      insert into form_submissions (id, website_id, form_id, values, created_at)
        select 'fs-' || i, '${SITE}', 'big-form', '{}', timestamptz '2026-01-01' + (i / 7) * interval '1 minute'
        from generate_series(1, ${LIST_ROWS}) i;
      analyze mailing_list_subscribers;
      analyze form_submissions;
    `);
    const first = await listSubscribers(handle.db, SITE, 'big-list', {});
    const firstSubmissions = await listSubmissions(handle.db, SITE, 'big-form', undefined);
    const pages: ((db: Database) => Promise<unknown>)[] = [
      (db) => listSubscribers(db, SITE, 'big-list', {}),
      (db) => listSubscribers(db, SITE, 'big-list', { cursor: first.nextPageCursor! }),
      (db) => listSubmissions(db, SITE, 'big-form', undefined),
      (db) => listSubmissions(db, SITE, 'big-form', firstSubmissions.nextPageCursor!),
    ];
    // The first page's exact count reads the list's index entries (a count, not a page of rows);
    // a page is read in the index's order, never sorted after reading.
    for (const call of pages)
      for (const plan of await plansOf(call, Infinity)) {
        expect(plan).not.toMatch(BIG_TABLES);
        expect(plan).not.toMatch(/\bSort\b/);
      }
    for (const plan of await plansOf((db) => listSubscribers(db, SITE, 'big-list', { search: 'reader1999' })))
      expect(plan).not.toMatch(BIG_TABLES);
    // The editor's lists of mailing lists and forms show exact counts from the rows triggers keep
    // (migration 0053): not one subscriber or submission is read for them.
    const counted = await plansOf((db) => Promise.all([listMailingLists(db, SITE), listForms(db, SITE)]), 0);
    for (const plan of counted) expect(plan).not.toMatch(/mailing_list_subscribers|form_submissions|\(read/);
    expect((await listMailingLists(handle.db, SITE)).map((l) => [l.name, l.subscriberCount])).toEqual([
      ['Big', LIST_ROWS],
    ]);
    expect((await listForms(handle.db, SITE)).map((f) => [f.name, f.submissionCount])).toEqual([
      ['Big', LIST_ROWS],
    ]);
    const exported = await plansOf(async (db) => {
      await text((await exportSubmissions(db, SITE, 'big-form')).csv);
    }, Infinity);
    for (const plan of exported) expect(plan).not.toMatch(BIG_TABLES);
  }, 180_000);

  it('the activity log reads one page, a rare kind and the people in it by index', async () => {
    // 20 000 entries by three people, one in a thousand a price change, beside the small site's few.
    await conn.exec(`
      insert into site_members (id, website_id, email, password_hash)
        select 'actor-' || i, case when i = 9 then 'small' else '${SITE}' end, 'actor' || i || '@example.com', 'x'
        from unnest(array[0, 1, 2, 9]) i;
      insert into site_activity (website_id, at, actor_id, actor_email, kind, subject)
        select '${SITE}', timestamptz '2026-01-01' + i * interval '1 minute', 'actor-' || (i % 3), 'actor' || (i % 3) || '@example.com',
               case when i % 1000 = 0 then 'price-changed' else 'page-published' end, 'Thing ' || i
        from generate_series(1, 20000) i;
      insert into site_activity (website_id, actor_id, actor_email, kind, subject)
        select 'small', 'actor-9', 'small@example.com', 'price-changed', 'Small ' || i from generate_series(1, 50) i;
      analyze site_activity;
    `);
    const all = await listActivity(handle.db, SITE, {});
    expect(all.entries).toHaveLength(30);
    expect(all.people).toEqual([0, 1, 2].map((i) => ({ id: `actor-${i}`, email: `actor${i}@example.com` })));
    const rare = await listActivity(handle.db, SITE, { kind: 'price-changed' });
    expect(rare.entries).toHaveLength(20);
    expect(rare.entries.every((e) => e.kind === 'price-changed')).toBe(true);
    for (const query of [{}, { kind: 'price-changed' as const }, { cursor: all.nextPageCursor! }])
      for (const plan of await plansOf((db) => listActivity(db, SITE, query), 200))
        expect(plan).not.toMatch(BIG_TABLES);
  }, 60_000);

  it("the tag manager's counts, a blog's posts and an events page's events read by index, one page at a time", async () => {
    // A blog of 4 000 posts and an events page of 4 000 events (the 100 000-product bench seeds 2 000
    // and 1 000), beside the small site's few; the posts' names counted by their triggers.
    await conn.exec(`
      insert into pages (id, website_id, path, title, page_type, collection_type, template_name, item_template_name, kind)
        select s || '-' || c, s, '/' || c, c, 1, case c when 'journal' then 'blog' else 'events' end,
               case c when 'journal' then 'blog-list' else 'events-list' end, case c when 'journal' then 'blog-item' else 'events-item' end, 'collection'
        from unnest(array['${SITE}', 'small']) s, unnest(array['journal', 'workshops']) c;
      insert into blog_posts (id, website_id, collection_id, url_id, title, body, status, tags, categories, updated_at)
        select s || '-bp-' || i, s, s || '-journal', 'post-' || i, 'Notes on ' || (array['oak', 'linen', 'clay'])[1 + i % 3] || ' ' || i,
               '<p>' || repeat('A long body. ', 50) || '</p>', 'published', jsonb_build_array('topic ' || i % 8), '["Studio"]',
               timestamptz '2026-01-01' + (i / 7) * interval '1 minute'
        from unnest(array['${SITE}', 'small']) s, generate_series(1, 4000) i where s = '${SITE}' or i <= 100;
      insert into collection_items (id, website_id, collection_id, url_id, title, status, position, starts_at, ends_at)
        select s || '-ev-' || i, s, s || '-workshops', 'event-' || i, 'Workshop ' || (array['oak', 'linen', 'clay'])[1 + i % 3] || ' ' || i,
               'published', i, timestamptz '2026-01-01' + (i / 7) * interval '1 day', timestamptz '2026-01-01' + (i / 7) * interval '1 day' + interval '2 hours'
        from unnest(array['${SITE}', 'small']) s, generate_series(1, 4000) i where s = '${SITE}' or i <= 100;
      analyze blog_posts;
      analyze collection_items;
      analyze tag_counts;
    `);
    // The counts shown are what unnesting every item would give, and reading them reads no item.
    for (const [collection, table] of [
      ['products', 'products'],
      ['blog', 'blog_posts'],
    ] as const) {
      const fresh = rowsOf<{ name: string; n: number }>(
        await handle.db.execute(
          sql`select e as name, count(*)::int as n from ${sql.identifier(table)}, jsonb_array_elements_text(tags) e where website_id = ${SITE} group by e`,
        ),
      );
      expect(fresh.length).toBeGreaterThan(0);
      expect(await listTags(handle.db, SITE, collection, 'tag')).toEqual(
        expect.arrayContaining(fresh.map((r) => ({ name: r.name, count: Number(r.n) }))),
      );
      for (const plan of await plansOf((db) => listTags(db, SITE, collection, 'tag'), 0))
        expect(plan).not.toMatch(/Scan on (products|blog_posts)\b|\(read/);
    }

    const posts = { collectionId: `${SITE}-journal` };
    const firstPosts = await listPostSummaries(handle.db, SITE, posts);
    expect(firstPosts.posts).toHaveLength(50);
    expect(firstPosts.posts[0]!.id).toBe(`${SITE}-bp-4000`);
    const secondPosts = await listPostSummaries(handle.db, SITE, {
      ...posts,
      cursor: firstPosts.nextPageCursor!,
    });
    expect(secondPosts.posts[0]!.updatedAt <= firstPosts.posts.at(-1)!.updatedAt).toBe(true);
    const events = { collectionId: `${SITE}-workshops` };
    const firstEvents = await listEventsPage(handle.db, `${SITE}-workshops`, events);
    expect(firstEvents.items[0]!.id).toBe(`${SITE}-ev-4000`);
    expect(firstEvents.full).toBe(true);
    // A page is read in the list's index order from its cursor, never every row sorted.
    for (const call of [
      (db: Database) => listPostSummaries(db, SITE, posts),
      (db: Database) => listPostSummaries(db, SITE, { ...posts, cursor: firstPosts.nextPageCursor! }),
      (db: Database) => listEventsPage(db, `${SITE}-workshops`, events),
      (db: Database) =>
        listEventsPage(db, `${SITE}-workshops`, { ...events, cursor: firstEvents.nextPageCursor! }),
    ])
      for (const plan of await plansOf(call, 400)) {
        expect(plan).not.toMatch(BIG_TABLES);
        expect(plan).not.toMatch(/\bSort\b/);
      }
    // A title search reads the trigram index's candidates or, where the planner prices the blog's own
    // index lower, that one blog's rows (4 000 here): never another blog's, never a sequential scan.
    for (const q of ['linen 1234', 'clay 12', 'Notes on'])
      for (const plan of await plansOf((db) => listPostSummaries(db, SITE, { ...posts, q }), 4000))
        expect(plan).not.toMatch(BIG_TABLES);
    for (const q of ['linen 1234', 'clay 12', 'Workshop'])
      for (const plan of await plansOf(
        (db) => listEventsPage(db, `${SITE}-workshops`, { ...events, q }),
        4000,
      ))
        expect(plan).not.toMatch(BIG_TABLES);
    expect(
      (await listPostSummaries(handle.db, SITE, { ...posts, q: 'linen 1234' })).posts.map((p) => p.id),
    ).toEqual([`${SITE}-bp-1234`]);

    // Every search and blog page reads when the site's next scheduled post goes live (its cache's
    // end): from the scheduled posts' own index, not each of the site's 4 000 posts.
    await conn.exec(`
      insert into blog_posts (id, website_id, collection_id, url_id, title, status, publish_on) values
        ('${SITE}-bp-past', '${SITE}', '${SITE}-journal', 'past', 'Past', 'scheduled', timestamptz '2026-05-01'),
        ('${SITE}-bp-next', '${SITE}', '${SITE}-journal', 'next', 'Next', 'scheduled', timestamptz '2030-01-01'),
        ('${SITE}-bp-later', '${SITE}', '${SITE}-journal', 'later', 'Later', 'scheduled', timestamptz '2031-01-01'),
        ('small-bp-sooner', 'small', 'small-journal', 'sooner', 'Sooner', 'scheduled', timestamptz '2029-01-01');
    `);
    const june = new Date('2026-06-01T00:00:00Z');
    expect(await nextPostGoingLive(handle.db, SITE, june)).toBe(Date.parse('2030-01-01T00:00:00Z'));
    expect(await nextPostGoingLive(handle.db, SITE, new Date('2032-01-01T00:00:00Z'))).toBeUndefined();
    for (const plan of await plansOf((db) => nextPostGoingLive(db, SITE, june), 3))
      expect(plan).toMatch(/blog_posts_scheduled/);
  }, 180_000);

  it("the team screen and the owner's order emails read the site's team, not its customers' accounts", async () => {
    // 3 000 customer accounts beside the owner, an editor and a viewer (the bench has 100 000).
    await conn.exec(`
      insert into site_members (id, website_id, email, password_hash, roles)
        select '${SITE}-c-' || i, '${SITE}', 'customer' || i || '@example.com', 'x', array['customer']
        from generate_series(1, 3000) i;
      insert into site_members (id, website_id, email, password_hash, roles) values
        ('${SITE}-owner', '${SITE}', 'owner@big.test', 'x', array['owner', 'customer']),
        ('${SITE}-editor', '${SITE}', 'editor@big.test', 'x', array['editor']),
        ('${SITE}-viewer', '${SITE}', 'viewer@big.test', 'x', array['viewer']),
        ('small-owner', 'small', 'owner@small.test', 'x', array['owner'])`);
    for (const call of [
      (db: Database) => teamView(db, SITE, `${SITE}-owner`),
      (db: Database) => ownerAddresses(db, SITE, { notifyEmail: undefined }),
    ])
      for (const plan of await plansOf(call, 50)) expect(plan).not.toMatch(BIG_TABLES);
    const team = await teamView(handle.db, SITE, `${SITE}-owner`);
    expect(team.members.map((m) => [m.email, m.role, m.isYou])).toEqual([
      ['editor@big.test', 'editor', false],
      ['owner@big.test', 'owner', true],
      ['viewer@big.test', 'viewer', false],
    ]);
    expect(await ownerAddresses(handle.db, SITE, { notifyEmail: undefined })).toEqual(['owner@big.test']);
  });
});
