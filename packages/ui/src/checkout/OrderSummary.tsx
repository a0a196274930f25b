import { type CurrencyCode, fillMessage, formatMinorWithSymbol, formatMoneyWithSymbol } from '@site/commerce-core';
import { useId } from 'react';
import type { CartDisplayEntry } from '../cart-page/types';
import { uiMessages } from '../messages';

export interface OrderTotals {
  subtotalCents: number;
  discountCents: number;
  shippingCostCents: number;
  taxCents: number;
  grandTotalCents: number;
}

export interface OrderSummaryProps extends OrderTotals {
  entries: readonly CartDisplayEntry[];
  currency: CurrencyCode;
  /** Show the shipping row (carts that require shipping). */
  showShipping?: boolean;
  /** Totals are being recomputed (shipping option or coupon change in flight). */
  isBusy?: boolean;
  title?: string;
  /** Heading level of the title; 2 by default. */
  headingLevel?: 2 | 3;
}

/** Items and totals in the store currency; shared by the checkout and the order confirmation. */
export function OrderSummary({
  entries,
  currency,
  subtotalCents,
  discountCents,
  shippingCostCents,
  taxCents,
  grandTotalCents,
  showShipping = true,
  isBusy = false,
  title = uiMessages.orderSummaryHeading,
  headingLevel = 2,
}: OrderSummaryProps) {
  const headingId = useId();
  const money = (cents: number) => formatMinorWithSymbol(BigInt(cents), currency);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section className="sqs-order-summary" aria-labelledby={headingId} aria-busy={isBusy || undefined}>
      <Heading id={headingId} className="sqs-order-summary__title">
        {title}
      </Heading>
      <ul className="sqs-order-summary__items">
        {entries.map((entry) => {
          const attributes = Object.entries(entry.attributes ?? entry.chosenVariant.attributes);
          return (
            <li key={entry.id} className="sqs-order-summary__item">
              {entry.image ? <img className="sqs-order-summary__image" src={entry.image.src} alt={entry.image.alt ?? ''} /> : null}
              <div className="sqs-order-summary__item-text">
                <span className="sqs-order-summary__item-title">{entry.title}</span>
                {attributes.length > 0 ? (
                  <span className="sqs-order-summary__item-attributes">{attributes.map(([k, v]) => `${k}: ${v}`).join(', ')}</span>
                ) : null}
                <span className="sqs-order-summary__item-quantity">{fillMessage(uiMessages.itemQuantity, { quantity: entry.quantity })}</span>
              </div>
              <span className="sqs-order-summary__item-total">{formatMoneyWithSymbol(entry.subTotal)}</span>
            </li>
          );
        })}
      </ul>
      <dl className="sqs-order-summary__totals">
        <div className="sqs-order-summary__row">
          <dt>{uiMessages.subtotal}</dt>
          <dd>{money(subtotalCents)}</dd>
        </div>
        {discountCents > 0 ? (
          <div className="sqs-order-summary__row sqs-order-summary__row--discount">
            <dt>{uiMessages.discount}</dt>
            <dd>−{money(discountCents)}</dd>
          </div>
        ) : null}
        {showShipping ? (
          <div className="sqs-order-summary__row">
            <dt>{uiMessages.shipping}</dt>
            <dd>{shippingCostCents === 0 ? uiMessages.shippingFree : money(shippingCostCents)}</dd>
          </div>
        ) : null}
        <div className="sqs-order-summary__row">
          <dt>{uiMessages.tax}</dt>
          <dd>{money(taxCents)}</dd>
        </div>
        <div className="sqs-order-summary__row sqs-order-summary__row--total">
          <dt>{uiMessages.total}</dt>
          <dd>{money(grandTotalCents)}</dd>
        </div>
      </dl>
    </section>
  );
}
