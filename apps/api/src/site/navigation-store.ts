import type { NavigationItem, SiteLayoutEntry, SiteLayoutLink } from '@site/page-content';
import { NAVIGATION_FIELD_TITLES } from '@site/page-content';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { siteNavigation } from '../db/schema';
import type { PageRow } from './site-data';
import { pageIdsIn } from './navigation-tree';

/** The navigation areas stored per site; `notLinked` is whatever pages they leave out. */
export const STORED_NAVIGATIONS = ['mainNav', 'secondaryNav'] as const;
export type StoredNavigation = (typeof STORED_NAVIGATIONS)[number];
export type NavigationTrees = Record<StoredNavigation, NavigationItem[]>;

type Reader = Pick<Database, 'select'>;
type Writer = Pick<Database, 'select' | 'insert' | 'update'>;

/** A site from before site_navigation keeps its menu: pages with a navigation index, in order. */
function legacyNavigation(pages: readonly PageRow[]): NavigationTrees {
  const mainNav = pages
    .filter((p) => p.navigationIndex !== null && p.kind !== 'system')
    .sort((a, b) => a.navigationIndex! - b.navigationIndex!)
    .map((p) => ({ collectionId: p.id }));
  return { mainNav, secondaryNav: [] };
}

export async function loadNavigation(
  db: Reader,
  websiteId: string,
  pages: readonly PageRow[],
): Promise<NavigationTrees> {
  const rows = await db.select().from(siteNavigation).where(eq(siteNavigation.websiteId, websiteId));
  const trees = legacyNavigation(pages);
  for (const row of rows) {
    if ((STORED_NAVIGATIONS as readonly string[]).includes(row.fieldName))
      trees[row.fieldName as StoredNavigation] = row.items;
  }
  return trees;
}

/**
 * The navigation inside a write transaction: rows are created from the legacy order when missing,
 * then locked, so two writers that each add a page do not lose one of them.
 */
export async function lockNavigation(
  tx: Writer,
  websiteId: string,
  pages: readonly PageRow[],
): Promise<NavigationTrees> {
  const legacy = legacyNavigation(pages);
  await tx
    .insert(siteNavigation)
    .values(STORED_NAVIGATIONS.map((fieldName) => ({ websiteId, fieldName, items: legacy[fieldName] })))
    .onConflictDoNothing();
  const rows = await tx
    .select()
    .from(siteNavigation)
    .where(eq(siteNavigation.websiteId, websiteId))
    .for('update');
  const trees = { ...legacy };
  for (const row of rows) {
    if ((STORED_NAVIGATIONS as readonly string[]).includes(row.fieldName))
      trees[row.fieldName as StoredNavigation] = row.items;
  }
  return trees;
}

export async function writeNavigation(
  tx: Writer,
  websiteId: string,
  fieldName: StoredNavigation,
  items: NavigationItem[],
): Promise<void> {
  await tx
    .update(siteNavigation)
    .set({ items, version: sql`${siteNavigation.version} + 1` })
    .where(and(eq(siteNavigation.websiteId, websiteId), eq(siteNavigation.fieldName, fieldName)));
}

/** Writes only the trees that changed. */
export async function writeChangedNavigation(
  tx: Writer,
  websiteId: string,
  before: NavigationTrees,
  after: NavigationTrees,
): Promise<void> {
  for (const field of STORED_NAVIGATIONS) {
    if (before[field] !== after[field]) await writeNavigation(tx, websiteId, field, after[field]);
  }
}

/** A member area as a menu reads it: its name, and the pages it gates in the owner's order (the first is where it leads). */
export interface MenuArea {
  id: string;
  name: string;
  pageIds: readonly string[];
}

function toLinks(
  items: readonly NavigationItem[],
  byId: ReadonlyMap<string, PageRow>,
  areas: ReadonlyMap<string, MenuArea>,
): SiteLayoutLink[] {
  return items.flatMap((item): SiteLayoutLink[] => {
    const nested = item.items?.length ? { items: toLinks(item.items, byId, areas) } : {};
    if (item.collectionId) {
      const page = byId.get(item.collectionId);
      // A page deleted since the tree was saved simply drops out.
      return page
        ? [{ collectionId: page.id, title: page.title, fullUrl: page.path, enabled: page.enabled, ...nested }]
        : [];
    }
    if (item.externalLink)
      return [
        {
          externalLink: item.externalLink,
          title: item.externalLink.title,
          fullUrl: item.externalLink.url,
          enabled: true,
        },
      ];
    const area = item.memberAreaId ? areas.get(item.memberAreaId) : undefined;
    // A removed area drops out like a removed page; one without pages yet leads nowhere (empty URL).
    return area
      ? [
          {
            memberAreaId: area.id,
            title: area.name,
            fullUrl: areaEntryPage(area, byId)?.path ?? '',
            enabled: true,
          },
        ]
      : [];
  });
}

/** Where a menu link to an area leads: its first page that still exists (the join screen to non-members). */
export function areaEntryPage(
  area: MenuArea,
  byId: ReadonlyMap<string, PageRow>,
  usable: (page: PageRow) => boolean = () => true,
): PageRow | undefined {
  return area.pageIds.map((id) => byId.get(id)).find((p): p is PageRow => p !== undefined && usable(p));
}

/** `GET /api/commondata/GetSiteLayout`: main navigation first, then footer navigation, then the pages neither links. */
export function siteLayout(
  trees: NavigationTrees,
  pages: readonly PageRow[],
  memberAreas: readonly MenuArea[],
): SiteLayoutEntry[] {
  const byId = new Map(pages.map((p) => [p.id, p]));
  const areas = new Map(memberAreas.map((a) => [a.id, a]));
  const linked = new Set([...pageIdsIn(trees.mainNav), ...pageIdsIn(trees.secondaryNav)]);
  const notLinked = pages
    .filter((p) => !linked.has(p.id) && p.kind !== 'system')
    .map((p): SiteLayoutLink => ({
      collectionId: p.id,
      title: p.title,
      fullUrl: p.path,
      enabled: p.enabled,
    }));
  return [
    {
      identifier: 'mainNav',
      title: NAVIGATION_FIELD_TITLES.mainNav,
      links: toLinks(trees.mainNav, byId, areas),
    },
    {
      identifier: 'secondaryNav',
      title: NAVIGATION_FIELD_TITLES.secondaryNav,
      links: toLinks(trees.secondaryNav, byId, areas),
    },
    { identifier: 'notLinked', title: NAVIGATION_FIELD_TITLES.notLinked, links: notLinked },
  ];
}
