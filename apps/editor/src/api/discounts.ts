import type { DiscountDraft, DiscountListItem, DiscountListPage } from '@site/commerce-core';
import { STORE_API } from '@site/commerce-core/admin';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

export const discountKeys = {
  list: ['store', 'discounts'] as const,
};

/**
 * The store's discounts with their uses and revenue, archived ones last, a page at a time (the
 * server's keyset cursor); Show more asks for the page after the last one read.
 */
export function useDiscounts() {
  return useInfiniteQuery({
    queryKey: discountKeys.list,
    queryFn: ({ pageParam }) =>
      api<DiscountListPage>('GET', STORE_API.discounts, { query: pageParam ? { cursor: pageParam } : {} }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Creates (no id) or replaces a discount; the list reloads after. */
export function useSaveDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id?: string; draft: DiscountDraft }) =>
      id
        ? api<DiscountListItem>('PUT', STORE_API.discount(id), { body: draft })
        : api<DiscountListItem>('POST', STORE_API.discounts, { body: draft }),
    onSuccess: () => client.invalidateQueries({ queryKey: discountKeys.list }),
  });
}

export function useArchiveDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<DiscountListItem>('POST', STORE_API.archiveDiscount(id)),
    onSuccess: () => client.invalidateQueries({ queryKey: discountKeys.list }),
  });
}
