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
import type { ReactNode } from 'react';

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
