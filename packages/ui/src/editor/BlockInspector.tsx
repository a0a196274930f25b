import {
  datasetSchema,
  plainTextToHtml,
  type BlockDefinition,
  type InspectorField,
} from '@site/page-content';
import { lazy, Suspense, useId } from 'react';
import type { CodeLanguage } from './code/codemirror';
import { EditorIcon } from './EditorIcon';
import { EditorField } from './field/EditorField';
import { GalleryMediaField, type GalleryMediaSources } from './gallery/GalleryMediaField';
import { PhotoFeedField } from './gallery/PhotoFeedField';
import { editorMessages } from './editor-messages';
import type { LinkTargets } from './rich-text/LinkEditorDialog';

// Loaded when a text or code block is first edited, so the editor's first load stays small.
const RichTextEditor = lazy(() =>
  import('./rich-text/RichTextEditor').then((m) => ({ default: m.RichTextEditor })),
);
const CodeEditor = lazy(() => import('./code/CodeEditor').then((m) => ({ default: m.CodeEditor })));
// The table library comes with the first chart edited.
const DatasetEditor = lazy(() =>
  import('./charts/DatasetEditor').then((m) => ({ default: m.DatasetEditor })),
);

export interface InspectorChoice {
  value: string;
  label: string;
  /** A member area's price as visitors read it ("$9.00 / month"); absent for a free area. */
  price?: string;
}

/** Whether a field shows, given the other settings of its block or list item (`showIf`). */
function isShown(field: InspectorField, settings: Record<string, unknown> | undefined): boolean {
  const rule = field.showIf;
  if (!rule) return true;
  const value = String(settings?.[rule.key] ?? '');
  return 'equals' in rule ? value === rule.equals : value !== rule.notEquals;
}

/**
 * The product picker searches the store (a catalogue can be 100 000 products): the owner types,
 * the caller fetches one page of matches and gives them as `choices.product`.
 */
export interface ProductSearch {
  query: string;
  onQueryChange: (query: string) => void;
  isLoading?: boolean;
  isError?: boolean;
  /** The search for `query` found nothing (the block's own product may still be a choice). */
  isEmpty?: boolean;
}

export interface BlockInspectorProps {
  definition: BlockDefinition;
  settings: Record<string, unknown>;
  onChange: (settings: Record<string, unknown>) => void;
  /** Choices for the product, collection, form and member area pickers. */
  choices?: Partial<Record<'product' | 'collection' | 'form' | 'member-area', readonly InspectorChoice[]>>;
  /** Messages from the server or the schema, by setting key. */
  errors?: Record<string, string>;
  isReadOnly?: boolean;
  /** Pages and files the rich-text link editor offers. */
  linkTargets?: LinkTargets;
  /** When given, the product picker is a search; without it, a list of `choices.product`. */
  productSearch?: ProductSearch;
  /** The site's pictures, library, video lookup and file picker for a gallery's media. */
  galleryMedia?: GalleryMediaSources;
}

/** The settings form of a block, built from its definition's inspector fields. */
export function BlockInspector({
  definition,
  settings,
  onChange,
  choices,
  errors,
  isReadOnly,
  linkTargets,
  productSearch,
  galleryMedia,
}: BlockInspectorProps) {
  return (
    <form
      className="ed-inspector"
      onSubmit={(e) => e.preventDefault()}
      aria-label={`${definition.label} settings`}
    >
      <fieldset disabled={isReadOnly} className="ed-inspector__fields">
        {definition.fields.length === 0 && <p className="ed-muted">This block has no settings.</p>}
        {definition.fields
          .filter((field) => isShown(field, settings))
          .map((field) => (
            <FieldControl
              key={field.key}
              field={field}
              value={settings[field.key]}
              error={errors?.[field.key]}
              itemErrors={itemErrors(errors, field.key)}
              choices={choices}
              settings={settings}
              linkTargets={linkTargets}
              isReadOnly={isReadOnly}
              productSearch={productSearch}
              galleryMedia={galleryMedia}
              onChange={(value) => {
                // Once edited, the rich text replaces an older block's plain text for good.
                const next = {
                  ...settings,
                  [field.key]: value,
                  ...(field.kind === 'richtext' && field.plainTextKey ? { [field.plainTextKey]: '' } : {}),
                };
                onChange(definition.adjust ? definition.adjust(next, field.key) : next);
              }}
            />
          ))}
      </fieldset>
    </form>
  );
}

/** A list setting's messages by `index.key` (the server names `plans.0.areaId`). */
function itemErrors(errors: Record<string, string> | undefined, key: string) {
  const prefix = `${key}.`;
  const found = Object.entries(errors ?? {}).filter(([path]) => path.startsWith(prefix));
  return found.length
    ? Object.fromEntries(found.map(([path, m]) => [path.slice(prefix.length), m]))
    : undefined;
}

interface FieldControlProps {
  field: InspectorField;
  value: unknown;
  error?: string;
  itemErrors?: Record<string, string>;
  choices?: BlockInspectorProps['choices'];
  settings?: Record<string, unknown>;
  linkTargets?: LinkTargets;
  isReadOnly?: boolean;
  productSearch?: ProductSearch;
  galleryMedia?: GalleryMediaSources;
  onChange: (value: unknown) => void;
}

function FieldControl({
  field,
  value,
  error,
  itemErrors: listErrors,
  choices,
  settings,
  linkTargets,
  isReadOnly,
  productSearch,
  galleryMedia,
  onChange,
}: FieldControlProps) {
  const id = useId();
  const searchId = useId();

  switch (field.kind) {
    case 'text':
    case 'url':
      return (
        <EditorField id={id} label={field.label} hint={field.hint} error={error}>
          {(control) => (
            <input
              {...control}
              className="ed-input"
              type={field.kind === 'url' ? 'text' : 'text'}
              inputMode={field.kind === 'url' ? 'url' : undefined}
              value={String(value ?? '')}
              maxLength={field.maxLength}
              placeholder={field.placeholder}
              onChange={(e) => onChange(e.target.value)}
            />
          )}
        </EditorField>
      );
    case 'textarea': {
      const text = String(value ?? '');
      return (
        <EditorField
          id={id}
          label={field.label}
          hint={
            field.maxLength - text.length < 200 &&
            editorMessages.charactersLeft(field.maxLength - text.length)
          }
          error={error}
        >
          {(control) => (
            <textarea
              {...control}
              className="ed-input ed-textarea"
              rows={field.rows ?? 4}
              value={text}
              maxLength={field.maxLength}
              onChange={(e) => onChange(e.target.value)}
            />
          )}
        </EditorField>
      );
    }
    case 'number':
      return (
        <EditorField id={id} label={field.label} error={error}>
          {(control) => (
            <div className="ed-field__row">
              <input
                {...control}
                className="ed-input ed-input--number"
                type="number"
                min={field.min}
                max={field.max}
                step={field.step ?? 1}
                value={Number(value ?? field.min)}
                onChange={(e) => {
                  // An emptied box or a value out of range is clamped rather than stored invalid.
                  const n = Number(e.target.value);
                  if (Number.isFinite(n)) onChange(Math.min(field.max, Math.max(field.min, Math.round(n))));
                }}
              />
              {field.unit && <span className="ed-muted">{field.unit}</span>}
            </div>
          )}
        </EditorField>
      );
    case 'select':
      return (
        <EditorField id={id} label={field.label} error={error}>
          {(control) => (
            <select
              {...control}
              className="ed-input"
              value={String(value ?? '')}
              onChange={(e) => {
                const option = field.options.find((o) => String(o.value) === e.target.value);
                if (option) onChange(option.value);
              }}
            >
              {field.options.map((o) => (
                <option key={String(o.value)} value={String(o.value)}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </EditorField>
      );
    case 'toggle':
      return (
        <div className="ed-field ed-field--toggle">
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
          />
          <label htmlFor={id}>{field.label}</label>
        </div>
      );
    case 'datetime':
      return (
        <EditorField id={id} label={field.label} hint={field.hint} error={error}>
          {(control) => (
            <input
              {...control}
              className="ed-input"
              type="datetime-local"
              value={String(value ?? '')}
              onChange={(e) => onChange(e.target.value)}
            />
          )}
        </EditorField>
      );
    case 'checkboxes': {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      return (
        <fieldset className="ed-field ed-checkboxes">
          <legend className="ed-field__label">{field.label}</legend>
          {field.options.map((o) => (
            <label key={o.value} className="ed-checkboxes__option">
              <input
                type="checkbox"
                checked={chosen.includes(o.value)}
                onChange={(e) =>
                  // Kept in the options' order, whatever order the owner ticks them in.
                  onChange(
                    field.options
                      .map((opt) => opt.value)
                      .filter((v) => (v === o.value ? e.target.checked : chosen.includes(v))),
                  )
                }
              />{' '}
              {o.label}
            </label>
          ))}
          {error && <p className="ed-field__error">{error}</p>}
        </fieldset>
      );
    }
    case 'product':
    case 'collection':
    case 'form':
    case 'member-area': {
      const options = choices?.[field.kind] ?? [];
      const search = field.kind === 'product' ? productSearch : undefined;
      const chosen = String(value ?? '');
      const picked = options.find((o) => o.value === chosen);
      // A chosen area that is gone (or, when the block sells it, free) is said beside the picker.
      const gone =
        field.kind === 'member-area' && chosen !== '' && !picked && choices?.[field.kind] !== undefined;
      const sells = field.kind === 'member-area' && field.sells === true;
      const note =
        !sells || choices?.[field.kind] === undefined
          ? undefined
          : gone
            ? undefined
            : !picked
              ? editorMessages.areaNotChosen
              : picked.price
                ? editorMessages.areaPriceShown(picked.price)
                : editorMessages.areaIsFree(picked.label);
      const picker = (
        <EditorField
          id={id}
          label={field.label}
          error={error ?? (gone && sells ? editorMessages.areaRemoved : undefined)}
          hint={note}
        >
          {(control) => (
            <select
              {...control}
              className="ed-input"
              value={String(value ?? '')}
              onChange={(e) => onChange(e.target.value)}
            >
              <option value="">{editorMessages.noChoice}</option>
              {gone && <option value={chosen}>{editorMessages.removedChoice}</option>}
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.price ? `${o.label} — ${o.price}` : o.label}
                </option>
              ))}
            </select>
          )}
        </EditorField>
      );
      if (!search) return picker;
      const status = search.isError
        ? editorMessages.productSearchFailed
        : search.isLoading
          ? editorMessages.loading
          : search.isEmpty
            ? editorMessages.noProductsFound(search.query)
            : '';
      return (
        <>
          <EditorField
            id={searchId}
            label={editorMessages.searchProducts}
            hint={editorMessages.searchProductsHint}
          >
            {(control) => (
              <input
                {...control}
                className="ed-input"
                type="search"
                value={search.query}
                maxLength={200}
                onChange={(e) => search.onQueryChange(e.target.value)}
              />
            )}
          </EditorField>
          <p className="ed-muted" role="status">
            {status}
          </p>
          {picker}
        </>
      );
    }
    case 'richtext':
    case 'code': {
      const labelId = `${id}-label`;
      return (
        <div className="ed-field">
          <span className="ed-field__label" id={labelId}>
            {field.label}
          </span>
          <Suspense fallback={<p className="ed-muted">{editorMessages.loading}</p>}>
            {field.kind === 'richtext' ? (
              <RichTextEditor
                value={
                  String(value ?? '') ||
                  (field.plainTextKey ? plainTextToHtml(String(settings?.[field.plainTextKey] ?? '')) : '')
                }
                onChange={onChange}
                labelledBy={labelId}
                isReadOnly={isReadOnly}
                pages={linkTargets?.pages}
                files={linkTargets?.files}
              />
            ) : (
              <CodeEditor
                value={String(value ?? '')}
                onChange={onChange}
                labelledBy={labelId}
                maxLength={field.maxLength}
                isReadOnly={isReadOnly}
                language={(field.languageKey ? settings?.[field.languageKey] : 'plain') as CodeLanguage}
              />
            )}
          </Suspense>
          {error && <p className="ed-field__error">{error}</p>}
        </div>
      );
    }
    case 'gallery-media':
      // A gallery showing a photo feed keeps its own items for later, out of the way meanwhile.
      if (settings?.photoFeed) return null;
      return (
        <GalleryMediaField
          label={field.label}
          value={value}
          maxItems={field.maxItems}
          sources={galleryMedia}
          onChange={onChange}
        />
      );
    case 'list':
      return (
        <ListField field={field} value={value} onChange={onChange} choices={choices} error={listErrors} />
      );
    case 'dataset': {
      const parsed = datasetSchema.safeParse(value ?? {});
      return (
        <fieldset className="ed-field">
          <legend className="ed-field__label">{field.label}</legend>
          <Suspense fallback={<p role="status">Loading…</p>}>
            <DatasetEditor
              value={parsed.success ? parsed.data : { seriesLabel: '', columns: [], rows: [] }}
              onChange={onChange}
            />
          </Suspense>
        </fieldset>
      );
    }
    case 'mailing-list':
      // Connecting a list needs the site's lists and a confirmation: MailingListPanel does it.
      return null;
    case 'photo-feed':
      return (
        <PhotoFeedField
          label={field.label}
          value={value}
          error={error}
          source={galleryMedia?.photoFeed}
          isReadOnly={isReadOnly}
          onChange={onChange}
        />
      );
  }
}

function ListField({
  field,
  value,
  onChange,
  choices,
  error,
}: {
  field: Extract<InspectorField, { kind: 'list' }>;
  value: unknown;
  onChange: (value: unknown) => void;
  choices?: BlockInspectorProps['choices'];
  /** The server's messages for this list's items, by `index.key` (`0.areaId`). */
  error?: Record<string, string>;
}) {
  const items = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const update = (next: Record<string, unknown>[]) => onChange(next);
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    update(next);
  };
  const blank = Object.fromEntries(
    field.fields.map((f) => [
      f.key,
      f.kind === 'toggle'
        ? false
        : f.kind === 'list' || f.kind === 'checkboxes'
          ? []
          : // A choice starts on its first option (a plan's button: a link), never on nothing.
            f.kind === 'select'
            ? (f.options[0]?.value ?? '')
            : '',
    ]),
  );
  return (
    <fieldset className="ed-list">
      <legend className="ed-field__label">{field.label}</legend>
      <ol className="ed-list__items">
        {items.map((item, index) => (
          <li key={index} className="ed-list__item">
            <div className="ed-list__head">
              <span className="ed-list__title">{editorMessages.itemN(field.itemLabel, index + 1)}</span>
              <span className="ed-list__actions">
                <button
                  type="button"
                  className="ed-icon-button"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <EditorIcon name="up" />
                  <span className="visually-hidden">
                    {editorMessages.moveUp} {editorMessages.itemN(field.itemLabel, index + 1)}
                  </span>
                </button>
                <button
                  type="button"
                  className="ed-icon-button"
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <EditorIcon name="down" />
                  <span className="visually-hidden">
                    {editorMessages.moveDown} {editorMessages.itemN(field.itemLabel, index + 1)}
                  </span>
                </button>
                <button
                  type="button"
                  className="ed-icon-button"
                  onClick={() => update(items.filter((_, i) => i !== index))}
                >
                  <EditorIcon name="remove" />
                  <span className="visually-hidden">
                    {editorMessages.remove} {editorMessages.itemN(field.itemLabel, index + 1)}
                  </span>
                </button>
              </span>
            </div>
            {field.fields
              .filter((sub) => isShown(sub, item))
              .map((sub) => (
                <FieldControl
                  key={sub.key}
                  field={sub}
                  value={item[sub.key]}
                  choices={choices}
                  settings={item}
                  error={error?.[`${index}.${sub.key}`]}
                  onChange={(v) => update(items.map((it, i) => (i === index ? { ...it, [sub.key]: v } : it)))}
                />
              ))}
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="ed-button ed-button--secondary"
        disabled={items.length >= field.maxItems}
        onClick={() => update([...items, blank])}
      >
        {editorMessages.addItem(field.itemLabel)}
      </button>
      {items.length >= field.maxItems && (
        <p className="ed-field__hint" role="status">
          {editorMessages.listFull(field.itemLabel, field.maxItems)}
        </p>
      )}
    </fieldset>
  );
}
