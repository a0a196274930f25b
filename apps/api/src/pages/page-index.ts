import type { PageRow } from '../site/site-data';

/**
 * A site's pages by path, and its scheduled pages by the time they go live. A page is resolved by
 * its path on every request; a big store has hundreds of collection pages, and scanning them for
 * each lookup (and every scheduled time for the cache's end) was a tenth of an uncached product
 * page's server time at 515 pages.
 */
export interface PageIndex {
  /** The pages at each path, in the list's order (one per path, unless a draft shares one). */
  readonly byPath: ReadonlyMap<string, readonly PageRow[]>;
  /** Scheduled pages with their time, soonest first. */
  readonly scheduled: readonly (PageRow & { publishAt: Date })[];
}

const indexes = new WeakMap<readonly PageRow[], PageIndex>();

/**
 * The index of a list of pages. A frozen list (the site's cached pages, as `translatedPages`
 * answers them) is indexed once; any other is indexed afresh, since it may still change.
 */
export function pageIndex(pages: readonly PageRow[]): PageIndex {
  const kept = indexes.get(pages);
  if (kept) return kept;
  const byPath = new Map<string, PageRow[]>();
  for (const page of pages) {
    const at = byPath.get(page.path);
    if (at) at.push(page);
    else byPath.set(page.path, [page]);
  }
  const scheduled = pages
    .filter((p): p is PageRow & { publishAt: Date } => p.status === 'scheduled' && p.publishAt !== null)
    .sort((a, b) => a.publishAt.getTime() - b.publishAt.getTime());
  const index = { byPath, scheduled };
  if (Object.isFrozen(pages)) indexes.set(pages, index);
  return index;
}

/** The pages at a path, in the list's order. */
export const pagesAt = (pages: readonly PageRow[], path: string): readonly PageRow[] =>
  pageIndex(pages).byPath.get(path) ?? [];
