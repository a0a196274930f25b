import { rateMetric, type MetricRating } from '@site/tracking';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from './rows';
import { addDays, daysBetween, nextMonth, planRange, type AnalyticsQuery } from './range';
import { rollUpDays, rollUpMonths } from './rollup';
import { estimateVisitors } from './sketch';
import { sourceCtes, VITALS, type Vital } from './source';

const TOP = 10;

export interface AnalyticsReport {
  range: AnalyticsQuery;
  currency: string;
  totals: { visits: number; uniqueVisitors: number; pageViews: number; orders: number; revenueCents: number };
  daily: { date: string; visits: number; pageViews: number }[];
  topPages: { path: string; pageViews: number }[];
  /** '' is a visit without an outside referrer (typed, bookmarked, or from the site itself). */
  topReferrers: { referrer: string; visits: number }[];
  funnel: { step: 'product-view' | 'add-to-cart' | 'checkout' | 'purchase'; count: number }[];
  /** Web vitals of the top pages (by page views), most sampled first. */
  vitals: { path: string; metrics: Partial<Record<Vital, { p75: number; samples: number; rating: MetricRating }>> }[];
}

interface DayRow {
  day: string;
  page_views: number;
  visits: number;
  product_visits: number;
  added_visits: number;
  checkout_visits: number;
  purchases: number;
  sketch: Uint8Array | null;
}
interface CountRow {
  dimension: string;
  key: string;
  n: number;
  value: string | null;
}

/**
 * The dashboard of one site over [from, to] in a zone. Closed days are rolled up first (once per
 * site and zone), then read from rollups (months wholly inside the range from month rows), and
 * the live part (today) is computed from raw events in the same statement. Sales are counted from
 * orders at read time so cancellations and refunds made later show.
 */
export async function analyticsReport(db: Database, websiteId: string, currency: string, query: AnalyticsQuery, now: Date): Promise<AnalyticsReport> {
  const { from, tz } = query;
  const end = addDays(query.to, 1);
  const { liveFrom, months } = planRange(query, now);
  const target = { websiteId, tz };
  await rollUpDays(db, target, from, liveFrom);
  await rollUpMonths(db, target, months);

  const live = sourceCtes({ websiteId, tz, from: liveFrom, to: end, until: now });
  const site = sql`website_id = ${websiteId} and tz = ${tz}`;
  const closedDays = sql`period = 'day' and start >= ${from} and start < ${liveFrom}`;
  const monthList = sql`${`{${months.join(',')}}`}::date[]`;
  const vitalNames = sql.join(VITALS.map((v) => sql`${v}`), sql`, `);
  // Counts of some dimensions summed over the range: month rows, day rows outside them, today live.
  // The filter reaches into the live CTE's branches, so a query for pages never computes vitals.
  const summed = (dimensions: SQL, keys: string[] | undefined) => {
    const which = keys ? sql`dimension in (${dimensions}) and key = any(${`{${keys.map(arrayItem).join(',')}}`}::text[])` : sql`dimension in (${dimensions})`;
    return sql`
    ${live},
    summed as (
      select dimension, key, bucket, sum(n)::int as n from (
        select dimension, key, bucket, n from counts where ${which}
        union all
        select dimension, key, bucket, n from analytics_counts
        where ${site} and period = 'month' and start = any(${monthList}) and ${which}
        ${sql.join(
          daySpans(from, liveFrom, months).map(
            ([a, b]) => sql`union all select dimension, key, bucket, n from analytics_counts
              where ${site} and period = 'day' and start >= ${a} and start < ${b} and ${which}`,
          ),
          sql` `,
        )}
      ) c group by dimension, key, bucket
    )`;
  };

  // Independent reads: on a server they run on separate connections at the same time. Vitals
  // follow, for the top pages only: their rows grow with pages times value buckets, and a shop
  // with thousands of product pages must not sum them all.
  const [dayAnswer, rankedAnswer, salesAnswer] = await Promise.all([
    db.execute(sql`
      ${live}
      select day::text as day, page_views, visits, product_visits, added_visits, checkout_visits, purchases, sketch from days
      union all
      select start::text, page_views, visits, product_visits, added_visits, checkout_visits, purchases, visitor_sketch
      from analytics_periods where ${site} and ${closedDays}`),
    db.execute(sql`
      ${summed(sql`'page', 'referrer'`, undefined)}
      (select dimension, key, n, null as value from summed where dimension = 'page' order by n desc, key limit ${TOP})
      union all
      (select dimension, key, n, null from summed where dimension = 'referrer' order by n desc, key limit ${TOP})`),
    db.execute(sql`
      select count(*)::int as orders, coalesce(sum(grand_total_cents - refunded_cents), 0)::float8 as revenue
      from orders
      where website_id = ${websiteId} and cancelled_at is null
        and created_at >= (${from}::date::timestamp at time zone ${tz})
        and created_at < least(${end}::date::timestamp at time zone ${tz}, ${now.toISOString()}::timestamptz)`),
  ]);
  const ranked = rowsOf<CountRow>(rankedAnswer);
  const topPaths = ranked.filter((r) => r.dimension === 'page').map((r) => r.key);
  const vitalRows = topPaths.length === 0 ? [] : rowsOf<CountRow>(
    await db.execute(sql`
      ${summed(vitalNames, topPaths)},
      ranked as (
        select dimension, key, bucket,
          sum(n) over (partition by dimension, key order by bucket) as cum, sum(n) over (partition by dimension, key) as total
        from summed
      )
      select dimension, key, max(total)::int as n, min(bucket) filter (where cum >= ceil(0.75 * total))::text as value
      from ranked group by dimension, key`),
  );
  const dayRows = rowsOf<DayRow>(dayAnswer);
  const countRows = [...ranked, ...vitalRows];
  const [sales] = rowsOf<{ orders: number; revenue: number }>(salesAnswer);

  const byDay = new Map(dayRows.map((r) => [r.day, r]));
  const sum = (field: keyof Omit<DayRow, 'day' | 'sketch'>) => dayRows.reduce((total, r) => total + r[field], 0);
  const orders = sales?.orders ?? 0;
  return {
    range: query,
    currency,
    totals: {
      visits: sum('visits'),
      uniqueVisitors: estimateVisitors(dayRows.map((r) => r.sketch)),
      pageViews: sum('page_views'),
      orders,
      revenueCents: sales?.revenue ?? 0,
    },
    daily: daysBetween(from, end).map((date) => ({ date, visits: byDay.get(date)?.visits ?? 0, pageViews: byDay.get(date)?.page_views ?? 0 })),
    topPages: countRows.filter((r) => r.dimension === 'page').map((r) => ({ path: r.key, pageViews: r.n })),
    topReferrers: countRows.filter((r) => r.dimension === 'referrer').map((r) => ({ referrer: r.key, visits: r.n })),
    funnel: [
      { step: 'product-view', count: sum('product_visits') },
      { step: 'add-to-cart', count: sum('added_visits') },
      { step: 'checkout', count: sum('checkout_visits') },
      { step: 'purchase', count: sum('purchases') },
    ],
    vitals: vitalsByPage(countRows.filter((r) => (VITALS as readonly string[]).includes(r.dimension))),
  };
}

/** A text[] literal element, quoted so commas, braces and quotes in a path stay inside it. */
const arrayItem = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** The closed days not inside a rolled month: before the first month and after the last. */
function daySpans(from: string, liveFrom: string, months: string[]): [string, string][] {
  if (months.length === 0) return [[from, liveFrom]];
  const spans: [string, string][] = [
    [from, months[0]!],
    [nextMonth(months[months.length - 1]!), liveFrom],
  ];
  return spans.filter(([a, b]) => a < b);
}

function vitalsByPage(rows: CountRow[]): AnalyticsReport['vitals'] {
  const pages = new Map<string, AnalyticsReport['vitals'][number]>();
  for (const row of rows) {
    const metric = row.dimension as Vital;
    const p75 = Number(row.value);
    const page = pages.get(row.key) ?? { path: row.key, metrics: {} };
    page.metrics[metric] = { p75, samples: row.n, rating: rateMetric(metric, p75) };
    pages.set(row.key, page);
  }
  const samples = (p: AnalyticsReport['vitals'][number]) => Object.values(p.metrics).reduce((n, m) => n + m.samples, 0);
  return [...pages.values()].sort((a, b) => samples(b) - samples(a) || a.path.localeCompare(b.path));
}
