import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { addDays, daysBetween, LIVE_GRACE_MS, localDay } from './range';
import type { RollupTarget } from './rollup';
import { rowsOf } from '../db/rows';
import { liveLock, packPeriodsIn } from './pack';
import { sourceCtes } from './source';

/** How stale the open days of a dashboard may be: a busy shop computes them once a minute, not per read. */
export const LIVE_MAX_AGE_MS = 60_000;

/** The days still open at an instant: today, and yesterday while its late beacons may arrive. */
export function openDays(now: Date, tz: string): string[] {
  return daysBetween(localDay(new Date(now.getTime() - LIVE_GRACE_MS), tz), addDays(localDay(now, tz), 1));
}

/**
 * Makes sure the site's open days have 'live' rollup rows computed at most `maxAgeMs` before
 * `now`, recomputing them from the events otherwise. Every process may serve the dashboard, so
 * the recomputation is serialised per site and zone on an advisory lock: a reader that waited for
 * another's refresh finds fresh rows and does not redo it. The old rows are replaced whole in one
 * transaction, so a reader sees the previous snapshot or the new one, never a mix.
 */
export async function refreshLive(
  db: Database,
  target: RollupTarget,
  now: Date,
  maxAgeMs = LIVE_MAX_AGE_MS,
): Promise<boolean> {
  const days = openDays(now, target.tz);
  const dayList = sql`${`{${days.join(',')}}`}::date[]`;
  const site = sql`website_id = ${target.websiteId} and tz = ${target.tz} and period = 'live'`;
  const at = now.toISOString();
  const fresh = async (executor: Pick<Database, 'execute'>) => {
    const [row] = rowsOf<{ n: number }>(
      await executor.execute(sql`
        select count(*)::int as n from analytics_periods
        where ${site} and start = any(${dayList})
          and computed_at <= ${at}::timestamptz and computed_at > ${at}::timestamptz - make_interval(secs => ${maxAgeMs / 1000})`),
    );
    return row?.n === days.length;
  };
  if (await fresh(db)) return false;
  return db.transaction(async (tx) => {
    await tx.execute(liveLock(target));
    if (await fresh(tx)) return false;
    await tx.execute(sql`delete from analytics_packed where ${site}`);
    await tx.execute(sql`delete from analytics_counts where ${site}`);
    await tx.execute(sql`delete from analytics_periods where ${site}`);
    await tx.execute(sql`
      ${sourceCtes({ ...target, from: days[0]!, to: addDays(days[days.length - 1]!, 1), until: now })},
      wanted as (select unnest(${dayList}) as day),
      periods as (
        insert into analytics_periods (website_id, tz, period, start, page_views, visits, product_visits, added_visits, checkout_visits, purchases, visitor_sketch, computed_at)
        select ${target.websiteId}, ${target.tz}, 'live', w.day, coalesce(d.page_views, 0), coalesce(d.visits, 0),
          coalesce(d.product_visits, 0), coalesce(d.added_visits, 0), coalesce(d.checkout_visits, 0), coalesce(d.purchases, 0), d.sketch, ${at}::timestamptz
        from wanted w left join days d using (day)
      )
      insert into analytics_counts (website_id, tz, period, start, dimension, key, bucket, n)
      select ${target.websiteId}, ${target.tz}, 'live', day, dimension, key, bucket, n from counts`);
    await packPeriodsIn(
      tx,
      target,
      days.map((start) => ({ period: 'live', start })),
    );
    return true;
  });
}
