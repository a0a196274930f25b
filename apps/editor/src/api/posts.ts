import {
  BLOG_API,
  type BlogPostView,
  type CreatePost,
  type PostListQuery,
  type PostPage,
  type UpdatePost,
} from '@site/page-content';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from './http';

/** A blog's posts (listed per blog page, under any search) and one post opened in its editor. */
export const postKeys = {
  posts: (collectionId: string) => ['blog-posts', collectionId] as const,
  search: (collectionId: string, q: string) => ['blog-posts', collectionId, q] as const,
  post: (id: string) => ['blog-post', id] as const,
};

/**
 * A blog's posts, last edited first, a page at a time (the server's keyset cursor), those with `q`
 * in their title when it is not blank. Each holds what the list shows; `usePost` reads one whole.
 */
export function usePosts(collectionId: string, q = '') {
  const search = q.trim();
  return useInfiniteQuery({
    queryKey: postKeys.search(collectionId, search),
    queryFn: ({ pageParam }) => {
      const query: PostListQuery = {
        collectionId,
        ...(search && { q: search }),
        ...(pageParam && { cursor: pageParam }),
      };
      return api<PostPage>('GET', BLOG_API.posts, { query });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextPageCursor ?? undefined,
    // Another search keeps the rows shown (and the search box in place) until its answer comes.
    placeholderData: keepPreviousData,
  });
}

export function usePost(id: string) {
  return useQuery({
    queryKey: postKeys.post(id),
    queryFn: () => api<BlogPostView>('GET', BLOG_API.post(id)),
    // The editor holds its own draft; a background refetch must not replace what is being typed.
    staleTime: Infinity,
  });
}

export function useCreatePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePost) => api<BlogPostView>('POST', BLOG_API.posts, { body: input }),
    onSuccess: (post) => {
      client.setQueryData(postKeys.post(post.id), post);
      return client.invalidateQueries({ queryKey: postKeys.posts(post.collectionId) });
    },
  });
}

export function savePost(id: string, change: UpdatePost) {
  return api<BlogPostView>('PATCH', BLOG_API.post(id), { body: change });
}

export function useDeletePost(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', BLOG_API.post(id)),
    onSettled: () => client.invalidateQueries({ queryKey: postKeys.posts(collectionId) }),
  });
}
