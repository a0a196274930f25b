import { CONFIG_PATH, PAGE_TYPE, SEARCH_PATH, VIEWER_ROLE } from '../constants';
import type { PageContext } from '../page-context/page-context';

export type TrackingOffReason =
  'logged-in' | 'not-found-page' | 'lock-screen-page' | 'access-denied-page' | 'census-disabled';

export type TrackingDecision = { enabled: true } | { enabled: false; reason: TrackingOffReason };

function isUnder(path: string, root: string): boolean {
  return path === root || path.startsWith(`${root}/`);
}

/** A viewer-only account browsing the public site behaves like a visitor. */
function isViewerOnly(context: PageContext): boolean {
  const held = Object.entries(context.websiteRoles ?? {})
    .filter(([, has]) => has)
    .map(([role]) => role);
  return held.length === 1 && held[0] === VIEWER_ROLE;
}

/** Visitor tracking rules (storefront.md §4, platform.md §4). */
export function decideTracking(context: PageContext, path: string): TrackingDecision {
  if (context.censusDisabled) return { enabled: false, reason: 'census-disabled' };
  if (context.authenticatedAccount && !(isViewerOnly(context) && !isUnder(path, CONFIG_PATH))) {
    return { enabled: false, reason: 'logged-in' };
  }
  switch (context.pageType) {
    case PAGE_TYPE.notFound:
      return { enabled: false, reason: 'not-found-page' };
    case PAGE_TYPE.lockScreen:
      return { enabled: false, reason: 'lock-screen-page' };
    case PAGE_TYPE.accessDenied:
      return { enabled: false, reason: 'access-denied-page' };
    default:
      return { enabled: true };
  }
}

/** Page views are not recorded on the search page, though other tracking is. */
export function recordsPageView(context: PageContext, path: string): boolean {
  return context.pageType !== PAGE_TYPE.search && !isUnder(path, SEARCH_PATH);
}
