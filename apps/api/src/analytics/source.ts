import { SITE_VISITOR_SCHEMA_NAME } from '@site/tracking';
import { sql, type SQL } from 'drizzle-orm';
import { URL_PATH_SQL } from '../site/page-path';

/** Core web vitals shown per page (platform.md §9); FCP is collected but not a core vital. */
export const VITALS = ['LCP', 'CLS', 'INP', 'FID'] as const;
export type Vital = (typeof VITALS)[number];

export interface SourceRange {
  websiteId: string;
  tz: string;
  /** First local day, inclusive. */
  from: string;
  /** Local day after the last, exclusive. */
  to: string;
  /** Events after this instant are ignored (now, for live days). */
  until?: Date;
}

/** A visit ends after 30 minutes without a page view: the visit timer of the visitor record (ss_cvt). */
const VISIT_GAP = sql.raw(`interval '30 minutes'`);
/** HyperLogLog with 2^11 registers: about 2.3 % standard error, exact in practice for small counts. */
const SKETCH_MASK = 2047;
const FLOOR = sql.raw(`case metric when 'CLS' then 0.01 when 'LCP' then 100 else 10 end`);

// Stored with the hit since migration 0020; rows from before are parsed here.
const URL_PATH = sql.raw(`coalesce(page_path, ${URL_PATH_SQL})`);
const HOST_OF = (field: string) =>
  sql.raw(
    `lower(substring(payload->>'${field}' from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#:]+)'))`,
  );

/**
 * The per-day aggregates of a range, computed from raw rows, as CTEs `days` (one row per day with
 * traffic) and `counts` (day, dimension, key, bucket, n). The rollup inserts them for closed
 * days; the dashboard reads them directly for today. CTEs nobody references are never run.
 *
 * - Page views: census hits. Visits: a hit with no earlier hit of its visitor in the previous 30
 *   minutes (hits without a visitor id, when cookies are refused, are a visit each). Visit numbers
 *   run across the 30 minutes before the range so a visit crossing midnight is counted once.
 * - New and returning visits: a visit whose first page view carries the session flags
 *   (platform.md §4) counts as new in the visitor's first session, returning after it; a hit
 *   without them (cookies refused, or sent before the flags existed) is neither.
 * - Funnel: visits with a product page view (a hit carrying itemId), then the storefront's
 *   commerce site-visitor events: sessions (the analytics session cookie) that sent add_to_cart,
 *   sessions that sent checkout_started, and the distinct orders of purchase events. Sales figures
 *   (orders, revenue) still come from the orders themselves (dashboard.ts).
 * - Web vitals: the last report of each metric of each page load, rounded up to a grid of 16
 *   steps a decade (1, 1.2 … 2, 2.5 … 5, 6 … 9; at most 20 % apart) with a floor far below "good".
 *   Every threshold of platform.md §9 is on the grid, so rounding up never changes a rating, and a
 *   few dozen buckets per page and metric keep a month of samples to a few dozen rows.
 */
export function sourceCtes(r: SourceRange): SQL {
  const start = sql`(${r.from}::date::timestamp at time zone ${r.tz})`;
  const dayEnd = sql`(${r.to}::date::timestamp at time zone ${r.tz})`;
  const end = r.until ? sql`least(${dayEnd}, ${r.until.toISOString()}::timestamptz)` : dayEnd;
  return sql`
    with raw_hits as (
      select id, created_at, visitor_id, payload, page_path,
        visitor_id is null or coalesce(created_at - lag(created_at) over visitor > ${VISIT_GAP}, true) as starts
      from tracking_events
      where website_id = ${r.websiteId} and kind = 'census-hit'
        and created_at >= ${start} - ${VISIT_GAP} and created_at < ${end}
      window visitor as (partition by visitor_id order by created_at, id)
    ),
    hits as (
      select id, day, visitor_id, starts, product, path, visit_no, created_at, first_session,
        case when ref_host is null or ref_host = url_host then '' else ref_host end as referrer
      from (
        select id, (created_at at time zone ${r.tz})::date as day, visitor_id, starts, payload ? 'itemId' as product, ${URL_PATH} as path,
          case when starts then payload->>'firstSession' end as first_session,
          -- Only a visit's first page view names its referrer; parsing it for every hit would double the cost.
          case when starts then ${HOST_OF('referrer')} end as ref_host, case when starts then ${HOST_OF('url')} end as url_host,
          sum(starts::int) over (partition by visitor_id order by created_at, id) as visit_no, created_at
        from raw_hits
      ) h
    ),
    in_range as (select * from hits where created_at >= ${start}),
    hit_days as (
      select day, count(*)::int as page_views, count(*) filter (where starts)::int as visits,
        count(distinct coalesce(visitor_id, 'anon:' || id) || ':' || visit_no) filter (where product)::int as product_visits
      from in_range group by day
    ),
    funnel_events as (
      select (created_at at time zone ${r.tz})::date as day, payload->>'event_name' as event,
        coalesce(payload->>'sessionId', visitor_id, 'anon:' || id) as session, payload->>'transaction_id' as transaction
      from tracking_events
      where website_id = ${r.websiteId} and kind = 'clanker-event' and name = ${SITE_VISITOR_SCHEMA_NAME}
        and created_at >= ${start} and created_at < ${end}
        and payload->>'event_name' in ('add_to_cart', 'checkout_started', 'purchase')
    ),
    event_days as (
      select day,
        count(distinct session) filter (where event = 'add_to_cart')::int as added_visits,
        count(distinct session) filter (where event = 'checkout_started')::int as checkout_visits,
        count(distinct transaction) filter (where event = 'purchase')::int as purchases
      from funnel_events group by day
    ),
    registers as (
      select day, (x & ${SKETCH_MASK})::int as idx,
        max(coalesce(nullif(position(B'1' in substring(x::bit(64) from 1 for 53)), 0), 54)) as rho
      from (select distinct day, hashtextextended(visitor_id, 0) as x from in_range where visitor_id is not null) v
      group by day, idx
    ),
    sketches as (
      select day, decode(string_agg(lpad(to_hex(idx * 256 + rho), 6, '0'), '' order by idx), 'hex') as sketch
      from registers group by day
    ),
    days as (
      select day, coalesce(h.page_views, 0) as page_views, coalesce(h.visits, 0) as visits,
        coalesce(h.product_visits, 0) as product_visits, coalesce(e.added_visits, 0) as added_visits,
        coalesce(e.checkout_visits, 0) as checkout_visits, coalesce(e.purchases, 0) as purchases, s.sketch
      from hit_days h full join event_days e using (day) left join sketches s using (day)
    ),
    vitals as (
      select distinct on (payload->>'pageLoadId', payload->'data'->>'metricId')
        (created_at at time zone ${r.tz})::date as day, payload->'data'->>'name' as metric, left(coalesce(payload->>'page', ''), 512) as page,
        (payload->'data'->>'value')::numeric as value
      from tracking_events
      where website_id = ${r.websiteId} and kind = 'performance' and name = 'web_vital'
        and created_at >= ${start} and created_at < ${end}
        and payload->'data'->>'name' in (${sql.join(
          VITALS.map((v) => sql`${v}`),
          sql`, `,
        )})
      order by payload->>'pageLoadId', payload->'data'->>'metricId', created_at desc, id desc
    ),
    counts as (
      select day, 'page' as dimension, path as key, 0::numeric as bucket, count(*)::int as n from in_range group by day, path
      union all
      select day, 'referrer', referrer, 0, count(*)::int from in_range where starts group by day, referrer
      union all
      select day, 'visitor', case first_session when 'true' then 'new' else 'returning' end, 0, count(*)::int
      from in_range where starts and first_session in ('true', 'false') group by 1, 3
      union all
      select day, metric, page, bucket, count(*)::int from (
        select day, metric, page, trim_scale(power(10::numeric, e) * case when m <= 2 then ceil(m * 5) / 5 when m <= 5 then ceil(m * 2) / 2 else ceil(m) end) as bucket
        -- The decade comes from a float logarithm: numeric log costs ~50 µs a row. Should it land one
        -- decade low at an exact power of ten, the value still rounds up to a grid value at or above it.
        from (select day, metric, page, v / power(10::numeric, e) as m, e from (
          select day, metric, page, v, floor(log(v::float8))::int as e from (select day, metric, page, greatest(value, ${FLOOR}) as v from vitals) f
        ) d) g
      ) b group by day, metric, page, bucket
    )`;
}
