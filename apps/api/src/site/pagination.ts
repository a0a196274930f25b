import type { SiteThemeId } from '@site/page-content';
import { themeById } from './theme';

/** A list page without a size in its theme's collection .conf shows this many. */
export const DEFAULT_PAGE_SIZE = { products: 24, blog: 10 } as const;

// Beyond any list a site can hold (a store collection holds 200): larger numbers are not pages.
const MAX_PAGE = 100_000;

/**
 * The page a list is asked for: `?page=N` with N a whole number from 1; anything else (absent,
 * `abc`, `2.5`, `-1`, `0`) is the first page, which is the list's own address.
 */
export function requestedPage(query: Readonly<Record<string, string>>): number {
  const raw = query.page;
  if (raw === undefined || !/^[1-9][0-9]{0,5}$/.test(raw)) return 1;
  return Math.min(Number(raw), MAX_PAGE);
}

/** Items per page of a collection type, from the theme's `collections/<type>.conf` `pageSize`. */
export function collectionPageSize(theme: SiteThemeId, type: keyof typeof DEFAULT_PAGE_SIZE): number {
  return themeById(theme).collections.get(type)?.pageSize ?? DEFAULT_PAGE_SIZE[type];
}

/** A list's address for page `n`: the first page is the list itself, so it has one address. */
export function pageUrl(path: string, kept: Readonly<Record<string, string>>, n: number): string {
  const query = new URLSearchParams(kept);
  if (n > 1) query.set('page', String(n));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export interface Pagination {
  page: number;
  pages: number;
  pageSize: number;
  prevUrl?: string;
  nextUrl?: string;
  /** The address of this page, the canonical link of the head. */
  url: string;
  /** More than one page: the pager shows. */
  multiplePages: boolean;
}

/** Previous and next links of page `page` of `pages`, keeping the list's filter. */
export function pagination(
  path: string,
  kept: Readonly<Record<string, string>>,
  page: number,
  pages: number,
  pageSize: number,
): Pagination {
  return {
    page,
    pages,
    pageSize,
    prevUrl: page > 1 ? pageUrl(path, kept, page - 1) : undefined,
    nextUrl: page < pages ? pageUrl(path, kept, page + 1) : undefined,
    url: pageUrl(path, kept, page),
    multiplePages: pages > 1,
  };
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
