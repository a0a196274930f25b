import { z } from 'zod';
import { LIMITS } from '../limits';
import { messages } from '../messages';
import { href, text } from '../text';
import { featuredImageSchema, slugSchema } from '../editor-api/blog-api';

/**
 * Content collections besides blogs and the shop: their item payloads, shared by the editor and
 * the API. Items live at `<collection path>/<urlId>` (events, videos) or on the collection's own
 * page (gallery pictures, album tracks).
 */
export const ITEM_COLLECTION_TYPES = ['events', 'gallery', 'album', 'videos'] as const;
export type ItemCollectionType = (typeof ITEM_COLLECTION_TYPES)[number];

/** platform.md §3 record types of each collection's items. */
export const RECORD_TYPE: Record<ItemCollectionType, string> = {
  events: 'event',
  gallery: 'image',
  album: 'audio',
  videos: 'video',
};

/** platform.md §9: max tracks in an album. */
export const MAX_ALBUM_TRACKS = 60;
/**
 * platform.md §9: max items in a user-orderable collection. Gallery pictures and videos keep the
 * owner's order; events share the cap so no collection page grows without bound.
 */
export const MAX_COLLECTION_ITEMS = 250;

export const SHOW_PAST_OR_UPCOMING = ['upcoming', 'past', 'both'] as const;
export type ShowPastOrUpcoming = (typeof SHOW_PAST_OR_UPCOMING)[number];

export const collectionMessages = {
  albumFull: `An album holds at most ${MAX_ALBUM_TRACKS} tracks`,
  collectionFull: `This collection holds at most ${MAX_COLLECTION_ITEMS} items. Delete one to add another.`,
  endBeforeStart: 'The event must end after it starts',
  notACollection: 'Items belong to an events, gallery, album or video page',
  itemNotFound: 'That item does not exist',
  urlTaken: 'Another item of this collection has that URL',
  staleItem: 'The item changed since you opened it, or it is gone',
  reorderMismatch: 'The order must list every item of the collection once; reload and try again',
} as const;

const url = href(LIMITS.maxUrlLength, messages.invalidLink);
const slug = slugSchema;

export const eventLocationSchema = z.object({
  addressTitle: text(200).default(''),
  addressLine1: text(200).default(''),
  addressLine2: text(200).default(''),
  addressCountry: text(100).default(''),
});
export type EventLocation = z.infer<typeof eventLocationSchema>;

export const eventDataSchema = z
  .object({
    startDate: z.iso.datetime({ offset: true }),
    endDate: z.iso.datetime({ offset: true }),
    location: eventLocationSchema.default({
      addressTitle: '',
      addressLine1: '',
      addressLine2: '',
      addressCountry: '',
    }),
    /** The featured image (platform.md §3 assetUrl), chosen from the file manager. */
    image: featuredImageSchema.nullable().default(null),
  })
  .refine((e) => Date.parse(e.endDate) >= Date.parse(e.startDate), {
    message: collectionMessages.endBeforeStart,
    path: ['endDate'],
  });

export const imageDataSchema = z.object({
  src: url.refine((v) => v !== '', messages.invalidLink),
  alt: text(250).default(''),
});
export const audioDataSchema = z.object({
  src: url.refine((v) => v !== '', messages.invalidLink),
  /** Length in milliseconds, shown with the engine's humanizeDuration. */
  durationMs: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600 * 1000)
    .default(0),
  author: text(200).default(''),
});
export const videoDataSchema = z.object({
  url: url.refine((v) => v !== '', messages.invalidLink),
  thumbnail: url.default(''),
});

export const ITEM_DATA_SCHEMAS = {
  events: eventDataSchema,
  gallery: imageDataSchema,
  album: audioDataSchema,
  videos: videoDataSchema,
} as const;

const itemFields = {
  title: text(LIMITS.maxTitleLength).pipe(z.string().trim().min(1, 'Enter a title')),
  urlId: slug.optional(),
  body: text(LIMITS.maxLongText).default(''),
  status: z.enum(['draft', 'published']).default('published'),
};

/** Create: the collection, the item's fields and its type's data (checked against the collection's type by the server). */
export const createItemSchema = z.object({
  collectionId: z.string().min(1).max(100),
  ...itemFields,
  data: z.record(z.string(), z.unknown()),
});
export type CreateItem = z.infer<typeof createItemSchema>;

export const updateItemSchema = z.object({
  version: z.number().int().min(0),
  title: itemFields.title.optional(),
  urlId: slug.optional(),
  body: text(LIMITS.maxLongText).optional(),
  status: z.enum(['draft', 'published']).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type UpdateItem = z.infer<typeof updateItemSchema>;

/** The owner's order of a collection's items (gallery pictures, tracks): every id, once. */
export const reorderItemsSchema = z
  .object({
    collectionId: z.string().min(1).max(100),
    ids: z.array(z.string().min(1).max(100)).min(1).max(MAX_COLLECTION_ITEMS),
  })
  .refine((r) => new Set(r.ids).size === r.ids.length, {
    message: collectionMessages.reorderMismatch,
    path: ['ids'],
  });
export type ReorderItems = z.infer<typeof reorderItemsSchema>;

export interface CollectionItemView {
  id: string;
  collectionId: string;
  urlId: string;
  title: string;
  body: string;
  status: 'draft' | 'published';
  position: number;
  data: Record<string, unknown>;
  version: number;
  updatedAt: string;
}

/** The editor's events come a page at a time (keyset, latest start first); other collections whole. */
export const EVENTS_LIST_PAGE_SIZE = 50;

/** GET COLLECTIONS_API.items: a collection's items; for events, those with `q` in their title, after `cursor`. */
export const itemListQuerySchema = z.strictObject({
  collectionId: z.string().min(1).max(100),
  q: text(LIMITS.maxTitleLength).optional(),
  cursor: text(200).optional(),
});
export type ItemListQuery = z.input<typeof itemListQuerySchema>;

export interface ItemListPage {
  collectionType: string;
  items: CollectionItemView[];
  /** The next page's cursor (events only), null on the last page. */
  nextPageCursor: string | null;
  /** The collection holds MAX_COLLECTION_ITEMS items: no more may be added. */
  full: boolean;
}

export const COLLECTIONS_API = {
  items: '/api/editor/collections/items',
  item: (id: string) => `/api/editor/collections/items/${encodeURIComponent(id)}`,
  reorder: '/api/editor/collections/items/reorder',
  calendar: (id: string) => `/api/calendar/${encodeURIComponent(id)}.ics`,
} as const;
