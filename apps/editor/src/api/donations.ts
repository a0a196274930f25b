import type { DonationRow } from '@site/commerce-core';
import { STORE_API } from '@site/commerce-core/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

export const donationKeys = { all: ['store', 'donations'] as const };

/** What visitors gave through the site's donation blocks, newest first. */
export function useDonations() {
  return useQuery({
    queryKey: donationKeys.all,
    queryFn: () => api<{ donations: DonationRow[] }>('GET', STORE_API.donations),
  });
}

/** Gives back an amount typed as money; the list shows the refunded total once it answers. */
export function useRefundDonation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amount }: { id: string; amount: string }) =>
      api<DonationRow>('POST', STORE_API.refundDonation(id), { body: { amount } }),
    onSettled: () => client.invalidateQueries({ queryKey: donationKeys.all }),
  });
}
