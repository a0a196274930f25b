import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { pages, websites } from './site';

/**
 * An item of an events, gallery, album or video collection (a page whose collectionType says
 * which). `data` holds what the type adds, checked by @site/page-content's schemas: an event's
 * dates and address, a picture's file, a track's audio, a video's address.
 */
export const collectionItems = pgTable(
  'collection_items',
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
    /** Plain text; blank lines separate paragraphs. Escaped when rendered. */
    body: text('body').notNull().default(''),
    status: text('status').$type<'draft' | 'published'>().notNull().default('published'),
    position: integer('position').notNull().default(0),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** Events: kept in columns too, so lists sort and split by date in SQL. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collection_items_url').on(t.collectionId, t.urlId),
    index('collection_items_list').on(t.collectionId, t.position),
    index('collection_items_site').on(t.websiteId),
    // The editor's events, latest start first, keyset-paged (migration 0065).
    index('collection_items_starts').on(t.collectionId, t.startsAt, t.id),
    // Its search for a part of a title (`ILIKE '%…%'`).
    index('collection_items_title_trgm').using('gin', t.title.op('gin_trgm_ops')),
  ],
);
