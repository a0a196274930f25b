import type { ContentStatus, FolderBehavior, PageDocument, PageKind } from '@site/page-content';
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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

export interface PreviousTheme {
  theme: string;
  templates: { name: string; source: string; themeMd5: string | null }[];
}

export const websites = pgTable('websites', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  /** The site's name in its default address `<slug>.<BASE_DOMAIN>`; the demo site has none. */
  slug: text('slug').unique(),
  timeZone: text('time_zone').notNull().default('America/New_York'),
  locale: text('locale').notNull().default('en-US'),
  /** Store currency, ISO 4217 (one of the 27 the store supports). */
  currency: text('currency').notNull().default('USD'),
  /** Store settings and website-level fields copied into every page context. */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  /** The theme the site's templates came from (src/site/themes.ts); theme updates follow it. */
  theme: text('theme').notNull().default('fieldnotes'),
  /**
   * What "Undo" of the last theme change puts back: the theme before it and the site's own
   * templates then (its edits included); null once undone or before any change.
   */
  previousTheme: jsonb('previous_theme').$type<PreviousTheme>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Removed by its owner: no host serves it, its rows stay restorable until 30 days after this. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/**
 * Every host name a site answers on (lower case, no port): its default `<slug>.<BASE_DOMAIN>` and
 * its custom domains. The Host header of each request is looked up here (src/sites/).
 */
export const siteDomains = pgTable(
  'site_domains',
  {
    host: text('host').notNull(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'default' | 'custom'>().notNull(),
    /** Custom domains: the value the owner publishes in the `_site-verify.<host>` TXT record. */
    verificationToken: text('verification_token'),
    /**
     * When the TXT record was found; only verified hosts route. Defaults to the insert's time so
     * default domains (and the hosts routed before verification existed) count as verified; adding
     * a custom domain sets it to null explicitly.
     */
    verifiedAt: timestamp('verified_at', { withTimezone: true }).defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Several sites may claim a host while none has verified it, so an unverified claim never
  // blocks the owner who can publish the TXT record; once one verifies, that host is its alone
  // (the partial unique index: first to verify wins).
  (t) => [
    primaryKey({ columns: [t.host, t.websiteId] }),
    uniqueIndex('site_domains_verified_host')
      .on(t.host)
      .where(sql`${t.verifiedAt} is not null`),
    index('site_domains_site').on(t.websiteId),
  ],
);

/** Named template sources: page templates, the site layout and partials. */
export const templates = pgTable(
  'templates',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    source: text('source').notNull(),
    /**
     * MD5 of the theme's source this copy came from. While the source still has this hash the
     * owner has not changed it, and a newer theme replaces it (theme.ts); null on copies made before
     * it was recorded that differ from the theme.
     */
    themeMd5: text('theme_md5'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('templates_site_name').on(t.websiteId, t.name)],
);

/** A page or collection at a URL path (`/`, `/shop`); page type codes are the spec's. */
export const pages = pgTable(
  'pages',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    title: text('title').notNull(),
    pageType: integer('page_type').notNull(),
    /** 'page' or 'products'; a products collection owns the items under `<path>/p/<slug>`. */
    collectionType: text('collection_type').notNull().default('page'),
    templateName: text('template_name').notNull(),
    /** The itemTemplate used for items of this collection (product detail pages). */
    itemTemplateName: text('item_template_name'),
    /** Extra context merged into the rendered JSON (page-specific content). */
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    /** Where the page sat in the menu before site_navigation existed; read only when a site has no navigation row. */
    navigationIndex: integer('navigation_index'),
    enabled: boolean('enabled').notNull().default(true),
    kind: text('kind').$type<PageKind>().notNull().default('page'),
    /** The folder a page belongs to (its URL starts with the folder's). */
    parentId: text('parent_id').references((): AnyPgColumn => pages.id, { onDelete: 'set null' }),
    status: text('status').$type<ContentStatus>().notNull().default('published'),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    folderBehavior: text('folder_behavior').$type<FolderBehavior>(),
    description: text('description').notNull().default(''),
    /** The owner's search-engine settings (pageSeoSchema): their own title, social image, noindex. */
    seo: jsonb('seo').$type<Record<string, unknown>>().notNull().default({}),
    /** What the editor works on; visitors never see it until it is published. */
    draftDocument: jsonb('draft_document').$type<PageDocument>(),
    /** What visitors see; a page without one renders its template alone. */
    publishedDocument: jsonb('published_document').$type<PageDocument>(),
    /** Bumped by every editor write; a write naming an older version is refused. */
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('pages_site_path').on(t.websiteId, t.path), index('pages_site').on(t.websiteId)],
);
