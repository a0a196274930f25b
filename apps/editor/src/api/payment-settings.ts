import type { PaymentSettingsSave, PaymentSettingsView } from '@site/commerce-core/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

const PAYMENTS_API = '/api/editor/payments';
const paymentsKey = ['site-payments'] as const;

/** The site's payment processor: the secrets only as their last four characters. Owner and admins. */
export function usePaymentSettings() {
  return useQuery({
    queryKey: paymentsKey,
    queryFn: () => api<PaymentSettingsView>('GET', PAYMENTS_API),
  });
}

export function useSavePaymentSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentSettingsSave | null) =>
      input
        ? api<PaymentSettingsView>('PUT', PAYMENTS_API, { body: input })
        : api<PaymentSettingsView>('DELETE', PAYMENTS_API),
    onSuccess: (saved) => client.setQueryData(paymentsKey, saved),
  });
}
