import { SitePasswordDialog as SitePasswordDialogView } from '@site/ui/editor-access-lock';
import { issuesByPath } from '../api/http';
import { useAccessLocks, useSetAccessLock } from '../api/access-locks';
import { errorMessage } from '../screen-kit/save-state';

/** The site password dialog on the editor's data layer. */
export function SitePasswordDialog({ onClose }: { onClose: () => void }) {
  const locks = useAccessLocks();
  const setLock = useSetAccessLock();
  const fieldErrors = issuesByPath(setLock.error);
  return (
    <SitePasswordDialogView
      locked={locks.data?.site}
      loadError={locks.isError ? errorMessage(locks.error) : undefined}
      passwordError={fieldErrors.password}
      saveError={setLock.error ? errorMessage(setLock.error) : undefined}
      saving={setLock.isPending}
      onSave={(password) => setLock.mutate({ pageId: null, password }, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
