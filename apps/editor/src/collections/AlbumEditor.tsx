import type { CollectionItemView, PageSummary } from '@site/page-content';
import { EditorField, EmptyState } from '@site/ui';
import { useId, useState } from 'react';
import { errorMessage } from '../screen-kit/save-state';
import { ApiError } from '../api/http';
import { ChooseImage } from '../page-editor/ChooseImage';
import { albumRoom, measureDuration, trackTitleFrom, trackUrlProblem } from './album-tracks';
import {
  ConfirmRemove,
  RemoveItemButton,
  SortableItems,
  useItemSave,
  useSortableCollection,
  useSortableItem,
} from './SortableItems';

/** An album page's tracks: add from the file manager or by address, drag (or Space and arrows) to reorder, title and artist each. */
export function AlbumEditor({ page }: { page: PageSummary }) {
  const { items, create, reorder, remove, canEdit, deleting, setDeleting, error } = useSortableCollection(
    page.id,
  );
  const [measuring, setMeasuring] = useState(false);
  if (items.isPending) return <p className="ed-muted">Loading tracks…</p>;
  if (items.error)
    return (
      <p className="ed-field__error" role="alert">
        {errorMessage(items.error)}
      </p>
    );
  const list = items.data;
  const room = albumRoom(list.length);
  const addTrack = async (title: string, src: string) => {
    setMeasuring(true);
    const durationMs = await measureDuration(src).finally(() => setMeasuring(false));
    return create.mutateAsync({
      collectionId: page.id,
      title,
      body: '',
      status: 'published',
      data: { src, author: '', ...(durationMs !== undefined && { durationMs }) },
    });
  };
  // A full album says so where the owner looks for the add controls, too.
  const add =
    canEdit &&
    (room.full ? (
      <p className="ed-field__hint">{room.notice}</p>
    ) : (
      <AddTrack onAdd={addTrack} isAdding={measuring || create.isPending} />
    ));

  return (
    <>
      {list.length === 0 ? (
        <EmptyState title="No tracks yet" action={add || undefined}>
          Add audio files from the file manager, or the address of a track hosted elsewhere; visitors play
          them in your order.
        </EmptyState>
      ) : (
        <>
          <p className="ed-muted ed-album__count">
            <strong>{room.summary}</strong>
            {canEdit &&
              list.length > 1 &&
              ' · drag a handle, or focus it and press Space, then the arrow keys, to reorder'}
          </p>
          {room.notice && (
            <p className={`ed-banner ${room.full ? 'ed-banner--error' : 'ed-banner--warning'}`} role="status">
              {room.notice}
            </p>
          )}
          <SortableItems
            items={list}
            noun="track"
            layout="list"
            disabled={!canEdit}
            onReorder={(ids) => reorder.mutate(ids)}
          >
            <ol className="ed-album" aria-label="Tracks">
              {list.map((item, index) => (
                <AlbumTrack
                  key={item.id}
                  item={item}
                  number={index + 1}
                  pageId={page.id}
                  canEdit={canEdit}
                  onDelete={() => setDeleting(item)}
                />
              ))}
            </ol>
          </SortableItems>
          {add}
        </>
      )}
      {error && (
        <p className="ed-field__error" role="alert">
          {error instanceof ApiError && error.code === 'ALBUM_FULL'
            ? `${errorMessage(error)}: the track was not added. Remove a track to make room.`
            : errorMessage(error)}
        </p>
      )}
      <ConfirmRemove
        item={deleting}
        title="Remove this track?"
        onCancel={() => setDeleting(null)}
        onRemove={(item) => remove.mutate(item.id)}
      >
        <p>“{deleting?.title}” leaves the album. An uploaded file stays in the file manager.</p>
      </ConfirmRemove>
    </>
  );
}

/** Add a track: an audio file from the file manager, or the address of one hosted elsewhere. */
function AddTrack({
  onAdd,
  isAdding,
}: {
  onAdd: (title: string, src: string) => Promise<unknown>;
  isAdding: boolean;
}) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string>();
  const submit = () => {
    const refused = trackUrlProblem(url);
    setProblem(refused);
    if (refused) return;
    onAdd(trackTitleFrom(url), url.trim()).then(
      () => setUrl(''),
      () => undefined,
    );
  };
  return (
    <div className="ed-album__add" role="group" aria-labelledby={`${id}-heading`}>
      <h2 className="ed-item-editor__legend" id={`${id}-heading`}>
        Add a track
      </h2>
      <p className="ed-field__hint">
        An MP3, WAV or Ogg file from the file manager, or the address of one hosted elsewhere.
      </p>
      <ChooseImage
        kind="audio"
        label="Add from files"
        onChoose={(file) => void onAdd(trackTitleFrom(file.name), file.assetUrl).catch(() => undefined)}
      />
      <form
        className="ed-album__by-url"
        noValidate
        aria-label="Add a track by address"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <EditorField label="Track address" error={problem}>
          {(control) => (
            <div className="ed-row">
              <input
                {...control}
                className="ed-input"
                type="url"
                inputMode="url"
                placeholder="https://example.com/track.mp3"
                value={url}
                maxLength={2048}
                onChange={(e) => setUrl(e.target.value)}
              />
              <button type="submit" className="ed-button" disabled={isAdding}>
                {isAdding ? 'Adding…' : 'Add by address'}
              </button>
            </div>
          )}
        </EditorField>
      </form>
    </div>
  );
}

function AlbumTrack({
  item,
  number,
  pageId,
  canEdit,
  onDelete,
}: {
  item: CollectionItemView;
  number: number;
  pageId: string;
  canEdit: boolean;
  onDelete: () => void;
}) {
  const { save, error } = useItemSave(item, pageId);
  const sortable = useSortableItem(item, canEdit);
  const [title, setTitle] = useState(item.title);
  const [author, setAuthor] = useState(String(item.data.author ?? ''));
  const src = String(item.data.src ?? '');

  return (
    <li
      ref={sortable.ref}
      className={`ed-sortable ed-album__track${sortable.draggingClass}`}
      style={sortable.style}
    >
      {sortable.handle}
      <span className="ed-album__number" aria-hidden="true">
        {number}
      </span>
      <div className="ed-sortable__body ed-album__fields">
        <EditorField label="Title">
          {(control) => (
            <input
              {...control}
              className="ed-input"
              value={title}
              maxLength={200}
              readOnly={!canEdit}
              onChange={(e) => setTitle(e.target.value)}
              onBlur={() => title.trim() && title !== item.title && save({ title })}
            />
          )}
        </EditorField>
        <EditorField label="Artist">
          {(control) => (
            <input
              {...control}
              className="ed-input"
              value={author}
              maxLength={200}
              readOnly={!canEdit}
              onChange={(e) => setAuthor(e.target.value)}
              onBlur={() => author !== (item.data.author ?? '') && save({ data: { author } })}
            />
          )}
        </EditorField>
        <audio
          className="ed-album__player"
          src={src}
          controls
          preload="none"
          aria-label={`Play ${item.title}`}
        />
        {error && (
          <p className="ed-field__error" role="alert">
            {errorMessage(error)}
          </p>
        )}
      </div>
      <RemoveItemButton item={item} canEdit={canEdit} onDelete={onDelete} />
    </li>
  );
}
