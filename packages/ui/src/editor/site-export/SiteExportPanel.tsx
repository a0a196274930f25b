import { siteExportMessages as m, type SiteExport } from '@site/page-content';
import { formatFileSize } from '../file-size';

export interface SiteExportPanelProps {
  /** The latest export; null when the site has none, undefined while it loads. */
  latest: SiteExport | null | undefined;
  /** Why the latest export could not be loaded. */
  loadError?: string;
  /** Why starting an export failed. */
  startError?: string;
  /** An export is being asked for (the button waits). */
  starting?: boolean;
  /** Where the ready archive downloads from. */
  downloadUrl?: string;
  onStart(): void;
  onRetryLoad?(): void;
}

/** Settings' export: start a copy of the whole site, watch it being made, download it. */
export function SiteExportPanel({
  latest,
  loadError,
  startError,
  starting = false,
  downloadUrl,
  onStart,
  onRetryLoad,
}: SiteExportPanelProps) {
  const running = latest?.status === 'running';
  return (
    <section className="ed-site-export" aria-labelledby="ed-site-export-title">
      <h2 id="ed-site-export-title">{m.title}</h2>
      <p className="ed-field__hint">{m.explain}</p>
      {latest === undefined && !loadError && (
        <p className="ed-loading" role="status">
          Loading…
        </p>
      )}
      {loadError && (
        <p className="ed-banner ed-banner--error" role="alert">
          {loadError}{' '}
          {onRetryLoad && (
            <button type="button" className="ed-button ed-button--ghost" onClick={onRetryLoad}>
              Try again
            </button>
          )}
        </p>
      )}
      {latest === null && <p>{m.none}</p>}
      {running && (
        <div role="status">
          <p>{m.running(latest.progress)}</p>
          <progress
            className="ed-site-export__progress"
            max={100}
            value={latest.progress}
            aria-label={m.title}
          >
            {latest.progress}%
          </progress>
        </div>
      )}
      {latest?.status === 'ready' && (
        <p role="status">
          {m.ready(
            formatFileSize(latest.size ?? 0),
            new Date(latest.finishedAt ?? latest.createdAt).toLocaleString(undefined, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          )}
        </p>
      )}
      {latest?.status === 'failed' && (
        <p className="ed-banner ed-banner--error" role="alert">
          {m.failed}
        </p>
      )}
      {startError && (
        <p className="ed-field__error" role="alert">
          {startError}
        </p>
      )}
      {latest !== undefined && !running && (
        <div className="ed-site-export__actions">
          {latest?.status === 'ready' && downloadUrl && (
            <a className="ed-button ed-button--primary" href={downloadUrl} download>
              {m.download}
            </a>
          )}
          <button
            type="button"
            className={`ed-button${latest?.status === 'ready' ? '' : ' ed-button--primary'}`}
            disabled={starting}
            onClick={onStart}
          >
            {latest ? m.again : m.start}
          </button>
        </div>
      )}
    </section>
  );
}
