import {
  bigint,
  customType,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { websites } from './site';

const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * 'day' rows, and 'week' (Monday to Sunday) and 'month' rows summed from them, are closed and never change; 'live' rows are the
 * days still open (today, and yesterday for a few minutes after midnight), recomputed from the
 * events at most once a minute and replaced whole (live.ts).
 */
export type AnalyticsPeriod = 'day' | 'week' | 'month' | 'live';

/**
 * Analytics rolled up per site, time zone and period, so a year-long dashboard reads a few
 * hundred rows instead of millions of tracking events. A row exists for every rolled day, even one
 * without traffic: its presence means "done".
 */
export const analyticsPeriods = pgTable(
  'analytics_periods',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** IANA zone the day boundaries were drawn in. */
    tz: text('tz').notNull(),
    period: text('period').$type<AnalyticsPeriod>().notNull(),
    start: date('start').notNull(),
    pageViews: integer('page_views').notNull(),
    visits: integer('visits').notNull(),
    /** Funnel (source.ts): visits that viewed a product… */
    productVisits: integer('product_visits').notNull(),
    /** …sessions that added to the cart, sessions that opened the checkout, orders purchased. */
    addedVisits: integer('added_visits').notNull(),
    checkoutVisits: integer('checkout_visits').notNull(),
    purchases: integer('purchases').notNull(),
    /** HyperLogLog registers of the period's visitors (sparse: 3 bytes per register); null without visitors. */
    visitorSketch: bytea('visitor_sketch'),
    /** When a live row was computed: its events end there. Null on closed rows. */
    computedAt: timestamp('computed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.tz, t.period, t.start] })],
);

/**
 * Counts by dimension within a period: 'page' (page views by path), 'referrer' (visits by
 * referring host) and one dimension per web vital (samples by path and value bucket).
 */
export const analyticsCounts = pgTable(
  'analytics_counts',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    tz: text('tz').notNull(),
    period: text('period').$type<AnalyticsPeriod>().notNull(),
    start: date('start').notNull(),
    dimension: text('dimension').notNull(),
    key: text('key').notNull(),
    /** A web vital's value rounded up to its bucket (source.ts); 0 for other dimensions. */
    bucket: numeric('bucket').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.tz, t.period, t.start, t.dimension, t.key, t.bucket] })],
);

/**
 * The keys of the 'page' and 'referrer' dimensions of a site, numbered densely per site and
 * dimension (1, 2, 3 … in the order they were first packed), so a period's counts pack into a
 * few bytes a key (analytics_packed) and a range's counts add up in an array indexed by number.
 */
export const analyticsKeys = pgTable(
  'analytics_keys',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    dimension: text('dimension').notNull(),
    key: text('key').notNull(),
    id: integer('id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.dimension, t.key] }),
    uniqueIndex('analytics_keys_id').on(t.websiteId, t.dimension, t.id),
  ],
);

/**
 * A period's 'page' and 'referrer' counts of analytics_counts in one row (pack.ts): the pairs
 * (key number, n) in key-number order, each number as its difference from the previous one, both
 * as LEB128 varints. A 30-day report adds up a few such rows instead of one row per page per
 * period. A row exists for every packed period, even an empty one: its presence means "done".
 */
export const analyticsPacked = pgTable(
  'analytics_packed',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    tz: text('tz').notNull(),
    period: text('period').$type<AnalyticsPeriod>().notNull(),
    start: date('start').notNull(),
    pages: bytea('pages').notNull(),
    referrers: bytea('referrers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.tz, t.period, t.start] })],
);

/**
 * Sales per site and UTC hour, kept by a deferred row trigger on orders (migration 0069): orders
 * not cancelled and their grand total minus refunds, by the hour they were placed in. A report
 * sums the whole hours of its range and reads the orders of its partial first and last hour, so
 * later refunds and cancellations show and any zone's day boundaries are exact.
 */
export const orderSalesHours = pgTable(
  'order_sales_hours',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    orders: integer('orders').notNull(),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.hour] })],
);
