import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from './rows';
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
export async function rollUpDays(db: Database, target: RollupTarget, from: string, toExclusive: string): Promise<number> {
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

/** Sums the days of each whole month given into month rows, for months not summed yet. */
export async function rollUpMonths(db: Database, target: RollupTarget, months: readonly string[]): Promise<void> {
  if (months.length === 0) return;
  const done = rowsOf<{ start: string }>(
    await db.execute(sql`
      select start::text from analytics_periods
      where website_id = ${target.websiteId} and tz = ${target.tz} and period = 'month' and start = any(${dateArray(months)})`),
  );
  const have = new Set(done.map((r) => r.start));
  const missing = months.filter((m) => !have.has(m));
  if (missing.length === 0) return;
  const site = sql`website_id = ${target.websiteId} and tz = ${target.tz} and period = 'day'`;
  const inMonths = sql`start >= ${missing[0]} and start < ${nextMonth(missing[missing.length - 1]!)} and date_trunc('month', start)::date = any(${dateArray(missing)})`;
  await db.execute(sql`
    with periods as (
      insert into analytics_periods (website_id, tz, period, start, page_views, visits, product_visits, added_visits, checkout_visits, purchases)
      select website_id, tz, 'month', date_trunc('month', start)::date, sum(page_views), sum(visits), sum(product_visits), sum(added_visits), sum(checkout_visits), sum(purchases)
      from analytics_periods where ${site} and ${inMonths}
      group by website_id, tz, date_trunc('month', start)
      on conflict do nothing
    )
    insert into analytics_counts (website_id, tz, period, start, dimension, key, bucket, n)
    select website_id, tz, 'month', date_trunc('month', start)::date, dimension, key, bucket, sum(n)
    from analytics_counts where ${site} and ${inMonths}
    group by website_id, tz, date_trunc('month', start), dimension, key, bucket
    on conflict do nothing`);
}
