import { formatAdminMoney, type AdminOrderDetail, type AdminOrderLine } from '@site/commerce-core/admin';
import { useState } from 'react';
import { storeMessages as m } from './store-messages';

export interface OrderDetailViewProps {
  order: AdminOrderDetail;
  isReadOnly?: boolean;
  /** Set while a fulfil, refund or cancel call runs: the buttons wait. */
  isBusy?: boolean;
  error?: string;
  onFulfil: (input: { trackingNumber: string; carrier?: string }) => void;
  onRefund: (line: AdminOrderLine) => void;
  onCancel: () => void;
  onBack: () => void;
}

function Address({ address }: { address: Record<string, string> }) {
  const { firstName, lastName, line1, line2, city, region, postalCode, country } = address;
  return (
    <address>
      {[
        `${firstName ?? ''} ${lastName ?? ''}`.trim(),
        line1,
        line2,
        [city, region, postalCode].filter(Boolean).join(' '),
        country,
      ]
        .filter(Boolean)
        .map((l) => (
          <span key={l} className="ed-address__line">
            {l}
          </span>
        ))}
    </address>
  );
}

/** One order: lines with variant and personalisation, addresses, payment, totals, and its actions. */
export function OrderDetailView({
  order,
  isReadOnly,
  isBusy,
  error,
  onFulfil,
  onRefund,
  onCancel,
  onBack,
}: OrderDetailViewProps) {
  const [trackingNumber, setTrackingNumber] = useState('');
  const [carrier, setCarrier] = useState('');
  const open = order.status === 'paid';
  return (
    <article className="ed-store ed-order" aria-labelledby="ed-order-title">
      <button type="button" className="ed-button ed-button--ghost" onClick={onBack}>
        {m.back}
      </button>
      <h2 id="ed-order-title" className="ed-store__title">
        {m.orderTitle(order.orderNumber)} · {m.statusNames[order.status] ?? order.status}
      </h2>
      <p>
        {order.email} · {new Date(order.createdAt).toLocaleString()}
      </p>
      {error && (
        <p role="alert" className="ed-store__error">
          {error}
        </p>
      )}
      <div className="ed-table-scroll" role="region" aria-label={m.tableOf(m.lines)} tabIndex={0}>
        <table className="ed-table" aria-label={m.lines}>
          <thead>
            <tr>
              <th scope="col">{m.product}</th>
              <th scope="col">{m.quantity}</th>
              <th scope="col">{m.price}</th>
              {!isReadOnly && (
                <th scope="col">
                  <span className="ed-visually-hidden">{m.refund}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id}>
                <th scope="row">
                  {line.productName}
                  <span className="ed-table__sub">
                    {[line.sku, ...Object.entries(line.attributes).map(([k, v]) => `${k}: ${v}`)].join(' · ')}
                  </span>
                  {line.additionalFields && (
                    <span className="ed-table__sub">
                      {m.personalisation}:{' '}
                      {Object.entries(line.additionalFields)
                        .map(([k, v]) => `${k}: ${String(v)}`)
                        .join(', ')}
                    </span>
                  )}
                </th>
                <td>
                  {line.quantity}
                  {line.refundedQuantity > 0 && (
                    <span className="ed-table__sub">{m.refunded(line.refundedQuantity)}</span>
                  )}
                </td>
                <td>{formatAdminMoney(line.unitPrice)}</td>
                {!isReadOnly && (
                  <td>
                    <button
                      type="button"
                      className="ed-button"
                      disabled={
                        isBusy || order.status === 'cancelled' || line.refundedQuantity >= line.quantity
                      }
                      onClick={() => onRefund(line)}
                      aria-label={`${m.refund}: ${line.productName} (${line.sku})`}
                    >
                      {m.refund}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="ed-order__totals">
        <dt>{m.subtotal}</dt>
        <dd>{formatAdminMoney(order.subtotal)}</dd>
        <dt>{m.discount}</dt>
        <dd>{formatAdminMoney(order.discount)}</dd>
        <dt>{m.shipping}</dt>
        <dd>{formatAdminMoney(order.shipping)}</dd>
        <dt>{m.tax}</dt>
        <dd>{formatAdminMoney(order.tax)}</dd>
        <dt>{m.total}</dt>
        <dd>{formatAdminMoney(order.grandTotal)}</dd>
        <dt>{m.refundedTotal}</dt>
        <dd>{formatAdminMoney(order.refunded)}</dd>
        <dt>{m.payment}</dt>
        <dd>
          {order.payment.provider}
          {order.payment.testMode && ` (${m.testPayment})`}
        </dd>
        {order.trackingNumber && (
          <>
            <dt>{m.trackingNumber}</dt>
            <dd>{[order.carrier, order.trackingNumber].filter(Boolean).join(' ')}</dd>
          </>
        )}
      </dl>
      {order.shippingAddress && (
        <section aria-label={m.shippingAddress}>
          <h3>{m.shippingAddress}</h3>
          <Address address={order.shippingAddress} />
        </section>
      )}
      {!isReadOnly && open && (
        <form
          className="ed-order__fulfil"
          onSubmit={(e) => {
            e.preventDefault();
            onFulfil({ trackingNumber, ...(carrier.trim() && { carrier }) });
          }}
        >
          <label className="ed-field">
            <span>{m.trackingNumber}</span>
            <input
              className="ed-input"
              required
              value={trackingNumber}
              onChange={(e) => setTrackingNumber(e.target.value)}
            />
          </label>
          <label className="ed-field">
            <span>{m.carrier}</span>
            <input className="ed-input" value={carrier} onChange={(e) => setCarrier(e.target.value)} />
          </label>
          <button type="submit" className="ed-button ed-button--primary" disabled={isBusy}>
            {m.fulfil}
          </button>
          <button type="button" className="ed-button ed-button--danger" disabled={isBusy} onClick={onCancel}>
            {m.cancelOrder}
          </button>
        </form>
      )}
    </article>
  );
}
