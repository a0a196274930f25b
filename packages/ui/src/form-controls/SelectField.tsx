import { useId } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  id: string;
  name?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** Shown as the empty first option; without it the first option is preselected by the browser. */
  placeholder?: string;
  error?: string;
  autoComplete?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  className?: string;
}

/**
 * A native select with label and error. Native on purpose: browsers autofill it (country with
 * `autoComplete="country"`), it works with every screen reader and on touch devices, and it needs
 * no popover for a list the visitor usually types into.
 */
export function SelectField({
  id,
  name,
  label,
  value,
  onChange,
  options,
  placeholder,
  error,
  autoComplete,
  isRequired = false,
  isDisabled = false,
  className,
}: SelectFieldProps) {
  const errorId = useId();
  const invalid = error !== undefined && error !== '';
  return (
    <div className={['sqs-field', className].filter(Boolean).join(' ')} data-invalid={invalid || undefined}>
      <label className="sqs-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name ?? id}
        className="sqs-field__input sqs-field__select"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        required={isRequired}
        aria-required={isRequired || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        disabled={isDisabled}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {invalid ? (
        <div id={errorId} className="sqs-field__error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
