import {
  BLOG_API,
  type CommentList,
  type CommentQuery,
  type CommentSettings,
  type CommentStatus,
} from '@site/page-content';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

export const commentKeys = {
  /** Every comment list, whatever the status. */
  all: ['blog-comments'] as const,
  list: (status: CommentStatus) => ['blog-comments', status] as const,
};

/**
 * One status's comments, newest first, a page at a time (the server's keyset cursor); Show more
 * asks for the page after the last one read. The first page also brings every tab's count.
 */
export function useComments(status: CommentStatus) {
  return useInfiniteQuery({
    queryKey: commentKeys.list(status),
    queryFn: ({ pageParam }) => {
      const query: CommentQuery = { status, ...(pageParam && { cursor: pageParam }) };
      return api<CommentList>('GET', BLOG_API.comments, { query });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export type Moderation = 'approve' | 'spam' | 'delete';

export function useModerateComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: Moderation }) =>
      action === 'delete'
        ? api<void>('DELETE', BLOG_API.comment(id))
        : api<void>('POST', action === 'approve' ? BLOG_API.approve(id) : BLOG_API.spam(id)),
    onSettled: () => client.invalidateQueries({ queryKey: commentKeys.all }),
  });
}

export const commentSettingsKey = ['comment-settings'] as const;

export function useCommentSettings() {
  return useQuery({
    queryKey: commentSettingsKey,
    queryFn: () => api<CommentSettings>('GET', BLOG_API.commentSettings),
  });
}

export function useSaveCommentSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: CommentSettings) =>
      api<CommentSettings>('PUT', BLOG_API.commentSettings, { body: settings }),
    onSuccess: (saved) => client.setQueryData(commentSettingsKey, saved),
  });
}
