import { COVER_POSITIONS, type CoverPage, type CoverPosition, type PageSummary } from '@site/page-content';
import { ConfirmDialog } from '@site/ui/editor-confirm-dialog';
import { EditorField } from '@site/ui/editor-field';
import { useId, useState } from 'react';
import { issuesByPath } from '../api/http';
import { usePage, useUpdatePage } from '../api/pages';
import { errorMessage } from '../screen-kit/save-state';
import { ChooseImage } from '../page-editor/ChooseImage';
import { AltTextField } from '../collections/ItemFields';

const POSITION_LABELS: Record<CoverPosition, string> = {
  'top-left': 'Top left',
  'top-center': 'Top centre',
  'top-right': 'Top right',
  'middle-left': 'Middle left',
  center: 'Centre',
  'middle-right': 'Middle right',
  'bottom-left': 'Bottom left',
  'bottom-center': 'Bottom centre',
  'bottom-right': 'Bottom right',
};

/** A cover page is drawn from these settings, not from blocks, so it gets a form of its own. */
export function CoverPageDialog({ page, onClose }: { page: PageSummary; onClose: () => void }) {
  const detail = usePage(page.id);
  return (
    <ConfirmDialog
      isOpen
      title={`Cover page: ${page.title}`}
      onDismiss={onClose}
      actions={detail.data ? [] : [{ label: 'Close', onPress: onClose }]}
    >
      {detail.isPending && (
        <p className="ed-loading" role="status">
          Loading…
        </p>
      )}
      {detail.error && (
        <p className="ed-field__error" role="alert">
          {errorMessage(detail.error)}
        </p>
      )}
      {detail.data && (
        <CoverForm
          pageId={page.id}
          title={page.title}
          version={detail.data.version}
          initial={detail.data.cover}
          onClose={onClose}
        />
      )}
    </ConfirmDialog>
  );
}

function CoverForm({
  pageId,
  title,
  version,
  initial,
  onClose,
}: {
  pageId: string;
  title: string;
  version: number;
  initial: CoverPage | undefined;
  onClose: () => void;
}) {
  const update = useUpdatePage();
  const id = useId();
  const [headline, setHeadline] = useState(initial?.headline ?? '');
  const [text, setText] = useState(initial?.text ?? '');
  const [withButton, setWithButton] = useState(Boolean(initial?.button));
  const [buttonLabel, setButtonLabel] = useState(initial?.button?.label ?? '');
  const [buttonHref, setButtonHref] = useState(initial?.button?.href ?? '');
  const initialImage = initial?.background.source === 'upload' ? initial.background : null;
  const [image, setImage] = useState<{ src: string; alt: string } | null>(initialImage);
  const [position, setPosition] = useState<CoverPosition>(initial?.position ?? 'center');
  const errors = issuesByPath(update.error, ['cover']);

  const save = () =>
    update.mutate(
      {
        id: pageId,
        version,
        cover: {
          headline,
          text,
          button: withButton ? { label: buttonLabel, href: buttonHref } : null,
          background: image ? { source: 'upload', src: image.src, alt: image.alt } : { source: 'none' },
          position,
        },
      },
      { onSuccess: onClose },
    );

  return (
    <form
      className="ed-form"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <EditorField
        label="Headline"
        hint="Left empty, the page title is the headline."
        error={errors.headline}
      >
        {(control) => (
          <input
            {...control}
            className="ed-input"
            value={headline}
            placeholder={title}
            maxLength={200}
            onChange={(e) => setHeadline(e.target.value)}
          />
        )}
      </EditorField>
      <EditorField label="Text" error={errors.text}>
        {(control) => (
          <textarea
            {...control}
            className="ed-input"
            rows={3}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </EditorField>
      <div className="ed-field ed-field--toggle">
        <input
          id={`${id}-button`}
          type="checkbox"
          checked={withButton}
          onChange={(e) => setWithButton(e.target.checked)}
        />
        <label htmlFor={`${id}-button`}>Show a button</label>
      </div>
      {withButton && (
        <>
          <EditorField label="Button label" error={errors['button.label']}>
            {(control) => (
              <input
                {...control}
                className="ed-input"
                value={buttonLabel}
                maxLength={60}
                onChange={(e) => setButtonLabel(e.target.value)}
              />
            )}
          </EditorField>
          <EditorField label="Button link" error={errors['button.href']}>
            {(control) => (
              <input
                {...control}
                className="ed-input"
                value={buttonHref}
                placeholder="/shop"
                onChange={(e) => setButtonHref(e.target.value)}
              />
            )}
          </EditorField>
        </>
      )}
      <fieldset className="ed-field">
        <legend className="ed-field__label">Background image</legend>
        {image ? (
          <>
            <img
              className="ed-cover__thumb"
              src={`${image.src}?format=300w`}
              alt=""
              width={150}
              height={100}
            />
            <AltTextField
              value={image.alt}
              onChange={(alt) => setImage({ ...image, alt })}
              isReadOnly={false}
            />
            <button type="button" className="ed-button" onClick={() => setImage(null)}>
              Remove image
            </button>
          </>
        ) : (
          <p className="ed-muted">No image: the page shows a plain background.</p>
        )}
        <ChooseImage
          label={image ? 'Replace image' : 'Choose image'}
          onChoose={(file) => setImage({ src: file.assetUrl, alt: file.altText ?? '' })}
        />
        {errors['background.src'] && <p className="ed-field__error">{errors['background.src']}</p>}
      </fieldset>
      <EditorField label="Content position">
        {(control) => (
          <select
            {...control}
            className="ed-input"
            value={position}
            onChange={(e) => setPosition(e.target.value as CoverPosition)}
          >
            {COVER_POSITIONS.map((p) => (
              <option key={p} value={p}>
                {POSITION_LABELS[p]}
              </option>
            ))}
          </select>
        )}
      </EditorField>
      {update.error && !Object.keys(errors).length ? (
        <p className="ed-field__error" role="alert">
          {errorMessage(update.error)}
        </p>
      ) : null}
      <div className="ed-dialog__actions">
        <button type="button" className="ed-button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="ed-button ed-button--primary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
