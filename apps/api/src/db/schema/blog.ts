import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CommentStatus, FeaturedImage, PostStatus } from '@site/page-content';
import { pages, websites } from './site';
import { tsvector } from './search-vector';

/** A blog post: an item of a page whose collectionType is 'blog', at `<blog path>/<urlId>`. */
export const blogPosts = pgTable(
  'blog_posts',
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
    /**
     * Rich text (sanitised HTML) from the editor; older posts hold plain text, where blank lines
     * separate paragraphs and everything is escaped when rendered.
     */
    body: text('body').notNull().default(''),
    excerpt: text('excerpt').notNull().default(''),
    author: text('author').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    status: text('status').$type<PostStatus>().notNull().default('draft'),
    publishOn: timestamp('publish_on', { withTimezone: true }),
    /** platform.md §3: 1 opens comments; 0 closes them (approved ones still show). */
    commentState: integer('comment_state').notNull().default(1),
    likeCount: integer('like_count').notNull().default(0),
    featuredImage: jsonb('featured_image').$type<FeaturedImage>(),
    /** Search result and social card settings (@site/page-content itemSeoSchema), read with readItemSeo. */
    seo: jsonb('seo').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Site search's words of the post: its title, then excerpt, text without markup, author and tags. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, excerpt || ' ' || regexp_replace(body, '<[^>]*>', ' ', 'g') || ' ' || author || ' ' || (tags #>> '{}')), 'B')`,
    ),
  },
  (t) => [
    index('blog_posts_search').using('gin', t.searchVector),
    // The site search's titles fallback (a prefix, a typo) finds posts by trigram (src/pages/search.ts),
    // and the editor's posts list a part of a title (`ILIKE '%…%'`).
    index('blog_posts_title_trgm').using('gin', t.title.op('gin_trgm_ops')),
    uniqueIndex('blog_posts_collection_url').on(t.collectionId, t.urlId),
    index('blog_posts_site').on(t.websiteId),
    // When the site's next scheduled post goes live, read by every search and blog page for its
    // cache's end (src/pages/content-routes.ts) without reading each of the site's posts (migration 0080).
    index('blog_posts_scheduled')
      .on(t.websiteId, t.publishOn)
      .where(sql`${t.status} = 'scheduled'`),
    // The editor's list of a blog's posts, last edited first, keyset-paged (migration 0065).
    index('blog_posts_editor_list').on(t.collectionId, t.updatedAt, t.id),
  ],
);

export const blogComments = pgTable(
  'blog_comments',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<CommentStatus>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('blog_comments_post').on(t.postId, t.status),
    // The editor's moderation list of one status, newest first (a backward scan: `desc()` here would
    // be DESC NULLS LAST, not the order's DESC NULLS FIRST), keyset-paged; its tabs' counts read the
    // same index (migration 0075).
    index('blog_comments_site_status_created').on(t.websiteId, t.status, t.createdAt, t.id),
  ],
);

/**
 * Each site's comments by status, for the moderation tabs' counts: kept by a row trigger on
 * blog_comments in the writing transaction (migration 0076) instead of counting every comment of
 * the site on each load. Named to fire after the comments' site_version trigger, so every writer
 * takes the two rows in one order.
 */
export const blogCommentCounts = pgTable(
  'blog_comment_counts',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    status: text('status').$type<CommentStatus>().notNull(),
    comments: integer('comments').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.status] })],
);

/**
 * The tags and categories the manager knows, so one exists before any post carries it. Posts keep
 * their names in `tags` / `categories`; the manager's rename, merge and remove rewrite both.
 */
export const blogTags = pgTable(
  'blog_tags',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    type: text('type').$type<'tag' | 'category'>().notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('blog_tags_name').on(t.websiteId, t.type, sql`lower(${t.name})`)],
);

/** The products' known tags and categories, as `blog_tags` is for posts. */
export const productTags = pgTable(
  'product_tags',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    type: text('type').$type<'tag' | 'category'>().notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('product_tags_name').on(t.websiteId, t.type, sql`lower(${t.name})`)],
);

/**
 * How many posts or products carry each tag and category name (exactly as written), kept by row
 * triggers on `blog_posts` and `products` in the writing transaction (migration 0065), so the
 * tag manager and the pickers list the names with their counts without reading every item.
 * A name no item carries any more keeps its row at 0, which the lists skip.
 */
export const tagCounts = pgTable(
  'tag_counts',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    collection: text('collection').$type<'blog' | 'products'>().notNull(),
    type: text('type').$type<'tag' | 'category'>().notNull(),
    name: text('name').notNull(),
    items: integer('items').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.collection, t.type, t.name] })],
);
