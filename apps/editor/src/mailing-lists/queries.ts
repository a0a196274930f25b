import {
  MAILING_API,
  type DeliveryView,
  type MailingListView,
  type SubscriberView,
  type WebhookInput,
  type WebhookView,
} from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http';

const keys = {
  lists: ['mailing-lists'] as const,
  subscribers: (listId: string, search: string) => ['mailing-lists', listId, 'subscribers', search] as const,
  webhooks: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
};

export function useMailingLists() {
  return useQuery({
    queryKey: keys.lists,
    queryFn: async () => (await api<{ lists: MailingListView[] }>('GET', MAILING_API.lists)).lists,
  });
}

export function useSubscribers(listId: string, search: string) {
  return useQuery({
    queryKey: keys.subscribers(listId, search),
    queryFn: () =>
      api<{ subscribers: SubscriberView[]; total: number }>('GET', MAILING_API.subscribers(listId), {
        query: search ? { search } : {},
      }),
    enabled: listId !== '',
  });
}

/** Create, rename and delete; every change reloads the lists (and their subscriber counts). */
export function useListMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: keys.lists });
  return {
    create: useMutation({
      mutationFn: (name: string) => api<MailingListView>('POST', MAILING_API.lists, { body: { name } }),
      onSuccess: refresh,
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) =>
        api<MailingListView>('PATCH', MAILING_API.list(id), { body: { name } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api<void>('DELETE', MAILING_API.list(id)),
      onSuccess: refresh,
    }),
  };
}

export function useWebhooks() {
  return useQuery({
    queryKey: keys.webhooks,
    queryFn: async () => (await api<{ webhooks: WebhookView[] }>('GET', MAILING_API.webhooks)).webhooks,
  });
}

export function useDeliveries(id: string) {
  // Deliveries change on their own (retries); a short poll keeps the status honest.
  return useQuery({
    queryKey: keys.deliveries(id),
    queryFn: async () =>
      (await api<{ deliveries: DeliveryView[] }>('GET', MAILING_API.deliveries(id))).deliveries,
    refetchInterval: 5000,
  });
}

export function useWebhookMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: keys.webhooks });
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
