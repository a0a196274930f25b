import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * What visitors see of a site, as two counters bumped by triggers in the same transaction as the
 * change (migration 0008): `content` for pages, navigation, header and footer, templates,
 * settings, forms and files; `catalog` for products, variants and categories. A cached page is
 * served only while the counters it was rendered under are still current.
 *
 * No foreign key: deleting a website cascades into rows whose triggers bump this one.
 */
export const siteVersions = pgTable('site_versions', {
  websiteId: text('website_id').primaryKey(),
  content: bigint('content', { mode: 'number' }).notNull().default(0),
  catalog: bigint('catalog', { mode: 'number' }).notNull().default(0),
});
