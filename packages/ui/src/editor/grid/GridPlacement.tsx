import { fullRow, GRID_COLUMNS, tryPlace, type Placement } from '@site/page-content';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { gridMessages } from './grid-messages';

export interface GridPlacementProps {
  /** The block being placed. */
  blockId: string;
  /** Every block of its section, laid out: the others are what it cannot overlap. */
  blocks: readonly { id: string; place?: Placement }[];
  /**
   * A checked placement (inside the grid, on free cells). `gesture` names one pointer drag, so the
   * steps of a drag can be one undo step; each key press is its own step.
   */
  onChange: (place: Placement, gesture?: string) => void;
  isDisabled?: boolean;
}

type Handle = 'position' | 'start' | 'end';

/** The placement a handle gives when moved by `delta` columns. */
function moved(place: Placement, handle: Handle, delta: number): Placement {
  const end = place.column + place.span - 1;
  if (handle === 'position') return { ...place, column: place.column + delta };
  if (handle === 'start')
    return { ...place, column: place.column + delta, span: end - place.column - delta + 1 };
  return { ...place, span: place.span + delta };
}

const STEP_KEYS: Record<string, number> = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 };

/**
 * Where a block sits on its section's 12 desktop columns: drag the block to move it, drag an edge
 * to resize it, or focus a handle (each a slider) and use the arrow keys, Home and End. A step
 * onto another block or past the edge is refused and said in a live region.
 */
export function GridPlacement({ blockId, blocks, onChange, isDisabled }: GridPlacementProps) {
  const place = blocks.find((b) => b.id === blockId)?.place ?? fullRow(1);
  const end = place.column + place.span - 1;
  const [notice, setNotice] = useState('');
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<{ handle: Handle; x: number; from: Placement; gesture: string; last: number }>(
    undefined,
  );
  const neighbours = blocks.filter(
    (b) =>
      b.id !== blockId &&
      b.place &&
      b.place.row <= place.row + place.rows - 1 &&
      place.row <= b.place.row + b.place.rows - 1,
  );

  const attempt = (next: Placement, gesture?: string): boolean => {
    const result = tryPlace({ blocks: [...blocks] }, blockId, next);
    if (!result.ok) {
      setNotice(result.message);
      return false;
    }
    setNotice('');
    onChange(result.place, gesture);
    return true;
  };

  const onKeyDown = (handle: Handle) => (event: KeyboardEvent) => {
    if (isDisabled) return;
    // Home and End take the handle to the furthest column it can reach.
    const reach: Record<Handle, [number, number]> = {
      position: [1 - place.column, GRID_COLUMNS - end],
      start: [1 - place.column, end - place.column],
      end: [place.column - end, GRID_COLUMNS - end],
    };
    const delta =
      event.key === 'Home' ? reach[handle][0] : event.key === 'End' ? reach[handle][1] : STEP_KEYS[event.key];
    if (delta === undefined) return;
    event.preventDefault();
    if (delta !== 0) attempt(moved(place, handle, delta));
  };

  const onPointerDown = (handle: Handle) => (event: PointerEvent<HTMLElement>) => {
    if (isDisabled || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
    drag.current = { handle, x: event.clientX, from: place, gesture: `drag-${Date.now()}`, last: 0 };
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    const width = track.current?.getBoundingClientRect().width;
    if (!current || !width) return;
    const delta = Math.round(((event.clientX - current.x) / width) * GRID_COLUMNS);
    if (delta === current.last) return;
    current.last = delta;
    attempt(moved(current.from, current.handle, delta), current.gesture);
  };
  const onPointerUp = () => {
    drag.current = undefined;
  };

  const slider = (handle: Handle, label: string, now: number, min: number, max: number, text: string) => ({
    role: 'slider',
    tabIndex: isDisabled ? -1 : 0,
    'aria-label': label,
    'aria-valuenow': now,
    'aria-valuemin': min,
    'aria-valuemax': max,
    'aria-valuetext': text,
    'aria-disabled': isDisabled || undefined,
    'data-handle': handle,
    onKeyDown: onKeyDown(handle),
    onPointerDown: onPointerDown(handle),
    onPointerMove,
    onPointerUp,
    onPointerCancel: onPointerUp,
  });
  const rowStep = (change: Partial<Placement>) => () => attempt({ ...place, ...change });

  return (
    <fieldset className="ed-grid-place" disabled={isDisabled}>
      <legend className="ed-grid-place__legend">{gridMessages.desktopLayout}</legend>
      <p className="ed-muted ed-grid-place__hint">{gridMessages.gridHint}</p>
      <div className="ed-grid-place__track" ref={track}>
        {Array.from({ length: GRID_COLUMNS }, (_, i) => (
          <span key={i} className="ed-grid-place__cell" aria-hidden="true" style={{ gridColumn: i + 1 }} />
        ))}
        {neighbours.map((b) => (
          <span
            key={b.id}
            className="ed-grid-place__other"
            aria-hidden="true"
            title={gridMessages.otherBlock}
            style={{ gridColumn: `${b.place!.column} / span ${b.place!.span}` }}
          />
        ))}
        <div className="ed-grid-place__bar" style={{ gridColumn: `${place.column} / span ${place.span}` }}>
          <span
            className="ed-grid-place__edge ed-grid-place__edge--start"
            {...slider(
              'start',
              gridMessages.leftEdge,
              place.column,
              1,
              end,
              gridMessages.startsAt(place.column),
            )}
          />
          <span
            className="ed-grid-place__grip"
            {...slider(
              'position',
              gridMessages.position,
              place.column,
              1,
              GRID_COLUMNS - place.span + 1,
              gridMessages.columns(place.column, end),
            )}
          >
            {gridMessages.columns(place.column, end)}
          </span>
          <span
            className="ed-grid-place__edge ed-grid-place__edge--end"
            {...slider(
              'end',
              gridMessages.rightEdge,
              end,
              place.column,
              GRID_COLUMNS,
              gridMessages.endsAt(end),
            )}
          />
        </div>
      </div>
      <div className="ed-grid-place__rows" role="group" aria-label={gridMessages.row}>
        <span className="ed-grid-place__row-text">{gridMessages.rowsTall(place.row, place.rows)}</span>
        <button
          type="button"
          className="ed-button"
          onClick={rowStep({ row: place.row - 1 })}
          disabled={isDisabled || place.row === 1}
        >
          {gridMessages.rowUp}
        </button>
        <button
          type="button"
          className="ed-button"
          onClick={rowStep({ row: place.row + 1 })}
          disabled={isDisabled}
        >
          {gridMessages.rowDown}
        </button>
        <button
          type="button"
          className="ed-button"
          onClick={rowStep({ rows: place.rows + 1 })}
          disabled={isDisabled}
        >
          {gridMessages.taller}
        </button>
        <button
          type="button"
          className="ed-button"
          onClick={rowStep({ rows: place.rows - 1 })}
          disabled={isDisabled || place.rows === 1}
        >
          {gridMessages.shorter}
        </button>
      </div>
      <p className="ed-grid-place__notice" role="status" aria-live="polite">
        {notice}
      </p>
    </fieldset>
  );
}
