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

type ExternalLink = NonNullable<NavigationItem['externalLink']>;

function linkEntry(link: ExternalLink): SiteLayoutLink {
  return { externalLink: link, title: link.title, fullUrl: link.url, enabled: true };
}

function appended(links: readonly SiteLayoutLink[], added: SiteLayoutLink, folderId?: string) {
  if (!folderId) return [...links, added];
  return links.map((l) => (l.collectionId === folderId ? { ...l, items: [...(l.items ?? []), added] } : l));
}

/** A link added at the end of the menu, or of one of its folders. */
export function withLink(
  links: readonly SiteLayoutLink[],
  link: ExternalLink,
  folderId?: string,
): SiteLayoutLink[] {
  return appended(links, linkEntry(link), folderId);
}

/** A member area added at the end of the menu, or of a folder (the server fills in where it leads). */
export function withAreaLink(
  links: readonly SiteLayoutLink[],
  area: { id: string; name: string },
  folderId?: string,
): SiteLayoutLink[] {
  return appended(links, { memberAreaId: area.id, title: area.name, fullUrl: '', enabled: true }, folderId);
}

/** The member areas a tree already links to (an area appears at most once). */
export function linkedAreaIds(links: readonly SiteLayoutLink[]): string[] {
  return links.flatMap((l) => [...(l.memberAreaId ? [l.memberAreaId] : []), ...linkedAreaIds(l.items ?? [])]);
}

/** Takes one link (by its key) out of the tree wherever it is. */
export function withoutLink(links: readonly SiteLayoutLink[], key: string): SiteLayoutLink[] {
  return links
    .filter((l) => linkKey(l) !== key)
    .map((l) => (l.items ? { ...l, items: withoutLink(l.items, key) } : l));
}

/** Replaces one link (by its key) where it stands. */
export function replaceLink(
  links: readonly SiteLayoutLink[],
  key: string,
  link: ExternalLink,
): SiteLayoutLink[] {
  return links.map((l) =>
    linkKey(l) === key ? linkEntry(link) : l.items ? { ...l, items: replaceLink(l.items, key, link) } : l,
  );
}
