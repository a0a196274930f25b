import {
  collectionMessages,
  MAX_COLLECTION_ITEMS,
  type CollectionItemView,
  type PageSummary,
} from '@site/page-content';
import { EditorField, EmptyState } from '@site/ui';
import { useState } from 'react';
import { errorMessage } from '../screen-kit/save-state';
import { ChooseImage } from '../page-editor/ChooseImage';
import { AltTextField } from './ItemFields';
import {
  ConfirmRemove,
  RemoveItemButton,
  SortableItems,
  useItemSave,
  useSortableCollection,
  useSortableItem,
} from './SortableItems';

/** A gallery page's pictures: add from the file manager, drag (or Space and arrows) to reorder, caption and alt text each. */
export function GalleryEditor({ page }: { page: PageSummary }) {
  const { items, create, reorder, remove, canEdit, deleting, setDeleting, error } = useSortableCollection(
    page.id,
  );
  if (items.isPending) return <p className="ed-muted">Loading pictures…</p>;
  if (items.error)
    return (
      <p className="ed-field__error" role="alert">
        {errorMessage(items.error)}
      </p>
    );
  const list = items.data;
  const full = list.length >= MAX_COLLECTION_ITEMS;
  const add =
    canEdit && full ? (
      <p className="ed-field__hint" role="status">
        {collectionMessages.collectionFull}
      </p>
    ) : (
      canEdit && (
        <ChooseImage
          label="Add picture"
          onChoose={(file) =>
            create.mutate({
              collectionId: page.id,
              title: file.name,
              body: '',
              status: 'published',
              data: { src: file.assetUrl, alt: '' },
            })
          }
        />
      )
    );

  return (
    <>
      {list.length === 0 ? (
        <EmptyState title="No pictures yet" action={add || undefined}>
          Add pictures from the file manager; drag them into the order visitors see.
        </EmptyState>
      ) : (
        <>
          <div className="ed-row">
            {add}
            <span className="ed-muted">
              {list.length} {list.length === 1 ? 'picture' : 'pictures'}
              {canEdit && ' · drag a handle, or focus it and press Space, then the arrow keys, to reorder'}
            </span>
          </div>
          <SortableItems
            items={list}
            noun="picture"
            layout="grid"
            disabled={!canEdit}
            onReorder={(ids) => reorder.mutate(ids)}
          >
            <ul className="ed-gallery-grid" aria-label="Pictures">
              {list.map((item) => (
                <GalleryTile
                  key={item.id}
                  item={item}
                  pageId={page.id}
                  canEdit={canEdit}
                  onDelete={() => setDeleting(item)}
                />
              ))}
            </ul>
          </SortableItems>
        </>
      )}
      {error && (
        <p className="ed-field__error" role="alert">
          {errorMessage(error)}
        </p>
      )}
      <ConfirmRemove
        item={deleting}
        title="Remove this picture?"
        onCancel={() => setDeleting(null)}
        onRemove={(item) => remove.mutate(item.id)}
      >
        <p>“{deleting?.title}” leaves the gallery. The file stays in the file manager.</p>
      </ConfirmRemove>
    </>
  );
}

function GalleryTile({
  item,
  pageId,
  canEdit,
  onDelete,
}: {
  item: CollectionItemView;
  pageId: string;
  canEdit: boolean;
  onDelete: () => void;
}) {
  const { save, error } = useItemSave(item, pageId);
  const sortable = useSortableItem(item, canEdit, 'ed-gallery-tile__handle');
  const [caption, setCaption] = useState(item.title);
  const [alt, setAlt] = useState(String(item.data.alt ?? ''));
  const src = String(item.data.src ?? '');

  return (
    <li ref={sortable.ref} className={`ed-gallery-tile${sortable.draggingClass}`} style={sortable.style}>
      <div className="ed-gallery-tile__media">
        <img src={src} alt="" loading="lazy" />
        {sortable.handle}
      </div>
      <EditorField label="Caption">
        {(control) => (
          <input
            {...control}
            className="ed-input"
            value={caption}
            maxLength={200}
            readOnly={!canEdit}
            onChange={(e) => setCaption(e.target.value)}
            onBlur={() => caption.trim() && caption !== item.title && save({ title: caption })}
          />
        )}
      </EditorField>
      <AltTextField
        value={alt}
        onChange={setAlt}
        onBlur={() => alt !== item.data.alt && save({ data: { alt } })}
        isReadOnly={!canEdit}
      />
      {error && (
        <p className="ed-field__error" role="alert">
          {errorMessage(error)}
        </p>
      )}
      <RemoveItemButton item={item} canEdit={canEdit} onDelete={onDelete} />
    </li>
  );
}
