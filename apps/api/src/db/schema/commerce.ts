import type { TaxLine } from '@site/commerce-core';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { pages, websites } from './site';
import { tsvector } from './search-vector';

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    collectionId: text('collection_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    urlId: text('url_id').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    body: text('body').notNull().default(''),
    /** 1 physical, 2 digital, 3 service, 4 gift card, 5 paywall. */
    productType: integer('product_type').notNull(),
    imageUrl: text('image_url'),
    /** variantOptionOrdering, isSubscribable, subscriptionPlan, custom button text, form ids… */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** Set by the tag manager and the product tags call, never by the product form's save. */
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    /** A disabled product is hidden from visitors but kept in the editor. */
    enabled: boolean('enabled').notNull().default(true),
    /** Bumped by every editor save; a save naming an older version is refused. */
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The sitemap's lastmod: every update made through drizzle (a save, its SEO, enabling, tags) sets it. */
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    /** Search result and social card settings (@site/page-content itemSeoSchema), read with readItemSeo. */
    seo: jsonb('seo').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The product's SKUs, one per line, kept by triggers on variants (0078): the editor's search
     * for a part of a SKU reads one trigram index of products instead of looking up every
     * matching variant's product by its key. SKUs hold no whitespace, so no match spans two.
     */
    skus: text('skus').notNull().default(''),
    /** Site search's words of the product: its title, then its excerpt and description without markup. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, regexp_replace(excerpt || ' ' || body, '<[^>]*>', ' ', 'g')), 'B')`,
    ),
  },
  (t) => [
    index('products_search').using('gin', t.searchVector),
    uniqueIndex('products_collection_url').on(t.collectionId, t.urlId),
    index('products_site').on(t.websiteId),
    // A store's list page: its visible products in order, a page read as a range of one collection.
    index('products_collection_position').on(t.collectionId, t.position, t.id),
    // The editor's product list: one index per sort order, so a page is a range read of one site.
    index('products_site_position').on(t.websiteId, t.position, t.id),
    index('products_site_title').on(t.websiteId, t.title, t.id),
    index('products_site_created').on(t.websiteId, t.createdAt, t.id),
    // The editor's search for a part of a title (ILIKE '%…%'), answered from trigrams.
    index('products_title_trgm').using('gin', t.title.op('gin_trgm_ops')),
    index('products_skus_trgm').using('gin', t.skus.op('gin_trgm_ops')),
  ],
);

export const variants = pgTable(
  'variants',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    /** Prices in minor units of the store currency: integers, never floats. */
    priceCents: integer('price_cents').notNull(),
    salePriceCents: integer('sale_price_cents').notNull().default(0),
    onSale: boolean('on_sale').notNull().default(false),
    qtyInStock: integer('qty_in_stock').notNull().default(0),
    unlimited: boolean('unlimited').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('variants_product_sku').on(t.productId, t.sku),
    index('variants_product').on(t.productId),
    // The product save's "SKU already used on this site" check and the inventory import's lookup.
    index('variants_sku_lower').on(sql`lower(${t.sku})`),
    // The editor's search for a part of a SKU.
    index('variants_sku_trgm').using('gin', t.sku.op('gin_trgm_ops')),
  ],
);

/** A visitor's cart, found by the token in the visitor's cart cookie. */
export const carts = pgTable(
  'carts',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    isPurchased: boolean('is_purchased').notNull().default(false),
    /**
     * 'standard' is the visitor's cart; 'subscription' and 'gift-card' hold one subscribed item or
     * one gift card with its recipient, reached by their token; 'member-area' one paid member
     * area's one-time price (a monthly or yearly one is a 'subscription').
     */
    kind: text('kind').notNull().default('standard'),
    orderId: text('order_id'),
    email: text('email'),
    shippingLocation: jsonb('shipping_location').$type<Record<string, string>>(),
    selectedShippingOption: text('selected_shipping_option'),
    couponCodes: jsonb('coupon_codes').$type<string[]>().notNull().default([]),
    /** The shop address the shopper typed their email on: the recovery email's links start with it. */
    recoveryOrigin: text('recovery_origin'),
    /** The recovery email was sent, or the cart was found not to need one: never looked at again. */
    recoverySettledAt: timestamp('recovery_settled_at', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_token').on(t.token),
    // The recovery job's scan: carts with an email, not bought, not yet settled, oldest first.
    index('carts_recovery_due')
      .on(t.updatedAt)
      .where(sql`${t.email} is not null and ${t.isPurchased} = false and ${t.recoverySettledAt} is null`),
  ],
);

/** Shoppers who asked for no more cart reminders from a site (the link in the recovery email). */
export const cartReminderOptouts = pgTable(
  'cart_reminder_optouts',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.email] })],
);

export const cartEntries = pgTable(
  'cart_entries',
  {
    id: text('id').primaryKey(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: text('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Answers of the product's additional-fields form, as submitted. */
    additionalFields: jsonb('additional_fields').$type<Record<string, unknown>>(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cart_entries_cart').on(t.cartId)],
);

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    orderNumber: integer('order_number').generatedAlwaysAsIdentity(),
    /** One order per cart: a second checkout of the same cart fails on this key. */
    cartId: text('cart_id').notNull(),
    email: text('email').notNull(),
    shippingAddress: jsonb('shipping_address').$type<Record<string, string>>(),
    shippingOption: text('shipping_option'),
    currency: text('currency').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    /** Each rate's share of taxCents and where it applied, for the receipt and the tax report. */
    taxLines: jsonb('tax_lines').$type<TaxLine[]>().notNull().default([]),
    shippingCents: integer('shipping_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    grandTotalCents: integer('grand_total_cents').notNull(),
    paymentProvider: text('payment_provider').notNull(),
    paymentReference: text('payment_reference').notNull(),
    testMode: boolean('test_mode').notNull().default(false),
    status: text('status').notNull().default('paid'),
    /** The plan of a subscription order (billing period, cycles); null for one-off orders. */
    subscriptionPlan: jsonb('subscription_plan').$type<Record<string, unknown>>(),
    /** The member stopped the subscription: no renewal after this. */
    subscriptionCancelledAt: timestamp('subscription_cancelled_at', { withTimezone: true }),
    /** Billing cycles charged so far after the purchase (cycle 0); renewal n is cycle n. */
    subscriptionCycle: integer('subscription_cycle').notNull().default(0),
    /** When the next renewal is due; null once the plan ended or for one-off orders. */
    subscriptionNextBillingAt: timestamp('subscription_next_billing_at', { withTimezone: true }),
    /** Declined attempts of the due renewal; reset by a successful one. */
    subscriptionFailedAttempts: integer('subscription_failed_attempts').notNull().default(0),
    /** Renewals stopped after the payment method kept failing; the member was emailed. */
    subscriptionPausedAt: timestamp('subscription_paused_at', { withTimezone: true }),
    /**
     * Billing dates count from here once the member resumed a paused subscription (null: from the
     * purchase): the resume charged cycle `subscriptionAnchorCycle` at this moment.
     */
    subscriptionAnchorAt: timestamp('subscription_anchor_at', { withTimezone: true }),
    subscriptionAnchorCycle: integer('subscription_anchor_cycle').notNull().default(0),
    /** The provider's reusable token for the payment method, charged again by renewals. */
    paymentMethod: text('payment_method'),
    /** A renewal order: the subscription order it renews and its billing cycle (unique together). */
    renewalOf: text('renewal_of'),
    renewalCycle: integer('renewal_cycle'),
    /** The secret in the order-status link given to the shopper. */
    accessToken: text('access_token').notNull(),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Sum of every refund the provider confirmed, in minor units. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Paid by a gift card (part of the grand total); the payment method was charged the rest. */
    giftCardCents: integer('gift_card_cents').notNull().default(0),
    /** The processor's last word on a failed attempt of a pending order ("Your card was declined."). */
    paymentError: text('payment_error'),
    /** The shopper's bank disputed the charge (a chargeback), with the reason the processor gave. */
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    disputeReason: text('dispute_reason'),
    /** What the shopper wrote in the checkout's order notes (shown while the owner has them on). */
    orderNote: text('order_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_cart').on(t.cartId),
    // The editor's orders list (newest number first) and its cursor; also every per-site lookup.
    index('orders_site_number').on(t.websiteId, t.orderNumber),
    // Date filters, the analytics sales totals and the exports' ranges.
    index('orders_site_created').on(t.websiteId, t.createdAt),
    // The editor's search for a part of a customer's email.
    index('orders_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
    // A renewal for one period is charged at most once: the order claims this key before the charge.
    uniqueIndex('orders_renewal').on(t.renewalOf, t.renewalCycle),
    index('orders_subscription_due').on(t.subscriptionNextBillingAt),
    // The expiry job's scan: unpaid orders oldest first, a handful among every order ever placed.
    index('orders_pending')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    variantId: text('variant_id').notNull(),
    sku: text('sku').notNull(),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** Units refunded (and returned to stock) so far. */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    additionalFields: jsonb('additional_fields').$type<Record<string, unknown>>(),
  },
  (t) => [index('order_items_order').on(t.orderId)],
);

/**
 * A buyer's right to download a digital product's file: one per order line, reached by an
 * unguessable token, good for a number of downloads until it expires (commerce/downloads.ts).
 */
export const digitalDownloads = pgTable(
  'digital_downloads',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: text('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /** The file as it was when bought; a deleted file answers "no longer available". */
    fileId: text('file_id').notNull(),
    token: text('token').notNull(),
    downloadCount: integer('download_count').notNull().default(0),
    /** Null when the store allowed unlimited downloads at the purchase. */
    maxDownloads: integer('max_downloads'),
    /** Null when the store's links did not expire at the purchase. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('digital_downloads_token').on(t.token), index('digital_downloads_order').on(t.orderId)],
);

/** Back-in-stock sign-ups of visitors for a sold-out variant. */
export const restockSignups = pgTable(
  'restock_signups',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: text('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    joinMailingList: boolean('join_mailing_list').notNull().default(false),
    language: text('language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('restock_variant_email').on(t.variantId, t.email)],
);

/**
 * Shoppers' reviews of a product (storefront.md: native reviews on the product page). A review
 * waits as pending until the owner approves it; only approved ones are shown and counted.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    title: text('title').notNull().default(''),
    body: text('body').notNull(),
    name: text('name').notNull(),
    /** Lower-cased; never shown on the storefront. */
    email: text('email').notNull(),
    /** A paid order under this email held the product when the review was written. */
    verifiedBuyer: boolean('verified_buyer').notNull().default(false),
    /** pending, approved or hidden. */
    status: text('status').notNull().default('pending'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One review per buyer and product: writing again replaces the first (and sends it back to pending).
    uniqueIndex('product_reviews_product_email').on(t.productId, t.email),
    // The product page's approved list, newest first, and its average.
    index('product_reviews_product_status').on(t.productId, t.status, t.createdAt),
    // The owner's list, newest first, with its filters.
    index('product_reviews_site_created').on(t.websiteId, t.createdAt),
  ],
);

/**
 * A visitor's donation through a donation block (page types 203 and 204). Not an order: no tax,
 * shipping, stock or discount, one amount paid through the site's payment processor. The block's
 * fund is copied, so the owner's list keeps it after the block changes.
 */
export const donations = pgTable(
  'donations',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    blockId: text('block_id').notNull(),
    fund: text('fund').notNull().default(''),
    donorName: text('donor_name').notNull(),
    email: text('email').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    paymentProvider: text('payment_provider').notNull(),
    paymentReference: text('payment_reference').notNull(),
    testMode: boolean('test_mode').notNull().default(false),
    /**
     * `paid`, or `pending` while a processor that finishes in the browser (Stripe, 3-D Secure)
     * has not confirmed it; only paid donations reach the owner's list and get a receipt.
     */
    status: text('status').$type<'paid' | 'pending'>().notNull().default('paid'),
    /** Why the processor refused the last attempt at a pending donation, shown to the donor. */
    paymentError: text('payment_error'),
    /** Given back so far: refunds from the editor, and the processor's own count (a dashboard refund). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Opens the contribution confirmed page, like an order's token opens its confirmation. */
    accessToken: text('access_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The owner's list and its CSV, newest first a page at a time, read backwards from the cursor
  // (migration 0074; it replaced (website_id, created_at), which sorted ties and filtered status).
  (t) => [index('donations_site_list').on(t.websiteId, t.status, t.createdAt, t.id)],
);
