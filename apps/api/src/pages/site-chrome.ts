import {
  pageVisibility,
  renderDocument,
  type BlockRenderData,
  type NavigationItem,
  type RenderOptions,
  type SiteThemeId,
  type VisitorRegion,
} from '@site/page-content';
import type { TemplateError } from '@site/template-engine';
import type { VersionedHeaderFooter } from '../site/header-footer-store';
import { areaEntryPage, type MenuArea } from '../site/navigation-store';
import type { PageRow, WebsiteRow } from '../site/site-data';

/** Who is looking: members see private pages; nobody outside the editor sees drafts. */
export interface Viewer {
  member: boolean;
  /** The signed-in member's id and roles on this site (page context: authenticated account, website roles). */
  account?: { id: string; roles: readonly string[]; locale?: string | null };
  now: Date;
  /** `https://host`, for the absolute URLs of Open Graph tags. */
  origin?: string;
  /** The request's cookies (unlock cookies of lock screens). */
  cookies?: Readonly<Record<string, string | undefined>>;
  /** The visitor's crumb, for forms that post without script (the lock screen's). */
  crumb?: string;
  /** A theme an editor is previewing the site in (routes.ts checks the role); never cached. */
  themePreview?: SiteThemeId;
  /** Where the visitor is, from the proxy's country header: decides opt-in limited to a region. */
  region?: VisitorRegion;
  /** The install suggests addresses at checkout (the same for every visitor, so cacheable). */
  addressAutocomplete?: boolean;
  /** The member areas the signed-in account joined (part of the page cache's key). */
  memberAreaIds?: ReadonlySet<string>;
  /** Pages of member areas this viewer may not open (set by renderPage from the site's areas). */
  closedPageIds?: ReadonlySet<string>;
  /** Pages behind a password this viewer has not unlocked (set by renderPage from the site's locks). */
  lockedPageIds?: ReadonlySet<string>;
}

export function visibleTo(page: PageRow, viewer: Viewer): boolean {
  if (!page.enabled) return false;
  const visibility = pageVisibility(page.status, page.publishAt, viewer.now);
  return visibility === 'visible' || (visibility === 'members-only' && viewer.member);
}

/** A menu entry as the layout template reads it: plain data, the same in the editor's preview. */
export interface NavigationEntry {
  title: string;
  fullUrl: string;
  active: boolean;
  newWindow: boolean;
  /** Always present: a missing key would make the template look up the page's own `items`. */
  items: NavigationEntry[];
}

export function visitorNavigation(
  items: readonly NavigationItem[],
  byId: ReadonlyMap<string, PageRow>,
  viewer: Viewer,
  activeId: string | undefined,
  areas: ReadonlyMap<string, MenuArea>,
): NavigationEntry[] {
  return items.flatMap((item): NavigationEntry[] => {
    if (item.memberAreaId) {
      // The area's first page this visitor may reach: its content to members, the join screen to
      // the rest (so the link reads the same to all; the page decides). No such page, no link.
      const area = areas.get(item.memberAreaId);
      const page = area && areaEntryPage(area, byId, (p) => visibleTo(p, viewer));
      if (!area || !page) return [];
      const active = activeId !== undefined && area.pageIds.includes(activeId);
      return [{ title: area.name, fullUrl: page.path, active, newWindow: false, items: [] }];
    }
    if (item.externalLink) {
      return [
        {
          title: item.externalLink.title,
          fullUrl: item.externalLink.url,
          active: false,
          newWindow: item.externalLink.newWindow,
          items: [],
        },
      ];
    }
    const page = item.collectionId ? byId.get(item.collectionId) : undefined;
    if (!page || !visibleTo(page, viewer)) return [];
    const items = visitorNavigation(item.items ?? [], byId, viewer, activeId, areas);
    return [{ title: page.title, fullUrl: page.path, active: page.id === activeId, newWindow: false, items }];
  });
}

/**
 * `header` and `footer` as the layout template reads them; the footer's blocks are rendered here,
 * so the template only places `footer.contentHtml`.
 */
export function headerFooterContext(
  headerFooter: VersionedHeaderFooter,
  website: WebsiteRow,
  footerNavigation: NavigationEntry[],
  data: BlockRenderData,
  options: RenderOptions,
): { header: Record<string, unknown>; footer: Record<string, unknown>; errors: TemplateError[] } {
  const content = renderDocument(headerFooter.footer.content, data, options);
  return {
    // The site's title is kept in Settings › Site alone, so the header always shows that one.
    header: { ...headerFooter.header, siteTitle: website.title },
    footer: {
      showNavigation: headerFooter.footer.showNavigation,
      copyright: headerFooter.footer.copyright,
      contentHtml: content.html,
      navigation: footerNavigation,
    },
    errors: content.errors,
  };
}
