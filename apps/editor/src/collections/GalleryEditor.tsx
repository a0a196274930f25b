import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { MAX_COLLECTION_ITEMS, type CollectionItemView, type PageSummary } from '@site/page-content';
import { ConfirmDialog, EditorField, EditorIcon, EmptyState } from '@site/ui';
import { useState } from 'react';
import { useCreateItem, useDeleteItem, useItems, useReorderItems, useUpdateItem } from '../api/collection-queries';
import { errorMessage, useMe } from '../api/queries';
import { ChooseImage } from '../page-editor/ChooseImage';

/** A gallery page's pictures: add from the file manager, drag (or Space and arrows) to reorder, caption and alt text each. */
export function GalleryEditor({ page }: { page: PageSummary }) {
  const items = useItems(page.id);
  const create = useCreateItem();
  const reorder = useReorderItems(page.id);
  const remove = useDeleteItem(page.id);
  const canEdit = Boolean(useMe().data?.canEdit);
  const [deleting, setDeleting] = useState<CollectionItemView | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  if (items.isPending) return <p className="ed-muted">Loading pictures…</p>;
  if (items.error) return <p className="ed-field__error" role="alert">{errorMessage(items.error)}</p>;
  const list = items.data;
  const ids = list.map((i) => i.id);
  const full = list.length >= MAX_COLLECTION_ITEMS;
  const add = canEdit && !full && (
    <ChooseImage
      label="Add picture"
      onChoose={(file) =>
        create.mutate({ collectionId: page.id, title: file.name, body: '', status: 'published', data: { src: file.assetUrl, alt: '' } })
      }
    />
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    reorder.mutate(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };
  const error = create.error ?? reorder.error ?? remove.error;
  const nameOf = (id: string | number) => list.find((i) => i.id === id)?.title ?? 'picture';
  const at = (id: string | number) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}. Use the arrow keys to move it, Space to drop, Escape to cancel.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is now at ${at(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `Dropped ${nameOf(active.id)} at ${at(over.id)}.` : `Dropped ${nameOf(active.id)}.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

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
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
            <SortableContext items={ids} strategy={rectSortingStrategy} disabled={!canEdit}>
              <ul className="ed-gallery-grid" aria-label="Pictures">
                {list.map((item) => (
                  <GalleryTile key={item.id} item={item} pageId={page.id} canEdit={canEdit} onDelete={() => setDeleting(item)} />
                ))}
              </ul>
            </SortableContext>
          </DndContext>
        </>
      )}
      {error && (
        <p className="ed-field__error" role="alert">
          {errorMessage(error)}
        </p>
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Remove this picture?"
        onDismiss={() => setDeleting(null)}
        actions={[
          { label: 'Cancel', onPress: () => setDeleting(null) },
          {
            label: 'Remove',
            variant: 'danger',
            onPress: () => {
              if (deleting) remove.mutate(deleting.id);
              setDeleting(null);
            },
          },
        ]}
      >
        <p>“{deleting?.title}” leaves the gallery. The file stays in the file manager.</p>
      </ConfirmDialog>
    </>
  );
}

function GalleryTile({ item, pageId, canEdit, onDelete }: { item: CollectionItemView; pageId: string; canEdit: boolean; onDelete: () => void }) {
  const update = useUpdateItem(pageId);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id, disabled: !canEdit });
  const [caption, setCaption] = useState(item.title);
  const [alt, setAlt] = useState(String(item.data.alt ?? ''));
  const src = String(item.data.src ?? '');
  // Each field saves when it loses focus, based on the version this tile last saw.
  const save = (change: { title?: string; data?: Record<string, unknown> }) => update.mutate({ id: item.id, version: item.version, ...change });

  return (
    <li
      ref={setNodeRef}
      className={`ed-gallery-tile${isDragging ? ' ed-sortable--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <div className="ed-gallery-tile__media">
        <img src={src} alt="" loading="lazy" />
        {canEdit && (
          <button type="button" ref={setActivatorNodeRef} className="ed-drag-handle ed-gallery-tile__handle" {...attributes} {...listeners} aria-label={`Reorder ${item.title}`}>
            <EditorIcon name="drag" />
          </button>
        )}
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
      <EditorField label="Alt text">
        {(control) => (
          <input
            {...control}
            className="ed-input"
            value={alt}
            maxLength={250}
            readOnly={!canEdit}
            onChange={(e) => setAlt(e.target.value)}
            onBlur={() => alt !== item.data.alt && save({ data: { alt } })}
          />
        )}
      </EditorField>
      {update.error && (
        <p className="ed-field__error" role="alert">
          {errorMessage(update.error)}
        </p>
      )}
      {canEdit && (
        <button type="button" className="ed-button ed-button--danger" onClick={onDelete} aria-label={`Remove ${item.title}`}>
          Remove
        </button>
      )}
    </li>
  );
}
