import { ConfirmDialog, EmptyState, ShowMore } from '@site/ui';
import { Link } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';

export interface ItemRow {
  id: string;
  title: string;
  status: 'draft' | 'published' | 'scheduled';
  statusLabel: string;
  /** The date the list shows (published, scheduled or the event's start), already formatted. */
  when: string;
}

export interface ItemListProps {
  pageId: string;
  rows: readonly ItemRow[];
  /** "post", "event": names the item in buttons and messages. */
  noun: string;
  canEdit: boolean;
  isCreating: boolean;
  onCreate: () => void;
  onDelete: (id: string) => Promise<unknown>;
  emptyHint: ReactNode;
  /** Said in place of the New button once the collection holds all it may. */
  fullNotice?: string;
  /**
   * A long list searched by the server: `rows` already match `query` and `onQuery` asks for
   * another. Without it the list filters its rows itself.
   */
  search?: { query: string; onQuery: (query: string) => void; pending: boolean };
  /** More rows than shown: the button that asks for the next page. */
  more?: { hasMore: boolean; loading: boolean; onMore: () => void };
}

/** A collection's items: search by title, open, delete after asking; a call to action when empty. */
export function ItemList({
  pageId,
  rows,
  noun,
  canEdit,
  isCreating,
  onCreate,
  onDelete,
  emptyHint,
  fullNotice,
  search,
  more,
}: ItemListProps) {
  const [ownQuery, setOwnQuery] = useState('');
  const query = search ? search.query : ownQuery;
  const setQuery = search ? search.onQuery : setOwnQuery;
  const [deleting, setDeleting] = useState<ItemRow | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const searchId = useId();
  const needle = query.trim().toLocaleLowerCase();
  const shown = needle && !search ? rows.filter((r) => r.title.toLocaleLowerCase().includes(needle)) : rows;
  const createButton = !canEdit ? undefined : fullNotice ? (
    <p className="ed-field__hint" role="status">
      {fullNotice}
    </p>
  ) : (
    <button type="button" className="ed-button ed-button--primary" onClick={onCreate} disabled={isCreating}>
      {isCreating ? 'Creating…' : `New ${noun}`}
    </button>
  );

  if (rows.length === 0 && !needle) {
    return (
      <EmptyState title={`No ${noun}s yet`} action={createButton || undefined}>
        {emptyHint}
      </EmptyState>
    );
  }
  return (
    <>
      <div className="ed-row ed-item-list__tools">
        <label className="visually-hidden" htmlFor={searchId}>
          Search {noun}s
        </label>
        <input
          id={searchId}
          className="ed-input ed-item-list__search"
          type="search"
          placeholder={`Search ${noun}s by title`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        {createButton}
      </div>
      {shown.length === 0 ? (
        <p className="ed-muted" role="status">
          {search?.pending ? `Searching ${noun}s…` : `No ${noun} has “${query.trim()}” in its title.`}
        </p>
      ) : (
        <ul className="ed-item-list" aria-label={`${noun}s`}>
          {shown.map((row) => (
            <li key={row.id} className="ed-page-row ed-item-row">
              <Link
                to="/collections/$pageId/$itemId"
                params={{ pageId, itemId: row.id }}
                className="ed-page-row__title ed-item-row__title"
              >
                {row.title}
              </Link>
              <span className={`ed-badge ed-badge--${row.status}`}>{row.statusLabel}</span>
              <span className="ed-page-row__path ed-item-row__when">{row.when}</span>
              {canEdit && (
                <button
                  type="button"
                  className="ed-button ed-button--danger"
                  onClick={() => setDeleting(row)}
                  aria-label={`Delete ${row.title}`}
                >
                  Delete
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {more && (
        <ShowMore
          className="ed-item-list__more"
          noun={`${noun}s`}
          hasMore={more.hasMore}
          isLoading={more.loading}
          onMore={more.onMore}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={`Delete this ${noun}?`}
        onDismiss={() => setDeleting(null)}
        actions={[
          { label: 'Cancel', onPress: () => setDeleting(null) },
          {
            label: 'Delete',
            variant: 'danger',
            onPress: () => {
              const row = deleting;
              setDeleting(null);
              if (row)
                onDelete(row.id).then(
                  () => setDeleteError(null),
                  (e: Error) => setDeleteError(e.message),
                );
            },
          },
        ]}
      >
        <p>“{deleting?.title}” will be removed from the site. This cannot be undone.</p>
      </ConfirmDialog>
      {deleteError && (
        <p className="ed-field__error" role="alert">
          {deleteError}
        </p>
      )}
    </>
  );
}
