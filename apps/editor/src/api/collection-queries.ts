import {
  BLOG_API,
  COLLECTIONS_API,
  tagsApi,
  type BlogPostView,
  type CollectionItemView,
  type CommentList,
  type CommentStatus,
  type CreateItem,
  type CreatePost,
  type TagType,
  type TagView,
  type UpdateItem,
  type UpdatePost,
} from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

/** Blog posts, collection items and comments: the query keys the collection screens share. */
export const collectionKeys = {
  posts: (collectionId: string) => ['blog-posts', collectionId] as const,
  post: (id: string) => ['blog-post', id] as const,
  items: (collectionId: string) => ['collection-items', collectionId] as const,
  comments: ['blog-comments'] as const,
  commentList: (status: CommentStatus) => ['blog-comments', status] as const,
  /** The Tags screen's key and data (TagView[]), so a change there shows here. */
  tags: (type: TagType) => ['tags', 'blog', type] as const,
};

export function usePosts(collectionId: string) {
  return useQuery({
    queryKey: collectionKeys.posts(collectionId),
    queryFn: async () => (await api<{ posts: BlogPostView[] }>('GET', BLOG_API.posts, { query: { collectionId } })).posts,
  });
}

export function usePost(id: string) {
  return useQuery({
    queryKey: collectionKeys.post(id),
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
      client.setQueryData(collectionKeys.post(post.id), post);
      return client.invalidateQueries({ queryKey: collectionKeys.posts(post.collectionId) });
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
    onSettled: () => client.invalidateQueries({ queryKey: collectionKeys.posts(collectionId) }),
  });
}

export function useItems(collectionId: string) {
  return useQuery({
    queryKey: collectionKeys.items(collectionId),
    queryFn: async () =>
      (await api<{ collectionType: string; items: CollectionItemView[] }>('GET', COLLECTIONS_API.items, { query: { collectionId } })).items,
  });
}

export function useCreateItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateItem) => api<CollectionItemView>('POST', COLLECTIONS_API.items, { body: input }),
    onSuccess: (item) => client.invalidateQueries({ queryKey: collectionKeys.items(item.collectionId) }),
  });
}

export function saveItem(id: string, change: UpdateItem) {
  return api<CollectionItemView>('PATCH', COLLECTIONS_API.item(id), { body: change });
}

export function useUpdateItem(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: UpdateItem & { id: string }) => saveItem(id, change),
    onSuccess: (item) =>
      client.setQueryData<CollectionItemView[]>(collectionKeys.items(collectionId), (items) => items?.map((i) => (i.id === item.id ? item : i))),
    onError: () => client.invalidateQueries({ queryKey: collectionKeys.items(collectionId) }),
  });
}

export function useDeleteItem(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', COLLECTIONS_API.item(id)),
    onSettled: () => client.invalidateQueries({ queryKey: collectionKeys.items(collectionId) }),
  });
}

/** Moves at once on screen; the server's order replaces it, or the list reloads when refused. */
export function useReorderItems(collectionId: string) {
  const client = useQueryClient();
  const key = collectionKeys.items(collectionId);
  return useMutation({
    mutationFn: (ids: string[]) =>
      api<{ items: CollectionItemView[] }>('POST', COLLECTIONS_API.reorder, { body: { collectionId, ids } }),
    onMutate: (ids) => {
      const before = client.getQueryData<CollectionItemView[]>(key);
      if (before) {
        const byId = new Map(before.map((i) => [i.id, i]));
        client.setQueryData(key, ids.map((id) => byId.get(id)).filter((i): i is CollectionItemView => Boolean(i)));
      }
    },
    onSuccess: ({ items }) => client.setQueryData(key, items),
    onError: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useComments(status: CommentStatus) {
  return useQuery({
    queryKey: collectionKeys.commentList(status),
    queryFn: () => api<CommentList>('GET', BLOG_API.comments, { query: { status } }),
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
    onSettled: () => client.invalidateQueries({ queryKey: collectionKeys.comments }),
  });
}

/** The names the tag manager knows, offered when tagging a post. */
export function useTagNames(type: TagType) {
  return useQuery({
    queryKey: collectionKeys.tags(type),
    queryFn: async () => (await api<{ tags: TagView[] }>('GET', tagsApi('blog').tags, { query: { type } })).tags.map((t) => t.name),
  });
}
