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
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CollectionItemView } from '@site/page-content';
import { ConfirmDialog, EditorIcon } from '@site/ui';
import { useState, type ReactNode } from 'react';
import {
  useCreateItem,
  useDeleteItem,
  useItems,
  useReorderItems,
  useUpdateItem,
} from '../api/collection-items';
import { useMe } from '../api/session';

export interface SortableItemsProps {
  items: readonly CollectionItemView[];
  /** What one item is called in the announcements ('picture', 'track'). */
  noun: string;
  layout: 'grid' | 'list';
  disabled: boolean;
  /** The item ids in their new order. */
  onReorder: (ids: string[]) => void;
  children: ReactNode;
}

/**
 * Collection items the owner puts in order by dragging a handle, or by focusing it and pressing
 * Space, the arrow keys and Space again; each step is announced to screen readers.
 */
export function SortableItems({ items, noun, layout, disabled, onReorder, children }: SortableItemsProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((i) => i.id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };
  const nameOf = (id: string | number) => items.find((i) => i.id === id)?.title ?? noun;
  const at = (id: string | number) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}. Use the arrow keys to move it, Space to drop, Escape to cancel.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is now at ${at(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `Dropped ${nameOf(active.id)} at ${at(over.id)}.` : `Dropped ${nameOf(active.id)}.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements }}
    >
      <SortableContext
        items={ids}
        strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}
        disabled={disabled}
      >
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** One item of a SortableItems: where it is drawn while moving, and its drag handle (none when read-only). */
export function useSortableItem(item: CollectionItemView, canEdit: boolean, handleClass = '') {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.id, disabled: !canEdit });
  return {
    ref: setNodeRef,
    style: { transform: CSS.Transform.toString(transform), transition },
    draggingClass: isDragging ? ' ed-sortable--dragging' : '',
    handle: canEdit && (
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={`ed-drag-handle${handleClass ? ` ${handleClass}` : ''}`}
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${item.title}`}
      >
        <EditorIcon name="drag" />
      </button>
    ),
  };
}

/** Asks before removing an item from its collection; `children` says what becomes of its file. */
export function ConfirmRemove({
  item,
  title,
  onCancel,
  onRemove,
  children,
}: {
  item: CollectionItemView | null;
  title: string;
  onCancel: () => void;
  onRemove: (item: CollectionItemView) => void;
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      isOpen={item !== null}
      title={title}
      onDismiss={onCancel}
      actions={[
        { label: 'Cancel', onPress: onCancel },
        {
          label: 'Remove',
          variant: 'danger',
          onPress: () => {
            if (item) onRemove(item);
            onCancel();
          },
        },
      ]}
    >
      {children}
    </ConfirmDialog>
  );
}

/**
 * What an editor of sortable items (a gallery's pictures, an album's tracks) works with: the list,
 * adding, reordering and removing, the item whose removal is being asked about, and the last
 * refusal of any of those.
 */
export function useSortableCollection(pageId: string) {
  const items = useItems(pageId);
  const create = useCreateItem();
  const reorder = useReorderItems(pageId);
  const remove = useDeleteItem(pageId);
  const canEdit = Boolean(useMe().data?.canEdit);
  const [deleting, setDeleting] = useState<CollectionItemView | null>(null);
  const error = create.error ?? reorder.error ?? remove.error;
  return { items, create, reorder, remove, canEdit, deleting, setDeleting, error };
}

/** One row's saving: each field saves when it loses focus, based on the version the row last saw. */
export function useItemSave(item: CollectionItemView, pageId: string) {
  const update = useUpdateItem(pageId);
  const save = (change: { title?: string; data?: Record<string, unknown> }) =>
    update.mutate({ id: item.id, version: item.version, ...change });
  return { save, error: update.error };
}

/** A row's Remove button, for those who may edit; `onDelete` asks first. */
export function RemoveItemButton({
  item,
  canEdit,
  onDelete,
}: {
  item: CollectionItemView;
  canEdit: boolean;
  onDelete: () => void;
}) {
  if (!canEdit) return null;
  return (
    <button
      type="button"
      className="ed-button ed-button--danger"
      onClick={onDelete}
      aria-label={`Remove ${item.title}`}
    >
      Remove
    </button>
  );
}
