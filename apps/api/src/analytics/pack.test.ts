import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import type { DatabaseHandle } from '../db/client';
import { rowsOf } from '../db/rows';
import { orders, trackingEvents, websites } from '../db/schema';
import { analyticsReport } from './dashboard';
import { encodePacked, KeySums } from './pack';
import { addDays, planRange } from './range';

const targets = await databaseTargets();
const NOW = new Date('2026-03-10T12:34:00Z');
// Whole-hour zones and ones half or three quarters of an hour off UTC (sales' partial hours).
const ZONES = [
  'UTC',
  'Europe/Paris',
  'America/New_York',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'America/St_Johns',
];
const PATHS = [
  '/',
  '/a',
  '/b',
  '/B',
  '/shop/p/x',
  '/shop/p/y',
  '/été',
  '/z?q',
  '/long/path/1',
  '/long/path/2',
];
const REFERRERS = ['', 'https://www.google.com/', 'https://news.example.org/a', 'https://a.test/'];
const DAY_MS = 86_400_000;

it('adds up packed pairs as they were encoded, whatever the numbers and counts', () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(
        fc.tuple(fc.integer({ min: 1, max: 300_000 }), fc.integer({ min: 1, max: 2 ** 31 - 1 })),
        {
          selector: (p) => p[0],
          maxLength: 200,
        },
      ),
      fc.array(fc.tuple(fc.integer({ min: 1, max: 300_000 }), fc.integer({ min: 1, max: 1000 })), {
        maxLength: 50,
      }),
      (a, b) => {
        const sums = new KeySums().add(encodePacked(a)).add(encodePacked(Array.from(new Map(b))));
        const expected = new Map<number, number>();
        for (const [id, n] of [...a, ...new Map(b)]) expected.set(id, (expected.get(id) ?? 0) + n);
        for (const [id, n] of expected) expect(sums.values[id]).toBe(n);
        expect(sums.max).toBe(Math.max(0, ...expected.keys()));
      },
    ),
  );
});

describe.each(targets)('packed analytics on $name', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.close();
  });
  let sites = 0;

  /** What the report replaced: the fine rows summed per key, and the orders themselves. */
  async function straightforward(websiteId: string, range: { from: string; to: string; tz: string }) {
    const { liveFrom } = planRange(range, NOW);
    const end = addDays(range.to, 1);
    const top = async (dimension: string) =>
      rowsOf<{ key: string; n: number }>(
        await database.db.execute(sql`
          select key, sum(n)::int as n from analytics_counts
          where website_id = ${websiteId} and tz = ${range.tz} and dimension = ${dimension}
            and ((period = 'day' and start >= ${range.from} and start < ${liveFrom}) or (period = 'live' and start >= ${liveFrom} and start < ${end}))
          group by key order by n desc, key limit 10`),
      );
    const [sales] = rowsOf<{ orders: number; revenue: number }>(
      await database.db.execute(sql`
        select count(*)::int as orders, coalesce(sum(grand_total_cents - refunded_cents), 0)::float8 as revenue
        from orders
        where website_id = ${websiteId} and cancelled_at is null
          and created_at >= (${range.from}::date::timestamp at time zone ${range.tz})
          and created_at < least(${end}::date::timestamp at time zone ${range.tz}, ${NOW.toISOString()}::timestamptz)`),
    );
    return {
      topPages: (await top('page')).map((r) => ({ path: r.key, pageViews: r.n })),
      topReferrers: (await top('referrer')).map((r) => ({ referrer: r.key, visits: r.n })),
      totals: { orders: sales!.orders, revenueCents: sales!.revenue },
    };
  }

  const hitArb = fc.record({
    minute: fc.integer({ min: 0, max: 12 * 24 * 60 }),
    visitor: fc.integer({ min: 0, max: 6 }),
    path: fc.constantFrom(...PATHS),
    referrer: fc.constantFrom(...REFERRERS),
  });
  const orderArb = fc.record({
    minute: fc.integer({ min: 0, max: 12 * 24 * 60 }),
    total: fc.integer({ min: 0, max: 50_000 }),
    refunded: fc.integer({ min: 0, max: 1000 }),
    cancelled: fc.boolean(),
  });
  const changeArb = fc.record({
    which: fc.nat(),
    kind: fc.constantFrom('cancel', 'refund', 'delete', 'move', 'restore'),
    minute: fc.integer({ min: 0, max: 12 * 24 * 60 }),
  });

  it('answers the top pages, referrers and sales a sum of the fine rows and orders does, for random traffic, ranges and zones', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(hitArb, { minLength: 1, maxLength: 60 }),
        fc.array(orderArb, { maxLength: 25 }),
        fc.array(changeArb, { maxLength: 6 }),
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 0, max: 11 }),
        async (hits, placed, changes, tz, a, b) => {
          const websiteId = `packed-${target.name}-${sites++}`;
          await database.db.insert(websites).values({ id: websiteId, title: websiteId });
          // Twelve days of traffic ending at NOW (today live, the days before rolled up).
          const origin = NOW.getTime() - 11 * DAY_MS - 12 * 3_600_000;
          const at = (minute: number) => new Date(origin + minute * 60_000);
          await database.db.insert(trackingEvents).values(
            hits.map((h) => ({
              websiteId,
              kind: 'census-hit',
              name: 'view',
              visitorId: `v${h.visitor}`,
              pagePath: h.path,
              createdAt: at(h.minute),
              payload: { url: `https://shop.test${h.path}`, referrer: h.referrer, websiteId },
            })),
          );
          if (placed.length > 0)
            await database.db.insert(orders).values(
              placed.map((o, i) => ({
                id: `${websiteId}-o${i}`,
                websiteId,
                cartId: `${websiteId}-c${i}`,
                email: 'buyer@example.com',
                currency: 'USD',
                subtotalCents: o.total,
                taxCents: 0,
                shippingCents: 0,
                discountCents: 0,
                grandTotalCents: o.total,
                refundedCents: Math.min(o.refunded, o.total),
                paymentProvider: 'test',
                paymentReference: `r${i}`,
                accessToken: `${websiteId}-t${i}`,
                createdAt: at(o.minute),
                cancelledAt: o.cancelled ? at(o.minute + 5) : null,
              })),
            );
          const day = (n: number) => new Date(origin + n * DAY_MS).toISOString().slice(0, 10);
          const range = { from: day(Math.min(a, b)), to: day(Math.max(a, b) + 1), tz };
          const check = async () => {
            const report = await analyticsReport(database.db, websiteId, range, NOW);
            const expected = await straightforward(websiteId, range);
            expect(report.topPages).toEqual(expected.topPages);
            expect(report.topReferrers).toEqual(expected.topReferrers);
            expect(report.totals).toMatchObject(expected.totals);
          };
          await check();
          // Later refunds, cancellations, deletions and moves show on the next report.
          for (const change of changes) {
            if (placed.length === 0) break;
            const id = `${websiteId}-o${change.which % placed.length}`;
            const where = sql`id = ${id}`;
            if (change.kind === 'cancel')
              await database.db.execute(sql`update orders set cancelled_at = now() where ${where}`);
            if (change.kind === 'restore')
              await database.db.execute(sql`update orders set cancelled_at = null where ${where}`);
            if (change.kind === 'refund')
              await database.db.execute(
                sql`update orders set refunded_cents = grand_total_cents / 2 where ${where}`,
              );
            if (change.kind === 'delete') await database.db.execute(sql`delete from orders where ${where}`);
            if (change.kind === 'move')
              await database.db.execute(
                sql`update orders set created_at = ${at(change.minute).toISOString()}::timestamptz where ${where}`,
              );
          }
          await check();
        },
      ),
      { numRuns: target.name === 'pglite' ? 25 : 15 },
    );
  }, 600_000);

  it('breaks a tie among thousands of pages by path, as the sum it replaced does', async () => {
    const websiteId = `ties-${target.name}`;
    await database.db.insert(websites).values({ id: websiteId, title: websiteId });
    // 3 000 pages seen once each, in an order unrelated to their paths, and two seen twice.
    await database.db.execute(sql`
      insert into tracking_events (website_id, kind, name, visitor_id, payload, page_path, created_at)
      select ${websiteId}, 'census-hit', 'view', 'v' || g, '{}'::jsonb, '/p/' || ((g * 7919) % 3000),
        timestamptz '2026-03-05 10:00Z' + g * interval '1 second'
      from generate_series(0, 2999) g
      union all
      select ${websiteId}, 'census-hit', 'view', 'w' || g, '{}'::jsonb, '/p/' || (2990 + g), timestamptz '2026-03-06 10:00Z'
      from generate_series(0, 1) g`);
    const range = { from: '2026-03-01', to: '2026-03-10', tz: 'UTC' };
    const report = await analyticsReport(database.db, websiteId, range, NOW);
    expect(report.topPages).toEqual((await straightforward(websiteId, range)).topPages);
    expect(report.topPages.slice(0, 3)).toEqual([
      { path: '/p/2990', pageViews: 2 },
      { path: '/p/2991', pageViews: 2 },
      { path: '/p/0', pageViews: 1 },
    ]);
    // In another zone, rolled up and packed on its own.
    const narrow = { from: '2026-03-05', to: '2026-03-05', tz: 'Asia/Kolkata' };
    expect((await analyticsReport(database.db, websiteId, narrow, NOW)).topPages).toEqual(
      (await straightforward(websiteId, narrow)).topPages,
    );
  }, 120_000);

  it("reads a closed period's packed bytes once, and afresh when its row is written anew", async () => {
    const websiteId = `kept-${target.name}`;
    await database.db.insert(websites).values({ id: websiteId, title: websiteId });
    const views = (path: string, n: number) => sql`
      insert into tracking_events (website_id, kind, name, visitor_id, payload, page_path, created_at)
      select ${websiteId}, 'census-hit', 'view', 'v' || g, '{}'::jsonb, ${path}, timestamptz '2026-03-04 10:00Z' + g * interval '1 minute'
      from generate_series(1, ${n}) g`;
    await database.db.execute(views('/a', 3));
    await database.db.execute(views('/b', 1));
    const range = { from: '2026-03-01', to: '2026-03-10', tz: 'UTC' };
    const first = await analyticsReport(database.db, websiteId, range, NOW);
    expect(first.topPages).toEqual([
      { path: '/a', pageViews: 3 },
      { path: '/b', pageViews: 1 },
    ]);
    // The next report's read of the packed rows: the closed periods' bytes stay in the database.
    const answers: unknown[] = [];
    const watched = new Proxy(database.db, {
      get(db, name) {
        const value = Reflect.get(db, name, db) as unknown;
        if (name !== 'execute' || typeof value !== 'function') return value;
        return async (query: unknown) => {
          const answer = await (value as (q: unknown) => Promise<unknown>).call(db, query);
          answers.push(answer);
          return answer;
        };
      },
    });
    // Another range over the same periods (a report of the same range is kept whole, dashboard.ts).
    const fewer = await analyticsReport(watched, websiteId, { ...range, to: '2026-03-09' }, NOW);
    expect(fewer.topPages).toEqual(first.topPages);
    const packed = answers
      .flatMap((a) => rowsOf<Record<string, unknown>>(a))
      .filter((r) => 'pages' in r && r.period !== 'live');
    expect(packed.length).toBeGreaterThan(0);
    expect(packed.every((r) => r.pages === null && r.referrers === null)).toBe(true);
    // The site's analytics made anew under the same id (as a purge and a new site, or a restored
    // archive, would): same periods, other counts, other packed rows.
    for (const table of [
      'analytics_packed',
      'analytics_counts',
      'analytics_periods',
      'analytics_keys',
      'tracking_events',
    ])
      await database.db.execute(sql`delete from ${sql.identifier(table)} where website_id = ${websiteId}`);
    await database.db.execute(views('/b', 2));
    await database.db.execute(views('/c', 5));
    expect((await analyticsReport(database.db, websiteId, range, NOW)).topPages).toEqual([
      { path: '/c', pageViews: 5 },
      { path: '/b', pageViews: 2 },
    ]);
  }, 120_000);
});
