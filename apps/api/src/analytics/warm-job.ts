import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import type { JobQueue } from '../jobs';
import { analyticsReport } from './dashboard';
import { addDays, localDay } from './range';

export const ANALYTICS_WARM_JOB = 'analytics-warm';
/** How often the closed days of the sites owners look at are rolled up ahead of them. */
export const ANALYTICS_WARM_EVERY_MS = 60 * 60_000;
/** A site and zone stay warm while their owner has read a report of the last 60 days. */
const WATCHED_DAYS = 60;
/** The default report (the last 30 days), as the dashboard first opens. */
const REPORT_DAYS = 30;

export interface WarmLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * Rolls up, packs and refreshes the last 30 days of every site and zone an owner has read a report
 * in lately (their day rows say so), so the next report reads rollups only. Without it, the first
 * report after a pause rolled up every day since the last one: 40 s after a month at 100 000
 * product pages. A site whose owner never opened analytics costs nothing. Answers how many it warmed.
 */
export async function warmAnalytics(db: Database, now: Date, log?: WarmLog): Promise<number> {
  const targets = rowsOf<{ website_id: string; tz: string }>(
    await db.execute(sql`
      select distinct website_id, tz from analytics_periods
      where period = 'day' and start >= ${addDays(now.toISOString().slice(0, 10), -WATCHED_DAYS)}::date`),
  );
  let warmed = 0;
  for (const { website_id: websiteId, tz } of targets) {
    const to = localDay(now, tz);
    try {
      // The currency only labels the sales figures of a report nobody reads.
      await analyticsReport(db, websiteId, { from: addDays(to, 1 - REPORT_DAYS), to, tz }, now);
      warmed++;
    } catch (err) {
      // A site deleted meanwhile, or one failing: the others are still warmed, and it is tried next time.
      log?.warn({ err, websiteId, tz }, 'analytics warm-up failed');
    }
  }
  return warmed;
}

/**
 * The hourly warm-up on the job queue: one job (singleton key) that schedules its next run before
 * it works, so a failing run does not break the chain; every process start enqueues one at once.
 */
export async function startAnalyticsWarm(options: {
  db: Database;
  jobs: JobQueue;
  log?: WarmLog;
}): Promise<void> {
  const { db, jobs, log } = options;
  await jobs.work(ANALYTICS_WARM_JOB, async () => {
    await jobs.enqueue(
      ANALYTICS_WARM_JOB,
      {},
      { singletonKey: ANALYTICS_WARM_JOB, runAt: new Date(Date.now() + ANALYTICS_WARM_EVERY_MS) },
    );
    await warmAnalytics(db, new Date(), log);
  });
  await jobs.enqueue(ANALYTICS_WARM_JOB, {}, { singletonKey: ANALYTICS_WARM_JOB });
}
