import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { EditorClient } from '../../test/editor';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { analyticsPeriods, orders, trackingEvents, websites } from '../db/schema';
import { DEMO_OWNER, DEMO_VIEWER, DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';
import { analyticsReport } from './dashboard';
import { LIVE_MAX_AGE_MS, openDays, refreshLive } from './live';
import { pagePathOf } from '../site/page-path';
import { ANALYTICS_PATH } from './routes';

const targets = await databaseTargets();
const TZ = 'Europe/Paris';
const NOW = new Date('2026-01-10T12:00:00Z');
const RANGE = { from: '2025-12-01', to: '2026-01-10', tz: TZ };

// Visitor va's hits carry the path stored at intake; the others are rows from before page_path.
// firstSession: the session flag the storefront sends since platform.md §4 was built (undefined before).
const hit = (
  visitorId: string | null,
  at: string,
  path: string,
  referrer = '',
  itemId?: string,
  firstSession?: boolean,
) => ({
  websiteId: DEMO_WEBSITE_ID,
  kind: 'census-hit',
  name: 'view',
  visitorId,
  pagePath: visitorId === 'va' ? pagePathOf(`https://shop.test${path}`) : null,
  createdAt: new Date(at),
  payload: {
    url: `https://shop.test${path}`,
    referrer,
    websiteId: DEMO_WEBSITE_ID,
    ...(itemId ? { itemId } : {}),
    ...(firstSession !== undefined ? { firstLanding: firstSession, firstSession, cohort: 'A' } : {}),
  },
});
const vital = (
  at: string,
  page: string,
  name: string,
  value: number,
  pageLoadId: string,
  metricId = `${pageLoadId}-${name}`,
) => ({
  websiteId: DEMO_WEBSITE_ID,
  kind: 'performance',
  name: 'web_vital',
  visitorId: 'va',
  createdAt: new Date(at),
  payload: {
    app: 'storefront',
    pageLoadId,
    ts: 0,
    event: 'web_vital',
    page,
    data: { name, value, rating: 'good', metricId },
  },
});
const visitorEvent = (sessionId: string, at: string, fields: Record<string, unknown>) => ({
  websiteId: DEMO_WEBSITE_ID,
  kind: 'clanker-event',
  name: 'commerce_site_visitor',
  visitorId: `aid-${sessionId}`,
  createdAt: new Date(at),
  payload: { website_id: DEMO_WEBSITE_ID, page_id: 'checkout', logged_in: false, sessionId, ...fields },
});
const order = (
  id: string,
  at: string,
  grandTotalCents: number,
  over: Partial<typeof orders.$inferInsert> = {},
) => ({
  id,
  websiteId: DEMO_WEBSITE_ID,
  cartId: `cart-${id}`,
  email: 'buyer@example.com',
  currency: 'USD',
  subtotalCents: grandTotalCents,
  taxCents: 0,
  shippingCents: 0,
  discountCents: 0,
  grandTotalCents,
  paymentProvider: 'test',
  paymentReference: id,
  accessToken: id,
  createdAt: new Date(at),
  ...over,
});

describe.each(targets)('analytics on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    // Today recomputed on every read: the live test polls while the intake's batches land.
    app = await buildApp({ database, writesPerMinute: 0, analytics: { liveMaxAgeMs: 0 } });
    const google = 'https://www.google.com/search?q=tote';
    await database.db.insert(trackingEvents).values([
      // Paris is UTC+1: 22:50Z on Nov 30 is before the range, 23:05Z is Dec 1 but the same visit.
      hit('vb', '2025-11-30T22:50:00Z', '/'),
      hit('vb', '2025-11-30T23:05:00Z', '/blog', 'https://shop.test/'),
      // va's first visit is new, the two after it returning; vb's hits carry no flags: neither.
      hit('va', '2025-12-05T09:00:00Z', '/', google, undefined, true),
      hit('va', '2025-12-05T09:10:00Z', '/shop/p/tote', 'https://shop.test/', 'prod-tote', true),
      hit('va', '2025-12-05T09:20:00Z', '/checkout', 'https://shop.test/cart', undefined, true),
      // 40 minutes later: a new visit, without an outside referrer.
      hit('va', '2025-12-05T10:00:00Z', '/', '', undefined, false),
      hit('vb', '2025-12-31T22:50:00Z', '/', 'https://news.example.org/a'),
      // 00:10 in Paris on Jan 1: a page view of the visit that began before midnight.
      hit('vb', '2025-12-31T23:10:00Z', '/shop/p/tote?x=1', 'https://shop.test/', 'prod-tote'),
      hit(null, '2026-01-05T08:00:00Z', '/about'),
      hit('va', '2026-01-10T09:00:00Z', '/', 'https://www.google.com/', undefined, false),
      // After "now": not counted yet.
      hit('vc', '2026-01-10T13:00:00Z', '/'),
      vital('2025-11-20T10:00:00Z', '/', 'LCP', 9000, 'p0'),
      vital('2025-12-03T10:00:00Z', '/', 'LCP', 1200, 'p1'),
      vital('2025-12-20T10:00:00Z', '/', 'LCP', 5000, 'p2'),
      vital('2026-01-02T10:00:00Z', '/', 'LCP', 2600, 'p3'),
      vital('2026-01-10T10:00:00Z', '/', 'LCP', 3100, 'p4'),
      // CLS reported twice for one page load: the later value counts.
      vital('2025-12-03T10:00:00Z', '/', 'CLS', 0.05, 'p1', 'cls-1'),
      vital('2025-12-03T10:01:00Z', '/', 'CLS', 0.3, 'p1', 'cls-1'),
      vital('2025-12-05T09:11:00Z', '/shop/p/tote', 'INP', 199, 'p5'),
    ]);
    await database.db.insert(trackingEvents).values([
      // Session s1 adds twice and opens the checkout twice: one session each step.
      visitorEvent('s1', '2025-12-05T09:12:00Z', { event_name: 'add_to_cart', cart_id: 'c1' }),
      visitorEvent('s1', '2025-12-05T09:13:00Z', { event_name: 'add_to_cart', cart_id: 'c1' }),
      visitorEvent('s1', '2025-12-05T09:20:00Z', { event_name: 'checkout_started', cart_id: 'c1' }),
      visitorEvent('s1', '2025-12-05T09:21:00Z', { event_name: 'checkout_started', cart_id: 'c1' }),
      // The confirmation page reloaded: one purchase.
      visitorEvent('s1', '2025-12-05T09:25:00Z', { event_name: 'purchase', transaction_id: 'o1' }),
      visitorEvent('s1', '2025-12-05T09:26:00Z', { event_name: 'purchase', transaction_id: 'o1' }),
      // Other site-visitor events are no funnel step.
      visitorEvent('s2', '2025-12-06T09:00:00Z', { event_name: 'view_cart', cart_id: 'c2' }),
      // Today, live: a second session adds to its cart.
      visitorEvent('s3', '2026-01-10T09:05:00Z', { event_name: 'add_to_cart', cart_id: 'c3' }),
      // After "now": not counted yet.
      visitorEvent('s4', '2026-01-10T13:00:00Z', { event_name: 'add_to_cart', cart_id: 'c4' }),
      // Another schema with the same event name is not ours.
      { ...visitorEvent('s5', '2025-12-07T09:00:00Z', { event_name: 'add_to_cart' }), name: 'page_view' },
    ]);
    await database.db
      .insert(orders)
      .values([
        order('o1', '2025-12-05T09:25:00Z', 5000, { refundedCents: 1000 }),
        order('o2', '2025-12-06T09:25:00Z', 7000, { cancelledAt: new Date('2025-12-07T00:00:00Z') }),
        order('o3', '2025-11-06T09:25:00Z', 9000),
      ]);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const expected = {
    totals: { visits: 5, uniqueVisitors: 2, pageViews: 9, orders: 1, revenueCents: 4000 },
    topPages: [
      { path: '/', pageViews: 4 },
      { path: '/shop/p/tote', pageViews: 2 },
      { path: '/about', pageViews: 1 },
      { path: '/blog', pageViews: 1 },
      { path: '/checkout', pageViews: 1 },
    ],
    topReferrers: [
      { referrer: '', visits: 2 },
      { referrer: 'www.google.com', visits: 2 },
      { referrer: 'news.example.org', visits: 1 },
    ],
    funnel: [
      { step: 'product-view', count: 2 },
      { step: 'add-to-cart', count: 2 },
      { step: 'checkout', count: 1 },
      { step: 'purchase', count: 1 },
    ],
    // New vs returning visitors (session flags): the closed days rolled up, today live.
    newVsReturning: { new: 1, returning: 2 },
    vitals: [
      {
        path: '/',
        metrics: {
          // Nearest rank: the 3rd of 1200, 2600, 3100, 5000, in its bucket (3000 < 3100 ≤ 3500).
          LCP: { p75: 3500, samples: 4, rating: 'needs-improvement' },
          CLS: { p75: 0.3, samples: 1, rating: 'poor' },
        },
      },
      { path: '/shop/p/tote', metrics: { INP: { p75: 200, samples: 1, rating: 'good' } } },
    ],
  };

  it('counts visits, visitors, pages, referrers, sales, the funnel and vitals; closed days rolled up, today live', async () => {
    const report = await analyticsReport(database.db, DEMO_WEBSITE_ID, RANGE, NOW);
    expect(report).toMatchObject(expected);
    expect(report.daily).toHaveLength(41);
    expect(report.daily.filter((d) => d.pageViews > 0)).toEqual([
      { date: '2025-12-01', visits: 0, pageViews: 1 },
      { date: '2025-12-05', visits: 2, pageViews: 4 },
      { date: '2025-12-31', visits: 1, pageViews: 1 },
      { date: '2026-01-01', visits: 0, pageViews: 1 },
      { date: '2026-01-05', visits: 1, pageViews: 1 },
      { date: '2026-01-10', visits: 1, pageViews: 1 },
    ]);
    const rolled = await database.db
      .select({ period: analyticsPeriods.period, start: analyticsPeriods.start })
      .from(analyticsPeriods)
      .where(and(eq(analyticsPeriods.websiteId, DEMO_WEBSITE_ID), eq(analyticsPeriods.tz, TZ)));
    // Dec 1 – Jan 9 by day (today stays live) and December as a month.
    expect(rolled.filter((r) => r.period === 'day')).toHaveLength(40);
    expect(rolled.filter((r) => r.period === 'month').map((r) => r.start)).toEqual(['2025-12-01']);
  });

  it('answers the same from the rollups on a second read, and draws days in the zone asked for', async () => {
    expect(await analyticsReport(database.db, DEMO_WEBSITE_ID, RANGE, NOW)).toMatchObject(expected);
    // In UTC the Nov 30 23:05 page view falls before the range.
    const utc = await analyticsReport(database.db, DEMO_WEBSITE_ID, { ...RANGE, tz: 'UTC' }, NOW);
    expect(utc.totals).toMatchObject({ pageViews: 8, visits: 5 });
  });

  it('makes a report again only when its rollup rows are written anew, and reads its sales every time', async () => {
    const first = await analyticsReport(database.db, DEMO_WEBSITE_ID, RANGE, NOW);
    let statements = 0;
    const counted = new Proxy(database.db, {
      get(db, name, receiver) {
        const value: unknown = Reflect.get(db, name, receiver);
        if (name !== 'execute' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          statements++;
          return value.apply(db, args);
        };
      },
    });
    const currency = (code: string) =>
      database.db.update(websites).set({ currency: code }).where(eq(websites.id, DEMO_WEBSITE_ID));
    await currency('EUR');
    expect(await analyticsReport(counted, DEMO_WEBSITE_ID, RANGE, NOW)).toEqual({
      ...first,
      currency: 'EUR',
    });
    await currency(first.currency);
    // The rows it was made from, the currency and the sales, in one statement: nothing rolled up,
    // refreshed or added up again.
    expect(statements).toBe(1);

    await database.db.insert(orders).values(order('o9', '2026-01-05T09:00:00Z', 2500));
    const withOrder = await analyticsReport(database.db, DEMO_WEBSITE_ID, RANGE, NOW);
    expect(withOrder.totals).toEqual({ ...first.totals, orders: 2, revenueCents: 6500 });

    // A closed day's row written anew (a site made again under its id, an archive restored).
    const rewrite = (by: number) =>
      database.db.execute(sql`
        update analytics_periods set page_views = page_views + ${by}
        where website_id = ${DEMO_WEBSITE_ID} and tz = ${TZ} and period = 'day' and start = '2026-01-05'`);
    await rewrite(5);
    const rewritten = await analyticsReport(database.db, DEMO_WEBSITE_ID, RANGE, NOW);
    expect(rewritten.totals.pageViews).toBe(first.totals.pageViews + 5);
    expect(rewritten.daily.find((d) => d.date === '2026-01-05')).toEqual({
      date: '2026-01-05',
      visits: 1,
      pageViews: 6,
    });
    await rewrite(-5);
    await database.db.delete(orders).where(eq(orders.id, 'o9'));
    expect(await analyticsReport(database.db, DEMO_WEBSITE_ID, RANGE, NOW)).toEqual(first);
  });

  it('lets viewers read and refuses visitors, bad zones, reversed and over-long ranges', async () => {
    const viewer = await new EditorClient(app).signIn(DEMO_VIEWER);
    const owner = await new EditorClient(app).signIn(DEMO_OWNER);
    const url = (q: Record<string, string>) => `${ANALYTICS_PATH}?${new URLSearchParams(q)}`;
    const answer = await viewer.call('GET', url({ ...RANGE, tz: 'europe/paris' }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().range.tz).toBe(TZ);
    expect((await new Shopper(app).get(url(RANGE))).statusCode).toBe(401);
    for (const bad of [
      { ...RANGE, tz: 'Mars/Olympus' },
      { ...RANGE, from: '2026-01-11' },
      { ...RANGE, from: '2024-12-01' },
      { ...RANGE, to: '2026-02-30' },
      { from: RANGE.from, to: RANGE.to },
    ]) {
      const res = await owner.call('GET', url(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBe('INVALID');
    }
  });

  it('shows a page view and a web vital sent by the storefront today, the vital under its page', async () => {
    const visitor = new Shopper(app);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(new Date());
    const data = {
      userAgent: 'Vitest',
      clientDate: 1,
      viewport: { width: 1, height: 1 },
      screen: { width: 1, height: 1 },
      websiteId: DEMO_WEBSITE_ID,
      templateId: 't',
      locale: 'en-US',
      url: 'http://localhost/live-page',
      title: 'Live',
      localStorageSupported: true,
      queryString: '',
      referrer: '',
    };
    const hitRes = await visitor.request(
      'POST',
      '/api/census/RecordHit',
      new URLSearchParams({ event: 'view', data: JSON.stringify(data), ss_cvr: 'vlive|1|1|1|1' }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(hitRes.statusCode).toBe(204);
    const record = {
      app: 'storefront',
      pageLoadId: 'live-1',
      ts: 1,
      event: 'web_vital',
      data: { name: 'LCP', value: 1800, rating: 'good', metricId: 'm1' },
    };
    const perf = await visitor.request('POST', '/api/1/performance/records', JSON.stringify([record]), {
      'content-type': 'text/plain',
      referer: 'http://localhost/live-page?x=1',
    });
    expect(perf.statusCode).toBe(204);
    const viewer = await new EditorClient(app).signIn(DEMO_VIEWER);
    await expect
      .poll(async () =>
        (await viewer.call('GET', `${ANALYTICS_PATH}?from=${today}&to=${today}&tz=UTC`)).json(),
      )
      .toMatchObject({
        totals: { pageViews: 1, visits: 1, uniqueVisitors: 1 },
        topPages: [{ path: '/live-page', pageViews: 1 }],
        vitals: [{ path: '/live-page', metrics: { LCP: { p75: 1800, samples: 1, rating: 'good' } } }],
      });
  });

  it('computes the open days at most once a minute, one process at a time, and sees new events once stale', async () => {
    const at = new Date('2026-03-15T12:00:00Z');
    const later = (ms: number) => new Date(at.getTime() + ms);
    const today = { from: '2026-03-15', to: '2026-03-15', tz: 'UTC' };
    await database.db.insert(trackingEvents).values(hit('vc', '2026-03-15T10:00:00Z', '/about'));
    expect((await analyticsReport(database.db, DEMO_WEBSITE_ID, today, at)).totals.pageViews).toBe(1);
    await database.db.insert(trackingEvents).values(hit('vd', '2026-03-15T11:00:00Z', '/about'));
    // Within the minute the snapshot stands, however many readers ask at once; once stale it is redone.
    const target = { websiteId: DEMO_WEBSITE_ID, tz: 'UTC' };
    expect(await Promise.all([1, 2, 3].map(() => refreshLive(database.db, target, later(30_000))))).toEqual([
      false,
      false,
      false,
    ]);
    expect((await analyticsReport(database.db, DEMO_WEBSITE_ID, today, later(30_000))).totals.pageViews).toBe(
      1,
    );
    const racing = await Promise.all(
      [1, 2, 3].map(() => refreshLive(database.db, target, later(LIVE_MAX_AGE_MS + 1))),
    );
    expect(racing.filter(Boolean)).toHaveLength(1);
    const report = await analyticsReport(database.db, DEMO_WEBSITE_ID, today, later(LIVE_MAX_AGE_MS + 1));
    expect(report.totals).toMatchObject({ pageViews: 2, visits: 2, uniqueVisitors: 2 });
    expect(report.topPages).toEqual([{ path: '/about', pageViews: 2 }]);
    // Only the open days are kept live: the earlier snapshots of other days were replaced.
    const live = await database.db
      .select({ start: analyticsPeriods.start })
      .from(analyticsPeriods)
      .where(
        and(
          eq(analyticsPeriods.websiteId, DEMO_WEBSITE_ID),
          eq(analyticsPeriods.tz, 'UTC'),
          eq(analyticsPeriods.period, 'live'),
        ),
      );
    expect(live.map((r) => r.start)).toEqual(['2026-03-15']);
  });

  it('keeps yesterday open for 15 minutes after midnight, for late beacons', () => {
    expect(openDays(new Date('2026-03-15T00:10:00Z'), 'UTC')).toEqual(['2026-03-14', '2026-03-15']);
    expect(openDays(new Date('2026-03-15T00:16:00Z'), 'UTC')).toEqual(['2026-03-15']);
    expect(openDays(new Date('2026-03-15T00:10:00Z'), 'Europe/Paris')).toEqual(['2026-03-15']);
  });
});
