import { useId, useState } from 'react';
import { ConfirmDialog } from '../ConfirmDialog';
import { editorMessages } from '../editor-messages';
import { EditorField } from '../field/EditorField';

/** platform.md §5: the panel's own messages. */
export const mailingListPanelMessages = {
  listRequired: 'A List must be selected',
  noLists: "You don't have any mailing lists, create one before continuing.",
} as const;

export interface MailingListPanelProps {
  /** The site's lists; an empty array means none exist yet. */
  lists: readonly { id: string; name: string }[];
  /** The connected list, or '' when the block is disconnected. */
  listId: string;
  doubleOptIn: boolean;
  onConnect: (listId: string) => void;
  onDisconnect: () => void;
  onDoubleOptInChange: (doubleOptIn: boolean) => void;
  /** Where the owner creates lists; shown when there are none. */
  manageHref?: string;
  isReadOnly?: boolean;
  /** The lists are still being fetched. */
  isLoading?: boolean;
  /** Why the lists could not be fetched. */
  loadError?: string;
}

/**
 * The mailing-list connection of a newsletter block (platform.md §2, §4): disconnected (choose a
 * list, Connect) or connected (the list's name, Disconnect after a confirmation). A connected list
 * that has since been deleted reads as disconnected, so the owner can pick another.
 */
export function MailingListPanel({
  lists,
  listId,
  doubleOptIn,
  onConnect,
  onDisconnect,
  onDoubleOptInChange,
  manageHref,
  isReadOnly,
  isLoading,
  loadError,
}: MailingListPanelProps) {
  const id = useId();
  const [choice, setChoice] = useState('');
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const connected = lists.find((l) => l.id === listId);

  const toggle = (
    <div className="ed-field ed-field--toggle">
      <input
        id={`${id}-optin`}
        type="checkbox"
        checked={doubleOptIn}
        disabled={isReadOnly}
        onChange={(e) => onDoubleOptInChange(e.target.checked)}
      />
      <label htmlFor={`${id}-optin`}>Double opt-in (send a confirmation email first)</label>
    </div>
  );

  return (
    <section className="ed-connection" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="ed-connection__title">
        Mailing list
      </h3>
      {loadError ? (
        <p className="ed-field__error" role="alert">
          {loadError}
        </p>
      ) : isLoading ? (
        <p className="ed-muted" role="status">
          {editorMessages.loading}
        </p>
      ) : connected ? (
        <>
          <p className="ed-connection__status" data-state="connected">
            Connected to <strong>{connected.name}</strong>
          </p>
          {toggle}
          {!isReadOnly && (
            <button type="button" className="ed-button" onClick={() => setConfirming(true)}>
              Disconnect
            </button>
          )}
          <ConfirmDialog
            isOpen={confirming}
            title="Disconnect the mailing list?"
            onDismiss={() => setConfirming(false)}
            actions={[
              { label: 'Cancel', onPress: () => setConfirming(false) },
              {
                label: 'Disconnect',
                variant: 'danger',
                onPress: () => {
                  setConfirming(false);
                  onDisconnect();
                },
              },
            ]}
          >
            Sign-ups from this block stop going to “{connected.name}” until you connect a list again.
            Subscribers already on it stay.
          </ConfirmDialog>
        </>
      ) : lists.length === 0 ? (
        <p className="ed-notice" data-state="no-lists">
          {mailingListPanelMessages.noLists} {manageHref && <a href={manageHref}>Create a mailing list</a>}
        </p>
      ) : (
        <>
          <p className="ed-connection__status" data-state="disconnected">
            Not connected: sign-ups are refused until a list is chosen.
          </p>
          <EditorField label="List" error={error} announceError disabled={isReadOnly}>
            {(control) => (
              <select
                {...control}
                className="ed-input"
                value={choice}
                onChange={(e) => {
                  setChoice(e.target.value);
                  setError('');
                }}
              >
                <option value="">Choose a list</option>
                {lists.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </select>
            )}
          </EditorField>
          {toggle}
          {!isReadOnly && (
            <button
              type="button"
              className="ed-button ed-button--primary"
              onClick={() => (choice ? onConnect(choice) : setError(mailingListPanelMessages.listRequired))}
            >
              Connect
            </button>
          )}
        </>
      )}
    </section>
  );
}
