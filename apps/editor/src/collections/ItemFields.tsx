import { slugFromTitle, type FeaturedImage } from '@site/page-content';
import { EditorField } from '@site/ui';
import { useState } from 'react';
import { ChooseImage } from '../page-editor/ChooseImage';

/** A featured image from the file manager: a preview, change or remove it, and its alt text. */
export function FeaturedImageField({
  value,
  onChange,
  isReadOnly,
  error,
}: {
  value: FeaturedImage | null;
  onChange: (image: FeaturedImage | null) => void;
  isReadOnly: boolean;
  error?: string;
}) {
  return (
    <fieldset className="ed-field ed-featured-image">
      <legend className="ed-field__label">Featured image</legend>
      {value ? (
        <div className="ed-featured-image__preview">
          <img src={value.src} alt="" />
          <div className="ed-form">
            <AltTextField
              value={value.alt}
              onChange={(alt) => onChange({ ...value, alt })}
              isReadOnly={isReadOnly}
            />
            {!isReadOnly && (
              <div className="ed-row">
                <ChooseImage onChoose={(file) => onChange({ src: file.assetUrl, alt: value.alt })} />
                <button type="button" className="ed-button" onClick={() => onChange(null)}>
                  Remove image
                </button>
              </div>
            )}
          </div>
        </div>
      ) : isReadOnly ? (
        <p className="ed-muted">No image.</p>
      ) : (
        <div className="ed-row">
          <ChooseImage onChoose={(file) => onChange({ src: file.assetUrl, alt: '' })} />
        </div>
      )}
      {error && <p className="ed-field__error">{error}</p>}
    </fieldset>
  );
}

/**
 * A picture's alt text. It starts empty, never the file's name ("IMG_2041.jpg" tells a screen
 * reader's listener nothing), and asks the owner to describe the picture.
 */
export function AltTextField({
  value,
  onChange,
  onBlur,
  isReadOnly,
}: {
  value: string;
  onChange: (alt: string) => void;
  onBlur?: () => void;
  isReadOnly: boolean;
}) {
  return (
    <EditorField
      label="Alt text"
      hint="Say what the picture shows, for people who cannot see it. Leave empty for a decorative picture."
    >
      {(control) => (
        <input
          {...control}
          className="ed-input"
          value={value}
          placeholder="Describe the image"
          maxLength={250}
          readOnly={isReadOnly}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      )}
    </EditorField>
  );
}

/** Tags or categories of a post: the chosen ones as removable chips; type a name or pick a known one. */
export function NamesField({
  label,
  values,
  known,
  onChange,
  isReadOnly,
  maxLength,
}: {
  label: string;
  values: readonly string[];
  known: readonly string[];
  onChange: (values: string[]) => void;
  isReadOnly: boolean;
  maxLength: number;
}) {
  const [text, setText] = useState('');
  const add = () => {
    const name = text.trim();
    if (name && !values.some((v) => v.toLocaleLowerCase() === name.toLocaleLowerCase()))
      onChange([...values, name]);
    setText('');
  };
  const offered = known.filter((k) => !values.some((v) => v.toLocaleLowerCase() === k.toLocaleLowerCase()));
  return (
    <EditorField label={label}>
      {(control) => (
        <>
          {values.length > 0 && (
            <ul className="ed-chips" aria-label={label}>
              {values.map((v) => (
                <li key={v} className="ed-chip">
                  {v}
                  {!isReadOnly && (
                    <button
                      type="button"
                      className="ed-chip__remove"
                      aria-label={`Remove ${v}`}
                      onClick={() => onChange(values.filter((x) => x !== v))}
                    >
                      ×
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {!isReadOnly && (
            <div className="ed-row">
              <input
                {...control}
                className="ed-input ed-chips__input"
                list={`${control.id}-known`}
                value={text}
                maxLength={maxLength}
                onChange={(e) => setText(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ',') {
                    e.preventDefault();
                    add();
                  }
                }}
              />
              <datalist id={`${control.id}-known`}>
                {offered.map((k) => (
                  <option key={k} value={k} />
                ))}
              </datalist>
              <button type="button" className="ed-button" onClick={add} disabled={text.trim() === ''}>
                Add
              </button>
            </div>
          )}
        </>
      )}
    </EditorField>
  );
}

/** An item's title, up to 200 characters. */
export function TitleField({
  value,
  onChange,
  isReadOnly,
  error,
}: {
  value: string;
  onChange: (title: string) => void;
  isReadOnly: boolean;
  error?: string;
}) {
  return (
    <EditorField label="Title" error={error}>
      {(control) => (
        <input
          {...control}
          className="ed-input"
          value={value}
          maxLength={200}
          readOnly={isReadOnly}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </EditorField>
  );
}

/** An item's URL slug after its collection's path, with a button to take it from the title. */
export function SlugField({
  path,
  title,
  value,
  onChange,
  isReadOnly,
  hint,
  error,
}: {
  /** The collection page's path, shown before the slug. */
  path: string;
  title: string;
  value: string;
  onChange: (slug: string) => void;
  isReadOnly: boolean;
  hint?: string;
  error?: string;
}) {
  const fromTitle = slugFromTitle(title);
  return (
    <EditorField label="URL slug" hint={hint} error={error}>
      {(control) => (
        <div className="ed-row">
          <span className="ed-muted">{path}/</span>
          <input
            {...control}
            className="ed-input ed-item-editor__slug"
            value={value}
            maxLength={120}
            readOnly={isReadOnly}
            onChange={(e) => onChange(e.target.value)}
          />
          {!isReadOnly && fromTitle && fromTitle !== value && (
            <button type="button" className="ed-button" onClick={() => onChange(fromTitle)}>
              Use the title
            </button>
          )}
        </div>
      )}
    </EditorField>
  );
}

/** A longer text of an item (its description, its excerpt), as typed. */
export function TextAreaField({
  label,
  hint,
  rows,
  maxLength,
  value,
  onChange,
  isReadOnly,
}: {
  label: string;
  hint: string;
  rows: number;
  maxLength?: number;
  value: string;
  onChange: (text: string) => void;
  isReadOnly: boolean;
}) {
  return (
    <EditorField label={label} hint={hint}>
      {(control) => (
        <textarea
          {...control}
          className="ed-input"
          rows={rows}
          maxLength={maxLength}
          value={value}
          readOnly={isReadOnly}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </EditorField>
  );
}

/** The banner of an item form whose save was refused because someone else saved first. */
export function StaleBanner({ noun, onReload }: { noun: string; onReload: () => void }) {
  return (
    <div className="ed-banner ed-banner--error" role="alert">
      This {noun} was changed elsewhere (another tab or person) since you opened it, so your latest edits are
      not saved.{' '}
      <button type="button" className="ed-button" onClick={onReload}>
        Load the latest version
      </button>
    </div>
  );
}
