import {
  CARRIERS,
  carrierTrackingUrl,
  formatAdminMoney,
  type AdminOrderDetail,
  type AdminOrderLine,
  type FulfilOrder,
} from '@site/commerce-core/admin';
import { useId, useState, type ReactNode } from 'react';
import { ActionNotice } from '../ActionNotice';
import { storeMessages as m } from './store-messages';

export interface OrderDetailViewProps {
  order: AdminOrderDetail;
  isReadOnly?: boolean;
  /** Refund and Cancel move money (the move-money right): without it they are not offered. True unless said. */
  canMoveMoney?: boolean;
  /** Set while a fulfil, refund or cancel call runs: the buttons wait. */
  isBusy?: boolean;
  error?: string;
  /** What the last action did (fulfilled, refunded, cancelled), with its next steps as children. */
  notice?: { message: string; next?: ReactNode };
  onDismissNotice?: () => void;
  /** Whether "email the customer" starts ticked: the store's shipping-email setting. */
  emailCustomerByDefault?: boolean;
  onFulfil: (input: FulfilOrder & { notifyCustomer: boolean }) => void;
  onRefund: (line: AdminOrderLine) => void;
  onCancel: () => void;
  onBack: () => void;
  /**
   * Where the site shows this order's emails as they are sent (page type 301); absent, no links.
   * The shipping email is offered once the order is fulfilled or still open.
   */
  emailPreviewHref?: (email: 'order-receipt' | 'shipping') => string;
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
  canMoveMoney = true,
  isBusy,
  error,
  notice,
  onDismissNotice,
  emailCustomerByDefault = true,
  onFulfil,
  onRefund,
  onCancel,
  onBack,
  emailPreviewHref,
}: OrderDetailViewProps) {
  const open = order.status === 'paid';
  const trackingUrl = carrierTrackingUrl(order.carrier, order.trackingNumber);
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
      <ActionNotice message={notice?.message} onDismiss={onDismissNotice}>
        {notice?.next}
      </ActionNotice>
      {emailPreviewHref && (
        <nav className="ed-order__emails" aria-label={m.customerEmails}>
          <a href={emailPreviewHref('order-receipt')} target="_blank" rel="noopener">
            {m.previewReceiptEmail} <span className="ed-visually-hidden">{m.opensInNewTab}</span>
          </a>
          {order.status !== 'cancelled' && (
            <a href={emailPreviewHref('shipping')} target="_blank" rel="noopener">
              {m.previewShippingEmail} <span className="ed-visually-hidden">{m.opensInNewTab}</span>
            </a>
          )}
        </nav>
      )}
      <div className="ed-table-scroll" role="region" aria-label={m.tableOf(m.lines)} tabIndex={0}>
        <table className="ed-table ed-table--cards" aria-label={m.lines}>
          <thead>
            <tr>
              <th scope="col">{m.product}</th>
              <th scope="col">{m.quantity}</th>
              <th scope="col">{m.price}</th>
              {!isReadOnly && canMoveMoney && (
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
                <td data-label={m.quantity}>
                  {line.quantity}
                  {line.refundedQuantity > 0 && (
                    <span className="ed-table__sub">{m.refunded(line.refundedQuantity)}</span>
                  )}
                </td>
                <td data-label={m.price}>{formatAdminMoney(line.unitPrice)}</td>
                {!isReadOnly && canMoveMoney && (
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
            <dd>
              {[order.carrier, order.trackingNumber].filter(Boolean).join(' ')}
              {trackingUrl && (
                <>
                  {' · '}
                  <a href={trackingUrl} target="_blank" rel="noreferrer">
                    {m.openTrackingPage}
                  </a>
                </>
              )}
            </dd>
          </>
        )}
      </dl>
      {order.orderNote && (
        <section aria-labelledby="ed-order-note">
          <h3 id="ed-order-note">{m.customerNote}</h3>
          <p className="ed-order__note">{order.orderNote}</p>
        </section>
      )}
      {order.shippingAddress && (
        <section aria-label={m.shippingAddress}>
          <h3>{m.shippingAddress}</h3>
          <Address address={order.shippingAddress} />
        </section>
      )}
      {!isReadOnly && open && (
        <FulfilForm
          // The store's setting can arrive after the order: the box then starts as it says.
          key={String(emailCustomerByDefault)}
          email={order.email}
          isBusy={isBusy}
          emailByDefault={emailCustomerByDefault}
          onFulfil={onFulfil}
          onCancel={canMoveMoney ? onCancel : undefined}
        />
      )}
    </article>
  );
}

const OTHER = 'other';

/**
 * Mark fulfilled with the parcel's tracking number and carrier: a listed carrier makes the
 * tracking link itself (shown, to check before sending), another carrier takes its name and the
 * owner's link. "Email the customer" sends the shipping email with that link.
 */
function FulfilForm({
  email,
  isBusy,
  emailByDefault,
  onFulfil,
  onCancel,
}: {
  email: string;
  isBusy?: boolean;
  emailByDefault: boolean;
  onFulfil: OrderDetailViewProps['onFulfil'];
  /** Absent for someone who may not move money: cancelling refunds the payment. */
  onCancel?: () => void;
}) {
  const id = useId();
  const [trackingNumber, setTrackingNumber] = useState('');
  const [carrier, setCarrier] = useState('');
  const [otherName, setOtherName] = useState('');
  const [otherUrl, setOtherUrl] = useState('');
  const [urlError, setUrlError] = useState<string>();
  const [notify, setNotify] = useState(emailByDefault);
  const listedUrl = carrier && carrier !== OTHER ? carrierTrackingUrl(carrier, trackingNumber) : undefined;
  return (
    <form
      className="ed-order__fulfil"
      aria-label={m.fulfil}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!trackingNumber.trim()) return;
        const url = otherUrl.trim();
        if (carrier === OTHER && url && !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(url))
          return setUrlError(m.trackingLinkInvalid);
        const name = carrier === OTHER ? otherName.trim() : carrier;
        onFulfil({
          trackingNumber: trackingNumber.trim(),
          ...(name && { carrier: name }),
          ...(carrier === OTHER && url && { trackingUrl: url }),
          notifyCustomer: notify,
        });
      }}
    >
      <div className="ed-order__fulfil-fields">
        <div className="ed-field">
          <label htmlFor={`${id}-number`}>{m.trackingNumber}</label>
          <input
            id={`${id}-number`}
            className="ed-input"
            required
            autoComplete="off"
            spellCheck={false}
            value={trackingNumber}
            onChange={(e) => setTrackingNumber(e.target.value)}
          />
        </div>
        <div className="ed-field">
          <label htmlFor={`${id}-carrier`}>{m.carrier}</label>
          <select
            id={`${id}-carrier`}
            className="ed-input"
            value={carrier}
            onChange={(e) => setCarrier(e.target.value)}
          >
            <option value="">{m.noCarrier}</option>
            {CARRIERS.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name}
              </option>
            ))}
            <option value={OTHER}>{m.otherCarrier}</option>
          </select>
        </div>
        {carrier === OTHER && (
          <>
            <div className="ed-field">
              <label htmlFor={`${id}-name`}>{m.otherCarrierName}</label>
              <input
                id={`${id}-name`}
                className="ed-input"
                value={otherName}
                onChange={(e) => setOtherName(e.target.value)}
              />
            </div>
            <div className="ed-field">
              <label htmlFor={`${id}-url`}>{m.trackingLink}</label>
              <input
                id={`${id}-url`}
                className="ed-input"
                type="url"
                inputMode="url"
                placeholder="https://"
                aria-invalid={urlError ? true : undefined}
                aria-describedby={`${id}-url-hint${urlError ? ` ${id}-url-error` : ''}`}
                value={otherUrl}
                onChange={(e) => {
                  setOtherUrl(e.target.value);
                  setUrlError(undefined);
                }}
              />
              <span id={`${id}-url-hint`} className="ed-field__hint">
                {m.trackingLinkHint}
              </span>
              {urlError && (
                <span id={`${id}-url-error`} className="ed-field__error" role="alert">
                  {urlError}
                </span>
              )}
            </div>
          </>
        )}
      </div>
      {listedUrl && (
        <p className="ed-field__hint ed-order__tracking-link">
          {m.trackingLinkOf(carrier)}{' '}
          <a href={listedUrl} target="_blank" rel="noreferrer">
            {listedUrl}
          </a>
        </p>
      )}
      <label className="ed-check">
        <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} />
        <span>
          {m.emailCustomer}
          <span className="ed-field__hint"> {m.emailCustomerHint(email)}</span>
        </span>
      </label>
      <div className="ed-field__row">
        <button
          type="submit"
          className="ed-button ed-button--primary"
          disabled={isBusy || !trackingNumber.trim()}
        >
          {m.fulfil}
        </button>
        {onCancel && (
          <button type="button" className="ed-button ed-button--danger" disabled={isBusy} onClick={onCancel}>
            {m.cancelOrder}
          </button>
        )}
      </div>
    </form>
  );
}
