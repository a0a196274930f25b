import { useState } from 'react';
import { ConfirmDialog } from '../ConfirmDialog';
import { accessLockMessages as m } from './access-lock-messages';
import { LockPasswordField, lockChange } from './LockPasswordField';

export interface SitePasswordDialogProps {
  /** Whether the site has a password now; undefined while it loads. */
  locked: boolean | undefined;
  /** Why the current state could not be loaded; the field is replaced by it. */
  loadError?: string;
  /** The server's message for the password itself. */
  passwordError?: string;
  /** Any other message of the last save. */
  saveError?: string;
  saving?: boolean;
  /** The change to send: a new password, '' (the server answers with the length message) or null to remove it. */
  onSave: (password: string | null) => void;
  onClose: () => void;
}

/** The site password: every page shows the lock screen until a visitor enters it. */
export function SitePasswordDialog({
  locked: lockedOrLoading,
  loadError,
  passwordError,
  saveError,
  saving = false,
  onSave,
  onClose,
}: SitePasswordDialogProps) {
  const loading = lockedOrLoading === undefined && !loadError;
  const locked = lockedOrLoading ?? false;
  const [on, setOn] = useState<boolean | undefined>(undefined);
  const [password, setPassword] = useState('');
  const checked = on ?? locked;

  const save = () => {
    const change = lockChange(locked, checked, password);
    if (change === undefined) return onClose();
    onSave(change);
  };

  return (
    <ConfirmDialog
      isOpen
      title={m.siteTitle}
      onDismiss={onClose}
      actions={[
        { label: m.cancel, onPress: onClose },
        {
          label: saving ? m.saving : m.save,
          onPress: save,
          variant: 'primary',
          isDisabled: saving || loading,
        },
      ]}
    >
      <form
        className="ed-form"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        {loadError ? (
          <p className="ed-field__error" role="alert">
            {loadError}
          </p>
        ) : (
          <LockPasswordField
            what="site"
            locked={locked}
            on={checked}
            onToggle={setOn}
            password={password}
            onPassword={setPassword}
            disabled={loading}
            error={passwordError}
          />
        )}
        {saveError && !passwordError ? (
          <p className="ed-field__error" role="alert">
            {saveError}
          </p>
        ) : null}
        <button type="submit" hidden aria-label={m.save} />
      </form>
    </ConfirmDialog>
  );
}
