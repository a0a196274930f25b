import type { CurrencyCode } from '@site/commerce-core';
import { STORE_API, type StoreCurrencyState } from '@site/commerce-core/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { editorSiteKeys } from './editor-site';
import { api } from './http';

export const storeCurrencyKeys = { state: ['store-currency'] as const };

export function useStoreCurrency() {
  return useQuery({
    queryKey: storeCurrencyKeys.state,
    queryFn: () => api<StoreCurrencyState>('GET', STORE_API.storeCurrency),
  });
}

/**
 * A 409 CONFIRM_CURRENCY_CHANGE is the server asking the owner to confirm, not a failure: the
 * caller shows it and sends again with `confirmed`. Every price field reads the currency from
 * the site, so the site is read again after a change.
 */
export function useChangeStoreCurrency() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { currency: CurrencyCode; confirmed?: boolean }) =>
      api<StoreCurrencyState>('PUT', STORE_API.storeCurrency, { body: change }),
    onSuccess: async (state) => {
      client.setQueryData(storeCurrencyKeys.state, state);
      await client.invalidateQueries({ queryKey: editorSiteKeys.site });
    },
  });
}
