import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { blockDefinition, type Block, type Section } from '@site/page-content';
import { richTextToPlain, SECTION_BACKGROUNDS } from '@site/page-content';
import { EditorIcon } from '@site/ui';

/** A short text that tells blocks of the same type apart in the list. */
export function blockSummary(block: Block): string {
  const s = block.settings;
  const definition = blockDefinition(block.type);
  if (definition?.summary) {
    // A block's own summary reads its parsed settings; a half-typed one falls back to the fields below.
    const parsed = definition.settings.safeParse(s);
    if (parsed.success) return definition.summary(parsed.data).replace(/\s+/g, ' ').slice(0, 60);
  }
  // A Text block edited as rich text keeps its words in `html` only.
  const rich = typeof s.html === 'string' ? richTextToPlain(s.html) : '';
  const text = [s.text, rich, s.label, s.title, s.caption, s.alt, s.address, s.code].find(
    (v) => typeof v === 'string' && v.trim(),
  );
  return typeof text === 'string' ? text.replace(/\s+/g, ' ').slice(0, 60) : '';
}

export function blockName(block: Block): string {
  const summary = blockSummary(block);
  const label = blockDefinition(block.type)?.label ?? block.type;
  return summary ? `${label}: ${summary}` : label;
}

export interface BlockListProps {
  sections: Section[];
  selectedBlockId?: string;
  /** Blocks selected together with it (Shift+click), for acting on several at once. */
  alsoSelected?: readonly string[];
  isReadOnly: boolean;
  /** `extend`: Shift was held, so the block joins (or leaves) the selection instead of replacing it. */
  onSelect: (blockId: string, extend: boolean) => void;
  onMoveTo: (blockId: string, toIndex: number) => void;
  onMoveBy: (blockId: string, delta: -1 | 1) => void;
  onDuplicate: (blockId: string) => void;
  onRemove: (blockId: string) => void;
  onSectionChange: (sectionId: string, change: { background?: Section['background'] }) => void;
  onSectionMove: (sectionId: string, delta: -1 | 1) => void;
  onSectionRemove: (sectionId: string) => void;
}

/**
 * The page's blocks in order, by section. Reordering works by dragging the handle with a pointer
 * or with the keyboard (focus the handle, Space to lift, arrows to move, Space to drop), and by
 * the move buttons; dnd-kit announces each step to screen readers.
 */
export function BlockList(props: BlockListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => {
    const block = props.sections.flatMap((s) => s.blocks).find((b) => b.id === id);
    return block ? blockName(block) : 'block';
  };
  const positionOf = (id: string | number) => {
    const section = props.sections.find((s) => s.blocks.some((b) => b.id === id));
    return section ? section.blocks.findIndex((b) => b.id === id) + 1 : 0;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}. Use the arrow keys to move it, Space to drop, Escape to cancel.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is now at position ${positionOf(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `Dropped ${nameOf(active.id)} at position ${positionOf(over.id)}.`
        : `Dropped ${nameOf(active.id)}.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const section = props.sections.find((s) => s.blocks.some((b) => b.id === over.id));
    if (!section?.blocks.some((b) => b.id === active.id)) return;
    props.onMoveTo(
      String(active.id),
      section.blocks.findIndex((b) => b.id === over.id),
    );
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements }}
    >
      <div className="ed-block-list">
        {props.sections.map((section, sectionIndex) => (
          <section
            key={section.id}
            className="ed-block-list__section"
            aria-label={`Section ${sectionIndex + 1}`}
          >
            <div className="ed-block-list__section-head">
              <span className="ed-block-list__section-title">Section {sectionIndex + 1}</span>
              {!props.isReadOnly && (
                <span className="ed-block-list__section-tools">
                  <label className="visually-hidden" htmlFor={`bg-${section.id}`}>
                    Background of section {sectionIndex + 1}
                  </label>
                  <select
                    id={`bg-${section.id}`}
                    className="ed-mini-select"
                    value={section.background}
                    onChange={(e) =>
                      props.onSectionChange(section.id, {
                        background: e.target.value as Section['background'],
                      })
                    }
                  >
                    {SECTION_BACKGROUNDS.map((bg) => (
                      <option key={bg} value={bg}>
                        {bg === 'default' ? 'Plain' : bg[0]!.toUpperCase() + bg.slice(1)}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="ed-icon-button"
                    disabled={sectionIndex === 0}
                    onClick={() => props.onSectionMove(section.id, -1)}
                    aria-label={`Move section ${sectionIndex + 1} up`}
                  >
                    <EditorIcon name="up" />
                  </button>
                  <button
                    type="button"
                    className="ed-icon-button"
                    disabled={sectionIndex === props.sections.length - 1}
                    onClick={() => props.onSectionMove(section.id, 1)}
                    aria-label={`Move section ${sectionIndex + 1} down`}
                  >
                    <EditorIcon name="down" />
                  </button>
                  <button
                    type="button"
                    className="ed-icon-button"
                    onClick={() => props.onSectionRemove(section.id)}
                    aria-label={`Remove section ${sectionIndex + 1}`}
                  >
                    <EditorIcon name="remove" />
                  </button>
                </span>
              )}
            </div>
            <SortableContext items={section.blocks.map((b) => b.id)} strategy={verticalListSortingStrategy}>
              <ol className="ed-block-list__items">
                {section.blocks.map((block, index) => (
                  <BlockRow
                    key={block.id}
                    block={block}
                    isFirst={sectionIndex === 0 && index === 0}
                    isLast={sectionIndex === props.sections.length - 1 && index === section.blocks.length - 1}
                    {...props}
                  />
                ))}
                {section.blocks.length === 0 && (
                  <li className="ed-muted ed-block-list__empty">No blocks in this section yet.</li>
                )}
              </ol>
            </SortableContext>
          </section>
        ))}
      </div>
    </DndContext>
  );
}

function BlockRow({
  block,
  isFirst,
  isLast,
  selectedBlockId,
  alsoSelected,
  isReadOnly,
  onSelect,
  onMoveBy,
  onDuplicate,
  onRemove,
}: BlockListProps & { block: Block; isFirst: boolean; isLast: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: block.id,
      disabled: isReadOnly,
    });
  const name = blockName(block);
  const selected = block.id === selectedBlockId || (alsoSelected?.includes(block.id) ?? false);
  return (
    <li
      ref={setNodeRef}
      className={`ed-block-row${selected ? ' ed-block-row--selected' : ''}${isDragging ? ' ed-block-row--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-block-row={block.id}
    >
      {!isReadOnly && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="ed-drag-handle"
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${name}`}
        >
          <EditorIcon name="drag" />
        </button>
      )}
      <button
        type="button"
        className="ed-block-row__main"
        aria-pressed={selected}
        onClick={(event) => onSelect(block.id, event.shiftKey)}
      >
        <span className="ed-block-row__type">{blockDefinition(block.type)?.label ?? block.type}</span>
        <span className="ed-block-row__summary">{blockSummary(block)}</span>
      </button>
      {!isReadOnly && (
        <span className="ed-block-row__tools">
          <button
            type="button"
            className="ed-icon-button"
            disabled={isFirst}
            onClick={() => onMoveBy(block.id, -1)}
            aria-label={`Move ${name} up`}
          >
            <EditorIcon name="up" />
          </button>
          <button
            type="button"
            className="ed-icon-button"
            disabled={isLast}
            onClick={() => onMoveBy(block.id, 1)}
            aria-label={`Move ${name} down`}
          >
            <EditorIcon name="down" />
          </button>
          <button
            type="button"
            className="ed-icon-button"
            onClick={() => onDuplicate(block.id)}
            aria-label={`Duplicate ${name}`}
          >
            <EditorIcon name="duplicate" />
          </button>
          <button
            type="button"
            className="ed-icon-button ed-icon-button--danger"
            onClick={() => onRemove(block.id)}
            aria-label={`Remove ${name}`}
          >
            <EditorIcon name="remove" />
          </button>
        </span>
      )}
    </li>
  );
}
