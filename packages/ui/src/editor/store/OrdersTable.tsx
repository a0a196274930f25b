import { formatAdminMoney, type AdminOrderSummary } from '@site/commerce-core/admin';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../ConfirmDialog';
import { EmptyState } from '../EmptyState';
import { editorMessages } from '../editor-messages';
import { storeMessages as m } from './store-messages';

export interface OrderFilters {
  q: string;
  status: '' | 'paid' | 'fulfilled' | 'cancelled';
  from: string;
  to: string;
}

/** The answer of the last Resume or Cancel of a row, shown beside it. */
export interface SubscriptionAnswer {
  tone: 'success' | 'error';
  text: string;
}

/** The subscriptions list's row actions: Resume a paused subscription, Cancel an active or paused one. */
export interface SubscriptionActions {
  onResume: (order: AdminOrderSummary) => void;
  onCancel: (order: AdminOrderSummary) => void;
  answers: Readonly<Record<string, SubscriptionAnswer>>;
  /** The row whose action is under way. */
  busyId?: string;
  /** Only the owner or an admin may charge or cancel: others see the state without the buttons. */
  isReadOnly?: boolean;
}

export interface OrdersTableProps {
  orders: readonly AdminOrderSummary[] | undefined;
  filters: OrderFilters;
  onFiltersChange: (filters: OrderFilters) => void;
  isLoading?: boolean;
  error?: string;
  onOpen: (order: AdminOrderSummary) => void;
  onLoadMore?: () => void;
  /** The CSV export of the filtered orders (OrdersExport): its button, progress and file. */
  exportControl: ReactNode;
  /** Set on the subscriptions list: a Billing column with the row actions. */
  subscriptions?: SubscriptionActions;
}

export function OrdersTable({
  orders,
  filters,
  onFiltersChange,
  isLoading,
  error,
  onOpen,
  onLoadMore,
  exportControl,
  subscriptions,
}: OrdersTableProps) {
  const [confirming, setConfirming] = useState<{ action: 'resume' | 'cancel'; order: AdminOrderSummary }>();
  const confirm = () => {
    if (!confirming || !subscriptions) return;
    if (confirming.action === 'resume') subscriptions.onResume(confirming.order);
    else subscriptions.onCancel(confirming.order);
    setConfirming(undefined);
  };
  return (
    <section className="ed-store" aria-labelledby="ed-store-orders">
      <div className="ed-store__toolbar">
        <h1 id="ed-store-orders" className="ed-store__title">
          {m.orders}
        </h1>
        <input
          type="search"
          className="ed-input"
          aria-label={m.searchOrders}
          placeholder={m.searchOrders}
          value={filters.q}
          onChange={(e) => onFiltersChange({ ...filters, q: e.target.value })}
        />
        <select
          className="ed-input"
          aria-label={m.status}
          value={filters.status}
          onChange={(e) => onFiltersChange({ ...filters, status: e.target.value as OrderFilters['status'] })}
        >
          <option value="">{m.allStatuses}</option>
          {Object.entries(m.statusNames).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <label className="ed-field ed-field--inline">
          <span>{m.from}</span>
          <input
            className="ed-input"
            type="date"
            value={filters.from}
            onChange={(e) => onFiltersChange({ ...filters, from: e.target.value })}
          />
        </label>
        <label className="ed-field ed-field--inline">
          <span>{m.to}</span>
          <input
            className="ed-input"
            type="date"
            value={filters.to}
            onChange={(e) => onFiltersChange({ ...filters, to: e.target.value })}
          />
        </label>
      </div>
      {exportControl}
      {error ? (
        <p role="alert" className="ed-store__error">
          {error}
        </p>
      ) : isLoading ? (
        <p role="status">{editorMessages.loading}</p>
      ) : !orders?.length ? (
        <EmptyState title={m.noOrders}>{m.noOrdersBody}</EmptyState>
      ) : (
        <div className="ed-table-scroll" role="region" aria-label={m.tableOf(m.orders)} tabIndex={0}>
          <table className="ed-table ed-table--cards">
            <thead>
              <tr>
                <th scope="col">{m.order}</th>
                <th scope="col">{m.date}</th>
                <th scope="col">{m.customer}</th>
                <th scope="col">{m.status}</th>
                <th scope="col">{m.total}</th>
                {subscriptions && <th scope="col">{m.billing}</th>}
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id}>
                  <th scope="row">
                    <button type="button" className="ed-link-button" onClick={() => onOpen(o)}>
                      {m.orderTitle(o.orderNumber)}
                    </button>
                  </th>
                  <td data-label={m.date}>{new Date(o.createdAt).toLocaleDateString()}</td>
                  <td data-label={m.customer}>{o.email}</td>
                  <td data-label={m.status}>{m.statusNames[o.status] ?? o.status}</td>
                  <td data-label={m.total}>{formatAdminMoney(o.grandTotal)}</td>
                  {subscriptions && (
                    <td data-label={m.billing}>
                      <SubscriptionCell
                        order={o}
                        actions={subscriptions}
                        onResume={() => setConfirming({ action: 'resume', order: o })}
                        onCancel={() => setConfirming({ action: 'cancel', order: o })}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {onLoadMore && (
        <button type="button" className="ed-button" onClick={onLoadMore}>
          {m.loadMore}
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          isOpen
          title={
            confirming.action === 'resume'
              ? m.confirmResumeTitle(m.orderTitle(confirming.order.orderNumber))
              : m.confirmCancelTitle(m.orderTitle(confirming.order.orderNumber))
          }
          onDismiss={() => setConfirming(undefined)}
          actions={[
            { label: m.keepSubscription, onPress: () => setConfirming(undefined) },
            confirming.action === 'resume'
              ? {
                  label: m.confirmResume(formatAdminMoney(confirming.order.grandTotal)),
                  onPress: confirm,
                  variant: 'primary',
                }
              : { label: m.confirmCancel, onPress: confirm, variant: 'danger' },
          ]}
        >
          <p>
            {confirming.action === 'resume'
              ? m.confirmResumeBody(formatAdminMoney(confirming.order.grandTotal), confirming.order.email)
              : m.confirmCancelBody(confirming.order.email)}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** A subscription's state, its actions, and the answer of the last one, beside the row. */
function SubscriptionCell({
  order,
  actions,
  onResume,
  onCancel,
}: {
  order: AdminOrderSummary;
  actions: SubscriptionActions;
  onResume: () => void;
  onCancel: () => void;
}) {
  const state = order.subscriptionState;
  const answer = actions.answers[order.id];
  const title = m.orderTitle(order.orderNumber);
  const isBusy = actions.busyId === order.id;
  return (
    <div className="ed-subscription-cell">
      <span>{state ? (m.subscriptionStates[state] ?? state) : '—'}</span>
      {!actions.isReadOnly && (state === 'paused' || state === 'active') && (
        <span className="ed-subscription-cell__actions">
          {state === 'paused' && (
            <button
              type="button"
              className="ed-button ed-button--primary"
              aria-label={m.resumeSubscriptionOf(title)}
              disabled={isBusy}
              onClick={onResume}
            >
              {m.resumeSubscription}
            </button>
          )}
          <button
            type="button"
            className="ed-button"
            aria-label={m.cancelSubscriptionOf(title)}
            disabled={isBusy}
            onClick={onCancel}
          >
            {m.cancelSubscription}
          </button>
        </span>
      )}
      {/* Polite for a success, assertive for a decline: the owner waits for the charge's answer. */}
      <span
        role={answer?.tone === 'error' ? 'alert' : 'status'}
        className={
          answer ? `ed-subscription-cell__answer ed-subscription-cell__answer--${answer.tone}` : undefined
        }
      >
        {answer?.text}
      </span>
    </div>
  );
}
