import { z } from 'zod';
import { LIMITS } from '../limits';
import { messages } from '../messages';

/**
 * Sections on a grid. On desktop a section is 12 columns; each block has a placement (first
 * column, columns spanned, first row, rows spanned). On a phone the section is one column and
 * its blocks stack in the section's phone order, which the owner arranges separately.
 *
 * Rules (the schema enforces them, the editor's operations keep them):
 * - a placement lies inside the 12 columns;
 * - two blocks never share a cell: an overlap is refused, never resolved by drawing one over the other;
 * - empty rows are dropped, so a section has no gaps the owner cannot see or select;
 * - blocks are kept in reading order (row, then column), which is also the order of the HTML.
 */
export const GRID_COLUMNS = 12;

export interface Placement {
  /** First column, 1 to 12. */
  column: number;
  /** Columns spanned, 1 to 12, ending at column 12 at the latest. */
  span: number;
  /** First row, from 1. */
  row: number;
  /** Rows spanned, from 1. */
  rows: number;
}

export const placementSchema = z
  .object({
    column: z
      .int(messages.gridWholeNumber)
      .min(1, messages.gridColumn)
      .max(GRID_COLUMNS, messages.gridColumn),
    span: z.int(messages.gridWholeNumber).min(1, messages.gridSpan).max(GRID_COLUMNS, messages.gridSpan),
    row: z
      .int(messages.gridWholeNumber)
      .min(1, messages.gridRow(LIMITS.maxBlocksPerLayout))
      .max(LIMITS.maxBlocksPerLayout, messages.gridRow(LIMITS.maxBlocksPerLayout)),
    rows: z
      .int(messages.gridWholeNumber)
      .min(1, messages.gridRows(LIMITS.maxBlocksPerLayout))
      .max(LIMITS.maxBlocksPerLayout, messages.gridRows(LIMITS.maxBlocksPerLayout)),
  })
  .refine((p) => p.column + p.span - 1 <= GRID_COLUMNS, {
    message: messages.gridPastLastColumn,
    path: ['span'],
  });

interface GridBlock {
  id: string;
  place?: Placement;
}
interface GridSection<B extends GridBlock> {
  blocks: B[];
  phoneOrder?: string[];
}

/** A full-width row: what every block was before sections had a grid. */
export function fullRow(row: number): Placement {
  return { column: 1, span: GRID_COLUMNS, row, rows: 1 };
}

const lastRow = (p: Placement) => p.row + p.rows - 1;
const samePlace = (a: Placement, b: Placement) =>
  a.column === b.column && a.span === b.span && a.row === b.row && a.rows === b.rows;

export function overlaps(a: Placement, b: Placement): boolean {
  return (
    a.column <= b.column + b.span - 1 &&
    b.column <= a.column + a.span - 1 &&
    a.row <= lastRow(b) &&
    b.row <= lastRow(a)
  );
}

/** The first pair of blocks that share a cell, if any. */
export function firstOverlap<B extends GridBlock>(blocks: readonly B[]): [B, B] | undefined {
  for (let i = 0; i < blocks.length; i++) {
    for (let j = i + 1; j < blocks.length; j++) {
      const a = blocks[i]!.place;
      const b = blocks[j]!.place;
      if (a && b && overlaps(a, b)) return [blocks[i]!, blocks[j]!];
    }
  }
  return undefined;
}

/**
 * The section with every block placed, empty rows dropped, blocks in reading order and a complete
 * phone order. This is also the migration of pages made before the grid: a block without a
 * placement gets its own full-width row right after the block before it in the list (rows below
 * move down), so a page of unplaced blocks keeps exactly its stacked look, and the phone order
 * starts as the list order. Idempotent: a laid-out section comes back equal.
 */
export function layoutSection<S extends GridSection<B>, B extends GridBlock>(
  section: S,
): S & { phoneOrder: string[] } {
  const places = new Map<string, Placement>();
  for (const block of section.blocks) if (block.place) places.set(block.id, block.place);
  let previous: Placement | undefined;
  for (const block of section.blocks) {
    if (!block.place) {
      let row = previous ? lastRow(previous) + 1 : 1;
      // The new row goes below every block that reaches across it, so it starts empty.
      for (let moved = true; moved;) {
        moved = false;
        for (const p of places.values()) {
          if (p.row < row && lastRow(p) >= row) {
            row = lastRow(p) + 1;
            moved = true;
          }
        }
      }
      for (const [id, p] of places) if (p.row >= row) places.set(id, { ...p, row: p.row + 1 });
      places.set(block.id, fullRow(row));
    }
    previous = places.get(block.id);
  }
  const placed = section.blocks.map((b) => {
    const place = places.get(b.id)!;
    return b.place && samePlace(b.place, place) ? b : { ...b, place };
  });
  const blocks = dropEmptyRows(placed).sort(
    (a, b) => a.place!.row - b.place!.row || a.place!.column - b.place!.column,
  );
  const ids = new Set(blocks.map((b) => b.id));
  const phoneOrder = [...new Set((section.phoneOrder ?? []).filter((id) => ids.has(id)))];
  for (const block of blocks) if (!phoneOrder.includes(block.id)) phoneOrder.push(block.id);
  const same =
    blocks.length === section.blocks.length &&
    blocks.every((b, i) => b === section.blocks[i]) &&
    section.phoneOrder?.length === phoneOrder.length &&
    phoneOrder.every((id, i) => id === section.phoneOrder![i]);
  return same ? (section as S & { phoneOrder: string[] }) : { ...section, blocks, phoneOrder };
}

function dropEmptyRows<B extends GridBlock>(blocks: B[]): B[] {
  const used = new Set<number>();
  for (const b of blocks) for (let r = b.place!.row; r <= lastRow(b.place!); r++) used.add(r);
  const rows = [...used].sort((a, b) => a - b);
  const newRow = new Map(rows.map((r, i) => [r, i + 1]));
  return blocks.map((b) => {
    const row = newRow.get(b.place!.row)!;
    const rowsSpanned = newRow.get(lastRow(b.place!))! - row + 1;
    return row === b.place!.row && rowsSpanned === b.place!.rows
      ? b
      : { ...b, place: { ...b.place!, row, rows: rowsSpanned } };
  });
}

/** Every section laid out; returns the same document when nothing changed. */
export function layoutDocument<D extends { sections: GridSection<GridBlock>[] }>(document: D): D {
  const sections = document.sections.map((s) => layoutSection(s));
  return sections.every((s, i) => s === document.sections[i]) ? document : { ...document, sections };
}

export type GridChange =
  { ok: true; place: Placement } | { ok: false; reason: 'edge' | 'occupied'; message: string };

/**
 * Where a block would be after a move or resize, checked against the section's rules: outside
 * the grid is refused ('edge'), onto another block too ('occupied'). The editor applies only an
 * ok change, so every step it records is a valid section.
 */
export function tryPlace<B extends GridBlock>(
  section: GridSection<B>,
  blockId: string,
  place: Placement,
): GridChange {
  if (
    place.column < 1 ||
    place.span < 1 ||
    place.row < 1 ||
    place.rows < 1 ||
    place.column + place.span - 1 > GRID_COLUMNS ||
    lastRow(place) > LIMITS.maxBlocksPerLayout
  )
    return { ok: false, reason: 'edge', message: messages.gridNoFurther };
  const other = section.blocks.find((b) => b.id !== blockId && b.place && overlaps(b.place, place));
  if (other) return { ok: false, reason: 'occupied', message: messages.gridOccupied };
  return { ok: true, place };
}

/** The same section with one block at a new placement (already checked with tryPlace). */
export function withPlacement<S extends GridSection<B>, B extends GridBlock>(
  section: S,
  blockId: string,
  place: Placement,
): S {
  return layoutSection({
    ...section,
    blocks: section.blocks.map((b) => (b.id === blockId ? { ...b, place } : b)),
  });
}

/** Moves a block within the phone order, by one step or to an index. */
export function movePhoneOrder<S extends GridSection<B>, B extends GridBlock>(
  section: S,
  blockId: string,
  toIndex: number,
): S {
  const laid = layoutSection(section);
  const order = [...laid.phoneOrder];
  const from = order.indexOf(blockId);
  if (from < 0) return section;
  order.splice(from, 1);
  order.splice(Math.max(0, Math.min(toIndex, order.length)), 0, blockId);
  return layoutSection({ ...laid, phoneOrder: order });
}
