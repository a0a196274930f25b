import { tagsApi, type TagCollection, type TagType, type TagView } from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

/**
 * One cache entry per collection and type, holding the tags as the server lists them: the Tags
 * screen and the name pickers of posts and products read the same entry, so a change shows in both.
 */
export const tagKeys = {
  collection: (collection: TagCollection) => ['tags', collection] as const,
  list: (collection: TagCollection, type: TagType) => ['tags', collection, type] as const,
};

const fetchTags = async (collection: TagCollection, type: TagType) =>
  (await api<{ tags: TagView[] }>('GET', tagsApi(collection).tags, { query: { type } })).tags;

export function useTags(collection: TagCollection, type: TagType) {
  return useQuery({
    queryKey: tagKeys.list(collection, type),
    queryFn: () => fetchTags(collection, type),
  });
}

/** The names the tag manager knows, offered when tagging a post or a product. */
export function useTagNames(collection: TagCollection, type: TagType) {
  return useQuery({
    queryKey: tagKeys.list(collection, type),
    queryFn: () => fetchTags(collection, type),
    select: (tags) => tags.map((t) => t.name),
  });
}

/** A manager action (create, rename, merge, delete: its URL and body); the list reloads after, refused or not. */
export function useChangeTags(collection: TagCollection, type: TagType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ url, body }: { url: string; body: Record<string, unknown> }) =>
      api('POST', url, { body: { type, ...body } }),
    onSettled: () => client.invalidateQueries({ queryKey: tagKeys.list(collection, type) }),
  });
}
