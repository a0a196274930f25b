import {
  ACTIVITY_KINDS,
  activityKindLabels,
  describeActivity,
  type ActivityEntry,
  type ActivityKind,
} from '@site/page-content';
import { useId } from 'react';
import { ListStates, type ListPaging } from '../ListStates';

export const activityPanelMessages = {
  intro: 'Who published, changed prices, refunded, or changed the settings and the team, and when.',
  filters: 'Filter the activity',
  kind: 'What',
  allKinds: 'All activity',
  person: 'Who',
  everyone: 'Everyone',
  from: 'From',
  to: 'To',
  clear: 'Clear filters',
  entries: 'Activity',
  loading: 'Loading the activity…',
  more: 'Show older activity',
  loadingMore: 'Loading…',
  emptyTitle: 'Nothing has happened yet',
  emptyBody:
    'When someone publishes a page, changes a price, refunds an order, or changes the settings or the team, it shows here.',
  noMatchTitle: 'Nothing matches these filters',
  noMatchBody: 'Try another person, kind or range of days.',
  by: (email: string) => `by ${email}`,
} as const;

export interface ActivityFilters {
  kind?: ActivityKind;
  /** A member id. */
  person?: string;
  /** Days as YYYY-MM-DD, both kept, in the site's time zone. */
  from?: string;
  to?: string;
}

export interface ActivityPanelProps extends ListPaging {
  /** Every page loaded so far, newest first; undefined while the first page loads. */
  entries?: readonly ActivityEntry[];
  /** Everyone in the log, for the person filter. */
  people?: readonly { id: string; email: string }[];
  filters: ActivityFilters;
  onFiltersChange: (filters: ActivityFilters) => void;
  /** The server refused the filters, in its words (a range ending before it starts). */
  filterError?: string;
  /** The site's time zone: times read as the owner's site keeps them. */
  timeZone?: string;
}

function when(iso: string, timeZone: string | undefined) {
  try {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      new Date(iso),
    );
  } catch {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );
  }
}

/**
 * The Activity screen's content: the filters (kind, person, days) over the site's log, shown as
 * one card per entry (what happened, who, when), newest first, with older entries on demand.
 */
export function ActivityPanel({
  entries,
  people = [],
  filters,
  onFiltersChange,
  filterError,
  timeZone,
  ...paging
}: ActivityPanelProps) {
  const id = useId();
  const m = activityPanelMessages;
  const filtered = Object.values(filters).some(Boolean);
  const set = (change: ActivityFilters) => onFiltersChange({ ...filters, ...change });
  return (
    <div className="ed-activity">
      <p className="ed-field__hint">{m.intro}</p>
      <form
        className="ed-activity__filters"
        aria-label={m.filters}
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="ed-field">
          <label className="ed-field__label" htmlFor={`${id}-kind`}>
            {m.kind}
          </label>
          <select
            id={`${id}-kind`}
            className="ed-input"
            value={filters.kind ?? ''}
            onChange={(e) => set({ kind: (e.currentTarget.value || undefined) as ActivityKind | undefined })}
          >
            <option value="">{m.allKinds}</option>
            {ACTIVITY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {activityKindLabels[kind]}
              </option>
            ))}
          </select>
        </div>
        <div className="ed-field">
          <label className="ed-field__label" htmlFor={`${id}-person`}>
            {m.person}
          </label>
          <select
            id={`${id}-person`}
            className="ed-input"
            value={filters.person ?? ''}
            onChange={(e) => set({ person: e.currentTarget.value || undefined })}
          >
            <option value="">{m.everyone}</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.email}
              </option>
            ))}
          </select>
        </div>
        <div className="ed-field">
          <label className="ed-field__label" htmlFor={`${id}-from`}>
            {m.from}
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className="ed-input"
            value={filters.from ?? ''}
            max={filters.to}
            aria-invalid={filterError ? true : undefined}
            aria-describedby={filterError ? `${id}-filter-error` : undefined}
            onChange={(e) => set({ from: e.currentTarget.value || undefined })}
          />
        </div>
        <div className="ed-field">
          <label className="ed-field__label" htmlFor={`${id}-to`}>
            {m.to}
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className="ed-input"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(e) => set({ to: e.currentTarget.value || undefined })}
          />
        </div>
        {filtered && (
          <button type="button" className="ed-button ed-button--ghost" onClick={() => onFiltersChange({})}>
            {m.clear}
          </button>
        )}
      </form>
      {filterError && (
        <p id={`${id}-filter-error`} className="ed-banner ed-banner--error" role="alert">
          {filterError}
        </p>
      )}
      <ListStates
        {...paging}
        items={entries}
        loadingText={m.loading}
        empty={
          filtered
            ? { title: m.noMatchTitle, body: m.noMatchBody }
            : { title: m.emptyTitle, body: m.emptyBody }
        }
        moreLabel={m.more}
        loadingMoreLabel={m.loadingMore}
      >
        {(loaded) => (
          <ul className="ed-activity__list" aria-label={m.entries}>
            {loaded.map((entry) => (
              <li key={entry.id} className="ed-activity__card">
                <span className="ed-activity__what">{describeActivity(entry)}</span>
                <span className="ed-activity__meta">
                  <span className="ed-activity__who">{m.by(entry.actor.email)}</span>
                  <time dateTime={entry.at}>{when(entry.at, timeZone)}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
    </div>
  );
}
