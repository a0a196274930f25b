import { STORE_API, type RestockSignUp, type RestockSignUpGroup } from '@site/commerce-core/admin';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

/** Shoppers waiting for a sold-out variant, grouped by variant. */
export const restockKeys = {
  groups: ['store', 'restock'] as const,
  signUps: (variantId: string) => ['store', 'restock', variantId] as const,
};

export function useRestockGroups() {
  return useInfiniteQuery({
    queryKey: restockKeys.groups,
    queryFn: ({ pageParam }) =>
      api<{ signUpGroups: RestockSignUpGroup[]; hasNextPage: boolean; nextPageCursor: string | null }>(
        'GET',
        STORE_API.restockGroups,
        { query: pageParam ? { cursor: pageParam } : {} },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextPageCursor ?? undefined,
  });
}

/** Who waits for one variant, oldest first, read only while the owner has the list open. */
export function useRestockSignUps(ref: { productId: string; variantId: string }, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: restockKeys.signUps(ref.variantId),
    queryFn: ({ pageParam }) =>
      api<{ signUps: RestockSignUp[]; hasNextPage: boolean; nextPageCursor: string | null }>(
        'GET',
        STORE_API.restockSignUps,
        { query: { ...ref, ...(pageParam ? { cursor: pageParam } : {}) } },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextPageCursor ?? undefined,
    enabled,
  });
}

/** One variant's notices, or every listed variant's at once (all or none are sent). */
export function useSendRestock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (refs: { productId: string; variantId: string }[]) =>
      refs.length === 1
        ? api<{ notifiedCount: number }>('POST', STORE_API.restockSend, { body: refs[0] })
        : api<{ notifiedCount: number }>('POST', STORE_API.restockSendAll, { body: { sendRequests: refs } }),
    onSettled: () => client.invalidateQueries({ queryKey: restockKeys.groups }),
  });
}
