import { ConfirmDialog } from '@site/ui';
import { useState } from 'react';
import { issuesByPath } from '../api/http';
import { errorMessage, useAccessLocks, useSetAccessLock } from '../api/queries';
import { LockPasswordField, lockChange } from './LockPasswordField';

/** The site password: every page shows the lock screen until a visitor enters it. */
export function SitePasswordDialog({ onClose }: { onClose: () => void }) {
  const locks = useAccessLocks();
  const setLock = useSetAccessLock();
  const locked = locks.data?.site ?? false;
  const [on, setOn] = useState<boolean | undefined>(undefined);
  const [password, setPassword] = useState('');
  const checked = on ?? locked;
  const fieldErrors = issuesByPath(setLock.error);

  const save = () => {
    const change = lockChange(locked, checked, password);
    if (change === undefined) return onClose();
    setLock.mutate({ pageId: null, password: change }, { onSuccess: onClose });
  };

  return (
    <ConfirmDialog
      isOpen
      title="Site password"
      onDismiss={onClose}
      actions={[
        { label: 'Cancel', onPress: onClose },
        { label: setLock.isPending ? 'Saving…' : 'Save', onPress: save, variant: 'primary', isDisabled: setLock.isPending || locks.isPending },
      ]}
    >
      <form
        className="ed-form"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        {locks.isError ? (
          <p className="ed-field__error" role="alert">
            {errorMessage(locks.error)}
          </p>
        ) : (
          <LockPasswordField
            what="site"
            locked={locked}
            on={checked}
            onToggle={setOn}
            password={password}
            onPassword={setPassword}
            disabled={locks.isPending}
            error={fieldErrors.password}
          />
        )}
        {setLock.error && !fieldErrors.password ? (
          <p className="ed-field__error" role="alert">
            {errorMessage(setLock.error)}
          </p>
        ) : null}
        <button type="submit" hidden />
      </form>
    </ConfirmDialog>
  );
}
