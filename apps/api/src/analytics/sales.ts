import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * Orders placed in [from, toExclusive) local days of a zone, up to `now`, not cancelled, and their
 * grand totals minus refunds, as at the moment of asking. Counted by `analytics_sales` (migration
 * 0079): the whole UTC hours of the span from order_sales_hours (kept by a trigger on orders,
 * migration 0069), the orders of its partial first and last hour themselves, by index. A 30-day
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
      select orders::int as orders, revenue::float8 as revenue
      from analytics_sales(${websiteId}, ${range.from}::date, ${range.toExclusive}::date, ${range.tz}, ${now.toISOString()}::timestamptz)`),
  );
  return { orders: row?.orders ?? 0, revenue: row?.revenue ?? 0 };
}
