import type { PageSummary } from '@site/page-content';

/** Collection types with screens of their own, and what each calls its items. */
export const EDITABLE_COLLECTIONS = {
  blog: 'post',
  events: 'event',
  gallery: 'image',
  album: 'track',
  videos: 'video',
} as const;
export type EditableCollection = keyof typeof EDITABLE_COLLECTIONS;

/** What the Pages screen calls each editable collection. */
export const COLLECTION_NOUNS: Record<string, string> = {
  blog: 'Blog',
  events: 'Events',
  gallery: 'Gallery',
  album: 'Album',
  videos: 'Videos',
};

export const isEditableCollection = (type: string): type is EditableCollection =>
  type in EDITABLE_COLLECTIONS;

export const hasItemScreen = (page: Pick<PageSummary, 'kind' | 'collectionType'>) =>
  page.kind === 'collection' && isEditableCollection(page.collectionType);
