import type { NavigationItem, SiteLayoutEntry, SiteLayoutLink } from '@site/page-content';

/** The UpdateNavigation items for a list of layout links (titles and URLs are the server's to fill). */
export function toNavigationItems(links: readonly SiteLayoutLink[]): NavigationItem[] {
  return links.map((link) => {
    const target: NavigationItem = link.collectionId
      ? { collectionId: link.collectionId }
      : link.externalLink
        ? { externalLink: link.externalLink }
        : { memberAreaId: link.memberAreaId };
    return link.items?.length ? { ...target, items: toNavigationItems(link.items) } : target;
  });
}

export function linkKey(link: SiteLayoutLink): string {
  return (
    link.collectionId ?? link.memberAreaId ?? `external:${link.externalLink?.url}:${link.externalLink?.title}`
  );
}

export function entry(
  layout: readonly SiteLayoutEntry[] | undefined,
  identifier: string,
): SiteLayoutEntry | undefined {
  return layout?.find((e) => e.identifier === identifier);
}

/** Moves one link within its list (top level or inside a folder) to a new index. */
export function reorder(links: readonly SiteLayoutLink[], key: string, toIndex: number): SiteLayoutLink[] {
  const from = links.findIndex((l) => linkKey(l) === key);
  if (from >= 0) {
    const next = [...links];
    const [moved] = next.splice(from, 1);
    next.splice(toIndex, 0, moved!);
    return next;
  }
  return links.map((l) => (l.items ? { ...l, items: reorder(l.items, key, toIndex) } : l));
}

/** Takes a page out of a navigation tree wherever it is. */
export function without(links: readonly SiteLayoutLink[], collectionId: string): SiteLayoutLink[] {
  return links
    .filter((l) => l.collectionId !== collectionId)
    .map((l) => (l.items ? { ...l, items: without(l.items, collectionId) } : l));
}
