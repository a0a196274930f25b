import type { SubmissionDetail, SubmissionListItem } from '@site/forms';

export interface SubmissionsPanelProps {
  submissions: readonly SubmissionListItem[] | undefined;
  total: number;
  isLoading?: boolean;
  /** Set when the list could not be loaded. */
  error?: string;
  selected?: SubmissionDetail;
  onSelect: (id: string) => void;
  /** The CSV download of every submission. */
  csvHref: string;
  /** Dates as the owner reads them; the ISO string by default. */
  formatDate?: (iso: string) => string;
  /** Older submissions are there to load (the list shows a page at a time). */
  hasMore?: boolean;
  isLoadingMore?: boolean;
  onLoadMore?: () => void;
}

function Answer({ item }: { item: SubmissionDetail['summary'][number] }) {
  const a = item.answer;
  if (!a) return <span className="ed-muted">{item.noAnswerText}</span>;
  switch (a.kind) {
    case 'text':
      return <>{a.text}</>;
    case 'choices':
      return <>{a.choices.join(', ')}</>;
    case 'lines':
      return (
        <>
          {a.lines.map((l, i) => (
            <span key={i} className="ed-submission__line">
              {l}
            </span>
          ))}
        </>
      );
    case 'ratings':
      return (
        <ul className="ed-submission__ratings">
          {a.ratings.map((r) => (
            <li key={r.question}>
              {r.question}: <strong>{r.answer}</strong>
            </li>
          ))}
        </ul>
      );
  }
}

/** A form's submissions inbox: the list, newest first, and one submission's form summary. */
export function SubmissionsPanel({
  submissions,
  total,
  isLoading,
  error,
  selected,
  onSelect,
  csvHref,
  formatDate = (d) => d,
  hasMore,
  isLoadingMore,
  onLoadMore,
}: SubmissionsPanelProps) {
  return (
    <section className="ed-submissions" aria-labelledby="submissions-title">
      <div className="ed-field__row">
        <h2 id="submissions-title">Submissions</h2>
        {total > 0 && (
          <a className="ed-button" href={csvHref} download>
            Export CSV
          </a>
        )}
      </div>
      {error && (
        <p role="alert" className="ed-field__error">
          {error}
        </p>
      )}
      {isLoading && <p role="status">Loading submissions…</p>}
      {submissions && submissions.length === 0 && <p className="ed-muted">No submissions yet.</p>}
      {submissions && submissions.length > 0 && (
        <>
          <p className="ed-muted" role="status">
            {total} {total === 1 ? 'submission' : 'submissions'}
          </p>
          <div className="ed-table-scroll" role="region" aria-label="Submissions list" tabIndex={0}>
            <table className="ed-table ed-table--cards">
              <thead>
                <tr>
                  <th scope="col">Submitted</th>
                  <th scope="col">Page</th>
                  <th scope="col">First answer</th>
                </tr>
              </thead>
              <tbody>
                {submissions.map((s) => (
                  <tr key={s.id} aria-selected={selected?.id === s.id}>
                    <th scope="row">
                      <button type="button" className="ed-link-button" onClick={() => onSelect(s.id)}>
                        {formatDate(s.submittedAt)}
                      </button>
                    </th>
                    <td data-label="Page">{s.pagePath}</td>
                    <td data-label="First answer">{s.preview}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {hasMore && onLoadMore && (
            <button type="button" className="ed-button" disabled={isLoadingMore} onClick={onLoadMore}>
              {isLoadingMore ? 'Loading…' : 'Show older submissions'}
            </button>
          )}
        </>
      )}
      {selected && (
        <article className="ed-submission" aria-label="Submission detail">
          <h3>Submission of {formatDate(selected.submittedAt)}</h3>
          <p className="ed-muted">
            From {selected.pageTitle || selected.pagePath} ({selected.pagePath})
          </p>
          <dl className="ed-submission__summary">
            {selected.summary.map((item, i) => (
              <div key={i}>
                <dt>{item.title}</dt>
                <dd>
                  <Answer item={item} />
                </dd>
              </div>
            ))}
          </dl>
        </article>
      )}
    </section>
  );
}
