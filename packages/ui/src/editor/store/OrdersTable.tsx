import { formatAdminMoney, type AdminOrderSummary } from '@site/commerce-core/admin';
import { EmptyState } from '../EmptyState';
import { editorMessages } from '../editor-messages';
import { storeMessages as m } from './store-messages';

export interface OrderFilters {
  q: string;
  status: '' | 'paid' | 'fulfilled' | 'cancelled';
  from: string;
  to: string;
}

export interface OrdersTableProps {
  orders: readonly AdminOrderSummary[] | undefined;
  filters: OrderFilters;
  onFiltersChange: (filters: OrderFilters) => void;
  isLoading?: boolean;
  error?: string;
  onOpen: (order: AdminOrderSummary) => void;
  onLoadMore?: () => void;
  /** Where the CSV of the filtered orders downloads from. */
  csvHref: string;
}

export function OrdersTable({
  orders,
  filters,
  onFiltersChange,
  isLoading,
  error,
  onOpen,
  onLoadMore,
  csvHref,
}: OrdersTableProps) {
  return (
    <section className="ed-store" aria-labelledby="ed-store-orders">
      <div className="ed-store__toolbar">
        <h2 id="ed-store-orders" className="ed-store__title">
          {m.orders}
        </h2>
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
        <a className="ed-button" href={csvHref} download>
          {m.exportCsv}
        </a>
      </div>
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
          <table className="ed-table">
            <thead>
              <tr>
                <th scope="col">{m.order}</th>
                <th scope="col">{m.date}</th>
                <th scope="col">{m.customer}</th>
                <th scope="col">{m.status}</th>
                <th scope="col">{m.total}</th>
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
                  <td>{new Date(o.createdAt).toLocaleDateString()}</td>
                  <td>{o.email}</td>
                  <td>{m.statusNames[o.status] ?? o.status}</td>
                  <td>{formatAdminMoney(o.grandTotal)}</td>
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
    </section>
  );
}
