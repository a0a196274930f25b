import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
