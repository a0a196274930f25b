import type { DiscountDraft, DiscountListItem } from '@site/commerce-core';
import { STORE_API } from '@site/commerce-core/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

export const discountKeys = {
  list: ['store', 'discounts'] as const,
};

/** The store's discounts with their uses and revenue, archived ones last. */
export function useDiscounts() {
  return useQuery({
    queryKey: discountKeys.list,
    queryFn: async () => (await api<{ discounts: DiscountListItem[] }>('GET', STORE_API.discounts)).discounts,
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
