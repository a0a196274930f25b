import { STORE_API, type StoreView } from '@site/commerce-core/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';
import { pageKeys } from './pages';
import { siteLayoutKeys } from './site-layout';

/** The site's store pages (a product belongs to one). */
export const storeKeys = {
  stores: ['store', 'collections'] as const,
};

export function useStores() {
  return useQuery({
    queryKey: storeKeys.stores,
    queryFn: () => api<{ stores: StoreView[] }>('GET', STORE_API.stores).then((r) => r.stores),
  });
}

/** platform.md §7: the store collection, then its root category; the store is a page, so the page tree reloads. */
export function useCreateStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ websiteId, title }: { websiteId: string; title: string }) => {
      const store = await api<{ id: string }>('POST', STORE_API.storeCollections(websiteId), {
        body: { navigationTitle: title, title, urlId: '', description: '', enabled: true },
      });
      await api('POST', STORE_API.rootCategory(websiteId, store.id), {
        body: { displayName: title, type: 'ROOT', pageRendering: 'LIST_VIEW', displayIndex: 1 },
      });
      return store;
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: storeKeys.stores }),
        client.invalidateQueries({ queryKey: pageKeys.all }),
        client.invalidateQueries({ queryKey: siteLayoutKeys.layout }),
      ]),
  });
}
