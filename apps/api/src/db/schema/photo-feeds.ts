import type { PhotoFeedItem } from '@site/page-content';
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { websites } from './site';

/**
 * The photo feeds a site's galleries show (src/photo-feeds): per feed address the pictures of
 * its last good fetch, when that was, and the last failure in the owner's words. A failed fetch
 * keeps the items, so visitors go on seeing the last good pictures. A change of `items` bumps
 * the site's `content` counter (migration 0068), so cached pages showing the feed are rendered
 * again; a fetch that changes nothing (or only fails) does not.
 */
export const photoFeeds = pgTable(
  'photo_feeds',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** The feed's address as `photoFeedKey` spells it. */
    url: text('url').notNull(),
    items: jsonb('items').$type<PhotoFeedItem[]>().notNull().default([]),
    /** The last good fetch; null before the first. */
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    /** The last try, good or not: the periodic job takes the feeds tried longest ago first. */
    triedAt: timestamp('tried_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.url] }), index('photo_feeds_tried').on(t.triedAt)],
);
