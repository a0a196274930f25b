import {
  documentReferences,
  messages,
  PHOTO_FEED_LIMITS,
  type Block,
  type PageDocument,
  type PhotoFeedItem,
  type PhotoFeedStatus,
} from '@site/page-content';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { pages, photoFeeds, siteComponents } from '../db/schema';
import { ApiError } from '../http';
import type { UrlPolicy } from '../webhooks/url-policy';
import { fetchPhotoFeed, DEFAULT_FETCH_LIMITS, type FetchLimits } from './fetch-feed';

type Queryable = Pick<Database, 'select' | 'insert' | 'delete' | 'update' | 'execute'>;

/** The feed addresses (`photoFeedKey`) a document's galleries show. */
export function documentPhotoFeeds(document: PageDocument | null | undefined): string[] {
  return document ? documentReferences(document).photoFeeds : [];
}

/** Every feed the site's pages (draft and published) and website components name. */
async function feedsInUse(db: Queryable, websiteId: string): Promise<Set<string>> {
  const used = new Set<string>();
  const rows = await db
    .select({ draft: pages.draftDocument, published: pages.publishedDocument })
    .from(pages)
    .where(eq(pages.websiteId, websiteId));
  for (const row of rows)
    for (const url of [...documentPhotoFeeds(row.draft), ...documentPhotoFeeds(row.published)]) used.add(url);
  const components = await db
    .select({ blocks: siteComponents.blocks })
    .from(siteComponents)
    .where(eq(siteComponents.websiteId, websiteId));
  for (const { blocks } of components)
    for (const url of documentPhotoFeeds({
      sections: [{ id: 'c', background: 'default', width: 'wide', blocks: blocks as Block[] }],
    }))
      used.add(url);
  return used;
}

/**
 * Gives each feed `urls` names a row of the site's feeds (inside the saving transaction) and
 * answers the ones that are new, for the caller to fetch once the save has committed. The site's
 * 21st distinct feed is refused with the catalogue's message; feeds no page or component names
 * any more are let go first, so a feed the owner removed does not count.
 */
export async function registerPhotoFeeds(
  db: Queryable,
  websiteId: string,
  urls: readonly string[],
): Promise<string[]> {
  const wanted = [...new Set(urls)].filter(Boolean);
  if (wanted.length === 0) return [];
  const known = new Set(
    (
      await db.select({ url: photoFeeds.url }).from(photoFeeds).where(eq(photoFeeds.websiteId, websiteId))
    ).map((r) => r.url),
  );
  const added = wanted.filter((url) => !known.has(url));
  if (added.length === 0) return [];
  const max = PHOTO_FEED_LIMITS.maxFeedsPerSite;
  if (known.size + added.length > max) {
    const used = await feedsInUse(db, websiteId);
    const gone = [...known].filter((url) => !used.has(url) && !wanted.includes(url));
    if (gone.length)
      await db
        .delete(photoFeeds)
        .where(and(eq(photoFeeds.websiteId, websiteId), inArray(photoFeeds.url, gone)));
    if (known.size - gone.length + added.length > max)
      throw new ApiError(400, 'PHOTO_FEEDS_FULL', messages.photoFeedsFull(max), [
        { path: ['document'], message: messages.photoFeedsFull(max) },
      ]);
  }
  await db
    .insert(photoFeeds)
    .values(added.map((url) => ({ websiteId, url })))
    .onConflictDoNothing();
  return added;
}

type FeedRow = typeof photoFeeds.$inferSelect;

function toStatus(row: FeedRow): PhotoFeedStatus {
  return {
    url: row.url,
    items: row.items,
    fetchedAt: row.fetchedAt?.toISOString() ?? null,
    lastError: row.lastError,
    lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
  };
}

/** What the site holds of a feed; undefined when no gallery of the site has named it. */
export async function photoFeedStatus(
  db: Database,
  websiteId: string,
  url: string,
): Promise<PhotoFeedStatus | undefined> {
  const [row] = await db
    .select()
    .from(photoFeeds)
    .where(and(eq(photoFeeds.websiteId, websiteId), eq(photoFeeds.url, url)));
  return row && toStatus(row);
}

export interface RefreshOptions {
  policy: UrlPolicy;
  limits?: FetchLimits;
  now?: () => Date;
}

/**
 * Fetches one feed of the site and records the outcome: the new items and the time, or the
 * failure in the owner's words while the last good items stay. Items that did not change leave
 * the pages' cache alone (the trigger compares them). Undefined when the site has no such feed.
 */
export async function refreshPhotoFeed(
  db: Database,
  websiteId: string,
  url: string,
  options: RefreshOptions,
): Promise<PhotoFeedStatus | undefined> {
  const result = await fetchPhotoFeed(url, options.policy, options.limits ?? DEFAULT_FETCH_LIMITS);
  const at = options.now?.() ?? new Date();
  const [row] = await db
    .update(photoFeeds)
    .set(
      result.ok
        ? { items: result.items, fetchedAt: at, lastError: null, lastErrorAt: null, triedAt: at }
        : { lastError: result.error, lastErrorAt: at, triedAt: at },
    )
    .where(and(eq(photoFeeds.websiteId, websiteId), eq(photoFeeds.url, url)))
    .returning();
  return row && toStatus(row);
}

/**
 * The periodic fetch: every feed last tried more than `refreshMinutes` ago (never tried first),
 * `batchSize` at a time, a few at once. Answers how many were tried.
 */
export async function refreshDuePhotoFeeds(
  db: Database,
  options: RefreshOptions & { batchSize?: number; concurrency?: number },
): Promise<number> {
  const now = options.now?.() ?? new Date();
  const due = new Date(now.getTime() - PHOTO_FEED_LIMITS.refreshMinutes * 60_000);
  const rows = await db
    .select({ websiteId: photoFeeds.websiteId, url: photoFeeds.url })
    .from(photoFeeds)
    .where(or(isNull(photoFeeds.triedAt), lt(photoFeeds.triedAt, due)))
    .orderBy(sql`${photoFeeds.triedAt} asc nulls first`, asc(photoFeeds.websiteId))
    .limit(options.batchSize ?? 200);
  const queue = [...rows];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift())
      await refreshPhotoFeed(db, next.websiteId, next.url, options);
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, rows.length) }, worker));
  return rows.length;
}

/** The last good pictures of the feeds a page's galleries name, for rendering. */
export async function loadPhotoFeedItems(
  db: Database,
  websiteId: string,
  urls: readonly string[],
): Promise<Map<string, PhotoFeedItem[]>> {
  if (urls.length === 0) return new Map();
  const rows = await db
    .select({ url: photoFeeds.url, items: photoFeeds.items })
    .from(photoFeeds)
    .where(and(eq(photoFeeds.websiteId, websiteId), inArray(photoFeeds.url, [...urls])));
  return new Map(rows.map((r) => [r.url, r.items]));
}
