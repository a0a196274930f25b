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

/** The filter as query parameters, for links that keep it (the pages of a narrowed list). */
export const filterQuery = (filter: ListFilter): Record<string, string> =>
  Object.fromEntries(Object.entries(filter).filter(([, v]) => typeof v === 'string')) as Record<
    string,
    string
  >;

/**
 * The part of a page's cache key the filter and the list page decide. Pages are otherwise keyed
 * by path alone, so without it `/shop?tag=linen` or `/shop?page=2` would be answered with the
 * cached `/shop`.
 */
export function filterCacheKey(filter: ListFilter, page = 1): string {
  const query = new URLSearchParams(filterQuery(filter));
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `?${text}` : '';
}
