import { LOCK_PASSWORD } from '@site/page-content';
import { useId } from 'react';
import { EditorField } from '../field/EditorField';
import { accessLockMessages as m } from './access-lock-messages';

export interface LockPasswordFieldProps {
  /** What the password protects, for the labels ("page", "site"). */
  what: 'page' | 'site';
  /** Whether a password is set now. */
  locked: boolean;
  on: boolean;
  onToggle: (on: boolean) => void;
  password: string;
  onPassword: (password: string) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * "Require a password" and the new password. A password already set is never shown (the server
 * keeps only its hash): leaving the box empty keeps it.
 */
export function LockPasswordField({
  what,
  locked,
  on,
  onToggle,
  password,
  onPassword,
  error,
  disabled,
}: LockPasswordFieldProps) {
  const id = useId();
  return (
    <fieldset className="ed-fieldset">
      <legend className="ed-field__label">{m.legend}</legend>
      <div className="ed-field ed-field--toggle">
        <input
          id={`${id}-on`}
          type="checkbox"
          checked={on}
          disabled={disabled}
          onChange={(e) => onToggle(e.target.checked)}
        />
        <label htmlFor={`${id}-on`}>{m.toggle(what)}</label>
      </div>
      {on && (
        <EditorField
          label={locked ? m.newPassword : m.password}
          hint={
            <>
              {locked ? m.keepHint : ''}
              {m.lengthHint}
            </>
          }
          error={error}
          disabled={disabled}
        >
          {(control) => (
            <input
              {...control}
              className="ed-input"
              type="password"
              autoComplete="new-password"
              value={password}
              maxLength={LOCK_PASSWORD.max}
              onChange={(e) => onPassword(e.target.value)}
            />
          )}
        </EditorField>
      )}
    </fieldset>
  );
}

/** What to send for a lock: undefined when nothing changes. */
export function lockChange(locked: boolean, on: boolean, password: string): string | null | undefined {
  if (!on) return locked ? null : undefined;
  return password ? password : locked ? undefined : '';
}
