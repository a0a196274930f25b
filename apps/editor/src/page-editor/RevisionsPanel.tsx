import type { PageDetail } from '@site/page-content';
import { ConfirmDialog, EmptyState } from '@site/ui';
import { useState } from 'react';
import { useRestoreRevision, useRevisions } from '../api/pages';
import { errorMessage } from '../screen-kit/save-state';

const KIND_LABELS = { draft: 'Draft saved', published: 'Published', restored: 'Restored' } as const;

/** Saved and published versions of the page, newest first; any can become the draft again. */
export function RevisionsPanel({
  pageId,
  version,
  readOnly,
  onRestored,
}: {
  pageId: string;
  version: number;
  readOnly: boolean;
  onRestored: (page: PageDetail) => void;
}) {
  const revisions = useRevisions(pageId, true);
  const restore = useRestoreRevision();
  const [confirming, setConfirming] = useState<string | null>(null);
  if (revisions.isPending) return <p role="status">Loading history…</p>;
  if (revisions.error) return <p role="alert">{errorMessage(revisions.error)}</p>;
  if (revisions.data.length === 0)
    return <EmptyState title="No history yet">Versions appear here as you save and publish.</EmptyState>;
  const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <ol className="ed-revisions">
        {revisions.data.map((r) => (
          <li key={r.id} className="ed-revisions__item">
            <div>
              <strong>{KIND_LABELS[r.kind]}</strong>
              <div className="ed-muted">
                {format.format(new Date(r.createdAt))} · {r.blockCount} blocks
                {r.author ? ` · ${r.author}` : ''}
              </div>
            </div>
            {!readOnly && (
              <button type="button" className="ed-button" onClick={() => setConfirming(r.id)}>
                Restore
              </button>
            )}
          </li>
        ))}
      </ol>
      {restore.error && (
        <p role="alert" className="ed-field__error">
          {errorMessage(restore.error)}
        </p>
      )}
      <ConfirmDialog
        isOpen={confirming !== null}
        title="Restore this version?"
        onDismiss={() => setConfirming(null)}
        actions={[
          { label: 'Cancel', onPress: () => setConfirming(null) },
          {
            label: 'Restore',
            variant: 'primary',
            isDisabled: restore.isPending,
            onPress: () =>
              restore.mutate(
                { id: pageId, revisionId: confirming!, version },
                {
                  onSuccess: (page) => {
                    setConfirming(null);
                    onRestored(page);
                  },
                },
              ),
          },
        ]}
      >
        <p>
          The draft becomes this version. The current draft stays in the history, so you can come back to it.
        </p>
      </ConfirmDialog>
    </>
  );
}
