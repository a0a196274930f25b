import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { websites } from './site';

/**
 * An owner's export of their site, made by a job (src/sites/site-export.ts): its progress while
 * it runs, then the archive's storage key until it is downloaded or replaced by the next export.
 */
export const siteExports = pgTable(
  'site_exports',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    status: text('status').$type<'running' | 'ready' | 'failed'>().notNull(),
    /** 0–100: the share of the site's tables and files read so far. */
    progress: integer('progress').notNull().default(0),
    storageKey: text('storage_key'),
    size: integer('size'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('site_exports_site_created').on(t.websiteId, t.createdAt)],
);

/**
 * An owner's product CSV import, run by a job (src/store-admin/product-import.ts): the file, how
 * far the job is, and each refused product's row and reason, kept for the editor to show.
 */
export const productImports = pgTable(
  'product_imports',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    collectionId: text('collection_id').notNull(),
    /** Who uploaded it: the products are saved in their name (activity log). */
    memberId: text('member_id').notNull(),
    memberEmail: text('member_email').notNull(),
    status: text('status').$type<'running' | 'done' | 'failed'>().notNull(),
    source: text('source').notNull(),
    total: integer('total').notNull().default(0),
    /** Products handled so far, in file order: a job retried after a crash starts after them. */
    processed: integer('processed').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    errors: jsonb('errors').$type<{ row: number; message: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('product_imports_site_created').on(t.websiteId, t.createdAt)],
);

/**
 * An owner's orders export, made by a job (src/store-admin/order-export.ts): the list's filters,
 * how far the job is, then the CSV's storage key until the next export replaces it.
 */
export const orderExports = pgTable(
  'order_exports',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    filters: jsonb('filters').$type<Record<string, string>>().notNull().default({}),
    status: text('status').$type<'running' | 'ready' | 'failed'>().notNull(),
    /** Orders matching the filters when the job started, and how many it has written. */
    total: integer('total').notNull().default(0),
    written: integer('written').notNull().default(0),
    storageKey: text('storage_key'),
    size: integer('size'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('order_exports_site_created').on(t.websiteId, t.createdAt)],
);
