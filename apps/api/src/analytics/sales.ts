import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * Orders placed in [from, toExclusive) local days of a zone, up to `now`, not cancelled, and their
 * grand totals minus refunds, as at the moment of asking. The whole UTC hours of the span come from
 * order_sales_hours (kept by a trigger on orders, migration 0069); the orders of its partial first
 * and last hour (a zone half an hour off UTC, or now) are read themselves, by index. A 30-day
 * report reads 720 hour rows and at most two hours of orders, however many orders the shop has.
 */
export async function salesBetween(
  db: Database,
  websiteId: string,
  range: { from: string; toExclusive: string; tz: string },
  now: Date,
): Promise<{ orders: number; revenue: number }> {
  const [row] = rowsOf<{ orders: number; revenue: number }>(
    await db.execute(sql`
      with span as (
        select lo, hi, lo_hour, greatest(lo_hour, date_trunc('hour', hi at time zone 'UTC') at time zone 'UTC') as hi_hour
        from (
          select lo, hi, (date_trunc('hour', lo at time zone 'UTC') + case when date_trunc('hour', lo at time zone 'UTC') = lo at time zone 'UTC' then interval '0' else interval '1 hour' end) at time zone 'UTC' as lo_hour
          from (
            select (${range.from}::date::timestamp at time zone ${range.tz}) as lo,
              least(${range.toExclusive}::date::timestamp at time zone ${range.tz}, ${now.toISOString()}::timestamptz) as hi
          ) b
        ) h
      ),
      parts as (
        select coalesce(sum(orders), 0)::bigint as orders, coalesce(sum(revenue_cents), 0)::bigint as revenue
        from order_sales_hours, span
        where website_id = ${websiteId} and hour >= lo_hour and hour < hi_hour
        union all
        select count(*), coalesce(sum(grand_total_cents - refunded_cents), 0) from orders, span
        where website_id = ${websiteId} and cancelled_at is null and created_at >= lo and created_at < least(lo_hour, hi)
        union all
        select count(*), coalesce(sum(grand_total_cents - refunded_cents), 0) from orders, span
        where website_id = ${websiteId} and cancelled_at is null and created_at >= hi_hour and created_at < hi
      )
      select sum(orders)::int as orders, sum(revenue)::float8 as revenue from parts`),
  );
  return { orders: row?.orders ?? 0, revenue: row?.revenue ?? 0 };
}
