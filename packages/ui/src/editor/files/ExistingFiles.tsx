import {
  FILE_LIMITS,
  FILE_TYPES,
  fileMessages,
  formatFileSize,
  isImageType,
  type FileView,
} from '@site/page-content';
import { useId } from 'react';
import { Button } from 'react-aria-components';
import { EmptyState } from '../EmptyState';
import { fileManagerMessages as m } from './file-manager-messages';

export interface ExistingFilesProps {
  files: readonly FileView[];
  total: number;
  state: 'loading' | 'error' | 'ready';
  errorMessage?: string;
  onRetry?: () => void;
  selectedId?: string;
  onSelect: (file: FileView) => void;
  pageSize: number;
  onPageSizeChange: (size: number) => void;
  hasMore: boolean;
  isLoadingMore?: boolean;
  onLoadMore: () => void;
}

/** What a file's processing came to, as the spec words it (platform.md §4, §8). */
export function statusText(file: Pick<FileView, 'status'>): string | undefined {
  if (file.status === 'processing') return fileMessages.processing;
  if (file.status === 'failed') return fileMessages.processingFailed;
  if (file.status === 'cancelled') return fileMessages.processingCancelled;
  return undefined;
}

const typeLabel = (contentType: string) =>
  FILE_TYPES[contentType as keyof typeof FILE_TYPES]?.label ?? contentType;

export function Thumbnail({ file }: { file: FileView }) {
  if (!isImageType(file.contentType))
    return <span className="ed-thumb ed-thumb--doc">{typeLabel(file.contentType)}</span>;
  return <img className="ed-thumb" src={`${file.previewUrl}?format=100w`} alt="" loading="lazy" />;
}

/** Existing Files (platform.md §2): thumbnails, Load More, rows per page and "first-last of N items". */
export function ExistingFiles(props: ExistingFilesProps) {
  const { files, total, state, selectedId, onSelect, pageSize, hasMore } = props;
  const rowsId = useId();
  let body;
  if (state === 'loading') {
    body = (
      <p className="ed-muted" role="status">
        {m.loading}
      </p>
    );
  } else if (state === 'error') {
    body = (
      <div className="ed-notice" role="alert">
        <p>{props.errorMessage}</p>
        {props.onRetry && (
          <Button className="ed-button" onPress={props.onRetry}>
            {m.retry}
          </Button>
        )}
      </div>
    );
  } else if (files.length === 0) {
    body = <EmptyState title={m.noFiles}>{m.noFilesBody}</EmptyState>;
  } else {
    body = (
      <ul className="ed-files__list">
        {files.map((file) => {
          const status = statusText(file);
          return (
            <li key={file.id}>
              <button
                type="button"
                className="ed-files__item"
                aria-pressed={file.id === selectedId}
                onClick={() => onSelect(file)}
              >
                <Thumbnail file={file} />
                <span className="ed-files__name">{file.name}</span>
                <span className="ed-files__meta">
                  {typeLabel(file.contentType)} · {formatFileSize(file.size)}
                  {file.originalSize && ` · ${m.dimensions(file.originalSize)}`}
                </span>
                {status && (
                  <span className={`ed-files__status ed-files__status--${file.status}`}>{status}</span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <section className="ed-files" aria-labelledby="ed-files-title">
      <h2 className="ed-panel-title" id="ed-files-title">
        {m.existingFiles}
      </h2>
      {body}
      <div className="ed-files__footer">
        <p className="ed-files__range" aria-live="polite">
          {files.length > 0 && fileMessages.pageRange(1, files.length, total)}
        </p>
        <label className="ed-files__rows" htmlFor={rowsId}>
          {m.rowsPerPage}
          <select
            id={rowsId}
            className="ed-input"
            value={pageSize}
            onChange={(e) => props.onPageSizeChange(Number(e.target.value))}
          >
            {FILE_LIMITS.pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        {hasMore && (
          <Button className="ed-button" onPress={props.onLoadMore} isDisabled={props.isLoadingMore}>
            {props.isLoadingMore ? m.loading : m.loadMore}
          </Button>
        )}
      </div>
    </section>
  );
}
