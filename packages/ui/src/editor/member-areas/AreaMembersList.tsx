import {
  AREA_MEMBER_STATES,
  areaMemberStateHints,
  areaMemberStateLabels,
  type AreaMemberRow,
  type AreaMemberState,
} from '@site/page-content';
import { useId } from 'react';
import { LoadStates } from '../ListStates';
import { ShowMore } from '../ShowMore';

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
  /**
   * The area has a price: each member reads Paying, Lapsed or Free, and the list can show only
   * one of them (`state`, all when absent; the caller asks the server for that list).
   */
  isPaid?: boolean;
  state?: AreaMemberState;
  onStateChange?: (state: AreaMemberState | undefined) => void;
}

const filterLabels: Record<AreaMemberState, string> = {
  paying: 'Paying members',
  lapsed: 'Lapsed members (payment stopped)',
  free: 'Free members (joined while free)',
};
const emptyFor: Record<AreaMemberState, string> = {
  paying: 'Nobody is paying for this area right now.',
  lapsed: 'Nobody’s payment has lapsed.',
  free: 'Everyone in this area joined by paying.',
};

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
  isPaid,
  state,
  onStateChange,
}: AreaMembersListProps) {
  const filterId = useId();
  return (
    <section className="ed-area-members" aria-label={`Members of ${areaName}`}>
      {isPaid && onStateChange && (
        <div className="ed-field ed-area-members__filter">
          <label className="ed-field__label" htmlFor={filterId}>
            Show
          </label>
          <select
            id={filterId}
            className="ed-input"
            value={state ?? ''}
            onChange={(e) => onStateChange((e.target.value || undefined) as AreaMemberState | undefined)}
          >
            <option value="">Everyone</option>
            {AREA_MEMBER_STATES.map((s) => (
              <option key={s} value={s}>
                {filterLabels[s]}
              </option>
            ))}
          </select>
        </div>
      )}
      <LoadStates
        isLoading={isLoading}
        loadingText="Loading members…"
        loadError={loadError}
        onRetry={onRetry}
      />
      {!isLoading && !loadError && members.length === 0 && (
        <p className="ed-muted">
          {state ? emptyFor[state] : 'Nobody has joined yet. People join from the area’s pages.'}
        </p>
      )}
      {members.length > 0 && (
        <table className="ed-table ed-area-members__table">
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Joined</th>
              {isPaid && <th scope="col">Payment</th>}
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
                {isPaid && (
                  <td>
                    <span
                      className={`ed-member-state ed-member-state--${m.state}`}
                      title={areaMemberStateHints[m.state]}
                    >
                      {areaMemberStateLabels[m.state]}
                    </span>
                  </td>
                )}
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
      {onLoadMore && (
        <ShowMore noun="members" hasMore={hasMore} isLoading={isLoadingMore} onMore={onLoadMore} />
      )}
    </section>
  );
}
