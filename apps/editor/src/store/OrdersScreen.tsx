import {
  editorMessages,
  OrderDetailView,
  OrdersTable,
  storeMessages as m,
  type OrderFilters,
  type SubscriptionAnswer,
} from '@site/ui';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { errorMessage, useMe } from '../api/queries';
import { ordersCsvHref, useOrderAction, useOrder, useOrders, useSubscriptionAction } from '../api/store-queries';
import { RestockSignups } from './RestockSignups';

/** Orders, the orders that started a subscription, and the restock sign-ups waiting for stock. */
export function OrdersScreen() {
  const me = useMe();
  return (
    <div className="ed-screen">
      <Tabs>
        <TabList aria-label={m.orders} className="ed-tabs">
          <Tab id="orders" className="ed-tab">
            {m.orders}
          </Tab>
          <Tab id="subscriptions" className="ed-tab">
            {m.subscriptions}
          </Tab>
          <Tab id="restock" className="ed-tab">
            {m.restockSignups}
          </Tab>
        </TabList>
        <TabPanel id="orders">
          <OrderList kind="" />
        </TabPanel>
        <TabPanel id="subscriptions">
          <OrderList kind="subscription" />
        </TabPanel>
        <TabPanel id="restock">
          <RestockSignups isReadOnly={!(me.data?.roles.includes('owner') ?? false)} />
        </TabPanel>
      </Tabs>
    </div>
  );
}

/**
 * The orders list with its filters and CSV export; an order opens at /orders/<id>. The
 * subscriptions list adds Resume and Cancel for the owner or an admin, each answer beside its row.
 */
function OrderList({ kind }: { kind: '' | 'subscription' }) {
  const navigate = useNavigate();
  const me = useMe();
  const action = useSubscriptionAction();
  const [answers, setAnswers] = useState<Record<string, SubscriptionAnswer>>({});
  const act = (verb: 'resume' | 'cancel', id: string) => {
    // The last answer goes while the next call is under way.
    setAnswers((all) => Object.fromEntries(Object.entries(all).filter(([key]) => key !== id)));
    action.mutate(
      { kind: verb, id },
      {
        onSuccess: (result) => {
          const text =
            'resumed' in result
              ? m.subscriptionResumed(result.nextBillingOn ? new Date(result.nextBillingOn).toLocaleDateString() : null)
              : m.subscriptionCancelled;
          setAnswers((all) => ({ ...all, [id]: { tone: 'success', text } }));
        },
        onError: (error) => setAnswers((all) => ({ ...all, [id]: { tone: 'error', text: errorMessage(error) } })),
      },
    );
  };
  const managing = me.data?.roles.some((r) => r === 'owner' || r === 'admin') ?? false;
  const [filters, setFilters] = useState<OrderFilters>({ q: '', status: '', from: '', to: '' });
  const orders = useOrders({ ...filters, kind });
  return (
    <>
      <OrdersTable
        orders={orders.data?.pages.flatMap((p) => p.orders)}
        filters={filters}
        onFiltersChange={setFilters}
        isLoading={orders.isPending}
        error={orders.error ? errorMessage(orders.error) : undefined}
        onOpen={(o) => void navigate({ to: '/orders/$orderId', params: { orderId: o.id } })}
        onLoadMore={orders.hasNextPage ? () => void orders.fetchNextPage() : undefined}
        csvHref={ordersCsvHref({ ...filters, kind })}
        subscriptions={
          kind === 'subscription'
            ? {
                onResume: (o) => act('resume', o.id),
                onCancel: (o) => act('cancel', o.id),
                answers,
                busyId: action.isPending ? action.variables.id : undefined,
                isReadOnly: !managing,
              }
            : undefined
        }
      />
    </>
  );
}

/** One order with Fulfil, Refund (one unit of a line) and Cancel. */
export function OrderScreen({ orderId }: { orderId: string }) {
  const navigate = useNavigate();
  const me = useMe();
  const order = useOrder(orderId);
  const action = useOrderAction();
  if (order.isPending)
    return (
      <p className="ed-loading" role="status">
        {editorMessages.loading}
      </p>
    );
  if (order.error)
    return (
      <p className="ed-banner ed-banner--error" role="alert">
        {errorMessage(order.error)}
      </p>
    );
  return (
    <div className="ed-screen">
      <OrderDetailView
        order={order.data}
        isReadOnly={!(me.data?.canEdit ?? false)}
        isBusy={action.isPending}
        error={action.error ? errorMessage(action.error) : undefined}
        onFulfil={(body) => action.mutate({ kind: 'fulfil', id: orderId, body })}
        onRefund={(line) =>
          action.mutate({ kind: 'refund', id: orderId, body: { orderItemId: line.id, quantity: 1 } })
        }
        onCancel={() => action.mutate({ kind: 'cancel', id: orderId })}
        onBack={() => void navigate({ to: '/orders' })}
      />
    </div>
  );
}
