import {
  messages,
  type NavigationItem,
  type SiteLayoutEntry,
  type UpdateNavigation,
} from '@site/page-content';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { templates } from '../../db/schema';
import { loadPages, type PageRow } from '../../site/site-data';
import { ApiError, type FieldIssue } from '../../http';
import {
  lockNavigation,
  siteLayout,
  STORED_NAVIGATIONS,
  writeNavigation,
  type StoredNavigation,
} from '../../site/navigation-store';
import { areaIdsIn, pageIdsIn } from '../../site/navigation-tree';
import { loadMemberAreas } from '../../member-areas/area-store';

const noMainNavigation = () => new ApiError(404, 'NO_MAIN_NAVIGATION', messages.noMainNavigation);

function refuse(message: string, path: FieldIssue['path']): never {
  throw new ApiError(400, 'INVALID', message, [{ path, message }]);
}

/**
 * The tree as stored: every page and member area of this site, each at most once across the
 * navigations, nested only under folders, and stripped to ids (titles and URLs are always read
 * from the pages and areas).
 */
function checkedItems(
  items: readonly NavigationItem[],
  byId: ReadonlyMap<string, PageRow>,
  areaIds: ReadonlySet<string>,
  seen: Set<string>,
  at: (string | number)[],
  nested: boolean,
): NavigationItem[] {
  return items.map((item, i) => {
    const here = [...at, i];
    if (item.memberAreaId !== undefined) {
      const where = [...here, 'memberAreaId'];
      if (!areaIds.has(item.memberAreaId)) refuse(messages.unableToLocateContent, where);
      if (seen.has(item.memberAreaId)) refuse(messages.areaInNavigationTwice, where);
      // An area leads to its first page; it holds no menu items of its own.
      if (item.items?.length) refuse(messages.onlyFoldersHoldPages, [...here, 'items']);
      seen.add(item.memberAreaId);
      return { memberAreaId: item.memberAreaId };
    }
    const page = item.collectionId === undefined ? undefined : byId.get(item.collectionId);
    if (item.collectionId !== undefined) {
      if (!page) refuse(messages.unableToLocateContent, [...here, 'collectionId']);
      if (seen.has(page.id)) refuse(messages.pageInNavigationTwice, [...here, 'collectionId']);
      if (nested && page.kind === 'folder')
        refuse(messages.folderCannotHoldFolder, [...here, 'collectionId']);
      seen.add(page.id);
    }
    const target: NavigationItem = page ? { collectionId: page.id } : { externalLink: item.externalLink! };
    if (!item.items?.length) return target;
    if (page?.kind !== 'folder') refuse(messages.onlyFoldersHoldPages, [...here, 'items']);
    return { ...target, items: checkedItems(item.items, byId, areaIds, seen, [...here, 'items'], true) };
  });
}

/**
 * `POST /api/widget/UpdateNavigation`. Moving a page into or out of a folder here changes the
 * menu only, never the page's URL: links to it keep working, and a rename is its own decision.
 */
export async function updateNavigation(
  db: Database,
  websiteId: string,
  input: UpdateNavigation,
): Promise<SiteLayoutEntry[]> {
  if (input.fieldName === 'notLinked') refuse(messages.notExpectedOption(input.fieldName), ['fieldName']);
  if (!(STORED_NAVIGATIONS as readonly string[]).includes(input.fieldName)) throw noMainNavigation();
  const field = input.fieldName as StoredNavigation;
  return db.transaction(async (tx) => {
    // The layout template is where navigation is placed; a site without one has no main navigation.
    const [layout] = await tx
      .select({ id: templates.id })
      .from(templates)
      .where(and(eq(templates.websiteId, websiteId), eq(templates.name, 'site')));
    if (!layout) throw noMainNavigation();
    const [all, areas] = await Promise.all([loadPages(tx, websiteId), loadMemberAreas(tx, websiteId)]);
    const trees = await lockNavigation(tx, websiteId, all);
    const elsewhere = STORED_NAVIGATIONS.filter((f) => f !== field).flatMap((f) => [
      ...pageIdsIn(trees[f]),
      ...areaIdsIn(trees[f]),
    ]);
    const items = checkedItems(
      input.navigation.items,
      new Map(all.map((p) => [p.id, p])),
      new Set(areas.map((a) => a.id)),
      new Set(elsewhere),
      ['navigation', 'items'],
      false,
    );
    await writeNavigation(tx, websiteId, field, items);
    return siteLayout({ ...trees, [field]: items }, all, areas);
  });
}
