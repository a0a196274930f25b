import { fillMessage } from '@site/commerce-core';
import { mayDo } from '@site/page-content';
import {
  carrierTrackingUrl,
  formatAdminMoney,
  paymentMessages,
  STORE_API,
  type AdminOrderDetail,
} from '@site/commerce-core/admin';
import {
  DonationsTable,
  editorMessages,
  OrderDetailView,
  OrdersExport,
  OrdersTable,
  RefundAmountForm,
  storeMessages as m,
  type OrderFilters,
  type SubscriptionAnswer,
} from '@site/ui';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useCommercePreferences } from '../api/commerce-preferences';
import { useDonations, useRefundDonation } from '../api/donations';
import { issuesByPath } from '../api/http';
import {
  useLatestOrderExport,
  useOrder,
  useOrderAction,
  useOrders,
  useStartOrderExport,
  useSubscriptionAction,
} from '../api/orders';
import { useMe } from '../api/session';
import { errorMessage, listLoadFailure } from '../screen-kit/save-state';
import { ownerLocale } from './owner-locale';
import { RestockSignups } from './RestockSignups';

/**
 * Orders, the orders that started a subscription, the restock sign-ups waiting for stock, and the
 * donations given through the site's donation blocks.
 */
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
          <Tab id="donations" className="ed-tab">
            {m.donations}
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
        <TabPanel id="donations">
          <Donations />
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
              ? m.subscriptionResumed(
                  result.nextBillingOn ? new Date(result.nextBillingOn).toLocaleDateString() : null,
                )
              : m.subscriptionCancelled;
          setAnswers((all) => ({ ...all, [id]: { tone: 'success', text } }));
        },
        onError: (error) =>
          setAnswers((all) => ({ ...all, [id]: { tone: 'error', text: errorMessage(error) } })),
      },
    );
  };
  // Resuming or cancelling a subscription moves money (TEAM_ROLE_RIGHTS move-money).
  const managing = mayDo(me.data?.roles ?? [], 'move-money');
  const [filters, setFilters] = useState<OrderFilters>({ q: '', status: '', from: '', to: '' });
  const orders = useOrders({ ...filters, kind });
  const latestExport = useLatestOrderExport();
  const startExport = useStartOrderExport();
  return (
    <>
      <OrdersTable
        orders={orders.data?.pages.flatMap((p) => p.orders)}
        filters={filters}
        onFiltersChange={setFilters}
        isLoading={orders.isPending}
        error={orders.error ? listLoadFailure('results', orders.error) : undefined}
        onOpen={(o) => void navigate({ to: '/orders/$orderId', params: { orderId: o.id } })}
        onLoadMore={orders.hasNextPage ? () => void orders.fetchNextPage() : undefined}
        exportControl={
          <OrdersExport
            latest={latestExport.data}
            onStart={() => startExport.mutate({ ...filters, kind })}
            isStarting={startExport.isPending}
            startError={startExport.error ? errorMessage(startExport.error) : undefined}
            isDisabled={latestExport.isPending}
          />
        }
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

function Donations() {
  const donations = useDonations();
  const refund = useRefundDonation();
  const me = useMe();
  return (
    <DonationsTable
      onRefund={
        mayDo(me.data?.roles ?? [], 'move-money')
          ? (donation, amount) => refund.mutateAsync({ id: donation.id, amount })
          : undefined
      }
      donations={donations.data?.pages.flatMap((page) => page.donations)}
      isLoading={donations.isPending}
      loadError={
        donations.error && !donations.isFetchNextPageError
          ? listLoadFailure('results', donations.error)
          : undefined
      }
      onRetry={() => void donations.refetch()}
      hasMore={donations.hasNextPage}
      isLoadingMore={donations.isFetchingNextPage}
      onLoadMore={() => void donations.fetchNextPage()}
      loadMoreError={donations.isFetchNextPageError ? listLoadFailure('results', donations.error) : undefined}
      csvHref={STORE_API.donationsCsv}
      locale={ownerLocale()}
    />
  );
}

type Notice = { message: string; next?: ReactNode; place: 'order' | 'refund-amount' };

/**
 * One order with Fulfil, Refund (one unit of a line), a refund of a typed amount, and Cancel;
 * each answers with what it did and the next step.
 */
export function OrderScreen({ orderId }: { orderId: string }) {
  const navigate = useNavigate();
  const me = useMe();
  const order = useOrder(orderId);
  const action = useOrderAction();
  const emails = useCommercePreferences('notifications');
  const [notice, setNotice] = useState<Notice>();
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
  const back = (
    <button type="button" className="ed-link-button" onClick={() => void navigate({ to: '/orders' })}>
      {m.back}
    </button>
  );
  const run = (
    input: Parameters<typeof action.mutate>[0],
    place: Notice['place'],
    answer: (updated: AdminOrderDetail) => Omit<Notice, 'place'>,
  ) => {
    setNotice(undefined);
    action.mutate(input, { onSuccess: (updated) => setNotice({ ...answer(updated), place }) });
  };
  const amountError =
    action.error && action.variables?.kind === 'refund-amount'
      ? (issuesByPath(action.error).amount ?? errorMessage(action.error))
      : undefined;
  const dismiss = () => setNotice(undefined);
  return (
    <div className="ed-screen">
      <OrderDetailView
        order={order.data}
        isReadOnly={!mayDo(me.data?.roles ?? [], 'manage-store')}
        canMoveMoney={mayDo(me.data?.roles ?? [], 'move-money')}
        isBusy={action.isPending}
        error={action.error && !amountError ? errorMessage(action.error) : undefined}
        notice={notice?.place === 'order' ? notice : undefined}
        onDismissNotice={dismiss}
        emailCustomerByDefault={emails.data?.fulfilmentEmailEnabled !== false}
        emailPreviewHref={(email) =>
          `/commerce/email-preview?order=${encodeURIComponent(orderId)}&email=${email}`
        }
        onFulfil={(body) =>
          run({ kind: 'fulfil', id: orderId, body }, 'order', (updated) => {
            const trackingUrl = body.trackingUrl ?? carrierTrackingUrl(body.carrier, body.trackingNumber);
            return {
              message: m.fulfilled(updated.orderNumber, body.notifyCustomer ? updated.email : null),
              next: (
                <>
                  {trackingUrl && (
                    <a href={trackingUrl} target="_blank" rel="noreferrer">
                      {m.openTrackingPage}
                    </a>
                  )}
                  {back}
                </>
              ),
            };
          })
        }
        onRefund={(line) =>
          run({ kind: 'refund', id: orderId, body: { orderItemId: line.id, quantity: 1 } }, 'order', () => ({
            message: m.lineRefunded(line.productName, formatAdminMoney(line.unitPrice)),
            next: back,
          }))
        }
        onCancel={() =>
          run({ kind: 'cancel', id: orderId }, 'order', (updated) => ({
            message: m.orderCancelled(updated.orderNumber),
            next: back,
          }))
        }
        onBack={() => void navigate({ to: '/orders' })}
      />
      {mayDo(me.data?.roles ?? [], 'move-money') && (
        <RefundAmountForm
          order={order.data}
          isBusy={action.isPending && action.variables?.kind === 'refund-amount'}
          error={amountError}
          notice={notice?.place === 'refund-amount' ? notice : undefined}
          onDismissNotice={dismiss}
          onRefund={(amount, minor) =>
            run({ kind: 'refund-amount', id: orderId, body: { amount } }, 'refund-amount', () => ({
              message: fillMessage(paymentMessages.refundDone, {
                amount: formatAdminMoney({ value: String(minor), currency: order.data.currency }),
              }),
              next: back,
            }))
          }
        />
      )}
    </div>
  );
}
