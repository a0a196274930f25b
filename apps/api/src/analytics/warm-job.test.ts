import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { eventually } from '../../test/eventually';
import type { DatabaseHandle } from '../db/client';
import { analyticsPeriods, trackingEvents, websites } from '../db/schema';
import { createJobQueue } from '../jobs';
import { DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';
import { analyticsReport } from './dashboard';
import { addDays, daysBetween, localDay, planRange } from './range';
import { rollUpDays } from './rollup';
import { startAnalyticsWarm, warmAnalytics } from './warm-job';

const targets = await databaseTargets();
const TZ = 'Europe/Paris';
const OTHER = 'unwatched';

const view = (websiteId: string, at: Date, n: number) => ({
  websiteId,
  kind: 'census-hit',
  name: 'view',
  visitorId: `v${n}`,
  createdAt: at,
  payload: { url: `https://shop.test/p${n % 3}`, referrer: '', websiteId },
});

describe.each(targets)('the analytics warm-up on $name', (target) => {
  let database: DatabaseHandle;
  const now = new Date();
  const today = localDay(now, TZ);
  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    await database.db.insert(websites).values({ id: OTHER, title: 'Nobody looks' });
    // A page view a day over the last 40 days on both sites.
    await database.db
      .insert(trackingEvents)
      .values(
        Array.from({ length: 40 }, (_, d) => new Date(now.getTime() - d * 86_400_000 - 60_000)).flatMap(
          (at, d) => [view(DEMO_WEBSITE_ID, at, d), view(OTHER, at, d)],
        ),
      );
  }, 120_000);
  afterAll(() => database?.close());

  const dayRows = (websiteId: string) =>
    database.db
      .select({ start: analyticsPeriods.start })
      .from(analyticsPeriods)
      .where(
        and(
          eq(analyticsPeriods.websiteId, websiteId),
          eq(analyticsPeriods.tz, TZ),
          eq(analyticsPeriods.period, 'day'),
        ),
      )
      .then((rows) => rows.map((r) => String(r.start)).sort());

  it('rolls up the last 30 days of a site its owner reads, ahead of the next report, and leaves other sites alone', async () => {
    // Nothing is watched yet: nothing to warm.
    expect(await warmAnalytics(database.db, now)).toBe(0);
    // The owner read one day, three weeks ago, in their zone.
    const old = addDays(today, -21);
    await analyticsReport(database.db, DEMO_WEBSITE_ID, { from: old, to: old, tz: TZ }, now);
    expect(await dayRows(DEMO_WEBSITE_ID)).toEqual([old]);

    expect(await warmAnalytics(database.db, now)).toBe(1);
    // The default report's closed days are all rolled up: its next read has none left to do.
    const from = addDays(today, -29);
    const { liveFrom } = planRange({ from, to: today, tz: TZ }, now);
    expect(await dayRows(DEMO_WEBSITE_ID)).toEqual(expect.arrayContaining(daysBetween(from, liveFrom)));
    expect(await rollUpDays(database.db, { websiteId: DEMO_WEBSITE_ID, tz: TZ }, from, liveFrom)).toBe(0);
    expect(await dayRows(OTHER)).toEqual([]);

    // And it reads the figures: the views of the days in the range, today's included.
    const report = await analyticsReport(database.db, DEMO_WEBSITE_ID, { from, to: today, tz: TZ }, now);
    const inRange = Array.from({ length: 40 }, (_, d) =>
      localDay(new Date(now.getTime() - d * 86_400_000 - 60_000), TZ),
    );
    expect(report.totals.pageViews).toBe(inRange.filter((day) => day >= from).length);
  });

  it('runs on the job queue as soon as the server starts', async () => {
    await database.db.delete(analyticsPeriods).where(eq(analyticsPeriods.websiteId, DEMO_WEBSITE_ID));
    const old = addDays(today, -2);
    await analyticsReport(database.db, DEMO_WEBSITE_ID, { from: old, to: old, tz: TZ }, now);
    expect(await dayRows(DEMO_WEBSITE_ID)).toEqual([old]);
    const jobs = await createJobQueue(database, { pollSeconds: 0.5, retryDelaySeconds: 1 });
    try {
      await startAnalyticsWarm({ db: database.db, jobs });
      await eventually(
        async () => expect((await dayRows(DEMO_WEBSITE_ID)).length).toBeGreaterThan(0),
        20_000,
      );
    } finally {
      await jobs.stop();
    }
  }, 60_000);
});
