import { POST_STATUS_LABELS, type CollectionItemView, type PageSummary } from '@site/page-content';
import { EditorField, SaveStatus } from '@site/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { itemSaved, saveItem } from '../api/collection-items';
import { useMe } from '../api/session';
import { issuesByPath } from '../api/http';
import { ChooseImage } from '../page-editor/ChooseImage';
import { SlugField, StaleBanner, TextAreaField, TitleField } from './ItemFields';
import { ItemLoader, useSaveSoon, type ItemFormProps } from './ItemLoader';
import { useAutosave } from '../screen-kit/useAutosave';
import { VIDEO_URL_HINT, videoSourceNote } from './video-fields';

interface VideoDraft {
  title: string;
  urlId: string;
  body: string;
  status: 'draft' | 'published';
  data: { url: string; thumbnail: string };
}

const draftOf = (item: CollectionItemView): VideoDraft => ({
  title: item.title,
  urlId: item.urlId,
  body: item.body,
  status: item.status,
  data: { url: String(item.data.url ?? ''), thumbnail: String(item.data.thumbnail ?? '') },
});

/** One video: its player or file address, thumbnail, description and page address; saved as you type. */
export function VideoEditor({ page, itemId }: { page: PageSummary; itemId: string }) {
  return <ItemLoader page={page} itemId={itemId} noun="video" Form={VideoForm} />;
}

function VideoForm({ page, item, onReload }: ItemFormProps) {
  const client = useQueryClient();
  const isReadOnly = !useMe().data?.canEdit;
  const [draft, setDraft] = useState(() => draftOf(item));
  const [saved, setSaved] = useState({ status: item.status, urlId: item.urlId });
  const set = <K extends keyof VideoDraft>(key: K, value: VideoDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const setData = <K extends keyof VideoDraft['data']>(key: K, value: string) =>
    setDraft((d) => ({ ...d, data: { ...d.data, [key]: value } }));

  const saver = useAutosave(
    draft,
    item.version,
    async (value, version) => {
      const result = await saveItem(item.id, { version, ...value });
      setSaved({ status: result.status, urlId: result.urlId });
      itemSaved(client, page.id, result);
      return result;
    },
    { guardLeaving: true },
  );
  const { flush } = saver;
  const saveSoon = useSaveSoon(flush);
  const errors = issuesByPath(saver.error);
  const note = videoSourceNote(draft.data.url);
  const itemPath = `${page.path}/${saved.urlId}`;

  return (
    <form className="ed-form ed-item-editor" noValidate onSubmit={(e) => (e.preventDefault(), void flush())}>
      {saver.stale && <StaleBanner noun="video" onReload={onReload} />}
      <div className="ed-item-editor__bar">
        <span className={`ed-badge ed-badge--${saved.status}`}>{POST_STATUS_LABELS[saved.status]}</span>
        <SaveStatus state={saver.state} onRetry={() => void flush()} />
        {saved.status === 'published' && (
          <a href={itemPath} target="_blank" rel="noreferrer">
            View the video’s page<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
        {!isReadOnly && (
          <span className="ed-row ed-item-editor__actions">
            <button type="submit" className="ed-button" disabled={!saver.isDirty || saver.stale}>
              Save
            </button>
            <button
              type="button"
              className={`ed-button${saved.status === 'draft' ? ' ed-button--primary' : ''}`}
              disabled={saver.stale}
              onClick={() => {
                set('status', saved.status === 'draft' ? 'published' : 'draft');
                saveSoon();
              }}
            >
              {saved.status === 'draft' ? 'Publish' : 'Unpublish'}
            </button>
          </span>
        )}
      </div>

      <TitleField
        value={draft.title}
        onChange={(title) => set('title', title)}
        isReadOnly={isReadOnly}
        error={errors.title}
      />

      <EditorField label="Video address" hint={note ?? VIDEO_URL_HINT} error={errors['data.url']}>
        {(control) => (
          <input
            {...control}
            className="ed-input"
            type="url"
            inputMode="url"
            value={draft.data.url}
            maxLength={2048}
            readOnly={isReadOnly}
            onChange={(e) => setData('url', e.target.value)}
          />
        )}
      </EditorField>

      <fieldset className="ed-field ed-featured-image">
        <legend className="ed-field__label">Thumbnail</legend>
        {draft.data.thumbnail ? (
          <div className="ed-video-thumb">
            <img src={draft.data.thumbnail} alt="" />
            {!isReadOnly && (
              <div className="ed-row">
                <ChooseImage
                  label="Change thumbnail"
                  onChoose={(file) => setData('thumbnail', file.assetUrl)}
                />
                <button type="button" className="ed-button" onClick={() => setData('thumbnail', '')}>
                  Remove thumbnail
                </button>
              </div>
            )}
          </div>
        ) : isReadOnly ? (
          <p className="ed-muted">No thumbnail.</p>
        ) : (
          <div className="ed-row">
            <ChooseImage label="Choose thumbnail" onChoose={(file) => setData('thumbnail', file.assetUrl)} />
          </div>
        )}
        <p className="ed-field__hint">Shown on the videos page and before a video file plays.</p>
        {errors['data.thumbnail'] && <p className="ed-field__error">{errors['data.thumbnail']}</p>}
      </fieldset>

      <TextAreaField
        label="Description"
        hint="The first paragraph is the excerpt on the videos page; a blank line starts a new paragraph."
        rows={6}
        value={draft.body}
        onChange={(body) => set('body', body)}
        isReadOnly={isReadOnly}
      />

      <SlugField
        path={page.path}
        title={draft.title}
        value={draft.urlId}
        onChange={(urlId) => set('urlId', urlId)}
        isReadOnly={isReadOnly}
        error={errors.urlId}
      />
    </form>
  );
}
