import type { DiscountEffect, DiscountMinimum, DiscountScope } from '@site/commerce-core';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './commerce';
import { websites } from './site';

/** A store's discount: a code, or automatic when `code` is null (commerce-core discount/). */
export const discounts = pgTable(
  'discounts',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code'),
    effect: jsonb('effect').$type<DiscountEffect>().notNull(),
    scope: jsonb('scope').$type<DiscountScope>().notNull(),
    minimum: jsonb('minimum').$type<DiscountMinimum>().notNull(),
    /** Days in the site's time zone, YYYY-MM-DD, both included. */
    startsOn: text('starts_on'),
    endsOn: text('ends_on'),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    combinable: boolean('combinable').notNull().default(false),
    /**
     * Orders placed with it. Raised only by the order transaction's conditional UPDATE
     * (`used_count < usage_limit`), so concurrent checkouts can never pass the limit.
     */
    usedCount: integer('used_count').notNull().default(0),
    /** Archived: no longer applies, but stays listed with its orders and revenue. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('discounts_site').on(t.websiteId),
    // The editor's list in its order (live ones first, then archived, each oldest first), paged
    // from its cursor along this index.
    index('discounts_site_list').on(t.websiteId, sql`(${t.archivedAt} is not null)`, t.createdAt, t.id),
    // A code names one discount per site whatever its case, archived ones included, so an
    // order's history never becomes ambiguous.
    uniqueIndex('discounts_site_code')
      .on(t.websiteId, sql`lower(${t.code})`)
      .where(sql`${t.code} is not null`),
    // The live automatic discounts every cart is priced with (src/commerce/discounts.ts), without
    // walking the store's codes (migration 0077).
    index('discounts_site_automatic')
      .on(t.websiteId, t.createdAt, t.id)
      .where(sql`${t.code} is null and ${t.archivedAt} is null`),
  ],
);

/** One discount used by one order: the per-customer limit and the list's revenue read these. */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    discountId: text('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Lower-cased, so a customer is the same whatever the case they type. */
    email: text('email').notNull(),
    memberId: text('member_id'),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_redemptions_order').on(t.discountId, t.orderId),
    index('discount_redemptions_email').on(t.discountId, t.email),
    index('discount_redemptions_order_id').on(t.orderId),
  ],
);
