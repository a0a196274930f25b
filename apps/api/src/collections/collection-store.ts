import {
  eventAddress,
  EVENTS_LIST_PAGE_SIZE,
  galleryOptionsSchema,
  MAX_COLLECTION_ITEMS,
  RECORD_TYPE,
  SHOW_PAST_OR_UPCOMING,
  splitEvents,
  videoPlayerUrl,
  type GalleryOptions,
  type ItemListPage,
  type itemListQuerySchema,
  type ItemCollectionType,
  type ShowPastOrUpcoming,
} from '@site/page-content';
import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { collectionItems } from '../db/schema';
import {
  afterInstantId,
  containsPattern,
  decodeCursor,
  encodeCursor,
  instantIdCursor,
  instantKey,
} from '../http/cursor';
import { loadPostPage, paragraphs, toPostItem } from '../blog/blog-store';
import type { PageRow } from '../site/site-data';

export type ItemRow = typeof collectionItems.$inferSelect;

export const isItemCollection = (type: string): type is ItemCollectionType => type in RECORD_TYPE;

/** A collection's published items in the owner's order (events by start). */
export async function loadPublishedItems(db: Database, collectionIds: readonly string[]): Promise<ItemRow[]> {
  if (collectionIds.length === 0) return [];
  return db
    .select()
    .from(collectionItems)
    .where(
      and(inArray(collectionItems.collectionId, [...collectionIds]), eq(collectionItems.status, 'published')),
    )
    .orderBy(asc(collectionItems.position), asc(collectionItems.startsAt), asc(collectionItems.id));
}

export async function loadPublishedItem(
  db: Database,
  collectionId: string,
  urlId: string,
): Promise<ItemRow | undefined> {
  const [row] = await db
    .select()
    .from(collectionItems)
    .where(
      and(
        eq(collectionItems.collectionId, collectionId),
        eq(collectionItems.urlId, urlId),
        eq(collectionItems.status, 'published'),
      ),
    );
  return row;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * An item as templates read content items (platform.md §3): events carry startDate/endDate in
 * milliseconds and a location, which the engine's google-calendar-url and same-day? read.
 */
export function toTemplateItem(row: ItemRow, type: ItemCollectionType, collectionPath: string) {
  const base = {
    id: row.id,
    recordType: RECORD_TYPE[type],
    title: row.title,
    urlId: row.urlId,
    fullUrl: `${collectionPath}/${row.urlId}`,
    body: paragraphs(row.body),
    excerpt: row.body.split(/\n\s*\n/)[0]?.trim() ?? '',
  };
  const data = row.data;
  switch (type) {
    case 'events': {
      const location = (data.location ?? {}) as Record<string, string>;
      const address = eventAddress(location);
      const image = (data.image ?? null) as { src: string; alt: string } | null;
      return {
        ...base,
        ...(image && { assetUrl: image.src, mainImage: { assetUrl: image.src, altText: image.alt } }),
        startDate: row.startsAt?.getTime() ?? 0,
        endDate: row.endsAt?.getTime() ?? 0,
        location: {
          ...location,
          address: address || undefined,
          mapUrl: address
            ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`
            : undefined,
        },
        icsUrl: `/api/calendar/${encodeURIComponent(row.id)}.ics`,
      };
    }
    case 'gallery':
      return { ...base, src: str(data.src), alt: str(data.alt), description: row.body };
    case 'album':
      return {
        ...base,
        src: str(data.src),
        author: str(data.author),
        durationMs: typeof data.durationMs === 'number' ? data.durationMs : 0,
      };
    case 'videos': {
      const url = str(data.url);
      const player = videoPlayerUrl(url);
      return {
        ...base,
        videoUrl: url,
        player,
        file: player ? undefined : url || undefined,
        thumbnail: str(data.thumbnail) || undefined,
      };
    }
  }
}
export type TemplateItem = ReturnType<typeof toTemplateItem>;

/** A page's collection settings, from its `context`, with the spec's defaults. */
export function showPastOrUpcoming(context: Record<string, unknown>): ShowPastOrUpcoming {
  const value = context.showPastOrUpcomingEvents;
  return SHOW_PAST_OR_UPCOMING.includes(value as ShowPastOrUpcoming)
    ? (value as ShowPastOrUpcoming)
    : 'upcoming';
}

export function galleryPageOptions(context: Record<string, unknown>): GalleryOptions {
  const parsed = galleryOptionsSchema.safeParse(context.gallery ?? {});
  return parsed.success ? parsed.data : galleryOptionsSchema.parse({});
}

/**
 * Items of any collection but the shop for summary blocks, as their own pages show them: blog
 * posts newest first, upcoming events soonest first, others in the owner's order. Each carries a
 * plain-text `summaryExcerpt`; pictures and tracks link to their collection's page.
 */
export async function loadSummaryCollections(db: Database, collections: readonly PageRow[], now: Date) {
  const itemPages = collections.filter((p) => isItemCollection(p.collectionType));
  const blogs = collections.filter((p) => p.collectionType === 'blog');
  const [rows, posts] = await Promise.all([
    loadPublishedItems(
      db,
      itemPages.map((p) => p.id),
    ),
    Promise.all(blogs.map((blog) => loadPostPage(db, blog.id, {}, 1, now))),
  ]);
  const out = new Map<
    string,
    { title: string; fullUrl: string; typeName: string; items: Record<string, unknown>[] }
  >();
  for (const page of itemPages) {
    const type = page.collectionType as ItemCollectionType;
    let items: Record<string, unknown>[] = rows
      .filter((r) => r.collectionId === page.id)
      .map((r) => {
        const item = toTemplateItem(r, type, page.path);
        const linksToPage = type === 'gallery' || type === 'album';
        return { ...item, ...(linksToPage && { fullUrl: page.path }), summaryExcerpt: item.excerpt };
      });
    if (type === 'events')
      items = splitEvents(items as unknown as TimedEventItem[], now.getTime(), 'upcoming')
        .upcoming as unknown as Record<string, unknown>[];
    out.set(page.id, { title: page.title, fullUrl: page.path, typeName: type, items });
  }
  blogs.forEach((blog, i) => {
    const items = (posts[i]?.rows ?? []).map((post) => ({
      ...toPostItem(post, blog.path, 0),
      summaryExcerpt: post.excerpt,
    }));
    out.set(blog.id, { title: blog.title, fullUrl: blog.path, typeName: 'blog', items });
  });
  return out;
}

type TimedEventItem = { startDate: number; endDate: number };

/**
 * The editor's list of an events page: latest start first, a page at a time along
 * `collection_items_starts`; a title search (any part) from `collection_items_title_trgm`. Whether
 * the page is full is counted up to the cap only.
 */
export async function listEventsPage(
  db: Database,
  collectionId: string,
  query: z.output<typeof itemListQuerySchema>,
): Promise<Omit<ItemListPage, 'items'> & { items: ItemRow[] }> {
  const after = decodeCursor(instantIdCursor, query.cursor);
  const q = query.q?.trim();
  const [rows, held] = await Promise.all([
    db
      .select({ item: collectionItems, key: instantKey(collectionItems.startsAt) })
      .from(collectionItems)
      .where(
        and(
          eq(collectionItems.collectionId, collectionId),
          q ? ilike(collectionItems.title, containsPattern(q)) : undefined,
          after ? afterInstantId(collectionItems.startsAt, collectionItems.id, after) : undefined,
        ),
      )
      // A bare `desc` (nulls first) is the index read backwards.
      .orderBy(desc(collectionItems.startsAt), desc(collectionItems.id))
      .limit(EVENTS_LIST_PAGE_SIZE + 1),
    db.execute(
      sql`select count(*)::int as n from (select 1 from ${collectionItems} where ${collectionItems.collectionId} = ${collectionId} limit ${MAX_COLLECTION_ITEMS}) as capped`,
    ),
  ]);
  const page = rows.slice(0, EVENTS_LIST_PAGE_SIZE);
  const last = page.at(-1);
  return {
    collectionType: 'events',
    items: page.map((r) => r.item),
    nextPageCursor:
      rows.length > EVENTS_LIST_PAGE_SIZE && last ? encodeCursor([last.key, last.item.id]) : null,
    full: Number(rowsOf<{ n: number }>(held)[0]?.n ?? 0) >= MAX_COLLECTION_ITEMS,
  };
}
