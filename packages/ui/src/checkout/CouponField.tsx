import { fillMessage } from '@site/commerce-core';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { FormTextField } from '../form-controls/FormTextField';
import { uiMessages } from '../messages';

export interface CouponFieldProps {
  /** Reject with an Error whose message is shown to the shopper (e.g. "This coupon has expired."). */
  onApply: (code: string) => Promise<void>;
  onRemove?: (code: string) => Promise<void> | void;
  /** Coupons the cart applied (ShoppingCart.validCoupons). */
  applied: readonly string[];
  /** Codes the cart kept but could not apply (ShoppingCart.invalidCoupons). */
  notApplied?: readonly string[];
  /** Why each of those does not apply (ShoppingCart.refusedCoupons), shown beside it. */
  refusals?: readonly { code: string; message: string }[];
  isDisabled?: boolean;
  /** Told when an apply/remove starts and ends, so the order summary can show it is busy. */
  onBusyChange?: (busy: boolean) => void;
}

function rejectionMessage(error: unknown): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : uiMessages.couponRejected;
}

/**
 * Coupon code input with its own Apply button. It lives inside the checkout form, so Enter in the
 * input is caught here: it applies the coupon instead of placing the order.
 */
export function CouponField({
  onApply,
  onRemove,
  applied,
  notApplied = [],
  refusals = [],
  isDisabled = false,
  onBusyChange,
}: CouponFieldProps) {
  const [code, setCode] = useState('');
  const [applying, setApplying] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState('');

  const apply = async () => {
    const trimmed = code.trim();
    if (trimmed === '' || applying) return;
    setApplying(true);
    setError(undefined);
    setStatus('');
    onBusyChange?.(true);
    try {
      await onApply(trimmed);
      setCode('');
      setStatus(fillMessage(uiMessages.couponApplied, { code: trimmed }));
    } catch (e) {
      setError(rejectionMessage(e));
    } finally {
      setApplying(false);
      onBusyChange?.(false);
    }
  };

  const remove = async (c: string) => {
    if (!onRemove) return;
    onBusyChange?.(true);
    try {
      await onRemove(c);
    } catch (e) {
      setError(rejectionMessage(e));
    } finally {
      onBusyChange?.(false);
    }
  };

  // Applied and refused codes are removed alike.
  const removeButton = (code: string) =>
    onRemove ? (
      <Button
        className="sqs-link-button"
        aria-label={fillMessage(uiMessages.couponRemove, { code })}
        isDisabled={isDisabled}
        onPress={() => void remove(code)}
      >
        {uiMessages.removeItem}
      </Button>
    ) : null;

  return (
    <div className="sqs-coupon">
      <div className="sqs-coupon__row">
        <FormTextField
          id="sqs-checkout-coupon"
          name="coupon"
          label={uiMessages.couponLabel}
          value={code}
          onChange={setCode}
          error={error}
          isDisabled={isDisabled || applying}
          autoComplete="off"
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
        />
        <Button
          className="sqs-button sqs-button--secondary sqs-coupon__apply"
          isDisabled={isDisabled}
          isPending={applying}
          onPress={() => void apply()}
        >
          {applying ? uiMessages.couponApplying : uiMessages.couponApply}
        </Button>
      </div>
      <p role="status" className="sqs-visually-hidden">
        {status}
      </p>
      {applied.length > 0 || notApplied.length > 0 ? (
        <ul className="sqs-coupon__list" aria-label={uiMessages.appliedCoupons}>
          {applied.map((c) => (
            <li key={`ok-${c}`} className="sqs-coupon__item">
              <span>{c}</span>
              {removeButton(c)}
            </li>
          ))}
          {notApplied.map((c) => (
            <li key={`no-${c}`} className="sqs-coupon__item sqs-coupon__item--invalid">
              <span>
                {refusals.find((r) => r.code === c)?.message ??
                  fillMessage(uiMessages.couponNotApplied, { code: c })}
              </span>
              {removeButton(c)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
