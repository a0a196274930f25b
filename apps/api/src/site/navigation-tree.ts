import type { NavigationItem } from '@site/page-content';

/** Pure operations on an UpdateNavigation items tree (one level of nesting under folders). */

export function pageIdsIn(items: readonly NavigationItem[]): string[] {
  return items.flatMap((item) => [
    ...(item.collectionId ? [item.collectionId] : []),
    ...pageIdsIn(item.items ?? []),
  ]);
}

/** The member areas the tree links to, at the top or inside a folder. */
export function areaIdsIn(items: readonly NavigationItem[]): string[] {
  return items.flatMap((item) => [
    ...(item.memberAreaId ? [item.memberAreaId] : []),
    ...areaIdsIn(item.items ?? []),
  ]);
}

/** The tree without the page; a removed folder takes its nested pages out with it. */
export function withoutPage(items: readonly NavigationItem[], pageId: string): NavigationItem[] {
  return items
    .filter((item) => item.collectionId !== pageId)
    .map((item) => (item.items ? { ...item, items: withoutPage(item.items, pageId) } : item));
}

/** Adds the page at the end of the folder's items; undefined when the folder is not in this tree. */
export function appendToFolder(
  items: readonly NavigationItem[],
  folderId: string,
  pageId: string,
): NavigationItem[] | undefined {
  if (!items.some((item) => item.collectionId === folderId)) return undefined;
  return items.map((item) =>
    item.collectionId === folderId
      ? { ...item, items: [...(item.items ?? []), { collectionId: pageId }] }
      : item,
  );
}

/** Adds the page right after another, at the same level; undefined when that page is not in this tree. */
export function insertAfter(
  items: readonly NavigationItem[],
  afterId: string,
  pageId: string,
): NavigationItem[] | undefined {
  const index = items.findIndex((item) => item.collectionId === afterId);
  if (index >= 0) return [...items.slice(0, index + 1), { collectionId: pageId }, ...items.slice(index + 1)];
  for (const [i, item] of items.entries()) {
    const nested = item.items && insertAfter(item.items, afterId, pageId);
    if (nested) return items.map((other, j) => (j === i ? { ...other, items: nested } : other));
  }
  return undefined;
}
