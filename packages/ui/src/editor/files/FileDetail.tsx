import {
  FILE_LIMITS,
  fileMessages,
  fileNameSchema,
  formatFileSize,
  isImageType,
  type FileProductView,
  type FileView,
  type FocalPoint,
} from '@site/page-content';
import { useId, useState, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import { ConfirmDialog } from '../ConfirmDialog';
import { EditorField } from '../field/EditorField';
import { statusText, Thumbnail } from './ExistingFiles';
import { fileManagerMessages as m } from './file-manager-messages';
import { FocalPointPicker } from './FocalPointPicker';

/** A refused call as the spec pairs it: a title ('Unable to Rename File') over the reason. */
export interface FileProblem {
  title: string;
  message: string;
}

export interface FileDetailProps {
  file: FileView;
  isReadOnly?: boolean;
  onRename: (name: string) => void;
  onSaveDetails: (change: { altText: string; mediaFocalPoint: FocalPoint }) => void;
  onDelete: () => void;
  isRenaming?: boolean;
  isSaving?: boolean;
  isDeleting?: boolean;
  problem?: FileProblem;
  /** Offered when the manager is used to pick a file (the image block's "Choose image"). */
  onChoose?: (file: FileView) => void;
  /** The digital products that deliver this file; absent while unknown. */
  deliveredBy?: readonly FileProductView[];
  /**
   * Where an editor downloads the original (a guarded call): offered for a product's file, which
   * its public address does not serve. Absent for a viewer.
   */
  originalUrl?: string;
}

function Problem({ problem }: { problem: FileProblem }) {
  return (
    <div className="ed-notice" role="alert">
      <strong>{problem.title}</strong>
      <p>{problem.message}</p>
    </div>
  );
}

/**
 * File Detail (platform.md §2): rename, alt text and focal point, delete with a confirmation that
 * says it cannot be undone. Mount it with `key={file.id}` so another file starts afresh.
 */
export function FileDetail({
  file,
  isReadOnly,
  onRename,
  onSaveDetails,
  onDelete,
  isRenaming,
  isSaving,
  isDeleting,
  problem,
  onChoose,
  deliveredBy,
  originalUrl,
}: FileDetailProps) {
  const nameId = useId();
  const deliveryId = useId();
  const nameErrorId = useId();
  const [name, setName] = useState(file.name);
  const [nameError, setNameError] = useState<string>();
  const [altText, setAltText] = useState(file.altText);
  const [focal, setFocal] = useState(file.mediaFocalPoint);
  const [confirming, setConfirming] = useState(false);
  const image = isImageType(file.contentType);
  const status = statusText(file);
  const detailsChanged =
    altText !== file.altText || focal.x !== file.mediaFocalPoint.x || focal.y !== file.mediaFocalPoint.y;

  const rename = (event: FormEvent) => {
    event.preventDefault();
    const parsed = fileNameSchema.safeParse(name);
    setNameError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success && parsed.data !== file.name) onRename(parsed.data);
  };

  return (
    <section className="ed-file-detail" aria-labelledby="ed-file-detail-title">
      <h2 className="ed-panel-title" id="ed-file-detail-title">
        {m.fileDetail}
      </h2>
      {problem && <Problem problem={problem} />}
      {image ? (
        <FocalPointPicker
          src={`${file.previewUrl}?format=500w`}
          value={focal}
          onChange={setFocal}
          isDisabled={isReadOnly}
        />
      ) : (
        <Thumbnail file={file} />
      )}
      <p className="ed-muted">
        {formatFileSize(file.size)}
        {file.originalSize && ` · ${m.dimensions(file.originalSize)}`}
        {status && (
          <>
            {' · '}
            <span className={`ed-files__status ed-files__status--${file.status}`} role="status">
              {status}
            </span>
          </>
        )}
      </p>
      {isReadOnly && <p className="ed-muted">{m.readOnly}</p>}

      {deliveredBy && deliveredBy.length > 0 && (
        <section className="ed-file-detail__delivery" aria-labelledby={deliveryId}>
          <h3 className="ed-field__label" id={deliveryId}>
            {m.deliveredBy}
          </h3>
          <ul>
            {deliveredBy.map((p) => (
              <li key={p.id}>{p.enabled ? p.title : m.hiddenProduct(p.title)}</li>
            ))}
          </ul>
          <p className="ed-muted">{m.deliveredPrivately}</p>
          {originalUrl && (
            <a className="ed-button" href={originalUrl} download={file.name}>
              {m.downloadOriginal}
            </a>
          )}
        </section>
      )}

      <form className="ed-field" onSubmit={rename}>
        <label className="ed-field__label" htmlFor={nameId}>
          {m.fileName}
        </label>
        <div className="ed-field__row">
          <input
            id={nameId}
            className="ed-input"
            value={name}
            maxLength={FILE_LIMITS.maxNameLength}
            readOnly={isReadOnly}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? nameErrorId : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          <Button
            type="submit"
            className="ed-button"
            isDisabled={isReadOnly || isRenaming || name === file.name}
          >
            {m.rename}
          </Button>
        </div>
        {nameError && (
          <p className="ed-field__error" id={nameErrorId}>
            {nameError}
          </p>
        )}
      </form>

      {image && (
        <EditorField label={m.altText}>
          {(control) => (
            <textarea
              {...control}
              className="ed-input ed-textarea"
              rows={3}
              value={altText}
              maxLength={FILE_LIMITS.maxAltTextLength}
              readOnly={isReadOnly}
              onChange={(e) => setAltText(e.target.value)}
            />
          )}
        </EditorField>
      )}

      <div className="ed-file-detail__actions">
        {image && (
          <Button
            className="ed-button ed-button--primary"
            isDisabled={isReadOnly || isSaving || !detailsChanged}
            onPress={() => onSaveDetails({ altText, mediaFocalPoint: focal })}
          >
            {isSaving ? m.saving : m.saveDetails}
          </Button>
        )}
        {onChoose && (
          <Button
            className="ed-button ed-button--primary"
            isDisabled={file.status === 'failed'}
            onPress={() => onChoose(file)}
          >
            {m.choose}
          </Button>
        )}
        <Button
          className="ed-button ed-button--danger"
          isDisabled={isReadOnly || isDeleting}
          onPress={() => setConfirming(true)}
        >
          {isDeleting ? m.deleting : m.delete}
        </Button>
      </div>

      <ConfirmDialog
        isOpen={confirming}
        title={m.deleteTitle(file.name)}
        onDismiss={() => setConfirming(false)}
        actions={[
          { label: m.cancel, onPress: () => setConfirming(false) },
          {
            label: m.delete,
            variant: 'danger',
            onPress: () => {
              setConfirming(false);
              onDelete();
            },
          },
        ]}
      >
        {fileMessages.deleteWarning(file.name)}
      </ConfirmDialog>
    </section>
  );
}
