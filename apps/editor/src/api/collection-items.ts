import {
  COLLECTIONS_API,
  type CollectionItemView,
  type CreateItem,
  type UpdateItem,
} from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

/** The items (events, videos, gallery images, album tracks) of one collection page. */
export const itemKeys = {
  items: (collectionId: string) => ['collection-items', collectionId] as const,
};

export function useItems(collectionId: string) {
  return useQuery({
    queryKey: itemKeys.items(collectionId),
    queryFn: async () =>
      (
        await api<{ collectionType: string; items: CollectionItemView[] }>('GET', COLLECTIONS_API.items, {
          query: { collectionId },
        })
      ).items,
  });
}

export function useCreateItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateItem) =>
      api<CollectionItemView>('POST', COLLECTIONS_API.items, { body: input }),
    onSuccess: (item) => client.invalidateQueries({ queryKey: itemKeys.items(item.collectionId) }),
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
      client.setQueryData<CollectionItemView[]>(itemKeys.items(collectionId), (items) =>
        items?.map((i) => (i.id === item.id ? item : i)),
      ),
    onError: () => client.invalidateQueries({ queryKey: itemKeys.items(collectionId) }),
  });
}

export function useDeleteItem(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', COLLECTIONS_API.item(id)),
    onSettled: () => client.invalidateQueries({ queryKey: itemKeys.items(collectionId) }),
  });
}

/** Moves at once on screen; the server's order replaces it, or the list reloads when refused. */
export function useReorderItems(collectionId: string) {
  const client = useQueryClient();
  const key = itemKeys.items(collectionId);
  return useMutation({
    mutationFn: (ids: string[]) =>
      api<{ items: CollectionItemView[] }>('POST', COLLECTIONS_API.reorder, { body: { collectionId, ids } }),
    onMutate: (ids) => {
      const before = client.getQueryData<CollectionItemView[]>(key);
      if (before) {
        const byId = new Map(before.map((i) => [i.id, i]));
        client.setQueryData(
          key,
          ids.map((id) => byId.get(id)).filter((i): i is CollectionItemView => Boolean(i)),
        );
      }
    },
    onSuccess: ({ items }) => client.setQueryData(key, items),
    onError: () => client.invalidateQueries({ queryKey: key }),
  });
}
