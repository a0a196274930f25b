import { index, integer, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { pages, websites } from './site';

/** A store's categories: one ROOT per store collection, the others nested under it. */
export const categories = pgTable(
  'categories',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    collectionId: text('collection_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    parentCategoryId: text('parent_category_id').references((): AnyPgColumn => categories.id, {
      onDelete: 'cascade',
    }),
    displayName: text('display_name').notNull(),
    /** 'ROOT' or 'CATEGORY'. */
    type: text('type').notNull(),
    /** 'LIST_VIEW' for a root category (platform.md §3). */
    pageRendering: text('page_rendering').notNull(),
    displayIndex: integer('display_index').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('categories_collection').on(t.collectionId),
    // One root per store, settled by the database when two creates race.
    uniqueIndex('categories_one_root')
      .on(t.collectionId)
      .where(sql`${t.type} = 'ROOT'`),
  ],
);
