import { currencyAffix, formatMoneyText, moneyExample, parseMoneyText } from '@site/commerce-core/admin';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { editorMessages } from '../editor-messages';
import { EditorField } from './EditorField';

export interface MoneyInputProps {
  label: ReactNode;
  /** The amount as typed, in the currency's major units ("8.50"); '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** ISO 4217 code of the store currency. */
  currency: string;
  /** The owner's locale, which decides the decimal mark; the browser's when absent. */
  locale?: string;
  /** Shown before the currency hint. */
  hint?: ReactNode;
  /** A message from the form or the server; shown instead of the field's own check. */
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  id?: string;
  name?: string;
  className?: string;
}

/**
 * A price, amount or threshold as people type it: major units in their locale, the currency's
 * symbol beside the box, and the currency and an example in the hint. Leaving the field checks it
 * (the message says what to type) or tidies it to the currency's digits ("8" becomes "8.00").
 */
export function MoneyInput({
  label,
  value,
  onChange,
  currency,
  locale,
  hint,
  error,
  required,
  disabled,
  id,
  name,
  className,
}: MoneyInputProps) {
  const [checked, setChecked] = useState<string>();
  const options = { currency, locale, required };
  const affix = currencyAffix(options);
  const currencyHint = editorMessages.moneyHint(currency, moneyExample(options));
  const onBlur = () => {
    const read = parseMoneyText(value, options);
    if (!read.ok) return setChecked(read.message);
    setChecked(undefined);
    if (read.minor !== null) {
      const tidy = formatMoneyText(read.minor, options);
      if (tidy !== value) onChange(tidy);
    }
  };
  return (
    <EditorField
      label={label}
      hint={
        hint ? (
          <>
            {hint} {currencyHint}
          </>
        ) : (
          currencyHint
        )
      }
      error={error ?? checked}
      announceError={error === undefined && checked !== undefined}
      required={required}
      disabled={disabled}
      id={id}
      className={className ? `ed-money ${className}` : 'ed-money'}
    >
      {(control) => (
        <div
          className={`ed-money__box ed-money__box--${affix.position}`}
          // Room for the symbol inside the box, whatever its length ("$", "CHF").
          style={{ '--ed-money-symbol': `${affix.symbol.length * 0.6}em` } as CSSProperties}
        >
          <span className="ed-money__symbol" aria-hidden="true">
            {affix.symbol}
          </span>
          <input
            {...control}
            className="ed-input ed-money__input"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            name={name}
            value={value}
            onChange={(e) => {
              onChange(e.target.value);
              // A fix clears the message at once; a new mistake waits for the owner to leave.
              if (checked && parseMoneyText(e.target.value, options).ok) setChecked(undefined);
            }}
            onBlur={onBlur}
          />
        </div>
      )}
    </EditorField>
  );
}
