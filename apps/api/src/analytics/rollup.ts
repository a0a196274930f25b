import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { addDays, daysBetween, nextMonth } from './range';
import { sourceCtes } from './source';

export interface RollupTarget {
  websiteId: string;
  tz: string;
}

const BACKFILL_DAYS = 28;

const dateArray = (days: readonly string[]) => sql`${`{${days.join(',')}}`}::date[]`;

/**
 * Rolls up every closed day of [from, toExclusive) that has no rollup yet, in one statement so a
 * year is one pass over the events. Rollup rows of a day are identical whoever computes them, so
 * two readers rolling the same day at once are harmless: the second's inserts do nothing.
 */
export async function rollUpDays(
  db: Database,
  target: RollupTarget,
  from: string,
  toExclusive: string,
): Promise<number> {
  if (from >= toExclusive) return 0;
  const done = rowsOf<{ start: string }>(
    await db.execute(sql`
      select start::text from analytics_periods
      where website_id = ${target.websiteId} and tz = ${target.tz} and period = 'day' and start >= ${from} and start < ${toExclusive}`),
  );
  const have = new Set(done.map((r) => r.start));
  const missing = daysBetween(from, toExclusive).filter((d) => !have.has(d));
  if (missing.length === 0) return 0;
  const range = { ...target, from: missing[0]!, to: addDays(missing[missing.length - 1]!, 1) };
  await db.execute(sql`
    ${sourceCtes(range)},
    wanted as (select unnest(${dateArray(missing)}) as day),
    periods as (
      insert into analytics_periods (website_id, tz, period, start, page_views, visits, product_visits, added_visits, checkout_visits, purchases, visitor_sketch)
      select ${target.websiteId}, ${target.tz}, 'day', w.day, coalesce(d.page_views, 0), coalesce(d.visits, 0),
        coalesce(d.product_visits, 0), coalesce(d.added_visits, 0), coalesce(d.checkout_visits, 0), coalesce(d.purchases, 0), d.sketch
      from wanted w left join days d using (day)
      on conflict do nothing
    )
    insert into analytics_counts (website_id, tz, period, start, dimension, key, bucket, n)
    select ${target.websiteId}, ${target.tz}, 'day', day, dimension, key, bucket, n from counts
    where day in (select day from wanted)
    on conflict do nothing`);
  // A backfill (first opening, a long range) adds thousands of rows at once: without fresh
  // statistics the planner would read them as a handful until autovacuum gets round to it.
  if (missing.length >= BACKFILL_DAYS) await db.execute(sql`analyze analytics_periods, analytics_counts`);
  return missing.length;
}

/**
 * Sums the (rolled up) days of each whole week or month given into rows of that period, for those
 * not summed yet. Weeks start on Monday (date_trunc's ISO weeks).
 */
export async function rollUpPeriods(
  db: Database,
  target: RollupTarget,
  period: 'week' | 'month',
  starts: readonly string[],
): Promise<void> {
  if (starts.length === 0) return;
  const done = rowsOf<{ start: string }>(
    await db.execute(sql`
      select start::text from analytics_periods
      where website_id = ${target.websiteId} and tz = ${target.tz} and period = ${period} and start = any(${dateArray(starts)})`),
  );
  const have = new Set(done.map((r) => r.start));
  const missing = starts.filter((m) => !have.has(m));
  if (missing.length === 0) return;
  const last = missing[missing.length - 1]!;
  const site = sql`website_id = ${target.websiteId} and tz = ${target.tz} and period = 'day'`;
  const unit = sql.raw(period === 'week' ? `'week'` : `'month'`);
  const inPeriod = sql`start >= ${missing[0]} and start < ${period === 'week' ? addDays(last, 7) : nextMonth(last)} and date_trunc(${unit}, start)::date = any(${dateArray(missing)})`;
  // A period's visitor sketch is the register-wise maximum of its days' (sparse, 3 bytes a
  // register: index in the top 11 bits, rank in the low 8), so a long range merges a dozen
  // sketches instead of hundreds of day ones.
  await db.execute(sql`
    with registers as (
      select date_trunc(${unit}, start)::date as period_start, (get_byte(visitor_sketch, i * 3) << 8) | get_byte(visitor_sketch, i * 3 + 1) as idx,
        max(get_byte(visitor_sketch, i * 3 + 2)) as rho
      from analytics_periods, generate_series(0, length(visitor_sketch) / 3 - 1) i
      where ${site} and ${inPeriod} and visitor_sketch is not null
      group by 1, 2
    ),
    sketches as (
      select period_start, decode(string_agg(lpad(to_hex(idx * 256 + rho), 6, '0'), '' order by idx), 'hex') as sketch from registers group by period_start
    ),
    periods as (
      insert into analytics_periods (website_id, tz, period, start, page_views, visits, product_visits, added_visits, checkout_visits, purchases, visitor_sketch)
      select d.website_id, d.tz, ${period}, d.period_start, d.page_views, d.visits, d.product_visits, d.added_visits, d.checkout_visits, d.purchases, s.sketch
      from (
        select website_id, tz, date_trunc(${unit}, start)::date as period_start, sum(page_views) as page_views, sum(visits) as visits,
          sum(product_visits) as product_visits, sum(added_visits) as added_visits, sum(checkout_visits) as checkout_visits, sum(purchases) as purchases
        from analytics_periods where ${site} and ${inPeriod}
        group by website_id, tz, date_trunc(${unit}, start)
      ) d left join sketches s using (period_start)
      on conflict do nothing
    )
    insert into analytics_counts (website_id, tz, period, start, dimension, key, bucket, n)
    select website_id, tz, ${period}, date_trunc(${unit}, start)::date, dimension, key, bucket, sum(n)
    from analytics_counts where ${site} and ${inPeriod}
    group by website_id, tz, date_trunc(${unit}, start), dimension, key, bucket
    on conflict do nothing`);
}
