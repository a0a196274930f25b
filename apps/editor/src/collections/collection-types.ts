import type { PageSummary } from '@site/page-content';

/** Collection types with screens of their own; albums and videos are edited through the API for now. */
export const EDITABLE_COLLECTIONS = { blog: 'post', events: 'event', gallery: 'image' } as const;
export type EditableCollection = keyof typeof EDITABLE_COLLECTIONS;

/** What the Pages screen calls each editable collection. */
export const COLLECTION_NOUNS: Record<string, string> = { blog: 'Blog', events: 'Events', gallery: 'Gallery' };

export const isEditableCollection = (type: string): type is EditableCollection => type in EDITABLE_COLLECTIONS;

export const hasItemScreen = (page: Pick<PageSummary, 'kind' | 'collectionType'>) =>
  page.kind === 'collection' && isEditableCollection(page.collectionType);
