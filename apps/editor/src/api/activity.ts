import { ACTIVITY_API, type ActivityPage } from '@site/page-content';
import { useInfiniteQuery } from '@tanstack/react-query';
import { presentFilters } from './filters';
import { api } from './http';

export const activityKeys = {
  list: (filters: Record<string, string>) => ['activity', filters] as const,
};

/**
 * The site's activity log under the given filters, a page at a time (the server's keyset cursor).
 * Only the owner and admins may read it (read-activity); `enabled` keeps others from asking.
 */
export function useActivity(filters: Record<string, string>, enabled = true) {
  return useInfiniteQuery({
    queryKey: activityKeys.list(filters),
    queryFn: ({ pageParam }) => {
      const query = { ...presentFilters(filters), ...(pageParam && { cursor: pageParam }) };
      // No filters and the first page: the plain address, without a bare '?'.
      return api<ActivityPage>('GET', ACTIVITY_API.log, Object.keys(query).length ? { query } : {});
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextPageCursor ?? undefined,
    enabled,
  });
}
