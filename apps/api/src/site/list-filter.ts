/** A collection list narrowed to one tag or category: `/shop?tag=linen`, `/journal?category=Studio`. */
export interface ListFilter {
  tag?: string;
  category?: string;
}

export function listFilter(query: Readonly<Record<string, string>>): ListFilter {
  const filter: ListFilter = {};
  if (query.tag) filter.tag = query.tag;
  if (query.category) filter.category = query.category;
  return filter;
}

export const isFiltered = (filter: ListFilter) => filter.tag !== undefined || filter.category !== undefined;

/**
 * The part of a page's cache key the filter decides. Pages are otherwise keyed by path alone, so
 * without it `/shop?tag=linen` would be answered with the cached `/shop`.
 */
export function filterCacheKey(filter: ListFilter): string {
  return isFiltered(filter) ? `?${new URLSearchParams(filter as Record<string, string>).toString()}` : '';
}
