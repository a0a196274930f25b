import { currencyInfo, fillMessage } from '@site/commerce-core';
import {
  formatAdminMoney,
  parseTypedAmount,
  paymentMessages,
  type AdminOrderDetail,
} from '@site/commerce-core/admin';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { ActionNotice } from '../ActionNotice';
import { storeMessages as m } from './store-messages';

export interface RefundAmountFormProps {
  order: AdminOrderDetail;
  /** Set while the refund call runs. */
  isBusy?: boolean;
  /** The server's refusal (the processor declined, the amount moved on). */
  error?: string;
  /** What the last refund did, with its next steps. */
  notice?: { message: string; next?: ReactNode };
  onDismissNotice?: () => void;
  /** The amount as typed ("4.25") once it reads as money within what is left to refund. */
  onRefund: (amount: string, minor: number) => void;
}

/**
 * A refund of an amount typed as money ("4.25"), such as part of the price back for a late
 * delivery: nothing returns to stock. Nothing shows for an order with nothing left to refund.
 */
export function RefundAmountForm({
  order,
  isBusy,
  error: serverError,
  notice,
  onDismissNotice,
  onRefund,
}: RefundAmountFormProps) {
  const id = useId();
  const [amount, setAmount] = useState('');
  const [localError, setLocalError] = useState<string>();
  const decimals = currencyInfo(order.currency).decimals;
  const refundable = Number(order.refundable.value);
  const nothingLeft = refundable <= 0 || order.status === 'pending';
  const error = localError ?? serverError;
  // The typed amount stays until the refund is done, so a refused one can be corrected.
  useEffect(() => {
    if (notice) setAmount('');
  }, [notice]);
  if (nothingLeft && !notice) return null;
  return (
    <form
      className="ed-refund-amount"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const minor = parseTypedAmount(amount, decimals);
        if (minor === undefined || minor <= 0) return setLocalError(paymentMessages.refundAmountInvalid);
        if (minor > refundable)
          return setLocalError(
            fillMessage(paymentMessages.refundAmountTooHigh, { amount: formatAdminMoney(order.refundable) }),
          );
        onRefund(amount, minor);
      }}
    >
      <h3 id={`${id}-title`}>{m.refundAmount}</h3>
      <ActionNotice message={notice?.message} onDismiss={onDismissNotice}>
        {notice?.next}
      </ActionNotice>
      {!nothingLeft && (
        <div className="ed-field">
          <label className="ed-field__label" htmlFor={`${id}-amount`}>
            {m.refundAmountLabel(order.currency)}
          </label>
          <div className="ed-field__row">
            <input
              id={`${id}-amount`}
              className="ed-input"
              inputMode="decimal"
              autoComplete="off"
              placeholder={decimals ? '4.25' : '425'}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              disabled={isBusy}
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setLocalError(undefined);
              }}
            />
            <button type="submit" className="ed-button" disabled={isBusy}>
              {isBusy ? m.refunding : m.refundButton}
            </button>
          </div>
          <p id={`${id}-hint`} className="ed-field__hint">
            {m.refundAmountHint(formatAdminMoney(order.refundable))}
          </p>
          {error && (
            <p id={`${id}-error`} className="ed-field__error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </form>
  );
}
