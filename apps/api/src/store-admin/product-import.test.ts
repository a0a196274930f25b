import { STORE_API } from '@site/commerce-core/admin';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { products, variants } from '../db/schema';
import { DEMO_WEBSITE_ID } from '../seed/demo-site';

const targets = await databaseTargets();

const HEADER =
  'Handle,Title,Body (HTML),Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Compare At Price,Variant Inventory Qty,Status';

describe.each(targets)('product CSV import as a job on $name', (target) => {
  const demo = demoSiteSuite(target);
  const send = (body: string | Buffer, collectionId = 'page-shop', type = 'text/csv') =>
    demo.owner.call('POST', `${STORE_API.productImports}?collectionId=${collectionId}`, body, {
      'content-type': type,
    });
  const finished = async (id: string) => {
    await expect
      .poll(async () => (await demo.owner.get(STORE_API.productImport(id))).json().status, {
        timeout: 20_000,
      })
      .not.toBe('running');
    return (await demo.owner.get(STORE_API.productImport(id))).json();
  };

  it('imports the good products, keeps going past bad rows and says why each was refused', async () => {
    const csv = [
      HEADER,
      'linen-apron,Linen apron,<p>Washed linen</p>,Colour,Sand,APRON-SAND,24.00,,5,active',
      'linen-apron,,,,Moss,APRON-MOSS,22.50,30,3,',
      'no-title,,,,,,9,,,active',
      'bad-price,Bad price,,,,,twelve,,,active',
      'clash,Clashing SKU,,,,TOTE-OLIVE,10,,,active',
      '"quoted, handle","Mug, large",,Title,Default Title,MUG-L,"1,200.00",,2,draft',
    ].join('\r\n');
    const res = await send(csv);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: 'running', total: 5 });
    const done = await finished(res.json().id);
    expect(done).toMatchObject({ status: 'done', progress: 100, total: 5, imported: 2 });
    expect(done.errors).toEqual([
      { row: 4, message: 'Row 4: the first row of "no-title" needs a Title.' },
      { row: 5, message: expect.stringMatching(/^Row 5: Variant Price "twelve": /) },
      { row: 6, message: expect.stringMatching(/^Row 6: .*TOTE-OLIVE/) },
    ]);
    const [apron] = await demo.database.db
      .select()
      .from(products)
      .where(and(eq(products.websiteId, DEMO_WEBSITE_ID), eq(products.title, 'Linen apron')));
    expect(apron).toMatchObject({ collectionId: 'page-shop', enabled: true });
    const apronVariants = await demo.database.db
      .select()
      .from(variants)
      .where(eq(variants.productId, apron!.id));
    expect(apronVariants.map((v) => [v.sku, v.priceCents, v.qtyInStock]).sort()).toEqual([
      ['APRON-MOSS', 3000, 3],
      ['APRON-SAND', 2400, 5],
    ]);
    const [mug] = await demo.database.db.select().from(products).where(eq(products.title, 'Mug, large'));
    expect(mug).toMatchObject({ enabled: false });
    expect((await demo.owner.get(STORE_API.latestProductImport)).json().import.id).toBe(res.json().id);
  });

  it.each([
    ['no columns it needs', 'Name,Price\r\nA,1', 400, /needs the columns Handle, Title, Variant Price/],
    ['only a header', `${HEADER}\r\n`, 400, /header but no products/],
    ['a NUL', `${HEADER}\r\na,A\u0000,,,,,1,,,`, 400, /NUL|not text/],
    ['an unknown store', `${HEADER}\r\na,A,,,,,1,,,`, 404, /./],
  ])('refuses a file with %s at once, in words', async (_, body, status, message) => {
    const res = await send(body, _ === 'an unknown store' ? 'nope' : 'page-shop');
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.message).toMatch(message);
  });

  it('refuses a file over the limit with 413, JSON and anything but CSV with 415, a viewer with 403', async () => {
    const huge = `${HEADER}\r\n${'x'.repeat(10 * 1024 * 1024 + 10)}`;
    const big = await send(huge);
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toMatch(/larger than 10 MB|too large/i);
    expect((await send('{}', 'page-shop', 'application/json')).statusCode).toBe(415);
    const viewer = await demo.viewer.call(
      'POST',
      `${STORE_API.productImports}?collectionId=page-shop`,
      `${HEADER}\r\n`,
      {
        'content-type': 'text/csv',
      },
    );
    expect(viewer.statusCode).toBe(403);
    expect((await demo.owner.get(STORE_API.productImport('nope'))).statusCode).toBe(404);
  });

  it("stops a store at 200 products with the editor's message for each product past the cap", async () => {
    const [{ n } = { n: 0 }] = await demo.database.db
      .select({ n: count() })
      .from(products)
      .where(eq(products.collectionId, 'page-shop'));
    const room = 200 - Number(n);
    const rows = Array.from({ length: room + 2 }, (_, i) => `cap-${i},Cap ${i},,,,,5,,,active`);
    const res = await send([HEADER, ...rows].join('\n'));
    expect(res.statusCode, res.body).toBe(202);
    const done = await finished(res.json().id);
    expect(done.imported).toBe(room);
    expect(done.errors).toHaveLength(2);
    expect(done.errors[0].message).toMatch(/^Row \d+: .*200/);
  }, 120_000);
});
