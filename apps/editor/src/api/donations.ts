import type { DonationListPage, DonationRow } from '@site/commerce-core';
import { STORE_API } from '@site/commerce-core/admin';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from './http';

export const donationKeys = { all: ['store', 'donations'] as const };

/**
 * What visitors gave through the site's donation blocks, newest first, 50 a page (the server's
 * keyset cursor); Show more asks for the page after the last one read.
 */
export function useDonations() {
  return useInfiniteQuery({
    queryKey: donationKeys.all,
    queryFn: ({ pageParam }) =>
      api<DonationListPage>('GET', STORE_API.donations, { query: pageParam ? { cursor: pageParam } : {} }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * Gives back an amount typed as money; the refunded row replaces its old self on whichever page
 * holds it at once, then the pages read so far reload.
 */
export function useRefundDonation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amount }: { id: string; amount: string }) =>
      api<DonationRow>('POST', STORE_API.refundDonation(id), { body: { amount } }),
    onSuccess: (row) =>
      client.setQueryData<InfiniteData<DonationListPage, string>>(donationKeys.all, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                donations: page.donations.map((d) => (d.id === row.id ? row : d)),
              })),
            }
          : data,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: donationKeys.all }),
  });
}
