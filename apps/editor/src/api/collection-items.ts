import {
  COLLECTIONS_API,
  type CollectionItemView,
  type CreateItem,
  type ItemListPage,
  type ItemListQuery,
  type UpdateItem,
} from '@site/page-content';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from './http';

/** The items (events, videos, gallery images, album tracks) of one collection page. */
export const itemKeys = {
  items: (collectionId: string) => ['collection-items', collectionId] as const,
  events: (collectionId: string, q: string) => ['collection-items', collectionId, 'events', q] as const,
  item: (id: string) => ['collection-item', id] as const,
};

/** A gallery's, album's or video page's items, all of them in their order (at most 250). */
export function useItems(collectionId: string) {
  return useQuery({
    queryKey: itemKeys.items(collectionId),
    queryFn: async () =>
      (await api<ItemListPage>('GET', COLLECTIONS_API.items, { query: { collectionId } })).items,
  });
}

/** An events page's events, latest start first, a page at a time, those with `q` in their title. */
export function useEventPages(collectionId: string, q = '') {
  const search = q.trim();
  return useInfiniteQuery({
    queryKey: itemKeys.events(collectionId, search),
    queryFn: ({ pageParam }) => {
      const query: ItemListQuery = {
        collectionId,
        ...(search && { q: search }),
        ...(pageParam && { cursor: pageParam }),
      };
      return api<ItemListPage>('GET', COLLECTIONS_API.items, { query });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextPageCursor ?? undefined,
    // Another search keeps the rows shown (and the search box in place) until its answer comes.
    placeholderData: keepPreviousData,
  });
}

/** One item, read whole to edit it (a long events page lists only its first events). */
export function useItem(id: string) {
  return useQuery({
    queryKey: itemKeys.item(id),
    queryFn: () => api<CollectionItemView>('GET', COLLECTIONS_API.item(id)),
    // The editor holds its own draft; a background refetch must not replace what is being typed.
    staleTime: Infinity,
  });
}

/** After a save: the item as saved, and the lists showing it (whole or paged) read again or patched. */
export function itemSaved(client: QueryClient, collectionId: string, saved: CollectionItemView) {
  client.setQueryData(itemKeys.item(saved.id), saved);
  client.setQueryData<CollectionItemView[]>(itemKeys.items(collectionId), (items) =>
    Array.isArray(items) ? items.map((i) => (i.id === saved.id ? saved : i)) : items,
  );
  void client.invalidateQueries({ queryKey: [...itemKeys.items(collectionId), 'events'] });
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
