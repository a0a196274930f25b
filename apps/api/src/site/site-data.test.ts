import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import type { DatabaseHandle } from '../db/client';
import { pages } from '../db/schema';
import { DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';
import { loadProductItems, loadWebsite } from './site-data';

const targets = await databaseTargets();

describe.each(targets)('product items on $name', (target) => {
  let handle: DatabaseHandle;
  let shop: { id: string; path: string };
  beforeAll(async () => {
    handle = await target.open();
    await seedDemoSite(handle.db);
    const [row] = await handle.db
      .select({ id: pages.id, path: pages.path })
      .from(pages)
      .where(and(eq(pages.websiteId, DEMO_WEBSITE_ID), eq(pages.path, '/shop')));
    shop = row!;
    // Products placed before the demo's, two variants each; one id no text[] literal takes unquoted.
    await handle.db.execute(sql`
      insert into products (id, website_id, collection_id, url_id, title, product_type, position)
      select case when i = 3 then 'odd "id", {3}' else 'early-' || i end, ${DEMO_WEBSITE_ID}, ${shop.id},
             'early-' || i, 'Early ' || i, 1, -100 + i
      from generate_series(1, 30) i`);
    await handle.db.execute(sql`
      insert into variants (id, product_id, sku, price_cents, position)
      select p.id || '-v' || n, p.id, p.url_id || '-' || n, 1000 + n, n
      from products p, generate_series(1, 2) n where p.url_id like 'early-%'`);
  }, 180_000);
  afterAll(() => handle.close());

  it('reads only the first products of the list when given a limit (the home page shows four)', async () => {
    const website = (await loadWebsite(handle.db, DEMO_WEBSITE_ID))!;
    const items = await loadProductItems(handle.db, website, shop, { limit: 4 });
    expect(items.map((i) => i.title)).toEqual(['Early 1', 'Early 2', 'Early 3', 'Early 4']);
    expect(items.map((i) => i.structuredContent.variants.map((v) => v.price))).toEqual(
      Array.from({ length: 4 }, () => [1001, 1002]),
    );
  });

  it('reads the named products with their variants, whatever their ids hold', async () => {
    const website = (await loadWebsite(handle.db, DEMO_WEBSITE_ID))!;
    const items = await loadProductItems(handle.db, website, shop, {
      ids: ['early-7', 'odd "id", {3}', 'no-such-product'],
    });
    expect(items.map((i) => [i.id, i.structuredContent.variants.map((v) => v.sku)])).toEqual([
      ['odd "id", {3}', ['early-3-1', 'early-3-2']],
      ['early-7', ['early-7-1', 'early-7-2']],
    ]);
    expect(await loadProductItems(handle.db, website, shop, { ids: [] })).toEqual([]);
  });

  it('lists every visible product of the collection without a limit', async () => {
    const website = (await loadWebsite(handle.db, DEMO_WEBSITE_ID))!;
    const items = await loadProductItems(handle.db, website, shop);
    expect(items.length).toBeGreaterThan(30);
    expect(items.slice(0, 30).map((i) => i.title)).toEqual(
      Array.from({ length: 30 }, (_, i) => `Early ${i + 1}`),
    );
  });
});
