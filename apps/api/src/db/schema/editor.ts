import type { Block, NavigationItem, PageDocument, SiteFooter, SiteHeader } from '@site/page-content';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { siteMembers } from './site-users';
import { pages, websites } from './site';

/** A saved state of a page's content: autosaved drafts, publications and restores. */
export const pageRevisions = pgTable(
  'page_revisions',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    pageId: text('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'draft' | 'published' | 'restored'>().notNull(),
    /** The page's version right after this revision was written. */
    version: integer('version').notNull(),
    document: jsonb('document').$type<PageDocument>().notNull(),
    authorId: text('author_id').references(() => siteMembers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_revisions_page').on(t.pageId, t.createdAt)],
);

/**
 * Old URL → new URL: written when a page's path changes, so links keep working (301), and kept by
 * the owner on the Redirects screen (exact or `/*` addresses, 301 or 302; see @site/page-content).
 */
export const redirects = pgTable(
  'redirects',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    fromPath: text('from_path').notNull(),
    toPath: text('to_path').notNull(),
    status: integer('status').$type<301 | 302>().notNull().default(301),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.fromPath] })],
);

/** One navigation area of the site layout (mainNav, secondaryNav) as the UpdateNavigation items tree. */
export const siteNavigation = pgTable(
  'site_navigation',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    fieldName: text('field_name').notNull(),
    items: jsonb('items').$type<NavigationItem[]>().notNull().default([]),
    version: integer('version').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.fieldName] })],
);

export const siteHeaderFooter = pgTable('site_header_footer', {
  websiteId: text('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  header: jsonb('header').$type<SiteHeader>().notNull(),
  footer: jsonb('footer').$type<SiteFooter>().notNull(),
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A website component (block type 1337): blocks an owner saved once to place on many pages. Pages
 * hold only its id, so a change here shows on every page that places it (its trigger bumps the
 * site's content counter, which drops the cached pages).
 */
export const siteComponents = pgTable(
  'site_components',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    blocks: jsonb('blocks').$type<Block[]>().notNull(),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('site_components_site').on(t.websiteId, t.name)],
);
