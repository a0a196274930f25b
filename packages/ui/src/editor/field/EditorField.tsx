import { useId, type ReactNode } from 'react';

/** What a field's control needs from its field: spread it onto the input, select or textarea. */
export interface EditorFieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: true;
  disabled?: true;
}

export interface EditorFieldProps {
  label: ReactNode;
  /** Shown under the control and read with it. */
  hint?: ReactNode;
  /** The server's (or the form's) message for this field; marks the control invalid. */
  error?: ReactNode;
  /** Say the error as soon as it shows (role=alert), for a check made while the owner types. */
  announceError?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** The control's id, when something else on the screen refers to it; one is made otherwise. */
  id?: string;
  /** Extra classes beside `ed-field`, e.g. a layout modifier. */
  className?: string;
  /** Draws the control (and anything beside it) with the ids and states it is given. */
  children: (control: EditorFieldControlProps) => ReactNode;
}

/**
 * One labelled form field of the editor: label, control, hint and error, with the hint and the
 * error tied to the control by aria-describedby so a screen reader reads them with it.
 */
export function EditorField({
  label,
  hint,
  error,
  announceError,
  required,
  disabled,
  id,
  className,
  children,
}: EditorFieldProps) {
  const madeId = useId();
  const controlId = id ?? madeId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `ed-field ${className}` : 'ed-field'}>
      <label className="ed-field__label" htmlFor={controlId}>
        {label}
      </label>
      {children({
        id: controlId,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        required: required || undefined,
        disabled: disabled || undefined,
      })}
      {hint && (
        <p className="ed-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="ed-field__error" id={errorId} role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}
