import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { pages, websites } from './site';

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
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('products_collection_url').on(t.collectionId, t.urlId), index('products_site').on(t.websiteId)],
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
  (t) => [uniqueIndex('variants_product_sku').on(t.productId, t.sku), index('variants_product').on(t.productId)],
);
