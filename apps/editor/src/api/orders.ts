import {
  STORE_API,
  type AdminOrderDetail,
  type AdminOrderSummary,
  type FulfilOrder,
  type OrderExportView,
} from '@site/commerce-core/admin';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { presentFilters } from './filters';
import { api } from './http';
import { productKeys } from './products';

export const orderKeys = {
  /** Every order list and order, whatever the filters. */
  all: ['store', 'orders'] as const,
  list: (filters: Record<string, string>) => ['store', 'orders', filters] as const,
  order: (id: string) => ['store', 'order', id] as const,
};

export function useOrders(filters: Record<string, string>) {
  return useInfiniteQuery({
    queryKey: orderKeys.list(filters),
    queryFn: ({ pageParam }) =>
      api<{ orders: AdminOrderSummary[]; nextCursor: string | null }>('GET', STORE_API.orders, {
        query: { ...presentFilters(filters), ...(pageParam && { cursor: pageParam }) },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

const latestExportKey = ['store', 'order-export'] as const;

/** The site's latest orders export, asked again every second while its job runs. */
export function useLatestOrderExport() {
  return useQuery({
    queryKey: latestExportKey,
    queryFn: async () =>
      (await api<{ export: OrderExportView | null }>('GET', STORE_API.latestOrderExport)).export,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 1000 : false),
  });
}

/** Starts an export of the orders the list's filters match (or joins the one running). */
export function useStartOrderExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (filters: Record<string, string>) =>
      api<OrderExportView>('POST', STORE_API.orderExports, { body: presentFilters(filters) }),
    onSuccess: (started) => client.setQueryData(latestExportKey, started),
  });
}

export function useOrder(id: string | undefined) {
  return useQuery({
    queryKey: orderKeys.order(id ?? ''),
    queryFn: () => api<AdminOrderDetail>('GET', STORE_API.order(id!)),
    enabled: Boolean(id),
  });
}

type OrderAction =
  | { kind: 'fulfil'; id: string; body: FulfilOrder }
  | { kind: 'refund'; id: string; body: { orderItemId: string; quantity: number } }
  | { kind: 'refund-amount'; id: string; body: { amount: string } }
  | { kind: 'cancel'; id: string };

export function useOrderAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: OrderAction) => {
      if (action.kind === 'fulfil')
        return api<AdminOrderDetail>('POST', STORE_API.fulfilOrder(action.id), { body: action.body });
      if (action.kind === 'refund')
        return api<AdminOrderDetail>('POST', STORE_API.refundLine(action.id), { body: action.body });
      if (action.kind === 'refund-amount')
        return api<AdminOrderDetail>('POST', `${STORE_API.order(action.id)}/refund-amount`, {
          body: action.body,
        });
      return api<AdminOrderDetail>('POST', STORE_API.cancelOrder(action.id));
    },
    onSuccess: async (order) => {
      client.setQueryData(orderKeys.order(order.id), order);
      await Promise.all([
        client.invalidateQueries({ queryKey: orderKeys.all }),
        client.invalidateQueries({ queryKey: productKeys.inventory }),
      ]);
    },
  });
}

type SubscriptionActionResult = { resumed: true; nextBillingOn: string | null } | { cancelledOn: string };

/** The owner's Resume (charges the saved card now) or Cancel of a subscription; the lists reload after. */
export function useSubscriptionAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      kind,
      id,
    }: {
      kind: 'resume' | 'cancel';
      id: string;
    }): Promise<SubscriptionActionResult> =>
      kind === 'resume'
        ? api<{ resumed: true; nextBillingOn: string | null }>('POST', STORE_API.resumeSubscription(id))
        : api<{ cancelledOn: string }>('POST', STORE_API.cancelSubscription(id)),
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
