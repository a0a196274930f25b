import { EditorField } from '@site/ui/editor-field';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/**
 * The signed-out screens' card (sign in, create a site, restore a site): a form titled by its
 * heading, alone on the page. `onSubmit` gets no event: the browser's own submission never runs.
 */
export function AuthCard({
  title,
  onSubmit,
  noValidate,
  children,
}: {
  title: ReactNode;
  onSubmit: () => void;
  /** The server checks every rule and names the field it refuses, instead of the browser's bubbles. */
  noValidate?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <main className="ed-signin">
      <form
        className="ed-signin__card"
        aria-labelledby={`${id}-title`}
        noValidate={noValidate}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <h1 id={`${id}-title`} className="ed-signin__title">
          {title}
        </h1>
        {children}
      </form>
    </main>
  );
}

/** A labelled text input of a signed-out screen; the rest of the props go to the input. */
export function AuthInput({
  label,
  hint,
  error,
  announceError,
  onValue,
  ...input
}: {
  label: string;
  hint?: string;
  error?: string;
  announceError?: boolean;
  value: string;
  onValue: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'className'>) {
  return (
    <EditorField label={label} required hint={hint} error={error} announceError={announceError}>
      {(control) => (
        <input {...control} {...input} className="ed-input" onChange={(e) => onValue(e.target.value)} />
      )}
    </EditorField>
  );
}

/** The card's main button, renamed while its request runs. */
export function AuthSubmit({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <button type="submit" className="ed-button ed-button--primary ed-button--block" disabled={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}

/** A refusal that belongs to no one field. */
export function AuthError({ children }: { children: ReactNode }) {
  return (
    <p className="ed-banner ed-banner--error" role="alert">
      {children}
    </p>
  );
}
