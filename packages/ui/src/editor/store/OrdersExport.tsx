import { orderExportMessages, type OrderExportView } from '@site/commerce-core/admin';
import { storeMessages as m } from './store-messages';
import { formatFileSize } from '../file-size';

export interface OrdersExportProps {
  /** The site's latest export; null when it has none, undefined while it loads. */
  latest: OrderExportView | null | undefined;
  /** Starts an export of the orders the list's filters show. */
  onStart: () => void;
  /** The request starting one is on its way. */
  isStarting?: boolean;
  /** Why starting one was refused, in the server's words. */
  startError?: string;
  /** No export may start (the list is not there to filter). */
  isDisabled?: boolean;
}

const count = (n: number) => n.toLocaleString();

/**
 * The Orders list's CSV export: a job writes the file while the owner watches its progress, then
 * it downloads from here. A big store's orders take a while; nothing waits on the page meanwhile.
 */
export function OrdersExport({ latest, onStart, isStarting, startError, isDisabled }: OrdersExportProps) {
  const running = latest?.status === 'running';
  return (
    <div className="ed-orders-export">
      <button
        type="button"
        className="ed-button"
        disabled={isDisabled || isStarting || running}
        onClick={onStart}
      >
        {isStarting ? m.exportStarting : latest?.status === 'ready' ? m.exportAgain : m.exportCsv}
      </button>
      {running && (
        <div role="status" className="ed-orders-export__status">
          <span>
            {latest.total === 0
              ? m.exportCounting
              : m.exportRunning(count(latest.written), count(latest.total))}
          </span>
          {/* Without a value while counting: the bar moves without claiming a share. */}
          <progress
            max={100}
            value={latest.total === 0 ? undefined : latest.progress}
            aria-label={m.exportProgress}
          >
            {latest.progress}%
          </progress>
        </div>
      )}
      {latest?.status === 'ready' && latest.downloadUrl && (
        <p role="status" className="ed-orders-export__status">
          {m.exportReady(latest.total, count(latest.total), formatFileSize(latest.size ?? 0))}{' '}
          <a href={latest.downloadUrl} download>
            {m.exportDownload}
          </a>
        </p>
      )}
      {latest?.status === 'failed' && (
        <p role="alert" className="ed-field__error">
          {orderExportMessages.failed}
        </p>
      )}
      {startError && (
        <p role="alert" className="ed-field__error">
          {startError}
        </p>
      )}
    </div>
  );
}
