import {
  REVIEWS_EDITOR_API,
  type OwnerReview,
  type OwnerReviewPage,
  type ReviewStatus,
} from '@site/commerce-core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

export const reviewKeys = {
  all: ['reviews'] as const,
  list: (status: ReviewStatus | undefined) => ['reviews', 'list', status ?? 'all'] as const,
  settings: ['reviews', 'settings'] as const,
};

/** The site's reviews for moderation, newest first, a page at a time (the server's keyset cursor). */
export function useReviews(status: ReviewStatus | undefined) {
  return useInfiniteQuery({
    queryKey: reviewKeys.list(status),
    queryFn: ({ pageParam }) => {
      const query = { ...(status && { status }), ...(pageParam && { cursor: pageParam }) };
      return api<OwnerReviewPage>('GET', REVIEWS_EDITOR_API.list, Object.keys(query).length ? { query } : {});
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextPageCursor ?? undefined,
  });
}

/** Approve, hide or reply to one review; every list is read again, as its status may move it. */
export function useModerateReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: { status?: ReviewStatus; reply?: string } }) =>
      api<OwnerReview>('PATCH', REVIEWS_EDITOR_API.review(id), { body: change }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reviews', 'list'] }),
  });
}

/** Whether the site takes and shows reviews. */
export function useReviewSettings() {
  return useQuery({
    queryKey: reviewKeys.settings,
    queryFn: () => api<{ enabled: boolean }>('GET', REVIEWS_EDITOR_API.settings),
  });
}

export function useSaveReviewSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api<{ enabled: boolean }>('PUT', REVIEWS_EDITOR_API.settings, { body: { enabled } }),
    onSuccess: (saved) => client.setQueryData(reviewKeys.settings, saved),
  });
}
