import { useId } from 'react';
import { ListStates, LoadStates, type ListPaging } from '../ListStates';
import { recordingMessages as m } from './recording-messages';

/** The owner's switch (websites.settings.visitorRecordings, @site/tracking's settings schema). */
export interface RecordingSettingsView {
  enabled: boolean;
  /** Percent of visits recorded. */
  share: number;
}

/** One recorded visit on the list (@site/tracking RecordingSummary). */
export interface RecordingRow {
  id: string;
  startedAt: string;
  lastEventAt: string;
  country: string;
  landingPath: string | null;
  pages: number;
  events: number;
}

/** One thing the visitor did, `t` in epoch ms, as the recorder noted it (values never, but a password's mask). */
export type RecordingEventView =
  | { kind: 'page'; t: number; path: string }
  | { kind: 'click'; t: number; target: string; text?: string }
  | { kind: 'scroll'; t: number; depth: number }
  | {
      kind: 'field';
      t: number;
      action: 'focus' | 'change';
      target: string;
      label?: string;
      fieldType: string;
      value?: string;
    };

export interface RecordingTimelineView extends RecordingRow {
  timeline: readonly RecordingEventView[];
}

export interface VisitorRecordingsPanelProps extends ListPaging {
  /** Undefined while they load. */
  settings?: RecordingSettingsView;
  /** The shares an owner may choose (20 … 100). */
  shares: readonly number[];
  onSettingsChange: (settings: RecordingSettingsView) => void;
  isSaving?: boolean;
  saveError?: string;
  /** Why this person may not see recordings; the panel then shows only that. */
  disabledReason?: string;
  recordings?: readonly RecordingRow[];
  /** The recording whose timeline is open. */
  openId?: string;
  onOpen: (id: string | undefined) => void;
  timeline?: RecordingTimelineView;
  timelineLoading?: boolean;
  timelineError?: string;
  locale?: string;
  timeZone?: string;
}

/** "+1:05" from the start of the visit; hours only when it lasted that long. */
export function elapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const min = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `+${h}:${String(min).padStart(2, '0')}:${s}` : `+${min}:${s}`;
}

/** One event in the owner's words; a field shows what was recorded of it: never a value but the mask. */
export function describeEvent(e: RecordingEventView): string {
  switch (e.kind) {
    case 'page':
      return m.opened(e.path);
    case 'click':
      return m.clicked(e.text?.trim() || e.target);
    case 'scroll':
      return m.scrolled(e.depth);
    case 'field': {
      const name = e.label?.trim() || e.target;
      if (e.action === 'focus') return m.focused(name, e.fieldType);
      return e.value ? m.changedMasked(name) : m.changed(name, e.fieldType);
    }
  }
}

/**
 * Visitor recordings on the analytics screen: the switch and share of visits recorded, the
 * recorded visits newest first a page at a time, and one visit's timeline (times from its start).
 */
export function VisitorRecordingsPanel(props: VisitorRecordingsPanelProps) {
  const { settings, disabledReason } = props;
  const titleId = useId();
  return (
    <section className="ed-analytics__card ed-recordings" aria-labelledby={titleId}>
      <h2 id={titleId} className="ed-recordings__title">
        {m.title}
      </h2>
      {disabledReason ? (
        <p className="ed-banner" role="status">
          {disabledReason}
        </p>
      ) : (
        <>
          <p className="ed-field__hint">{m.about}</p>
          <LoadStates
            isLoading={!settings && props.isLoading}
            loadingText={m.loading}
            loadError={settings ? undefined : props.loadError}
            onRetry={props.onRetry}
          />
          {settings && <RecordingSettingsForm {...props} settings={settings} />}
          {settings && <RecordingList {...props} />}
          {settings && props.openId && (
            <RecordingTimeline
              timeline={props.timeline}
              isLoading={props.timelineLoading}
              loadError={props.timelineError}
              onClose={() => props.onOpen(undefined)}
            />
          )}
        </>
      )}
    </section>
  );
}

function RecordingSettingsForm({
  settings,
  shares,
  onSettingsChange,
  isSaving,
  saveError,
}: VisitorRecordingsPanelProps & { settings: RecordingSettingsView }) {
  const shareId = useId();
  return (
    <div className="ed-recordings__settings">
      <label className="ed-field ed-field--toggle">
        <input
          type="checkbox"
          role="switch"
          checked={settings.enabled}
          disabled={isSaving}
          onChange={(e) => onSettingsChange({ ...settings, enabled: e.target.checked })}
        />
        {m.record}
      </label>
      <div className="ed-field">
        <label className="ed-field__label" htmlFor={shareId}>
          {m.share}
        </label>
        <select
          id={shareId}
          className="ed-input ed-recordings__share"
          value={settings.share}
          disabled={isSaving || !settings.enabled}
          onChange={(e) => onSettingsChange({ ...settings, share: Number(e.target.value) })}
        >
          {shares.map((share) => (
            <option key={share} value={share}>
              {m.sharePercent(share)}
            </option>
          ))}
        </select>
        <p className="ed-field__hint">{m.shareHint}</p>
      </div>
      <p className="ed-recordings__state" role="status">
        {isSaving ? m.saving : settings.enabled ? m.on : m.off}
      </p>
      {saveError && (
        <p className="ed-banner ed-banner--error" role="alert">
          {saveError}
        </p>
      )}
    </div>
  );
}

function RecordingList(props: VisitorRecordingsPanelProps) {
  const { recordings, openId, onOpen, locale, timeZone } = props;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return (
    <ListStates
      items={recordings}
      loadingText={m.loading}
      empty={{ title: m.empty, body: props.settings?.enabled ? m.emptyOn : m.emptyOff }}
      hasMore={props.hasMore}
      isLoadingMore={props.isLoadingMore}
      onLoadMore={props.onLoadMore}
      moreLabel={m.more}
      loadingMoreLabel={m.loadingMore}
    >
      {(rows) => (
        <div className="ed-table-scroll" role="region" aria-label={m.table} tabIndex={0}>
          <table className="ed-table">
            <thead>
              <tr>
                <th scope="col">{m.started}</th>
                <th scope="col">{m.landing}</th>
                <th scope="col">{m.activity}</th>
                <th scope="col">
                  <span className="visually-hidden">{m.timelineColumn}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} aria-current={r.id === openId ? 'true' : undefined}>
                  <th scope="row">
                    {when.format(new Date(r.startedAt))}
                    <span className="ed-muted ed-recordings__country"> · {r.country}</span>
                  </th>
                  <td className="ed-recordings__path">{r.landingPath ?? '—'}</td>
                  <td>{m.counts(r.pages, r.events)}</td>
                  <td>
                    <button
                      type="button"
                      className="ed-button ed-button--secondary"
                      aria-expanded={r.id === openId}
                      onClick={() => onOpen(r.id === openId ? undefined : r.id)}
                    >
                      {r.id === openId ? m.hide : m.show}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListStates>
  );
}

/** One visit's events in order, each at its time from the start of the visit. */
export function RecordingTimeline({
  timeline,
  isLoading,
  loadError,
  onClose,
}: {
  timeline?: RecordingTimelineView;
  isLoading?: boolean;
  loadError?: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const start = timeline?.timeline[0]?.t ?? 0;
  return (
    <section className="ed-recordings__timeline" aria-labelledby={titleId}>
      <div className="ed-recordings__timeline-head">
        <h3 id={titleId}>{m.timelineTitle}</h3>
        <button type="button" className="ed-button ed-button--ghost" onClick={onClose}>
          {m.close}
        </button>
      </div>
      <LoadStates isLoading={isLoading} loadingText={m.loadingTimeline} loadError={loadError} />
      {timeline &&
        (timeline.timeline.length === 0 ? (
          <p>{m.noEvents}</p>
        ) : (
          <ol className="ed-recordings__events">
            {timeline.timeline.map((e, i) => (
              <li key={i} className={`ed-recordings__event ed-recordings__event--${e.kind}`}>
                <span className="ed-recordings__time">{elapsed(e.t - start)}</span>
                <span>{describeEvent(e)}</span>
              </li>
            ))}
          </ol>
        ))}
    </section>
  );
}
