import type { DonationRow } from '@site/commerce-core';
import { STORE_API } from '@site/commerce-core/admin';
import { useQuery } from '@tanstack/react-query';
import { api } from './http';

export const donationKeys = { all: ['store', 'donations'] as const };

/** What visitors gave through the site's donation blocks, newest first. */
export function useDonations() {
  return useQuery({
    queryKey: donationKeys.all,
    queryFn: () => api<{ donations: DonationRow[] }>('GET', STORE_API.donations),
  });
}
