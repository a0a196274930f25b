import {
  LIMITS,
  messages,
  PHOTO_FEED_LIMITS,
  photoFeedKey,
  photoFeedUrlSchema,
  type GalleryPhotoFeed,
  type PhotoFeedStatus,
} from '@site/page-content';
import { useEffect, useId, useState } from 'react';
import { EditorField } from '../field/EditorField';

/** What the app gives the feed field: the server's record of a feed, and fetching it now. */
export interface PhotoFeedSource {
  /** What the site holds of the feed (its last good items, when, the last failure). */
  status?: { data?: PhotoFeedStatus; isLoading?: boolean; isError?: boolean };
  /** Asks the app to load the status of this address (the field calls it when the address settles). */
  onAddressChange?: (url: string) => void;
  /** Fetches the feed now; rejects with an Error whose message the owner reads. */
  fetchNow?: (url: string) => Promise<PhotoFeedStatus>;
}

export const photoFeedMessages = {
  sourceLegend: 'Pictures from',
  ownItems: 'Pictures and videos you add',
  feed: 'A photo feed',
  feedUrl: 'Feed address',
  feedHint:
    'An RSS, Atom or JSON Feed with pictures, for example a Flickr public feed. The gallery shows its pictures and checks it every hour.',
  fetchNow: 'Fetch now',
  fetching: 'Fetching the feed…',
  lastFetched: (when: string) => `Last fetched ${when}`,
  lastFailure: (when: string) => `The last try (${when}) failed:`,
  keptItems: 'Visitors still see the pictures of the last good fetch.',
  preview: (count: number) => `${count} ${count === 1 ? 'picture' : 'pictures'} from the feed`,
  noPreview: 'No pictures fetched yet.',
  statusFailed: 'What the site holds of this feed could not be loaded.',
  unavailable: 'Feeds cannot be fetched here.',
} as const;

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The gallery's source: its own items, or a photo feed with its last fetch, failure and preview. */
export function PhotoFeedField({
  label,
  value,
  error,
  source,
  isReadOnly,
  onChange,
}: {
  label: string;
  value: unknown;
  error?: string;
  source?: PhotoFeedSource;
  isReadOnly?: boolean;
  onChange: (value: GalleryPhotoFeed) => void;
}) {
  const id = useId();
  const feed = value && typeof value === 'object' ? (value as { url?: unknown }) : null;
  const url = typeof feed?.url === 'string' ? feed.url : '';
  const [fetching, setFetching] = useState(false);
  const [fetchError, setFetchError] = useState<string>();
  const [fetched, setFetched] = useState<PhotoFeedStatus>();
  const urlProblem = url === '' ? undefined : photoFeedUrlSchema.safeParse(url).error?.issues[0]?.message;
  const ready = url !== '' && !urlProblem;
  const onAddressChange = source?.onAddressChange;
  useEffect(() => {
    setFetched(undefined);
    setFetchError(undefined);
    if (ready) onAddressChange?.(url);
  }, [url, ready, onAddressChange]);
  const status =
    fetched ?? (ready && source?.status?.data?.url === photoFeedKey(url) ? source.status.data : undefined);

  const fetchNow = async () => {
    if (!source?.fetchNow || !ready) return;
    setFetching(true);
    setFetchError(undefined);
    try {
      setFetched(await source.fetchNow(url));
    } catch (err) {
      setFetchError(err instanceof Error ? err.message : messages.photoFeedUnreachable);
    } finally {
      setFetching(false);
    }
  };

  return (
    <fieldset className="ed-field ed-photo-feed">
      <legend className="ed-field__label">{label || photoFeedMessages.sourceLegend}</legend>
      <div className="ed-photo-feed__choices">
        <label>
          <input
            type="radio"
            name={`${id}-source`}
            checked={!feed}
            disabled={isReadOnly}
            onChange={() => onChange(null)}
          />{' '}
          {photoFeedMessages.ownItems}
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-source`}
            checked={Boolean(feed)}
            disabled={isReadOnly}
            onChange={() => onChange({ url })}
          />{' '}
          {photoFeedMessages.feed}
        </label>
      </div>
      {feed && (
        <>
          <EditorField
            label={photoFeedMessages.feedUrl}
            hint={photoFeedMessages.feedHint}
            error={error ?? urlProblem}
            disabled={isReadOnly}
          >
            {(control) => (
              <input
                {...control}
                type="url"
                className="ed-input"
                inputMode="url"
                maxLength={LIMITS.maxUrlLength}
                placeholder="https://www.flickr.com/services/feeds/photos_public.gne?id=…"
                value={url}
                onChange={(e) => onChange({ url: e.target.value.trim() })}
              />
            )}
          </EditorField>
          <div className="ed-photo-feed__actions">
            <button
              type="button"
              className="ed-button ed-button--secondary"
              disabled={isReadOnly || !ready || fetching || !source?.fetchNow}
              onClick={() => void fetchNow()}
            >
              {photoFeedMessages.fetchNow}
            </button>
            {!source?.fetchNow && <span className="ed-muted">{photoFeedMessages.unavailable}</span>}
          </div>
          <div role="status" className="ed-photo-feed__status">
            {fetching || (ready && source?.status?.isLoading && !status) ? (
              <p className="ed-muted">{photoFeedMessages.fetching}</p>
            ) : (
              <>
                {fetchError && <p className="ed-field__error">{fetchError}</p>}
                {ready && source?.status?.isError && !status && (
                  <p className="ed-field__error">{photoFeedMessages.statusFailed}</p>
                )}
                {status && (
                  <p className="ed-muted">
                    {status.fetchedAt
                      ? photoFeedMessages.lastFetched(when(status.fetchedAt))
                      : messages.photoFeedNotFetched}
                  </p>
                )}
                {status?.lastError && (
                  <p className="ed-field__error">
                    {photoFeedMessages.lastFailure(when(status.lastErrorAt ?? ''))} {status.lastError}
                    {status.items.length > 0 && <> {photoFeedMessages.keptItems}</>}
                  </p>
                )}
              </>
            )}
          </div>
          {ready && status && (
            <div className="ed-photo-feed__preview">
              <p className="ed-muted">
                {status.items.length
                  ? photoFeedMessages.preview(status.items.length)
                  : photoFeedMessages.noPreview}
              </p>
              {status.items.length > 0 && (
                <ul
                  className="ed-gallery-media__choices"
                  aria-label={photoFeedMessages.preview(status.items.length)}
                >
                  {status.items.slice(0, PHOTO_FEED_LIMITS.maxItems).map((item, index) => (
                    <li key={`${index}-${item.src}`}>
                      <img
                        className="ed-gallery-media__thumb"
                        src={item.src}
                        alt={item.title || messages.photoFeedAlt}
                        loading="lazy"
                      />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </>
      )}
    </fieldset>
  );
}
