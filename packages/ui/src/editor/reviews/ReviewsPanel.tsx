import { REVIEW_STATUSES, type OwnerReview, type ReviewStatus } from '@site/commerce-core';
import { useId, useState } from 'react';
import { ListStates, type ListPaging } from '../ListStates';

export const reviewsPanelMessages = {
  intro:
    'Shoppers’ ratings and reviews wait here until you approve them. Approved reviews show on the product page with the average rating; hidden ones do not.',
  enabled: 'Show reviews on product pages and let shoppers write them',
  enabledHint: 'Off, product pages show no reviews and no form, and no review requests are emailed.',
  filter: 'Show',
  statuses: { pending: 'Waiting for approval', approved: 'Approved', hidden: 'Hidden' } as Record<
    ReviewStatus,
    string
  >,
  all: 'All reviews',
  list: 'Reviews',
  loading: 'Loading the reviews…',
  more: 'Show older reviews',
  loadingMore: 'Loading…',
  emptyTitle: 'No reviews yet',
  emptyBody: 'When shoppers review a product, their reviews wait here for you to approve.',
  noMatchTitle: 'No reviews here',
  noMatchBody: 'Choose another status to see the rest.',
  rating: (stars: number) => `${stars} out of 5 stars`,
  verified: 'Verified buyer',
  approve: 'Approve',
  hide: 'Hide',
  reply: 'Reply',
  editReply: 'Edit reply',
  replyLabel: (name: string) => `Your reply to ${name}`,
  replyHint: 'Shown under the review on the product page. Leave empty to remove it.',
  saveReply: 'Save reply',
  cancel: 'Cancel',
  yourReply: 'Your reply',
  about: (product: string) => `on ${product}`,
} as const;
const m = reviewsPanelMessages;

export interface ReviewsPanelProps extends ListPaging {
  /** Every page loaded so far, newest first; undefined while the first page loads. */
  reviews?: readonly OwnerReview[];
  /** The status shown, or undefined for all. */
  status?: ReviewStatus;
  onStatusChange: (status: ReviewStatus | undefined) => void;
  /** Whether the site takes and shows reviews; undefined while it loads. */
  enabled?: boolean;
  onEnabledChange: (enabled: boolean) => void;
  onModerate: (id: string, change: { status?: ReviewStatus; reply?: string }) => void;
  /** The review whose change is on its way to the server. */
  busyId?: string;
  /** The last change's refusal, in the server's words. */
  error?: string;
  /** A member who may look but not moderate. */
  isReadOnly?: boolean;
}

const day = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

/** The Reviews screen's content: the on/off switch, a status filter and a card per review with its actions. */
export function ReviewsPanel({
  reviews,
  status,
  onStatusChange,
  enabled,
  onEnabledChange,
  onModerate,
  busyId,
  error,
  isReadOnly,
  ...paging
}: ReviewsPanelProps) {
  const id = useId();
  return (
    <div className="ed-reviews">
      <p className="ed-field__hint">{m.intro}</p>
      {enabled !== undefined && (
        <div className="ed-reviews__switch">
          <div className="ed-field ed-field--toggle">
            <input
              type="checkbox"
              id={`${id}-enabled`}
              checked={enabled}
              disabled={isReadOnly}
              aria-describedby={`${id}-enabled-hint`}
              onChange={(e) => onEnabledChange(e.target.checked)}
            />
            <label htmlFor={`${id}-enabled`}>{m.enabled}</label>
          </div>
          <p id={`${id}-enabled-hint`} className="ed-field__hint">
            {m.enabledHint}
          </p>
        </div>
      )}
      <div className="ed-field ed-reviews__filter">
        <label className="ed-field__label" htmlFor={`${id}-status`}>
          {m.filter}
        </label>
        <select
          id={`${id}-status`}
          className="ed-input"
          value={status ?? ''}
          onChange={(e) => onStatusChange((e.currentTarget.value || undefined) as ReviewStatus | undefined)}
        >
          <option value="">{m.all}</option>
          {REVIEW_STATUSES.map((s) => (
            <option key={s} value={s}>
              {m.statuses[s]}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p className="ed-banner ed-banner--error" role="alert">
          {error}
        </p>
      )}
      <ListStates
        {...paging}
        items={reviews}
        loadingText={m.loading}
        empty={
          status ? { title: m.noMatchTitle, body: m.noMatchBody } : { title: m.emptyTitle, body: m.emptyBody }
        }
        moreLabel={m.more}
        loadingMoreLabel={m.loadingMore}
      >
        {(loaded) => (
          <ul className="ed-reviews__list" aria-label={m.list}>
            {loaded.map((review) => (
              <ReviewCard
                key={review.id}
                review={review}
                onModerate={onModerate}
                isBusy={busyId === review.id}
                isReadOnly={isReadOnly}
              />
            ))}
          </ul>
        )}
      </ListStates>
    </div>
  );
}

function ReviewCard({
  review,
  onModerate,
  isBusy,
  isReadOnly,
}: {
  review: OwnerReview;
  onModerate: ReviewsPanelProps['onModerate'];
  isBusy: boolean;
  isReadOnly?: boolean;
}) {
  const id = useId();
  const [replying, setReplying] = useState(false);
  const [reply, setReply] = useState(review.reply ?? '');
  const headingId = `${id}-heading`;
  return (
    <li className="ed-reviews__card" aria-labelledby={headingId} data-status={review.status}>
      <div className="ed-reviews__head">
        <span className="ed-reviews__stars" role="img" aria-label={m.rating(review.rating)}>
          {'★'.repeat(review.rating)}
          <span aria-hidden="true" className="ed-reviews__stars-off">
            {'★'.repeat(5 - review.rating)}
          </span>
        </span>
        <span className="ed-reviews__status">{m.statuses[review.status]}</span>
      </div>
      <h3 id={headingId} className="ed-reviews__title">
        {review.title || review.text.slice(0, 60)}
      </h3>
      {review.title && <p className="ed-reviews__text">{review.text}</p>}
      <p className="ed-reviews__meta">
        {review.name} · {review.email} · {day(review.createdAt)} · {m.about(review.productTitle)}
        {review.verifiedBuyer && <span className="ed-reviews__badge">{m.verified}</span>}
      </p>
      {review.reply && !replying && (
        <blockquote className="ed-reviews__reply">
          <strong>{m.yourReply}:</strong> {review.reply}
        </blockquote>
      )}
      {replying ? (
        <form
          className="ed-reviews__reply-form"
          onSubmit={(e) => {
            e.preventDefault();
            onModerate(review.id, { reply });
            setReplying(false);
          }}
        >
          <label className="ed-field__label" htmlFor={`${id}-reply`}>
            {m.replyLabel(review.name)}
          </label>
          <textarea
            id={`${id}-reply`}
            className="ed-input"
            rows={3}
            value={reply}
            aria-describedby={`${id}-reply-hint`}
            onChange={(e) => setReply(e.target.value)}
          />
          <p id={`${id}-reply-hint`} className="ed-field__hint">
            {m.replyHint}
          </p>
          <div className="ed-reviews__actions">
            <button type="submit" className="ed-button ed-button--primary" disabled={isBusy}>
              {m.saveReply}
            </button>
            <button type="button" className="ed-button" onClick={() => setReplying(false)}>
              {m.cancel}
            </button>
          </div>
        </form>
      ) : (
        !isReadOnly && (
          <div className="ed-reviews__actions">
            {review.status !== 'approved' && (
              <button
                type="button"
                className="ed-button ed-button--primary"
                disabled={isBusy}
                aria-describedby={headingId}
                onClick={() => onModerate(review.id, { status: 'approved' })}
              >
                {m.approve}
              </button>
            )}
            {review.status !== 'hidden' && (
              <button
                type="button"
                className="ed-button"
                disabled={isBusy}
                aria-describedby={headingId}
                onClick={() => onModerate(review.id, { status: 'hidden' })}
              >
                {m.hide}
              </button>
            )}
            <button
              type="button"
              className="ed-button ed-button--ghost"
              disabled={isBusy}
              aria-describedby={headingId}
              onClick={() => setReplying(true)}
            >
              {review.reply ? m.editReply : m.reply}
            </button>
          </div>
        )
      )}
    </li>
  );
}
