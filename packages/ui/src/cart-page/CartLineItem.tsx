import {
  type CurrencyCode,
  fillMessage,
  formatMinorWithSymbol,
  formatMoneyWithSymbol,
  messages,
} from '@site/commerce-core';
import { Button } from 'react-aria-components';
import { QuantityStepper } from '../form-controls/QuantityStepper';
import { uiMessages } from '../messages';
import type { CartActionError } from './errors';
import type { CartDisplayEntry } from './types';

export interface CartLineItemProps {
  entry: CartDisplayEntry;
  currency: CurrencyCode;
  /** This line has an update in flight: its controls wait for the answer. */
  isPending: boolean;
  error?: CartActionError;
  onQuantityCommit: (quantity: number) => void;
  onRemove: () => void;
  onEditDetails?: () => void;
}

/** One cart line: picture, title, variant, unit price, quantity, actions and line total. */
export function CartLineItem({
  entry,
  currency,
  isPending,
  error,
  onQuantityCommit,
  onRemove,
  onEditDetails,
}: CartLineItemProps) {
  const attributes = Object.entries(entry.attributes ?? entry.chosenVariant.attributes);
  const unitPrice = entry.unitPrice ?? formatMinorWithSymbol(BigInt(entry.purchasePriceCents), currency);
  const hasFields = entry.hasAdditionalFields ?? entry.additionalFields !== null;
  const titleId = `sqs-cart-item-${entry.id}-title`;
  return (
    <li
      className="sqs-cart-item"
      aria-labelledby={titleId}
      aria-busy={isPending || undefined}
      data-pending={isPending || undefined}
    >
      <div className="sqs-cart-item__image">
        {entry.image ? <img src={entry.image.src} alt={entry.image.alt ?? ''} loading="lazy" /> : null}
      </div>
      <div className="sqs-cart-item__details">
        <h3 className="sqs-cart-item__title" id={titleId}>
          {entry.href ? <a href={entry.href}>{entry.title}</a> : entry.title}
        </h3>
        {attributes.length > 0 ? (
          <dl className="sqs-cart-item__attributes">
            {attributes.map(([name, value]) => (
              <div key={name} className="sqs-cart-item__attribute">
                <dt>{name}:</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <p className="sqs-cart-item__unit-price">
          <span className="sqs-visually-hidden">{uiMessages.unitPrice}: </span>
          {unitPrice}
        </p>
        <div className="sqs-cart-item__actions">
          {hasFields && onEditDetails ? (
            <Button
              className="sqs-link-button"
              aria-label={fillMessage(uiMessages.editDetailsLabel, { title: entry.title })}
              isDisabled={isPending}
              onPress={onEditDetails}
            >
              {uiMessages.editDetails}
            </Button>
          ) : null}
          <Button
            className="sqs-link-button sqs-cart-item__remove"
            aria-label={fillMessage(uiMessages.removeItemLabel, { title: entry.title })}
            isDisabled={isPending}
            onPress={onRemove}
          >
            {uiMessages.removeItem}
          </Button>
        </div>
      </div>
      <QuantityStepper
        id={`sqs-cart-item-${entry.id}-quantity`}
        value={entry.quantity}
        visibleLabel={messages.quantity}
        label={fillMessage(uiMessages.quantityOf, { title: entry.title })}
        decreaseLabel={fillMessage(uiMessages.quantityDecreaseOf, { title: entry.title })}
        increaseLabel={fillMessage(uiMessages.quantityIncreaseOf, { title: entry.title })}
        isDisabled={isPending}
        onCommit={onQuantityCommit}
      />
      <p className="sqs-cart-item__total">
        <span className="sqs-visually-hidden">{uiMessages.lineTotal}: </span>
        {formatMoneyWithSymbol(entry.subTotal)}
      </p>
      {error ? (
        <p className="sqs-cart-item__error" role="alert">
          <strong>{error.title}</strong> <span>{error.detail}</span>
        </p>
      ) : null}
    </li>
  );
}
