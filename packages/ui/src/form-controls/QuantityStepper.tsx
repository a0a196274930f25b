import { QUANTITY_MAX, QUANTITY_MIN, QUANTITY_STEP, validateQuantity } from '@site/commerce-core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from 'react-aria-components';
import { uiMessages } from '../messages';

export interface QuantityStepperProps {
  /** The committed quantity (what the cart holds). */
  value: number;
  /** Called with a valid quantity that differs from `value`. */
  onCommit: (quantity: number) => void;
  /** Accessible name of the input, e.g. "Quantity of Linen Shirt". */
  label: string;
  /** Visible label; defaults to the accessible one. */
  visibleLabel?: string;
  /** An error from outside (e.g. the server refused the update). */
  error?: string;
  isDisabled?: boolean;
  id?: string;
  /** Names of the − and + buttons; say which line they change when there are several. */
  decreaseLabel?: string;
  increaseLabel?: string;
}

/**
 * Quantity input with − and + buttons (storefront.md §5: 1..9999, step 1). Typing only edits a
 * draft; the draft is checked with commerce-core's `validateQuantity` and committed on blur or
 * Enter, so a visitor typing "12" does not send "1" first. Escape puts the committed value back.
 * The buttons commit at once. An invalid draft shows the rule's message and is not sent.
 */
export function QuantityStepper({
  value,
  onCommit,
  label,
  visibleLabel,
  error,
  isDisabled = false,
  id,
  decreaseLabel = uiMessages.quantityDecrease,
  increaseLabel = uiMessages.quantityIncrease,
}: QuantityStepperProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const [draft, setDraft] = useState(String(value));
  const [localError, setLocalError] = useState<string | undefined>();

  // A new committed value (the server's answer) replaces the draft.
  useEffect(() => {
    setDraft(String(value));
    setLocalError(undefined);
  }, [value]);

  // The control is disabled while its update is in flight. If it comes back with the same value,
  // the update failed: show what the cart holds again rather than the number that was refused.
  const wasDisabled = useRef(isDisabled);
  useEffect(() => {
    if (wasDisabled.current && !isDisabled) setDraft(String(value));
    wasDisabled.current = isDisabled;
  }, [isDisabled, value]);

  const commitDraft = () => {
    const result = validateQuantity(draft);
    if (!result.ok) {
      setLocalError(result.problem.message);
      return;
    }
    setLocalError(undefined);
    setDraft(String(result.quantity));
    if (result.quantity !== value) onCommit(result.quantity);
  };

  const step = (delta: number) => {
    const next = Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, value + delta));
    setLocalError(undefined);
    setDraft(String(next));
    if (next !== value) onCommit(next);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commitDraft();
    } else if (e.key === 'Escape') {
      setDraft(String(value));
      setLocalError(undefined);
    }
  };

  const shownError = localError ?? error;
  return (
    <div className="sqs-quantity" data-invalid={shownError ? true : undefined}>
      <label className="sqs-quantity__label" htmlFor={inputId}>
        {visibleLabel ?? label}
      </label>
      <div className="sqs-quantity__controls">
        <Button
          className="sqs-quantity__button"
          aria-label={decreaseLabel}
          aria-controls={inputId}
          isDisabled={isDisabled || value <= QUANTITY_MIN}
          onPress={() => step(-QUANTITY_STEP)}
        >
          −
        </Button>
        <input
          id={inputId}
          className="sqs-quantity__input"
          type="text"
          inputMode="numeric"
          size={4}
          value={draft}
          disabled={isDisabled}
          // The visible label is short ("Quantity"); the name says which line it belongs to.
          aria-label={label}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commitDraft}
          onKeyDown={onKeyDown}
        />
        <Button
          className="sqs-quantity__button"
          aria-label={increaseLabel}
          aria-controls={inputId}
          isDisabled={isDisabled || value >= QUANTITY_MAX}
          onPress={() => step(QUANTITY_STEP)}
        >
          +
        </Button>
      </div>
      {shownError ? (
        <div id={errorId} className="sqs-quantity__error" role="alert">
          {shownError}
        </div>
      ) : null}
    </div>
  );
}
