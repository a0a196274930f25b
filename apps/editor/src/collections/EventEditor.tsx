import {
  collectionMessages,
  eventDataSchema,
  POST_STATUS_LABELS,
  type CollectionItemView,
  type EventLocation,
  type FeaturedImage,
  type PageSummary,
} from '@site/page-content';
import { EditorField, SaveStatus } from '@site/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { itemSaved, saveItem } from '../api/collection-items';
import { useSiteTimeZone } from '../api/site-time-zone';
import { useMe } from '../api/session';
import { issuesByPath } from '../api/http';
import { FeaturedImageField, SlugField, StaleBanner, TextAreaField, TitleField } from './ItemFields';
import { ItemLoader, useSaveSoon, type ItemFormProps } from './ItemLoader';
import { useAutosave } from '../screen-kit/useAutosave';
import { fromZonedInput, toZonedInput } from './zoned-time';

interface EventDraft {
  title: string;
  urlId: string;
  body: string;
  status: 'draft' | 'published';
  data: { startDate: string; endDate: string; location: EventLocation; image: FeaturedImage | null };
}

const EMPTY_LOCATION: EventLocation = {
  addressTitle: '',
  addressLine1: '',
  addressLine2: '',
  addressCountry: '',
};

function draftOf(item: CollectionItemView): EventDraft {
  const data = item.data as Partial<EventDraft['data']>;
  return {
    title: item.title,
    urlId: item.urlId,
    body: item.body,
    status: item.status,
    data: {
      startDate: String(data.startDate ?? ''),
      endDate: String(data.endDate ?? ''),
      location: { ...EMPTY_LOCATION, ...data.location },
      image: data.image ?? null,
    },
  };
}

const LOCATION_FIELDS: { key: keyof EventLocation; label: string; autoComplete: string }[] = [
  { key: 'addressTitle', label: 'Place name', autoComplete: 'organization' },
  { key: 'addressLine1', label: 'Street address', autoComplete: 'address-line1' },
  { key: 'addressLine2', label: 'City, region and postcode', autoComplete: 'address-line2' },
  { key: 'addressCountry', label: 'Country', autoComplete: 'country-name' },
];

/** One event: its dates in the site's time zone, place, description and image; saved as you type. */
export function EventEditor({ page, itemId }: { page: PageSummary; itemId: string }) {
  return <ItemLoader page={page} itemId={itemId} noun="event" Form={EventForm} />;
}

function EventForm({ page, item, onReload }: ItemFormProps) {
  const client = useQueryClient();
  const id = useId();
  const isReadOnly = !useMe().data?.canEdit;
  const zone = useSiteTimeZone().zone;
  const [draft, setDraft] = useState(() => draftOf(item));
  const [status, setServerStatus] = useState(item.status);
  const [times, setTimes] = useState(() => ({
    start: toZonedInput(draft.data.startDate, zone),
    end: toZonedInput(draft.data.endDate, zone),
  }));
  const set = <K extends keyof EventDraft>(key: K, value: EventDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const setData = <K extends keyof EventDraft['data']>(key: K, value: EventDraft['data'][K]) =>
    setDraft((d) => ({ ...d, data: { ...d.data, [key]: value } }));

  // The same rule the server applies, shown as soon as the owner picks the times.
  const checked = eventDataSchema.safeParse(draft.data);
  const timesError =
    times.start === '' || times.end === ''
      ? 'Enter a start and an end'
      : checked.success
        ? undefined
        : checked.error.issues.find((i) => i.path[0] === 'endDate')?.message;

  const saver = useAutosave(
    draft,
    item.version,
    async (value, version) => {
      if (!eventDataSchema.safeParse(value.data).success) throw new Error(collectionMessages.endBeforeStart);
      const saved = await saveItem(item.id, { version, ...value });
      setServerStatus(saved.status);
      itemSaved(client, page.id, saved);
      return saved;
    },
    { guardLeaving: true },
  );
  const { flush } = saver;
  const saveSoon = useSaveSoon(flush);
  const errors = issuesByPath(saver.error);

  const setTime = (which: 'start' | 'end', value: string) => {
    setTimes((t) => ({ ...t, [which]: value }));
    const iso = fromZonedInput(value, zone);
    if (iso) setData(which === 'start' ? 'startDate' : 'endDate', iso);
  };

  return (
    <form className="ed-form ed-item-editor" onSubmit={(e) => (e.preventDefault(), void flush())}>
      {saver.stale && <StaleBanner noun="event" onReload={onReload} />}
      <div className="ed-item-editor__bar">
        <span className={`ed-badge ed-badge--${status}`}>{POST_STATUS_LABELS[status]}</span>
        <SaveStatus state={saver.state} onRetry={() => void flush()} />
        {!isReadOnly && (
          <span className="ed-row ed-item-editor__actions">
            <button type="submit" className="ed-button" disabled={!saver.isDirty || saver.stale}>
              Save
            </button>
            <button
              type="button"
              className={`ed-button${status === 'draft' ? ' ed-button--primary' : ''}`}
              disabled={saver.stale || Boolean(timesError)}
              onClick={() => {
                set('status', status === 'draft' ? 'published' : 'draft');
                saveSoon();
              }}
            >
              {status === 'draft' ? 'Publish' : 'Unpublish'}
            </button>
          </span>
        )}
      </div>

      <TitleField
        value={draft.title}
        onChange={(title) => set('title', title)}
        isReadOnly={isReadOnly}
        error={errors.title}
      />

      <fieldset className="ed-item-editor__group" aria-describedby={`${id}-zone`}>
        <legend className="ed-item-editor__legend">When</legend>
        <div className="ed-form__grid">
          <EditorField label="Starts" required>
            {(control) => (
              <input
                {...control}
                className="ed-input"
                type="datetime-local"
                value={times.start}
                readOnly={isReadOnly}
                onChange={(e) => setTime('start', e.target.value)}
              />
            )}
          </EditorField>
          <EditorField label="Ends" required error={timesError ?? errors['data.endDate']} announceError>
            {(control) => (
              <input
                {...control}
                className="ed-input"
                type="datetime-local"
                min={times.start || undefined}
                value={times.end}
                readOnly={isReadOnly}
                onChange={(e) => setTime('end', e.target.value)}
              />
            )}
          </EditorField>
        </div>
        <p className="ed-field__hint" id={`${id}-zone`}>
          Times are in the site’s time zone, {zone}.
        </p>
      </fieldset>

      <fieldset className="ed-item-editor__group">
        <legend className="ed-item-editor__legend">Where</legend>
        <div className="ed-form__grid">
          {LOCATION_FIELDS.map(({ key, label, autoComplete }) => (
            <EditorField label={label} key={key}>
              {(control) => (
                <input
                  {...control}
                  className="ed-input"
                  value={draft.data.location[key]}
                  maxLength={key === 'addressCountry' ? 100 : 200}
                  autoComplete={autoComplete}
                  readOnly={isReadOnly}
                  onChange={(e) => setData('location', { ...draft.data.location, [key]: e.target.value })}
                />
              )}
            </EditorField>
          ))}
        </div>
      </fieldset>

      <TextAreaField
        label="Description"
        hint="A blank line starts a new paragraph."
        rows={6}
        value={draft.body}
        onChange={(body) => set('body', body)}
        isReadOnly={isReadOnly}
      />

      <FeaturedImageField
        value={draft.data.image}
        onChange={(image) => setData('image', image)}
        isReadOnly={isReadOnly}
        error={errors['data.image.src']}
      />

      <SlugField
        path={page.path}
        title={draft.title}
        value={draft.urlId}
        onChange={(slug) => set('urlId', slug)}
        isReadOnly={isReadOnly}
        error={errors.urlId}
      />
    </form>
  );
}
