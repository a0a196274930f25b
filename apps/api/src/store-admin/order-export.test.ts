import { orderExportMessages, STORE_API, type OrderExportView } from '@site/commerce-core/admin';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { orderExports } from '../db/schema';
import { DEMO_WEBSITE_ID } from '../seed/demo-site';

const targets = await databaseTargets();

describe.each(targets)('orders export as a job on $name', (target) => {
  const demo = demoSiteSuite(target);
  const latest = async () =>
    (await demo.owner.get(STORE_API.latestOrderExport)).json().export as OrderExportView | null;
  const finished = async () => {
    await expect.poll(async () => (await latest())?.status, { timeout: 20_000 }).not.toBe('running');
    return (await latest())!;
  };

  it('has no export until one is asked for', async () => {
    expect(await latest()).toBeNull();
  });

  it('writes every order the filters match into a file, saying how far it is, and serves it', async () => {
    // 2 500 orders: three keyset pages, so the progress moves before the end.
    await demo.database.db.execute(sql`
      insert into orders (id, website_id, cart_id, email, currency, subtotal_cents, tax_cents, shipping_cents,
                          discount_cents, grand_total_cents, payment_provider, payment_reference, access_token,
                          status, created_at)
      select 'export-o-' || g, ${DEMO_WEBSITE_ID}, 'export-c-' || g, 'bulk' || g || '@export.test', 'USD',
             2500, 0, 0, 0, 2500, 'test', 'ref-' || g, md5(g::text),
             case when g % 5 = 0 then 'fulfilled' else 'paid' end, now() - make_interval(mins => g)
      from generate_series(1, 2500) g`);
    const filters = { q: 'export.test', status: 'paid' };
    const started = await demo.owner.call('POST', STORE_API.orderExports, filters);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ status: 'running', downloadUrl: null });
    const done = await finished();
    expect(done).toMatchObject({
      id: started.json().id,
      status: 'ready',
      progress: 100,
      total: 2000,
      written: 2000,
      downloadUrl: STORE_API.orderExportDownload(started.json().id),
    });
    const file = await demo.owner.get(done.downloadUrl!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(Number(file.headers['content-length'])).toBe(done.size);
    // The same lines the streamed download gives for the same filters.
    const streamed = await demo.owner.get(`${STORE_API.ordersCsv}?${new URLSearchParams(filters)}`);
    expect(file.body).toBe(streamed.body);
    expect(file.body.trimEnd().split('\r\n')).toHaveLength(2001);
    expect(file.body).not.toContain('fulfilled');
  });

  it('keeps only the latest file: the one before no longer downloads', async () => {
    const before = await latest();
    const res = await demo.owner.call('POST', STORE_API.orderExports, { kind: 'subscription' });
    expect(res.statusCode).toBe(202);
    const done = await finished();
    expect(done).toMatchObject({ status: 'ready', id: res.json().id });
    const old = await demo.owner.get(before!.downloadUrl!);
    expect(old.statusCode).toBe(404);
    expect(old.json().error.message).toBe(orderExportMessages.notFound);
    expect(await demo.database.db.select().from(orderExports)).toHaveLength(1);
  });

  it('refuses filters the list refuses, and lets a viewer export but not a visitor', async () => {
    for (const body of [{ status: 'lost' }, { from: '2026-13-40' }, { limit: 5 }, { q: 'x'.repeat(300) }]) {
      const res = await demo.owner.call('POST', STORE_API.orderExports, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'INVALID', message: expect.any(String) });
    }
    const visitor = await demo.app.inject({ method: 'POST', url: STORE_API.orderExports, payload: {} });
    expect(visitor.statusCode).toBe(401);
    expect((await demo.viewer.get(STORE_API.latestOrderExport)).statusCode).toBe(200);
  });

  it('says how many orders it has written while it writes them', async () => {
    await demo.database.db.insert(orderExports).values({
      id: 'watched',
      websiteId: DEMO_WEBSITE_ID,
      status: 'running',
      filters: { q: 'export.test' },
    });
    const seen = new Set<number>();
    const written = async () =>
      (await demo.database.db.select().from(orderExports).where(eq(orderExports.id, 'watched')))[0]!;
    const watching = {
      async put(_key: string, body: AsyncIterable<unknown>) {
        for await (const _chunk of body) seen.add((await written()).written);
      },
      delete: async () => {},
    };
    const { runOrderExport } = await import('./order-export');
    await runOrderExport(demo.database.db, watching as never, 'watched');
    expect(await written()).toMatchObject({ status: 'ready', total: 2500, written: 2500 });
    // Told after each page of 1 000 orders, while the file was still being written.
    expect([...seen]).toEqual(expect.arrayContaining([0, 1000, 2000]));
  });

  it('answers the running export while one runs, says when one failed, and then starts another', async () => {
    await demo.database.db
      .insert(orderExports)
      .values({ id: 'stuck', websiteId: DEMO_WEBSITE_ID, status: 'running', filters: { status: 'lost' } });
    const running = await demo.owner.call('POST', STORE_API.orderExports, {});
    expect(running.json().id).toBe('stuck');
    const { runOrderExport } = await import('./order-export');
    await runOrderExport(demo.database.db, { put: async () => {} } as never, 'stuck');
    const [row] = await demo.database.db.select().from(orderExports).where(eq(orderExports.id, 'stuck'));
    expect(row).toMatchObject({ status: 'failed' });
    expect((await latest())!.status).toBe('failed');
    const next = await demo.owner.call('POST', STORE_API.orderExports, {});
    expect(next.json().id).not.toBe('stuck');
    expect((await finished()).status).toBe('ready');
  });
});
