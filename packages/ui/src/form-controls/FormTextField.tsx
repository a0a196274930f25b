import type { KeyboardEvent, Ref } from 'react';
import { FieldError, Input, Label, Text, TextArea, TextField } from 'react-aria-components';
import { uiMessages } from '../messages';

export interface FormTextFieldProps {
  /** Also the input's id, so an error summary can link to it (`#${id}`). */
  id: string;
  name?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  onKeyDown?: (e: KeyboardEvent) => void;
  /** The message to show; the field is marked invalid while it is set. */
  error?: string;
  description?: string;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal';
  placeholder?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  maxLength?: number;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** A box of several lines (a textarea) with this many rows, for free text such as a note. */
  rows?: number;
}

/**
 * A labelled text input with its error below. Validation happens outside (commerce-core and
 * @site/forms rules), so React Aria only renders the error and wires aria-invalid/aria-describedby;
 * `validationBehavior="aria"` keeps the browser's own bubbles out of the way.
 */
export function FormTextField({
  id,
  name,
  label,
  value,
  onChange,
  onBlur,
  onKeyDown,
  error,
  description,
  type = 'text',
  autoComplete,
  inputMode,
  placeholder,
  isRequired = false,
  isDisabled = false,
  maxLength,
  className,
  inputRef,
  rows,
}: FormTextFieldProps) {
  return (
    <TextField
      id={id}
      name={name ?? id}
      className={['sqs-field', className].filter(Boolean).join(' ')}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      type={type}
      autoComplete={autoComplete}
      inputMode={inputMode}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={error !== undefined && error !== ''}
      validationBehavior="aria"
      maxLength={maxLength}
    >
      <Label className="sqs-field__label">
        {label}
        {isRequired ? null : <span className="sqs-field__optional"> {uiMessages.optional}</span>}
      </Label>
      {rows ? (
        <TextArea className="sqs-field__input sqs-field__textarea" placeholder={placeholder} rows={rows} />
      ) : (
        <Input className="sqs-field__input" placeholder={placeholder} ref={inputRef} />
      )}
      {description ? (
        <Text slot="description" className="sqs-field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="sqs-field__error">{error}</FieldError>
    </TextField>
  );
}
