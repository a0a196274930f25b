import { MAILING_API, type MailingListView } from '@site/page-content';
import { ConfirmDialog, EmptyState } from '@site/ui';
import { useId, useState, type FormEvent } from 'react';
import { useListMutations, useMailingLists, useSubscribers } from '../api/mailing-lists';
import { useMe } from '../api/session';

const dateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
const errorText = (error: unknown) => (error instanceof Error ? error.message : '');

/** A name box with its error, for creating a list or renaming one. */
function NameForm({
  label,
  initial = '',
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  label: string;
  initial?: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  /** `clear` empties the box, for a caller that wants it empty once the name is taken in. */
  onSubmit: (name: string, clear: () => void) => void;
}) {
  const id = useId();
  const [name, setName] = useState(initial);
  const message = errorText(error);
  return (
    <form
      className="ed-field__row ed-mailing__name-form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit(name, () => setName(''));
      }}
    >
      <label htmlFor={id} className="ed-field__label">
        {label}
      </label>
      <input
        id={id}
        className="ed-input"
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
      />
      <button type="submit" className="ed-button ed-button--primary" disabled={pending}>
        {submitLabel}
      </button>
      {message && (
        <p id={`${id}-error`} className="ed-field__error" role="alert">
          {message}
        </p>
      )}
    </form>
  );
}

function Subscribers({ list }: { list: MailingListView }) {
  const [search, setSearch] = useState('');
  const subscribers = useSubscribers(list.id, search.trim());
  const total = subscribers.data?.pages[0]?.total ?? 0;
  return (
    <section aria-labelledby="subscribers-title" className="ed-mailing__subscribers">
      <div className="ed-field__row ed-mailing__head">
        <h2 id="subscribers-title">Subscribers of {list.name}</h2>
        <a className="ed-button" href={MAILING_API.subscribersCsv(list.id)} download>
          Export CSV
        </a>
      </div>
      <input
        type="search"
        className="ed-input"
        aria-label="Search subscribers"
        placeholder="Search by email"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {subscribers.data && (
        <>
          <p className="ed-muted" role="status">
            {total} {total === 1 ? 'subscriber' : 'subscribers'}
          </p>
          {total > 0 && (
            <div className="ed-table-scroll" role="region" aria-label="Subscribers list" tabIndex={0}>
              <table className="ed-table ed-table--cards">
                <thead>
                  <tr>
                    <th scope="col">Email</th>
                    <th scope="col">Status</th>
                    <th scope="col">Source</th>
                    <th scope="col">Consent</th>
                    <th scope="col">Confirmed</th>
                  </tr>
                </thead>
                <tbody>
                  {subscribers.data.pages
                    .flatMap((p) => p.subscribers)
                    .map((s) => (
                      <tr key={s.id}>
                        <th scope="row">{s.email}</th>
                        <td data-label="Status">{s.status}</td>
                        <td data-label="Source">{s.source}</td>
                        <td data-label="Consent">{dateTime(s.consentedAt)}</td>
                        <td data-label="Confirmed">{dateTime(s.confirmedAt)}</td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </div>
          )}
          {subscribers.hasNextPage && (
            <button
              type="button"
              className="ed-button"
              disabled={subscribers.isFetchingNextPage}
              onClick={() => void subscribers.fetchNextPage()}
            >
              {subscribers.isFetchingNextPage ? 'Loading…' : 'Show older subscribers'}
            </button>
          )}
        </>
      )}
    </section>
  );
}

/** /config/mailing-lists: the site's lists (create, rename, delete) and each list's subscribers. */
export function MailingListsScreen() {
  const readOnly = !useMe().data?.canEdit;
  const lists = useMailingLists();
  const { create, rename, remove } = useListMutations();
  const [selectedId, setSelectedId] = useState<string>();
  const [renaming, setRenaming] = useState<string>();
  const [deleting, setDeleting] = useState<MailingListView>();
  const selected = lists.data?.find((l) => l.id === selectedId) ?? lists.data?.[0];

  return (
    <div className="ed-screen">
      <header className="ed-screen__head">
        <h1>Mailing lists</h1>
      </header>
      {!readOnly && (
        <NameForm
          label="New list"
          submitLabel="Create list"
          pending={create.isPending}
          error={create.error}
          // Cleared on success only: remounting the form when the lists (re)load would wipe a name
          // typed while they were still on their way.
          onSubmit={(name, clear) =>
            create.mutate(name, {
              onSuccess: (l) => {
                setSelectedId(l.id);
                clear();
              },
            })
          }
        />
      )}
      {lists.data?.length === 0 && (
        <EmptyState title="No mailing lists yet">
          Create a list, then connect a newsletter block to it.
        </EmptyState>
      )}
      <ul className="ed-mailing__lists">
        {lists.data?.map((l) => (
          <li key={l.id} aria-current={l.id === selected?.id ? 'true' : undefined}>
            {renaming === l.id ? (
              <NameForm
                label={`Rename ${l.name}`}
                initial={l.name}
                submitLabel="Save"
                pending={rename.isPending}
                error={rename.error}
                onSubmit={(name) =>
                  rename.mutate({ id: l.id, name }, { onSuccess: () => setRenaming(undefined) })
                }
              />
            ) : (
              <div className="ed-mailing__row">
                <button
                  type="button"
                  className="ed-link-button ed-mailing__name"
                  onClick={() => setSelectedId(l.id)}
                >
                  {l.name}
                </button>
                <span className="ed-muted">
                  {l.subscriberCount} confirmed{l.isDefault ? ' · default list' : ''}
                </span>
                {!readOnly && (
                  <span className="ed-mailing__actions">
                    <button
                      type="button"
                      className="ed-button"
                      onClick={() => setRenaming(l.id)}
                      aria-label={`Rename ${l.name}`}
                    >
                      Rename
                    </button>
                    <button
                      type="button"
                      className="ed-button ed-button--danger"
                      onClick={() => setDeleting(l)}
                      aria-label={`Delete ${l.name}`}
                    >
                      Delete
                    </button>
                  </span>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {selected && <Subscribers list={selected} />}
      <ConfirmDialog
        isOpen={Boolean(deleting)}
        title={`Delete “${deleting?.name ?? ''}”?`}
        onDismiss={() => setDeleting(undefined)}
        actions={[
          { label: 'Cancel', onPress: () => setDeleting(undefined) },
          {
            label: 'Delete',
            variant: 'danger',
            isDisabled: remove.isPending,
            onPress: () =>
              deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(undefined) }),
          },
        ]}
      >
        Its subscribers are removed with it and newsletter blocks connected to it stop taking sign-ups. This
        cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
