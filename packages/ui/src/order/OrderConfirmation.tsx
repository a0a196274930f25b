import { type CurrencyCode, fillMessage } from '@site/commerce-core';
import { useEffect, useId, useRef } from 'react';
import type { CartDisplayEntry } from '../cart-page/types';
import { OrderSummary, type OrderTotals } from '../checkout/OrderSummary';
import type { ShippingAddress } from '../checkout/types';
import { uiMessages } from '../messages';

export interface ConfirmedOrder extends OrderTotals {
  orderNumber: string;
  email: string;
  entries: readonly CartDisplayEntry[];
  /** Absent for purely digital orders. */
  shippingAddress?: ShippingAddress;
  /** Name of the chosen shipping option, e.g. "Standard (5–7 days)". */
  shippingOptionName?: string;
}

export interface OrderConfirmationProps {
  order: ConfirmedOrder;
  currency: CurrencyCode;
  continueShoppingHref: string;
  /**
   * The order's status in words ("Paid", "Shipped"…). With it the view is the order status page
   * (page type 211): titled "Order Status", without the "confirmation sent" line.
   */
  statusLabel?: string;
  title?: string;
  /**
   * Move focus to the title when shown. On by default: the view usually replaces the checkout form
   * the shopper was in, and focus would otherwise fall back to the top of the page.
   */
  focusOnMount?: boolean;
  /** Locale of the country name. */
  locale?: string;
}

function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Order confirmed (page type 202) and order status (211): number, email, items, totals, address. */
export function OrderConfirmation({
  order,
  currency,
  continueShoppingHref,
  statusLabel,
  title,
  focusOnMount = true,
  locale = 'en',
}: OrderConfirmationProps) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const isStatusPage = statusLabel !== undefined;
  useEffect(() => {
    if (focusOnMount) titleRef.current?.focus();
  }, [focusOnMount]);

  const address = order.shippingAddress;
  return (
    <section
      className="sqs-order"
      aria-labelledby={titleId}
      data-kind={isStatusPage ? 'status' : 'confirmation'}
    >
      <h2 id={titleId} className="sqs-order__title" ref={titleRef} tabIndex={-1}>
        {title ?? (isStatusPage ? uiMessages.orderStatusTitle : uiMessages.orderConfirmedTitle)}
      </h2>
      {isStatusPage ? null : (
        <p className="sqs-order__sent">
          {fillMessage(uiMessages.orderConfirmationSent, { email: order.email })}
        </p>
      )}
      <dl className="sqs-order__facts">
        <div className="sqs-order__fact">
          <dt>{uiMessages.orderNumber}</dt>
          <dd>{order.orderNumber}</dd>
        </div>
        <div className="sqs-order__fact">
          <dt>{uiMessages.orderEmail}</dt>
          <dd>{order.email}</dd>
        </div>
        {isStatusPage ? (
          <div className="sqs-order__fact">
            <dt>{uiMessages.orderStatus}</dt>
            <dd className="sqs-order__status">{statusLabel}</dd>
          </div>
        ) : null}
      </dl>
      <OrderSummary
        entries={order.entries}
        currency={currency}
        subtotalCents={order.subtotalCents}
        discountCents={order.discountCents}
        shippingCostCents={order.shippingCostCents}
        taxCents={order.taxCents}
        grandTotalCents={order.grandTotalCents}
        showShipping={address !== undefined}
        headingLevel={3}
      />
      {address ? (
        <section className="sqs-order__shipping" aria-labelledby={`${titleId}-shipping`}>
          <h3 id={`${titleId}-shipping`}>{uiMessages.shippingAddressHeading}</h3>
          <address className="sqs-order__address">
            {address.firstName} {address.lastName}
            <br />
            {address.line1}
            {address.line2 ? (
              <>
                <br />
                {address.line2}
              </>
            ) : null}
            <br />
            {[address.city, address.region, address.postalCode].filter(Boolean).join(', ')}
            <br />
            {countryName(address.country, locale)}
            {address.phone ? (
              <>
                <br />
                {address.phone}
              </>
            ) : null}
          </address>
          {order.shippingOptionName ? (
            <p className="sqs-order__method">
              {uiMessages.shippingMethodHeading}: {order.shippingOptionName}
            </p>
          ) : null}
        </section>
      ) : null}
      <a className="sqs-button" href={continueShoppingHref}>
        {uiMessages.continueShopping}
      </a>
    </section>
  );
}
