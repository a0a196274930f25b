import { FILE_TYPES } from '@site/page-content';
import {
  Button,
  DropZone,
  FileTrigger,
  Label,
  ProgressBar,
  type DropItem,
  type FileDropItem,
} from 'react-aria-components';
import { fileManagerMessages as m } from './file-manager-messages';

/** One file on its way up: its own progress bar, then done or the reason it failed. */
export interface UploadItem {
  id: string;
  name: string;
  /** 0 to 1, from the browser's upload progress events. */
  progress: number;
  state: 'uploading' | 'done' | 'error';
  error?: { title: string; message: string };
}

export interface FileUploadProps {
  uploads: readonly UploadItem[];
  onUpload: (files: File[]) => void;
  onDismiss?: (id: string) => void;
  maxUploadBytes: number;
  isDisabled?: boolean;
  /** Types offered in the browser's file dialog; every supported type by default. */
  acceptedTypes?: readonly string[];
}

const ALL_TYPES = Object.keys(FILE_TYPES);

/** Upload File (platform.md §2): pick or drop several files, each with a progress bar. */
export function FileUpload({
  uploads,
  onUpload,
  onDismiss,
  maxUploadBytes,
  isDisabled,
  acceptedTypes = ALL_TYPES,
}: FileUploadProps) {
  const dropped = async (items: DropItem[]) => {
    const files = await Promise.all(
      items.filter((i): i is FileDropItem => i.kind === 'file').map((i) => i.getFile()),
    );
    if (files.length > 0) onUpload(files);
  };
  return (
    <section className="ed-upload" aria-labelledby="ed-upload-title">
      <h2 className="ed-panel-title" id="ed-upload-title">
        {m.uploadFile}
      </h2>
      <DropZone
        className="ed-upload__drop"
        isDisabled={isDisabled}
        onDrop={(e) => void dropped(e.items)}
        aria-label={m.dropHere}
      >
        <FileTrigger
          allowsMultiple
          acceptedFileTypes={acceptedTypes}
          onSelect={(list) => list && list.length > 0 && onUpload([...list])}
        >
          <Button className="ed-button ed-button--primary" isDisabled={isDisabled}>
            {m.uploadFile}
          </Button>
        </FileTrigger>
        <p className="ed-field__hint">{m.uploadHint(maxUploadBytes)}</p>
      </DropZone>
      {uploads.length > 0 && (
        <ul className="ed-upload__list">
          {uploads.map((u) => (
            <li key={u.id} className={`ed-upload__item ed-upload__item--${u.state}`}>
              {u.state === 'error' ? (
                <div role="alert">
                  <strong>{u.error?.title}</strong> {u.name}: {u.error?.message}
                </div>
              ) : (
                <ProgressBar
                  className="ed-progress"
                  value={u.progress * 100}
                  valueLabel={u.state === 'done' ? m.uploaded : undefined}
                >
                  {({ percentage, valueText }) => (
                    <>
                      <div className="ed-progress__labels">
                        <Label className="ed-progress__name">{u.name}</Label>
                        <span className="ed-progress__value">{valueText}</span>
                      </div>
                      <div className="ed-progress__track">
                        <div className="ed-progress__fill" style={{ width: `${percentage ?? 0}%` }} />
                      </div>
                    </>
                  )}
                </ProgressBar>
              )}
              {u.state !== 'uploading' && onDismiss && (
                <Button
                  className="ed-link-button"
                  aria-label={m.dismiss(u.name)}
                  onPress={() => onDismiss(u.id)}
                >
                  ×
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
