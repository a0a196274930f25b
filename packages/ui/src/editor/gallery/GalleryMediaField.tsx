import {
  GALLERY_MEDIA_LABELS,
  galleryItemSchema,
  LICENCE_LIMITS,
  messages,
  videoHostOf,
  type GalleryItem,
  type SiteImage,
  type VideoMetadata,
} from '@site/page-content';
import { useId, useState, type ReactNode } from 'react';
import { EditorIcon } from '../EditorIcon';
import { EditorField } from '../field/EditorField';
import { editorMessages } from '../editor-messages';
import type { PhotoFeedSource } from './PhotoFeedField';

/** A file of the site's library, as the gallery's library picker offers it. */
export interface LibraryFile {
  id: string;
  name: string;
  url: string;
  altText: string;
}

interface Source<T> {
  items: readonly T[];
  isLoading?: boolean;
  isError?: boolean;
}

/** What the app gives the gallery field: the site's pictures, its library, the video lookup, its file picker. */
export interface GalleryMediaSources {
  siteImages?: Source<SiteImage>;
  libraryFiles?: Source<LibraryFile>;
  /** Looks a video link up with its host; rejects with an Error whose message the owner reads. */
  lookUpVideo?: (url: string) => Promise<VideoMetadata>;
  /** The app's upload-or-choose button; it calls `onChoose` with the picture it got. */
  renderChooseFile?: (onChoose: (file: { src: string; alt: string }) => void) => ReactNode;
  /** A feed gallery's record on the server and "Fetch now". */
  photoFeed?: PhotoFeedSource;
}

type Picker = 'imageFile' | 'imageReused' | 'assetReused' | 'imageLicensed' | 'video';
type LicensedImage = Extract<GalleryItem, { type: 'imageLicensed' }>;

const caption = { alt: '', title: '', description: '' };

/** Licence names owners use most, offered as they type; any other name is fine. */
const COMMON_LICENCES = [
  'CC BY 4.0',
  'CC BY-SA 4.0',
  'CC0 1.0',
  'Unsplash License',
  'Pexels License',
  'Rights managed',
  'Royalty free',
];

/** The first message per field the item's schema gives, for the licence facts the owner typed. */
function licenceErrors(item: LicensedImage): Partial<Record<keyof LicensedImage, string>> {
  const result = galleryItemSchema.safeParse(item);
  const errors: Partial<Record<keyof LicensedImage, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path[0] as keyof LicensedImage;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The gallery block's pictures and videos, each of its media type (platform.md §3), with a picker per type. */
export function GalleryMediaField({
  label,
  value,
  maxItems,
  sources = {},
  onChange,
}: {
  label: string;
  value: unknown;
  maxItems: number;
  sources?: GalleryMediaSources;
  onChange: (items: GalleryItem[]) => void;
}) {
  const items = (Array.isArray(value) ? value : []) as GalleryItem[];
  const [picker, setPicker] = useState<Picker>();
  const full = items.length >= maxItems;
  const add = (item: GalleryItem) => {
    onChange([...items, item]);
    setPicker(undefined);
  };
  const move = (from: number, to: number) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  const update = (index: number, item: GalleryItem) =>
    onChange(items.map((it, i) => (i === index ? item : it)));
  const filesById = new Map((sources.libraryFiles?.items ?? []).map((f) => [f.id, f]));

  return (
    <fieldset className="ed-list ed-gallery-media">
      <legend className="ed-field__label">{label}</legend>
      {items.length === 0 && <p className="ed-muted">{galleryMessages.noItems}</p>}
      <ol className="ed-list__items">
        {items.map((item, index) => {
          const name = `${index + 1}. ${GALLERY_MEDIA_LABELS[item.type]}`;
          return (
            <li key={index} className="ed-list__item">
              <div className="ed-list__head">
                <span className="ed-list__title">{name}</span>
                <span className="ed-list__actions">
                  <IconButton
                    icon="up"
                    label={`${editorMessages.moveUp} ${name}`}
                    disabled={index === 0}
                    onPress={() => move(index, index - 1)}
                  />
                  <IconButton
                    icon="down"
                    label={`${editorMessages.moveDown} ${name}`}
                    disabled={index === items.length - 1}
                    onPress={() => move(index, index + 1)}
                  />
                  <IconButton
                    icon="remove"
                    label={`${editorMessages.remove} ${name}`}
                    onPress={() => onChange(items.filter((_, i) => i !== index))}
                  />
                </span>
              </div>
              <ItemEditor
                item={item}
                libraryFile={item.type === 'assetReused' ? filesById.get(item.fileId) : undefined}
                renderChooseFile={sources.renderChooseFile}
                onChange={(next) => update(index, next)}
              />
            </li>
          );
        })}
      </ol>
      <div className="ed-gallery-media__add" role="group" aria-label={galleryMessages.addGroup}>
        <button
          type="button"
          className="ed-button ed-button--secondary"
          disabled={full}
          onClick={() => add({ type: 'imageEmpty', ...caption })}
        >
          {galleryMessages.addEmpty}
        </button>
        {(
          [
            ['imageFile', galleryMessages.addImage],
            ['imageReused', galleryMessages.addSiteImage],
            ['assetReused', galleryMessages.addLibraryFile],
            ['imageLicensed', galleryMessages.addLicensed],
            ['video', galleryMessages.addVideo],
          ] as const
        ).map(([kind, text]) => (
          <button
            key={kind}
            type="button"
            className="ed-button ed-button--secondary"
            disabled={full}
            aria-expanded={picker === kind}
            onClick={() => setPicker(picker === kind ? undefined : kind)}
          >
            {text}
          </button>
        ))}
      </div>
      {full ? (
        <p className="ed-field__hint" role="status">
          {editorMessages.listFull('image', maxItems)}
        </p>
      ) : (
        picker && (
          <div className="ed-gallery-media__picker">
            {picker === 'imageFile' && (
              <ImagePicker renderChooseFile={sources.renderChooseFile} onAdd={add} />
            )}
            {picker === 'imageReused' && (
              <Thumbnails
                label={galleryMessages.siteImagesLabel}
                source={sources.siteImages}
                empty={galleryMessages.noSiteImages}
                describe={(image) => ({
                  key: image.src,
                  src: image.src,
                  name: `${image.alt || image.src} — ${image.source}`,
                })}
                onPick={(image) =>
                  add({
                    type: 'imageReused',
                    src: image.src,
                    source: image.source,
                    ...caption,
                    alt: image.alt,
                  })
                }
              />
            )}
            {picker === 'assetReused' && (
              <Thumbnails
                label={galleryMessages.libraryLabel}
                source={sources.libraryFiles}
                empty={galleryMessages.noLibraryFiles}
                describe={(file) => ({ key: file.id, src: file.url, name: file.name })}
                onPick={(file) => add({ type: 'assetReused', fileId: file.id, ...caption })}
              />
            )}
            {picker === 'imageLicensed' && (
              <LicensedPicker renderChooseFile={sources.renderChooseFile} onAdd={add} />
            )}
            {picker === 'video' && <VideoPicker lookUp={sources.lookUpVideo} onAdd={add} />}
          </div>
        )
      )}
    </fieldset>
  );
}

export const galleryMessages = {
  noItems: 'This gallery is empty. Add pictures or videos below.',
  addGroup: 'Add to the gallery',
  addEmpty: 'Add empty slot',
  addImage: 'Add image',
  addSiteImage: 'Add image from your site',
  addLibraryFile: 'Add file from your library',
  addVideo: 'Add video',
  addLicensed: 'Add licensed image',
  licensedIntro:
    'A picture someone else made that you use under their licence (a stock photo, a photographer’s work).',
  creator: 'Made by',
  sourceUrl: 'Where it comes from (link)',
  licence: 'Licence',
  licenceHint: 'As the licence names itself, for example CC BY 4.0 or Unsplash License.',
  licenceUrl: 'Licence link',
  creditRequired: 'The licence asks for credit',
  creditHint: 'Visitors then read “Photo: name / source, licence” under the picture and in the lightbox.',
  altHint: 'Describe what the picture shows; the credit is added separately.',
  creditPreview: (line: string) => `Credit visitors see: ${line}`,
  noCredit: 'No credit line is shown.',
  siteImagesLabel: 'Pictures used on your site',
  noSiteImages: 'Your pages and products have no pictures yet.',
  libraryLabel: 'Pictures in your file library',
  noLibraryFiles: 'Your file library has no pictures yet. Upload one with Add image.',
  loadFailed: 'These could not be loaded. Close and open the list to try again.',
  imageUrl: 'Image URL',
  addThisImage: 'Add this image',
  videoUrl: 'YouTube or Vimeo link',
  lookingUp: 'Looking up the video…',
  lookUpUnavailable: 'Videos cannot be looked up here.',
  fillSlot: 'Fill this slot',
  fromLibrary: (name: string) => `From your library: ${name}`,
  libraryFileGone: 'This file is no longer in your library; visitors do not see this item.',
  usedOn: (source: string) => `Reused from ${source}`,
  opensOn: (host: string) => `Plays from ${host}`,
} as const;

function IconButton({
  icon,
  label,
  disabled,
  onPress,
}: {
  icon: 'up' | 'down' | 'remove';
  label: string;
  disabled?: boolean;
  onPress: () => void;
}) {
  return (
    <button type="button" className="ed-icon-button" disabled={disabled} onClick={onPress}>
      <EditorIcon name={icon} />
      <span className="visually-hidden">{label}</span>
    </button>
  );
}

function TextInput({
  label,
  value,
  maxLength,
  placeholder,
  hint,
  error,
  inputMode,
  list,
  onChange,
}: {
  label: string;
  value: string;
  maxLength: number;
  placeholder?: string;
  hint?: string;
  error?: string;
  inputMode?: 'url';
  list?: string;
  onChange: (value: string) => void;
}) {
  return (
    <EditorField label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          className="ed-input"
          value={value}
          maxLength={maxLength}
          placeholder={placeholder}
          inputMode={inputMode}
          list={list}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </EditorField>
  );
}

/** The credit as visitors read it, so the owner sees what the checkbox and fields make. */
function creditLine(item: LicensedImage): string {
  let host = '';
  try {
    host = item.sourceUrl ? new URL(item.sourceUrl).hostname.replace(/^www\./, '') : '';
  } catch {
    host = '';
  }
  return `${messages.galleryCreditPhoto} ${item.creator.trim()}${host ? ` / ${host}` : ''}, ${item.licence}`;
}

/** A licensed picture's licence facts; `errors` are shown once the owner has tried to add it, or always when editing. */
function LicenceFields({
  item,
  errors,
  onChange,
}: {
  item: LicensedImage;
  errors: ReturnType<typeof licenceErrors>;
  onChange: (item: LicensedImage) => void;
}) {
  const listId = useId();
  const creditId = useId();
  return (
    <>
      <TextInput
        label={galleryMessages.creator}
        value={item.creator}
        maxLength={LICENCE_LIMITS.creator + 1}
        error={errors.creator}
        onChange={(creator) => onChange({ ...item, creator })}
      />
      <TextInput
        label={galleryMessages.sourceUrl}
        value={item.sourceUrl}
        maxLength={2000}
        inputMode="url"
        placeholder="https://…"
        error={errors.sourceUrl}
        onChange={(sourceUrl) => onChange({ ...item, sourceUrl })}
      />
      <TextInput
        label={galleryMessages.licence}
        value={item.licence}
        maxLength={LICENCE_LIMITS.licence + 1}
        hint={galleryMessages.licenceHint}
        error={errors.licence}
        list={listId}
        onChange={(licence) => onChange({ ...item, licence })}
      />
      <datalist id={listId}>
        {COMMON_LICENCES.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <TextInput
        label={galleryMessages.licenceUrl}
        value={item.licenceUrl}
        maxLength={2000}
        inputMode="url"
        placeholder="https://…"
        error={errors.licenceUrl}
        onChange={(licenceUrl) => onChange({ ...item, licenceUrl })}
      />
      <div className="ed-field">
        <div className="ed-field--toggle">
          <input
            id={creditId}
            type="checkbox"
            checked={item.creditRequired}
            aria-describedby={`${creditId}-hint`}
            onChange={(e) => onChange({ ...item, creditRequired: e.target.checked })}
          />
          <label htmlFor={creditId}>{galleryMessages.creditRequired}</label>
        </div>
        <p className="ed-field__hint" id={`${creditId}-hint`}>
          {galleryMessages.creditHint}
        </p>
      </div>
      <p className="ed-muted">
        {item.creditRequired && item.creator.trim() && item.licence.trim()
          ? galleryMessages.creditPreview(creditLine(item))
          : !item.creditRequired && galleryMessages.noCredit}
      </p>
    </>
  );
}

function LicensedPicker({
  renderChooseFile,
  onAdd,
}: {
  renderChooseFile?: GalleryMediaSources['renderChooseFile'];
  onAdd: (item: GalleryItem) => void;
}) {
  const [draft, setDraft] = useState<LicensedImage>({
    type: 'imageLicensed',
    src: '',
    creator: '',
    sourceUrl: '',
    licence: '',
    licenceUrl: '',
    creditRequired: true,
    ...caption,
  });
  const [tried, setTried] = useState(false);
  const errors = tried ? licenceErrors(draft) : {};
  const submit = () => {
    const item = {
      ...draft,
      src: draft.src.trim(),
      sourceUrl: draft.sourceUrl.trim(),
      licenceUrl: draft.licenceUrl.trim(),
    };
    setDraft(item);
    setTried(true);
    const parsed = galleryItemSchema.safeParse(item);
    if (parsed.success) onAdd(parsed.data);
  };
  return (
    <div className="ed-gallery-media__form">
      <p className="ed-muted">{galleryMessages.licensedIntro}</p>
      {draft.src && <img className="ed-gallery-media__thumb" src={draft.src} alt="" />}
      {renderChooseFile?.((file) => setDraft({ ...draft, src: file.src, alt: draft.alt || file.alt }))}
      <TextInput
        label={galleryMessages.imageUrl}
        value={draft.src}
        maxLength={2000}
        inputMode="url"
        placeholder="https://…"
        error={errors.src}
        onChange={(src) => setDraft({ ...draft, src })}
      />
      <TextInput
        label="Alt text"
        value={draft.alt}
        maxLength={250}
        hint={galleryMessages.altHint}
        onChange={(alt) => setDraft({ ...draft, alt })}
      />
      <LicenceFields item={draft} errors={errors} onChange={setDraft} />
      <button type="button" className="ed-button" onClick={submit}>
        {galleryMessages.addThisImage}
      </button>
    </div>
  );
}

function ItemEditor({
  item,
  libraryFile,
  renderChooseFile,
  onChange,
}: {
  item: GalleryItem;
  libraryFile?: LibraryFile;
  renderChooseFile?: GalleryMediaSources['renderChooseFile'];
  onChange: (item: GalleryItem) => void;
}) {
  const preview =
    item.type === 'imageFile' || item.type === 'imageReused' || item.type === 'imageLicensed'
      ? item.src
      : item.type === 'assetReused'
        ? libraryFile?.url
        : item.type === 'video'
          ? item.poster
          : undefined;
  return (
    <>
      {preview && <img className="ed-gallery-media__thumb" src={preview} alt="" />}
      {item.type === 'imageEmpty' && (
        <>
          <p className="ed-muted">{messages.galleryEmptySlot}</p>
          {renderChooseFile?.((file) =>
            onChange({ ...item, type: 'imageFile', src: file.src, alt: item.alt || file.alt }),
          )}
        </>
      )}
      {item.type === 'imageFile' && (
        <>
          <TextInput
            label={galleryMessages.imageUrl}
            value={item.src}
            maxLength={2000}
            onChange={(src) => onChange({ ...item, src })}
          />
          {renderChooseFile?.((file) => onChange({ ...item, src: file.src, alt: item.alt || file.alt }))}
        </>
      )}
      {item.type === 'imageLicensed' && (
        <>
          <TextInput
            label={galleryMessages.imageUrl}
            value={item.src}
            maxLength={2000}
            error={licenceErrors(item).src}
            onChange={(src) => onChange({ ...item, src })}
          />
          {renderChooseFile?.((file) => onChange({ ...item, src: file.src, alt: item.alt || file.alt }))}
          <LicenceFields item={item} errors={licenceErrors(item)} onChange={onChange} />
        </>
      )}
      {item.type === 'imageReused' && item.source && (
        <p className="ed-muted">{galleryMessages.usedOn(item.source)}</p>
      )}
      {item.type === 'assetReused' && (
        <p className="ed-muted">
          {libraryFile ? galleryMessages.fromLibrary(libraryFile.name) : galleryMessages.libraryFileGone}
        </p>
      )}
      {item.type === 'video' && (
        <p className="ed-muted">
          {galleryMessages.opensOn(videoHostOf(item.url) === 'vimeo' ? 'Vimeo' : 'YouTube')}: {item.url}
        </p>
      )}
      <TextInput
        label="Alt text"
        value={item.alt}
        maxLength={250}
        placeholder={item.type === 'assetReused' ? libraryFile?.altText : undefined}
        onChange={(alt) => onChange({ ...item, alt })}
      />
      <TextInput
        label="Title"
        value={item.title}
        maxLength={500}
        onChange={(title) => onChange({ ...item, title })}
      />
      <TextInput
        label="Description"
        value={item.description}
        maxLength={500}
        onChange={(description) => onChange({ ...item, description })}
      />
    </>
  );
}

function ImagePicker({
  renderChooseFile,
  onAdd,
}: {
  renderChooseFile?: GalleryMediaSources['renderChooseFile'];
  onAdd: (item: GalleryItem) => void;
}) {
  const [src, setSrc] = useState('');
  const submit = () => {
    if (src.trim()) onAdd({ type: 'imageFile', src: src.trim(), ...caption });
  };
  return (
    <div className="ed-gallery-media__form">
      {renderChooseFile?.((file) => onAdd({ type: 'imageFile', src: file.src, ...caption, alt: file.alt }))}
      <TextInput
        label={galleryMessages.imageUrl}
        value={src}
        maxLength={2000}
        placeholder="https://…"
        onChange={setSrc}
      />
      <button type="button" className="ed-button" disabled={!src.trim()} onClick={submit}>
        {galleryMessages.addThisImage}
      </button>
    </div>
  );
}

function Thumbnails<T>({
  label,
  source,
  empty,
  describe,
  onPick,
}: {
  label: string;
  source?: Source<T>;
  empty: string;
  describe: (item: T) => { key: string; src: string; name: string };
  onPick: (item: T) => void;
}) {
  const labelId = useId();
  if (!source || source.isError)
    return (
      <p role="alert" className="ed-field__error">
        {galleryMessages.loadFailed}
      </p>
    );
  if (source.isLoading)
    return (
      <p role="status" className="ed-muted">
        {editorMessages.loading}
      </p>
    );
  if (source.items.length === 0) return <p className="ed-muted">{empty}</p>;
  return (
    <div>
      <p className="ed-field__label" id={labelId}>
        {label}
      </p>
      <ul className="ed-gallery-media__choices" aria-labelledby={labelId}>
        {source.items.map((item) => {
          const d = describe(item);
          return (
            <li key={d.key}>
              <button type="button" className="ed-gallery-media__choice" onClick={() => onPick(item)}>
                <img src={d.src} alt="" loading="lazy" />
                <span className="visually-hidden">{d.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function VideoPicker({
  lookUp,
  onAdd,
}: {
  lookUp?: GalleryMediaSources['lookUpVideo'];
  onAdd: (item: GalleryItem) => void;
}) {
  const [url, setUrl] = useState('');
  const [state, setState] = useState<{ busy?: boolean; error?: string }>({});
  const id = useId();
  if (!lookUp) return <p className="ed-muted">{galleryMessages.lookUpUnavailable}</p>;
  const submit = async () => {
    const link = url.trim();
    if (!videoHostOf(link)) return setState({ error: messages.videoHostUnsupported });
    setState({ busy: true });
    try {
      const video = await lookUp(link);
      onAdd({ type: 'video', url: video.url, poster: video.poster, ...caption, title: video.title });
    } catch (err) {
      setState({ error: err instanceof Error ? err.message : messages.videoLookupFailed });
    }
  };
  return (
    <div className="ed-gallery-media__form">
      <EditorField id={id} label={galleryMessages.videoUrl} error={state.error} announceError>
        {(control) => (
          <input
            {...control}
            className="ed-input"
            inputMode="url"
            value={url}
            maxLength={2000}
            placeholder="https://vimeo.com/…"
            onChange={(e) => setUrl(e.target.value)}
          />
        )}
      </EditorField>
      <button
        type="button"
        className="ed-button"
        disabled={state.busy || !url.trim()}
        onClick={() => void submit()}
      >
        {state.busy ? galleryMessages.lookingUp : galleryMessages.addVideo}
      </button>
      {state.busy && (
        <p className="visually-hidden" role="status">
          {galleryMessages.lookingUp}
        </p>
      )}
    </div>
  );
}
