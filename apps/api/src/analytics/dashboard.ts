import { rateMetric, type MetricRating } from '@site/tracking';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { LIVE_MAX_AGE_MS, openDays, refreshLive } from './live';
import { addDays, daysBetween, planRange, type AnalyticsQuery, type RangePlan } from './range';
import { KeySums, PACKED, readPacked, topKeys } from './pack';
import { rollUpDays, rollUpPeriods } from './rollup';
import { estimateVisitors } from './sketch';
import { VITALS, type Vital } from './source';
import { storeCurrency } from '../site/site-data';

const TOP = 10;

/** A date[] literal: one parameter, whatever the list's length. */
const dateList = (list: readonly string[]) => sql`${`{${list.join(',')}}`}::date[]`;

export interface AnalyticsReport {
  range: AnalyticsQuery;
  currency: string;
  totals: { visits: number; uniqueVisitors: number; pageViews: number; orders: number; revenueCents: number };
  daily: { date: string; visits: number; pageViews: number }[];
  topPages: { path: string; pageViews: number }[];
  /** '' is a visit without an outside referrer (typed, bookmarked, or from the site itself). */
  topReferrers: { referrer: string; visits: number }[];
  funnel: { step: 'product-view' | 'add-to-cart' | 'checkout' | 'purchase'; count: number }[];
  /** Visits by the session flags of their first page view; visits without them are in neither. */
  newVsReturning: { new: number; returning: number };
  /** Web vitals of the top pages (by page views), most sampled first. */
  vitals: {
    path: string;
    metrics: Partial<Record<Vital, { p75: number; samples: number; rating: MetricRating }>>;
  }[];
}

interface DayRow {
  /** A day of the range, or null for a week or month row that only brings its visitor sketch. */
  day: string | null;
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

export interface AnalyticsOptions {
  /** How old the open days' figures may be (live.ts); 0 recomputes them on every read. */
  liveMaxAgeMs?: number;
}

/**
 * The dashboard of one site over [from, to] in a zone. Closed days are rolled up first (once per
 * site and zone) and read from rollups (months wholly inside the range from month rows); the open
 * days (today) from live rows recomputed at most once a minute. Sales are counted from orders at
 * read time so cancellations and refunds made later show.
 */
export async function analyticsReport(
  db: Database,
  websiteId: string,
  query: AnalyticsQuery,
  now: Date,
  options: AnalyticsOptions = {},
): Promise<AnalyticsReport> {
  const { from, tz } = query;
  const end = addDays(query.to, 1);
  const plan = planRange(query, now);
  const { liveFrom, months, weeks, days } = plan;
  const target = { websiteId, tz };
  const maxAgeMs = options.liveMaxAgeMs ?? LIVE_MAX_AGE_MS;
  const madeKey = [websiteId, tz, from, query.to].join('\u0000');
  let snapshot = await snapshotOf(db, websiteId, query, plan, now, maxAgeMs);
  const made = snapshot.basis === undefined ? undefined : madeReports.get(madeKey);
  if (made && made.basis === snapshot.basis) return withSales(made.report, snapshot);
  if (snapshot.basis === undefined) {
    await rollUpDays(db, target, from, liveFrom);
    await rollUpPeriods(db, target, 'month', months);
    await rollUpPeriods(db, target, 'week', weeks);
    if (liveFrom < end) await refreshLive(db, target, now, maxAgeMs);
    // Taken before the report's own reads: rows rewritten in between give the next reader another
    // basis, so a report is never kept under rows newer than the ones it was made from.
    snapshot = await snapshotOf(db, websiteId, query, plan, now, maxAgeMs);
  }
  const { basis } = snapshot;

  const site = sql`website_id = ${websiteId} and tz = ${tz}`;
  const covered = sql`(date_trunc('month', start)::date = any(${dateList(months)}) or date_trunc('week', start)::date = any(${dateList(weeks)}))`;
  // Rollup rows covering the range once: month rows, week rows, the closed days outside them, the
  // open days live. One branch per period row, so every branch is an equality on the primary key up
  // to its dimension (an OR of them is a table scan; `start = any(…)` or a range of days is read
  // as every key of every dimension of those periods, ~70 000 index entries a week at 100 000
  // product pages). The open days' live rows likewise, a branch per day: a range of `start` would
  // walk every live row of the site for each (dimension, key) pair (40 index pages a pair at
  // 100 000 products, 16 of the vitals' 18 ms).
  const periods: SQL[] = [
    ...months.map((m) => sql`period = 'month' and start = ${m}`),
    ...weeks.map((w) => sql`period = 'week' and start = ${w}`),
    ...days.flatMap(([a, b]) => daysBetween(a, b)).map((d) => sql`period = 'day' and start = ${d}`),
    ...(liveFrom < end ? daysBetween(liveFrom, end) : []).map((d) => sql`period = 'live' and start = ${d}`),
  ];
  const vitalNames = sql.join(
    VITALS.map((v) => sql`${v}`),
    sql`, `,
  );
  const summed = (dimensions: SQL, keys: string[] | undefined) => {
    // With keys, each (dimension, key) pair is looked up on its own (`offset 0` keeps the lookup
    // from being flattened into a join): with `dimension in (…) and key = any(…)`, or the join,
    // the planner read every row of the period and filtered (70 000 a week at 100 000 products).
    const branches = periods.map((period) =>
      keys
        ? sql`select c.* from unnest(array[${dimensions}]) d(dim)
            cross join unnest(${`{${keys.map(arrayItem).join(',')}}`}::text[]) k(k)
            cross join lateral (
              select dimension, key, bucket, n from analytics_counts
              where ${site} and ${period} and dimension = d.dim and key = k.k offset 0
            ) c`
        : sql`select dimension, key, bucket, n from analytics_counts where ${site} and ${period} and dimension in (${dimensions})`,
    );
    return sql`summed as (
      select dimension, key, bucket, sum(n)::int as n from (${sql.join(branches, sql` union all `)}) c
      group by dimension, key, bucket
    )`;
  };

  // Independent reads: on a server they run on separate connections at the same time. Top pages
  // and referrers are added up from the packed rows (pack.ts), not from a row per page and period.
  // Vitals follow, for the top pages only: their rows grow with pages times value buckets, and a
  // shop with thousands of product pages must not sum them all.
  const [dayAnswer, visitorAnswer, packed] = await Promise.all([
    // Every day's figures for the series, but visitor sketches only where no week or month row has them.
    db.execute(sql`
      select start::text as day, page_views, visits, product_visits, added_visits, checkout_visits, purchases,
        case when period = 'day' and ${covered} then null else visitor_sketch end as sketch
      from analytics_periods
      where ${site} and ((period = 'day' and start >= ${from} and start < ${liveFrom}) or (period = 'live' and start >= ${liveFrom} and start < ${end}))
      union all
      select null, 0, 0, 0, 0, 0, 0, visitor_sketch from analytics_periods
      where ${site} and ((period = 'month' and start = any(${dateList(months)})) or (period = 'week' and start = any(${dateList(weeks)})))`),
    db.execute(sql`
      with ${summed(sql`'visitor'`, undefined)}
      select dimension, key, n, null as value from summed`),
    readPacked(db, target, periods),
  ]);
  const sumsOf = (column: keyof typeof PACKED) =>
    packed.reduce((sums, row) => sums.add(row[column]), new KeySums());
  const [pages, referrers] = await Promise.all([
    topKeys(db, websiteId, PACKED.pages, sumsOf('pages'), TOP),
    topKeys(db, websiteId, PACKED.referrers, sumsOf('referrers'), TOP),
  ]);
  const ranked: CountRow[] = [
    ...pages.map(({ key, n }) => ({ dimension: 'page', key, n, value: null })),
    ...referrers.map(({ key, n }) => ({ dimension: 'referrer', key, n, value: null })),
    ...rowsOf<CountRow>(visitorAnswer),
  ];
  const topPaths = ranked.filter((r) => r.dimension === 'page').map((r) => r.key);
  const vitalRows =
    topPaths.length === 0
      ? []
      : rowsOf<CountRow>(
          await db.execute(sql`
      with ${summed(vitalNames, topPaths)},
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

  const byDay = new Map(dayRows.filter((r) => r.day !== null).map((r) => [r.day, r]));
  const sum = (field: keyof Omit<DayRow, 'day' | 'sketch'>) =>
    dayRows.reduce((total, r) => total + r[field], 0);
  const report: AnalyticsReport = {
    range: query,
    currency: snapshot.currency,
    totals: {
      visits: sum('visits'),
      uniqueVisitors: estimateVisitors(dayRows.map((r) => r.sketch)),
      pageViews: sum('page_views'),
      orders: snapshot.orders,
      revenueCents: snapshot.revenue,
    },
    daily: daysBetween(from, end).map((date) => ({
      date,
      visits: byDay.get(date)?.visits ?? 0,
      pageViews: byDay.get(date)?.page_views ?? 0,
    })),
    topPages: countRows.filter((r) => r.dimension === 'page').map((r) => ({ path: r.key, pageViews: r.n })),
    topReferrers: countRows
      .filter((r) => r.dimension === 'referrer')
      .map((r) => ({ referrer: r.key, visits: r.n })),
    funnel: [
      { step: 'product-view', count: sum('product_visits') },
      { step: 'add-to-cart', count: sum('added_visits') },
      { step: 'checkout', count: sum('checkout_visits') },
      { step: 'purchase', count: sum('purchases') },
    ],
    newVsReturning: {
      new: ranked.find((r) => r.dimension === 'visitor' && r.key === 'new')?.n ?? 0,
      returning: ranked.find((r) => r.dimension === 'visitor' && r.key === 'returning')?.n ?? 0,
    },
    vitals: vitalsByPage(countRows.filter((r) => (VITALS as readonly string[]).includes(r.dimension))),
  };
  if (basis !== undefined) keepReport(madeKey, { basis, report });
  return report;
}

/**
 * Reports this process has made, by site, zone and range, each with the rollup rows it was made
 * from. Every figure but sales comes from rollup rows, and those change only when written anew: a
 * closed period's once (again only if the site is made anew or restored), the open days' at most
 * once a minute. So a report asked again while its rows are the same (same `xmin`s) is the one
 * made before, with its sales read again: the owner's reloads and the team's views of one range
 * cost one statement instead of eleven and adding up every page's counts.
 */
const madeReports = new Map<string, { basis: string; report: AnalyticsReport }>();
/** A report is a few KB (a year's daily series at most): a few MB for this many. */
const MADE_REPORTS = 512;

function keepReport(key: string, made: { basis: string; report: AnalyticsReport }) {
  // Most recently made last (a Map keeps its insertion order), so the oldest goes first.
  madeReports.delete(key);
  madeReports.set(key, made);
  for (const old of madeReports.keys()) {
    if (madeReports.size <= MADE_REPORTS) break;
    madeReports.delete(old);
  }
}

interface Snapshot {
  currency: string;
  /** Orders placed in the range up to now, not cancelled, and their totals minus refunds. */
  orders: number;
  revenue: number;
  /**
   * The rollup rows the range is made from, as one string of their periods, starts and writers
   * (`xmin`); undefined when they are not all there yet: a closed day, week or month not rolled
   * up, or the open days' live rows missing or older than `maxAgeMs`. The report then rolls up
   * and refreshes first.
   */
  basis?: string;
}

/**
 * What a report must read whether it was made before or not, in one statement: the site's
 * currency, its sales as at the moment of asking, and the basis. Sales are counted by
 * `analytics_sales` (migration 0079): the whole UTC hours of the span from order_sales_hours
 * (kept by a trigger on orders), the orders of its partial first and last hour themselves, so a
 * 30-day report reads 720 hour rows and at most two hours of orders, however many the shop has.
 */
async function snapshotOf(
  db: Database,
  websiteId: string,
  { from, to, tz }: AnalyticsQuery,
  { liveFrom, months, weeks }: RangePlan,
  now: Date,
  maxAgeMs: number,
): Promise<Snapshot> {
  const end = addDays(to, 1);
  const open = liveFrom < end ? openDays(now, tz) : [];
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = rowsOf<{
    currency: string;
    orders: number;
    revenue: number;
    rows: string;
    days: number;
    months: number;
    weeks: number;
    live: number;
  }>(
    await db.execute(sql`
      select w.currency, s.orders::int as orders, s.revenue::float8 as revenue, b.*
      from websites w
      cross join analytics_sales(w.id, ${from}::date, ${end}::date, ${tz}, ${at}) s
      cross join (
        select coalesce(string_agg(period || ' ' || start::text || ' ' || xmin::text, e'\n' order by period, start), '') as rows,
          count(*) filter (where period = 'day')::int as days,
          count(*) filter (where period = 'month')::int as months,
          count(*) filter (where period = 'week')::int as weeks,
          count(*) filter (where period = 'live' and computed_at <= ${at} and computed_at > ${at} - make_interval(secs => ${maxAgeMs / 1000}))::int as live
        from analytics_periods
        where website_id = ${websiteId} and tz = ${tz} and (
          (period = 'day' and start >= ${from} and start < ${liveFrom})
          or (period = 'month' and start = any(${dateList(months)}))
          or (period = 'week' and start = any(${dateList(weeks)}))
          or (period = 'live' and start = any(${dateList(open)})))
      ) b
      where w.id = ${websiteId}`),
  );
  if (!row) throw new SiteMissingError(websiteId);
  const complete =
    row.days === daysBetween(from, liveFrom).length &&
    row.months === months.length &&
    row.weeks === weeks.length &&
    row.live === open.length;
  return {
    currency: storeCurrency(row),
    orders: row.orders,
    revenue: row.revenue,
    basis: complete ? `${liveFrom}\n${row.rows}` : undefined,
  };
}

/** A report made before, with the currency and sales of the moment. */
function withSales(report: AnalyticsReport, { currency, orders, revenue }: Snapshot): AnalyticsReport {
  return { ...report, currency, totals: { ...report.totals, orders, revenueCents: revenue } };
}

/** The site was deleted while its report was asked for. */
export class SiteMissingError extends Error {
  constructor(websiteId: string) {
    super(`no site ${websiteId}`);
  }
}

/** A text[] literal element, quoted so commas, braces and quotes in a path stay inside it. */
const arrayItem = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

function vitalsByPage(rows: CountRow[]): AnalyticsReport['vitals'] {
  const pages = new Map<string, AnalyticsReport['vitals'][number]>();
  for (const row of rows) {
    const metric = row.dimension as Vital;
    const p75 = Number(row.value);
    const page = pages.get(row.key) ?? { path: row.key, metrics: {} };
    page.metrics[metric] = { p75, samples: row.n, rating: rateMetric(metric, p75) };
    pages.set(row.key, page);
  }
  const samples = (p: AnalyticsReport['vitals'][number]) =>
    Object.values(p.metrics).reduce((n, m) => n + m.samples, 0);
  return [...pages.values()].sort((a, b) => samples(b) - samples(a) || a.path.localeCompare(b.path));
}
