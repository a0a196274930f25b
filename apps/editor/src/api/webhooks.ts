import { MAILING_API, type DeliveryView, type WebhookInput, type WebhookView } from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

export const webhookKeys = {
  webhooks: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
};

export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.webhooks,
    queryFn: async () => (await api<{ webhooks: WebhookView[] }>('GET', MAILING_API.webhooks)).webhooks,
  });
}

export function useDeliveries(id: string) {
  // Deliveries change on their own (retries); a short poll keeps the status honest.
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: async () =>
      (await api<{ deliveries: DeliveryView[] }>('GET', MAILING_API.deliveries(id))).deliveries,
    refetchInterval: 5000,
  });
}

export function useWebhookMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: webhookKeys.webhooks });
  return {
    create: useMutation({
      mutationFn: (input: WebhookInput) => api<WebhookView>('POST', MAILING_API.webhooks, { body: input }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api<void>('DELETE', MAILING_API.webhook(id)),
      onSuccess: refresh,
    }),
  };
}
