import type { AreaMemberRow } from '@site/page-content';
import { LoadStates } from '../ListStates';

export interface AreaMembersListProps {
  areaName: string;
  /** The pages read so far, newest first. */
  members: readonly AreaMemberRow[];
  isLoading?: boolean;
  loadError?: string;
  onRetry?: () => void;
  /** More joined before these: the next page is one click away. */
  hasMore?: boolean;
  isLoadingMore?: boolean;
  onLoadMore?: () => void;
  /** Takes the person out of the area; absent for roles that only read. */
  onRemove?: (memberId: string) => void;
  /** The member being removed, whose button waits for the server. */
  removingId?: string;
  /** The server's refusal of the last removal. */
  error?: string;
}

const joined = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

/** Who joined one area, newest first, with when they joined; owners and admins take someone out. */
export function AreaMembersList({
  areaName,
  members,
  isLoading,
  loadError,
  onRetry,
  hasMore,
  isLoadingMore,
  onLoadMore,
  onRemove,
  removingId,
  error,
}: AreaMembersListProps) {
  return (
    <section className="ed-area-members" aria-label={`Members of ${areaName}`}>
      <LoadStates
        isLoading={isLoading}
        loadingText="Loading members…"
        loadError={loadError}
        onRetry={onRetry}
      />
      {!isLoading && !loadError && members.length === 0 && (
        <p className="ed-muted">Nobody has joined yet. People join from the area’s pages.</p>
      )}
      {members.length > 0 && (
        <table className="ed-table ed-area-members__table">
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Joined</th>
              {onRemove && (
                <th scope="col">
                  <span className="ed-visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.memberId}>
                <td className="ed-area-members__email">{m.email}</td>
                <td>
                  <time dateTime={m.joinedAt}>{joined(m.joinedAt)}</time>
                </td>
                {onRemove && (
                  <td>
                    <button
                      type="button"
                      className="ed-button ed-button--danger"
                      aria-label={`Remove ${m.email} from ${areaName}`}
                      disabled={removingId === m.memberId}
                      onClick={() => onRemove(m.memberId)}
                    >
                      {removingId === m.memberId ? 'Removing…' : 'Remove'}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {error && (
        <p className="ed-field__error" role="alert">
          {error}
        </p>
      )}
      {hasMore && (
        <button type="button" className="ed-button" disabled={isLoadingMore} onClick={onLoadMore}>
          {isLoadingMore ? 'Loading…' : 'Show more members'}
        </button>
      )}
    </section>
  );
}
