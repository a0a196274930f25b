import { EDITOR_API, PREVIEW_LIMITS, type PreviewProducts } from '@site/page-content';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../test/databases';
import { demoSiteSuite } from '../../../test/demo-site-suite';
import { DEMO_WEBSITE_ID } from '../../seed/demo-site';

const targets = await databaseTargets();
const previewUrl = (query: Record<string, string>) =>
  `${EDITOR_API.previewProducts}?${new URLSearchParams(query).toString()}`;

describe.each(targets)('a big catalogue in the editor ($name)', (target) => {
  const demo = demoSiteSuite(target);
  let before: { bytes: number; body: string };

  beforeAll(async () => {
    const res = await demo.owner.get(EDITOR_API.site);
    before = { bytes: res.body.length, body: res.body };
    // 300 more products (two variants each), placed first, as an import would add them.
    await demo.database.db.execute(sql`
      insert into products (id, website_id, collection_id, url_id, title, product_type, position)
      select 'bulk-' || i, ${DEMO_WEBSITE_ID}, 'page-shop', 'bulk-' || i, 'Bulk ' || i, 1, -1000 + i
      from generate_series(1, 300) i`);
    await demo.database.db.execute(sql`
      insert into variants (id, product_id, sku, price_cents, position)
      select p.id || '-v' || n, p.id, p.url_id || '-' || n, 1000 + n, n
      from products p, generate_series(1, 2) n where p.url_id like 'bulk-%'`);
  }, 180_000);

  it('sends the same site payload whatever the number of products (none of them)', async () => {
    const res = await demo.owner.get(EDITOR_API.site);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('bulk-');
    expect(res.body.length).toBe(before.bytes);
    expect(res.json()).toEqual(JSON.parse(before.body));
  });

  it('gives the named products and a shop’s first items, bounded', async () => {
    const res = await demo.owner.get(
      previewUrl({
        ids: 'bulk-250,prod-canvas-tote,not-a-product,bulk-250',
        shops: 'page-shop,page-journal,no-such-shop',
      }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as PreviewProducts;
    expect(body.products.map((p) => p.id).sort()).toEqual(['bulk-250', 'prod-canvas-tote']);
    expect(body.products.find((p) => p.id === 'bulk-250')).toMatchObject({
      title: 'Bulk 250',
      collectionId: 'page-shop',
      item: { fullUrl: '/shop/p/bulk-250', structuredContent: { variants: expect.any(Array) } },
    });
    // Only shops give items here (the other collections come with the site); at most a summary's worth.
    expect(body.shops.map((s) => s.id)).toEqual(['page-shop']);
    expect(body.shops[0]!.items.map((i) => i.title)).toEqual(
      Array.from({ length: PREVIEW_LIMITS.shopItems }, (_, i) => `Bulk ${i + 1}`),
    );
  });

  it('refuses more ids or shops than one preview may name, and ids no text column holds', async () => {
    const ids = Array.from({ length: PREVIEW_LIMITS.products + 1 }, (_, i) => `bulk-${i + 1}`).join(',');
    const shops = Array.from({ length: PREVIEW_LIMITS.shops + 1 }, (_, i) => `shop-${i}`).join(',');
    const refused: Record<string, string>[] = [
      { ids },
      { shops },
      { ids: 'a\u0000b' },
      { ids: 'x'.repeat(201) },
    ];
    for (const query of refused) {
      const res = await demo.owner.get(previewUrl(query));
      expect(res.statusCode, JSON.stringify(query).slice(0, 40)).toBe(400);
    }
    const atLimit = Array.from({ length: PREVIEW_LIMITS.products }, (_, i) => `bulk-${i + 1}`).join(',');
    const res = await demo.owner.get(previewUrl({ ids: atLimit }));
    expect((res.json() as PreviewProducts).products).toHaveLength(PREVIEW_LIMITS.products);
  });

  it('gives nothing for no ids and no shops, and only to members', async () => {
    expect((await demo.viewer.get(EDITOR_API.previewProducts)).json()).toEqual({ products: [], shops: [] });
    const anonymous = await demo.app.inject({ method: 'GET', url: EDITOR_API.previewProducts });
    expect(anonymous.statusCode).toBe(401);
  });
});
