import { BLOG_API, type BlogPostView, type CreatePost, type UpdatePost } from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

/** A blog's posts (listed per blog page) and one post opened in its editor. */
export const postKeys = {
  posts: (collectionId: string) => ['blog-posts', collectionId] as const,
  post: (id: string) => ['blog-post', id] as const,
};

export function usePosts(collectionId: string) {
  return useQuery({
    queryKey: postKeys.posts(collectionId),
    queryFn: async () =>
      (await api<{ posts: BlogPostView[] }>('GET', BLOG_API.posts, { query: { collectionId } })).posts,
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
