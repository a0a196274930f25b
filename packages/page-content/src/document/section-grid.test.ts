import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { pageDocumentSchema } from './page-document';
import {
  firstOverlap,
  fullRow,
  layoutSection,
  movePhoneOrder,
  tryPlace,
  withPlacement,
  type Placement,
} from './section-grid';

const at = (column: number, span: number, row: number, rows = 1): Placement => ({ column, span, row, rows });
const spacer = (id: string, place?: Placement) => ({
  id,
  type: 'spacer',
  settings: {},
  ...(place && { place }),
});

function issues(section: unknown): string[] {
  const result = pageDocumentSchema.safeParse({ sections: [section] });
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('section grid: migrating pages made before the grid', () => {
  it('gives each block its own full-width row in list order, and the phone order is the list order', () => {
    const laid = layoutSection({ blocks: [spacer('a'), spacer('b'), spacer('c')] });
    expect(laid.blocks.map((b) => [b.id, b.place])).toEqual([
      ['a', fullRow(1)],
      ['b', fullRow(2)],
      ['c', fullRow(3)],
    ]);
    expect(laid.phoneOrder).toEqual(['a', 'b', 'c']);
  });

  it('migrates when a stored page is parsed, so what the visitor sees does not change', () => {
    const parsed = pageDocumentSchema.parse({ sections: [{ id: 's', blocks: [spacer('a'), spacer('b')] }] });
    expect(parsed.sections[0]!.blocks.map((b) => b.place)).toEqual([fullRow(1), fullRow(2)]);
    expect(parsed.sections[0]!.phoneOrder).toEqual(['a', 'b']);
  });

  it('puts a new unplaced block on a row of its own right after the block before it, moving rows below down', () => {
    const laid = layoutSection({
      blocks: [spacer('a', at(1, 6, 1)), spacer('b', at(7, 6, 1)), spacer('new'), spacer('c', at(1, 12, 2))],
    });
    expect(Object.fromEntries(laid.blocks.map((b) => [b.id, b.place]))).toEqual({
      a: at(1, 6, 1),
      b: at(7, 6, 1),
      new: fullRow(2),
      c: at(1, 12, 3),
    });
  });

  it('puts the new row below a block that reaches across it', () => {
    const laid = layoutSection({
      blocks: [spacer('tall', at(1, 6, 1, 2)), spacer('b', at(7, 6, 1)), spacer('new')],
    });
    expect(laid.blocks.find((b) => b.id === 'new')!.place).toEqual(fullRow(3));
  });

  it('drops empty rows and keeps blocks in reading order', () => {
    const laid = layoutSection({
      blocks: [spacer('low', at(1, 12, 7)), spacer('right', at(7, 6, 3)), spacer('left', at(1, 6, 3))],
    });
    expect(laid.blocks.map((b) => [b.id, b.place!.row])).toEqual([
      ['left', 1],
      ['right', 1],
      ['low', 2],
    ]);
  });

  it('keeps the owner phone order, drops ids that are not in the section and adds missing ones', () => {
    const laid = layoutSection({
      blocks: [spacer('a'), spacer('b'), spacer('c')],
      phoneOrder: ['c', 'x', 'a', 'c'],
    });
    expect(laid.phoneOrder).toEqual(['c', 'a', 'b']);
  });

  it('returns a laid-out section unchanged (same object)', () => {
    const once = layoutSection({ blocks: [spacer('a', at(3, 4, 1)), spacer('b')] });
    expect(layoutSection(once)).toBe(once);
  });
});

describe('section grid: validation', () => {
  it.each([
    [at(0, 12, 1), messages.gridColumn],
    [at(13, 1, 1), messages.gridColumn],
    [at(1, 0, 1), messages.gridSpan],
    [at(1, 13, 1), messages.gridSpan],
    [at(7, 7, 1), messages.gridPastLastColumn],
    [at(1, 12, 0), messages.gridRow(60)],
    [at(1, 12, 1, 0), messages.gridRows(60)],
    [at(1.5, 2, 1), messages.gridWholeNumber],
  ])('refuses the placement %j with a clear message', (place, message) => {
    expect(issues({ id: 's', blocks: [spacer('a', place)] })).toContain(message);
  });

  it('accepts side-by-side blocks and refuses two blocks sharing a cell, naming them', () => {
    expect(issues({ id: 's', blocks: [spacer('a', at(1, 6, 1)), spacer('b', at(7, 6, 1))] })).toEqual([]);
    expect(issues({ id: 's', blocks: [spacer('a', at(1, 7, 1)), spacer('b', at(7, 6, 1))] })).toEqual([
      messages.gridOverlap('a', 'b'),
    ]);
    expect(issues({ id: 's', blocks: [spacer('a', at(1, 6, 1, 2)), spacer('b', at(3, 2, 2))] })).toEqual([
      messages.gridOverlap('a', 'b'),
    ]);
  });
});

describe('section grid: moving and resizing', () => {
  const section = layoutSection({
    blocks: [spacer('a', at(1, 6, 1)), spacer('b', at(7, 6, 1)), spacer('c')],
  });

  it('refuses a change past the edge or onto another block, and allows a free cell', () => {
    expect(tryPlace(section, 'a', at(1, 7, 1))).toMatchObject({
      ok: false,
      reason: 'occupied',
      message: messages.gridOccupied,
    });
    expect(tryPlace(section, 'b', at(8, 6, 1))).toMatchObject({
      ok: false,
      reason: 'edge',
      message: messages.gridNoFurther,
    });
    expect(tryPlace(section, 'a', at(1, 5, 1))).toEqual({ ok: true, place: at(1, 5, 1) });
  });

  it('applies a placement and lays the section out again', () => {
    const moved = withPlacement(section, 'c', at(4, 3, 3));
    expect(moved.blocks.find((b) => b.id === 'c')!.place).toEqual(at(4, 3, 2));
  });

  it('moves a block in the phone order without touching the desktop grid', () => {
    const moved = movePhoneOrder(section, 'c', 0);
    expect(moved.phoneOrder).toEqual(['c', 'a', 'b']);
    expect(moved.blocks).toEqual(section.blocks);
  });
});

describe('section grid: properties', () => {
  const placement = fc
    .record({
      column: fc.integer({ min: 1, max: 12 }),
      row: fc.integer({ min: 1, max: 8 }),
      rows: fc.integer({ min: 1, max: 3 }),
    })
    .chain((p) => fc.integer({ min: 1, max: 13 - p.column }).map((span) => ({ ...p, span })));
  const blocks = fc.array(fc.option(placement, { nil: undefined }), { maxLength: 12 }).map((places) => {
    // Keep only placements that do not overlap earlier ones, as a valid stored section would.
    const kept: { id: string; place?: Placement }[] = [];
    places.forEach((place, i) => {
      const clash = place && kept.some((b) => b.place && firstOverlap([b, { id: 'x', place }]));
      kept.push({ id: `b${i}`, ...(place && !clash && { place }) });
    });
    return kept;
  });

  it('places every block, never overlaps, has no empty row, and is idempotent', () => {
    fc.assert(
      fc.property(blocks, (list) => {
        const laid = layoutSection({ blocks: list });
        expect(laid.blocks).toHaveLength(list.length);
        expect(firstOverlap(laid.blocks)).toBeUndefined();
        const used = new Set(
          laid.blocks.flatMap((b) => Array.from({ length: b.place!.rows }, (_, k) => b.place!.row + k)),
        );
        const last = Math.max(0, ...used);
        expect(used.size).toBe(last);
        expect([...laid.phoneOrder!].sort()).toEqual(list.map((b) => b.id).sort());
        expect(layoutSection(laid)).toBe(laid);
      }),
    );
  });
});
