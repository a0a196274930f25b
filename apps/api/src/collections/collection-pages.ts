import {
  galleryView,
  MAX_ALBUM_TRACKS,
  nextEventChange,
  renderGallery,
  splitEvents,
  type ItemCollectionType,
} from '@site/page-content';
import type { TemplateError } from '@site/template-engine';
import type { Database } from '../db/client';
import type { PageRow } from '../site/site-data';
import {
  galleryPageOptions,
  isItemCollection,
  loadPublishedItem,
  loadPublishedItems,
  showPastOrUpcoming,
  toTemplateItem,
  type TemplateItem,
} from './collection-store';
import { PAGE_TYPE } from '../site/page-type';

/** Page type codes of storefront.md §2. */

export interface CollectionResolved {
  status: number;
  pageType: number;
  templateName: string;
  page: PageRow;
  extra: Record<string, unknown>;
  /** The cached page goes stale then (an upcoming event ends and becomes past). */
  cacheUntil?: number;
  errors?: TemplateError[];
}

type EventItem = Extract<TemplateItem, { startDate: number }>;

async function listPage(
  db: Database,
  page: PageRow,
  type: ItemCollectionType,
  now: Date,
): Promise<CollectionResolved> {
  const rows = await loadPublishedItems(db, [page.id]);
  const items = rows.map((row) => toTemplateItem(row, type, page.path));
  const base = { status: 200, pageType: PAGE_TYPE.collection, templateName: page.templateName, page };
  switch (type) {
    case 'events': {
      const events = items as EventItem[];
      const show = showPastOrUpcoming(page.context);
      const { upcoming, past } = splitEvents(events, now.getTime(), show);
      return {
        ...base,
        extra: { items: [...upcoming, ...past], upcoming, past, showPastOrUpcomingEvents: show },
        cacheUntil: nextEventChange(events, now.getTime()),
      };
    }
    case 'gallery': {
      const pictures = items as Extract<TemplateItem, { src: string; alt: string }>[];
      const view = galleryView(
        `gallery-${page.id}`,
        page.title,
        pictures.map((p) => ({ src: p.src, alt: p.alt, title: p.title, description: p.description })),
        galleryPageOptions(page.context),
      );
      const rendered = renderGallery(view);
      return {
        ...base,
        extra: { items, gallery: view, galleryHtml: rendered.html },
        errors: rendered.errors,
      };
    }
    case 'album':
      // platform.md §9: an album plays at most 60 tracks.
      return { ...base, extra: { items: items.slice(0, MAX_ALBUM_TRACKS) } };
    case 'videos':
      return { ...base, extra: { items } };
  }
}

/** Events and video pages have item pages at `<collection path>/<urlId>`; galleries and albums show everything on one page. */
async function itemPage(
  db: Database,
  page: PageRow,
  type: ItemCollectionType,
  urlId: string,
): Promise<CollectionResolved | undefined> {
  if (type !== 'events' && type !== 'videos') return undefined;
  if (!page.itemTemplateName) return undefined;
  const row = await loadPublishedItem(db, page.id, urlId);
  if (!row) return undefined;
  return {
    status: 200,
    pageType: PAGE_TYPE.item,
    templateName: page.itemTemplateName,
    page,
    extra: { item: toTemplateItem(row, type, page.path) },
  };
}

/**
 * Events, gallery, album and video pages and their items; undefined for other paths. `visible`
 * are the pages this visitor may see.
 */
export async function resolveCollectionPath(
  db: Database,
  visible: readonly PageRow[],
  path: string,
  now: Date,
): Promise<CollectionResolved | undefined> {
  const collections = visible.filter((p) => isItemCollection(p.collectionType));
  const page = collections.find((p) => p.path === path);
  if (page) return listPage(db, page, page.collectionType as ItemCollectionType, now);
  const slash = path.lastIndexOf('/');
  const parent = collections.find((p) => p.path === path.slice(0, slash));
  if (parent) return itemPage(db, parent, parent.collectionType as ItemCollectionType, path.slice(slash + 1));
  return undefined;
}
