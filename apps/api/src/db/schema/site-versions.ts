import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * What visitors see of a site, as two counters bumped by triggers in the same transaction as the
 * change (migration 0008): `content` for pages, navigation, header and footer, templates,
 * settings, forms and files; `catalog` for what a store list shows and in which order (products
 * added, removed, hidden, moved, renamed, retagged; categories). A cached page is served only
 * while the counters it was rendered under are still current.
 *
 * No foreign key: deleting a website cascades into rows whose triggers bump this one.
 */
export const siteVersions = pgTable('site_versions', {
  websiteId: text('website_id').primaryKey(),
  content: bigint('content', { mode: 'number' }).notNull().default(0),
  catalog: bigint('catalog', { mode: 'number' }).notNull().default(0),
  /** Blog posts as visitors find them: search results follow it (migration 0051). */
  posts: bigint('posts', { mode: 'number' }).notNull().default(0),
});

/**
 * One product as visitors see it (its fields, variants, prices, stock, reviews), bumped by
 * triggers (migration 0045) instead of the site's `catalog`: a sale or a price change drops only
 * the cached pages that show that product, and checkouts of different products do not queue on
 * the site's one row. No foreign key, like `site_versions`: a deleted product's bump must land.
 */
export const productVersions = pgTable(
  'product_versions',
  {
    productId: text('product_id').primaryKey(),
    websiteId: text('website_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  // Removing a site removes its rows (purge-sites).
  (t) => [index('product_versions_site').on(t.websiteId)],
);
