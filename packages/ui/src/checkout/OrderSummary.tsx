import {
  type CurrencyCode,
  fillMessage,
  formatMinorWithSymbol,
  formatMoneyWithSymbol,
  taxMessages,
} from '@site/commerce-core';
import { useId } from 'react';
import type { CartDisplayEntry } from '../cart-page/types';
import { uiMessages } from '../messages';

export interface OrderTotals {
  subtotalCents: number;
  discountCents: number;
  shippingCostCents: number;
  taxCents: number;
  /** Each rate's tax: the ones in the prices read "Includes VAT 19 %"; without them, one Tax row. */
  taxLines?: readonly { name: string; rate: string; included: boolean; taxCents: number }[];
  grandTotalCents: number;
}

/** A discount the cart applied, shown by its name (ShoppingCart.discounts). */
export interface SummaryDiscount {
  id: string;
  name: string;
  amountCents: number;
  freeShipping: boolean;
}

export interface OrderSummaryProps extends OrderTotals {
  /** Named discounts; without them the discount shows as one row. */
  discounts?: readonly SummaryDiscount[];
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
  discounts = [],
  shippingCostCents,
  taxCents,
  taxLines = [],
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
              {entry.image ? (
                <img className="sqs-order-summary__image" src={entry.image.src} alt={entry.image.alt ?? ''} />
              ) : null}
              <div className="sqs-order-summary__item-text">
                <span className="sqs-order-summary__item-title">{entry.title}</span>
                {attributes.length > 0 ? (
                  <span className="sqs-order-summary__item-attributes">
                    {attributes.map(([k, v]) => `${k}: ${v}`).join(', ')}
                  </span>
                ) : null}
                <span className="sqs-order-summary__item-quantity">
                  {fillMessage(uiMessages.itemQuantity, { quantity: entry.quantity })}
                </span>
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
        {discounts.map((d) =>
          d.amountCents > 0 ? (
            <div key={d.id} className="sqs-order-summary__row sqs-order-summary__row--discount">
              <dt>{d.name}</dt>
              <dd>−{money(d.amountCents)}</dd>
            </div>
          ) : null,
        )}
        {discountCents > 0 && discounts.length === 0 ? (
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
        {taxLines.length > 0 ? (
          taxLines.map((line) => (
            <div key={`${line.name}-${line.rate}`} className="sqs-order-summary__row">
              <dt>
                {fillMessage(line.included ? taxMessages.includedTax : taxMessages.addedTax, {
                  name: line.name,
                  rate: `${line.rate} %`,
                })}
              </dt>
              <dd>{money(line.taxCents)}</dd>
            </div>
          ))
        ) : (
          <div className="sqs-order-summary__row">
            <dt>{uiMessages.tax}</dt>
            <dd>{money(taxCents)}</dd>
          </div>
        )}
        <div className="sqs-order-summary__row sqs-order-summary__row--total">
          <dt>{uiMessages.total}</dt>
          <dd>{money(grandTotalCents)}</dd>
        </div>
      </dl>
    </section>
  );
}
