import {
  createBlock,
  layoutSection,
  LIMITS,
  movePhoneOrder,
  withPlacement,
  type Placement,
  countBlocks,
  newContentId,
  type Block,
  type PageDocument,
  type Section,
  WEBSITE_COMPONENT_TYPE,
} from '@site/page-content';

/** Pure edits of a page document; each returns a new document and leaves the old one intact. */

export interface BlockLocation {
  sectionIndex: number;
  blockIndex: number;
}

export function findBlock(
  doc: PageDocument,
  blockId: string,
): (BlockLocation & { block: Block }) | undefined {
  for (const [sectionIndex, section] of doc.sections.entries()) {
    const blockIndex = section.blocks.findIndex((b) => b.id === blockId);
    if (blockIndex >= 0) return { sectionIndex, blockIndex, block: section.blocks[blockIndex]! };
  }
  return undefined;
}

// Every change lays its section out again (section-grid.ts), so the document in the history is
// always a valid grid: a block added or moved in the list without a placement gets a full-width row there.
function withSection(doc: PageDocument, index: number, change: (s: Section) => Section): PageDocument {
  return { ...doc, sections: doc.sections.map((s, i) => (i === index ? layoutSection(change(s)) : s)) };
}

/** The block without its grid placement, so laying out puts it on its own row where it now is in the list. */
function unplaced(block: Block): Block {
  const { place: _place, ...rest } = block;
  return rest;
}

export function canAddBlock(doc: PageDocument): boolean {
  return countBlocks(doc) < LIMITS.maxBlocksPerLayout;
}

/** Adds a block after the given one (or at the end of the last section); a page without sections gets one. */
export function addBlock(
  doc: PageDocument,
  type: string,
  afterBlockId?: string,
): { doc: PageDocument; blockId: string } {
  const block = createBlock(type);
  const at = afterBlockId ? findBlock(doc, afterBlockId) : undefined;
  if (at) {
    return {
      blockId: block.id,
      doc: withSection(doc, at.sectionIndex, (s) => ({
        ...s,
        blocks: s.blocks.toSpliced(at.blockIndex + 1, 0, block),
      })),
    };
  }
  if (doc.sections.length === 0) {
    return {
      blockId: block.id,
      doc: {
        ...doc,
        sections: [
          layoutSection<Section, Block>({
            id: newContentId('s'),
            background: 'default',
            width: 'wide',
            blocks: [block],
          }),
        ],
      },
    };
  }
  const last = doc.sections.length - 1;
  return { blockId: block.id, doc: withSection(doc, last, (s) => ({ ...s, blocks: [...s.blocks, block] })) };
}

export function updateBlockSettings(
  doc: PageDocument,
  blockId: string,
  settings: Record<string, unknown>,
): PageDocument {
  const at = findBlock(doc, blockId);
  if (!at) return doc;
  return withSection(doc, at.sectionIndex, (s) => ({
    ...s,
    blocks: s.blocks.map((b) => (b.id === blockId ? { ...b, settings } : b)),
  }));
}

export function removeBlock(doc: PageDocument, blockId: string): PageDocument {
  const at = findBlock(doc, blockId);
  if (!at) return doc;
  return withSection(doc, at.sectionIndex, (s) => ({
    ...s,
    blocks: s.blocks.filter((b) => b.id !== blockId),
  }));
}

export function duplicateBlock(
  doc: PageDocument,
  blockId: string,
): { doc: PageDocument; blockId: string } | undefined {
  const at = findBlock(doc, blockId);
  if (!at || !canAddBlock(doc)) return undefined;
  const copy = { ...unplaced(at.block), id: newContentId('b'), settings: structuredClone(at.block.settings) };
  return {
    blockId: copy.id,
    doc: withSection(doc, at.sectionIndex, (s) => ({
      ...s,
      blocks: s.blocks.toSpliced(at.blockIndex + 1, 0, copy),
    })),
  };
}

/** Several selected blocks removed in one change (one undo step). */
export function removeBlocks(doc: PageDocument, blockIds: readonly string[]): PageDocument {
  return blockIds.reduce(removeBlock, doc);
}

/**
 * Each selected block duplicated right after itself, in one change; stops at the page's block
 * limit. Returns the copies' ids (fewer than asked when the limit came first).
 */
export function duplicateBlocks(
  doc: PageDocument,
  blockIds: readonly string[],
): { doc: PageDocument; blockIds: string[] } {
  const copies: string[] = [];
  for (const id of blockIds) {
    const result = duplicateBlock(doc, id);
    if (!result) break;
    doc = result.doc;
    copies.push(result.blockId);
  }
  return { doc, blockIds: copies };
}

/** Moves a block to a position within its section (drag and drop, keyboard included). */
export function moveBlockTo(doc: PageDocument, blockId: string, toIndex: number): PageDocument {
  const at = findBlock(doc, blockId);
  if (!at) return doc;
  return withSection(doc, at.sectionIndex, (s) => {
    const blocks = [...s.blocks];
    const [moved] = blocks.splice(at.blockIndex, 1);
    blocks.splice(Math.max(0, Math.min(toIndex, blocks.length)), 0, unplaced(moved!));
    return { ...s, blocks };
  });
}

/** One step up or down; past the edge of a section the block moves into the next one. */
export function moveBlockBy(doc: PageDocument, blockId: string, delta: -1 | 1): PageDocument {
  const at = findBlock(doc, blockId);
  if (!at) return doc;
  const section = doc.sections[at.sectionIndex]!;
  const target = at.blockIndex + delta;
  if (target >= 0 && target < section.blocks.length) return moveBlockTo(doc, blockId, target);
  const neighbour = at.sectionIndex + delta;
  if (neighbour < 0 || neighbour >= doc.sections.length) return doc;
  const without = removeBlock(doc, blockId);
  return withSection(without, neighbour, (s) => ({
    ...s,
    blocks: delta === 1 ? [unplaced(at.block), ...s.blocks] : [...s.blocks, unplaced(at.block)],
  }));
}

/** A block at a new desktop placement, already checked by the grid control (tryPlace). */
export function placeBlock(doc: PageDocument, blockId: string, place: Placement): PageDocument {
  const at = findBlock(doc, blockId);
  if (!at) return doc;
  return withSection(doc, at.sectionIndex, (s) => withPlacement(s, blockId, place));
}

/** A block moved to a position in its section's phone order; the desktop grid stays as it is. */
export function movePhoneOrderTo(doc: PageDocument, blockId: string, toIndex: number): PageDocument {
  const at = findBlock(doc, blockId);
  if (!at) return doc;
  return withSection(doc, at.sectionIndex, (s) => movePhoneOrder(s, blockId, toIndex));
}

/** A blank section, or a preset's (SECTION_PRESETS), after the given one. */
export function addSection(
  doc: PageDocument,
  afterIndex = doc.sections.length - 1,
  section: Section = { id: newContentId('s'), background: 'default', width: 'wide', blocks: [] },
): PageDocument {
  return { ...doc, sections: doc.sections.toSpliced(afterIndex + 1, 0, section) };
}

export function updateSection(
  doc: PageDocument,
  sectionId: string,
  change: Partial<Pick<Section, 'background' | 'width'>>,
): PageDocument {
  return { ...doc, sections: doc.sections.map((s) => (s.id === sectionId ? { ...s, ...change } : s)) };
}

export function removeSection(doc: PageDocument, sectionId: string): PageDocument {
  return { ...doc, sections: doc.sections.filter((s) => s.id !== sectionId) };
}

export function moveSectionBy(doc: PageDocument, sectionId: string, delta: -1 | 1): PageDocument {
  const index = doc.sections.findIndex((s) => s.id === sectionId);
  const target = index + delta;
  if (index < 0 || target < 0 || target >= doc.sections.length) return doc;
  const sections = [...doc.sections];
  const [moved] = sections.splice(index, 1);
  sections.splice(target, 0, moved!);
  return { ...doc, sections };
}

/** Block ids whose content differs between two documents, plus added and removed ones: what "Review Changes" lists. */
export function changedBlocks(
  before: PageDocument,
  after: PageDocument,
): { added: Block[]; removed: Block[]; edited: Block[]; moved: boolean } {
  const list = (d: PageDocument) => d.sections.flatMap((s) => s.blocks);
  const old = new Map(list(before).map((b) => [b.id, b]));
  const now = new Map(list(after).map((b) => [b.id, b]));
  const added = [...now.values()].filter((b) => !old.has(b.id));
  const removed = [...old.values()].filter((b) => !now.has(b.id));
  const edited = [...now.values()].filter(
    (b) => old.has(b.id) && JSON.stringify(old.get(b.id)!.settings) !== JSON.stringify(b.settings),
  );
  const order = (d: PageDocument) =>
    d.sections
      .map(
        (s) =>
          `${s.id}:${s.background}:${s.width}:${s.blocks.map((b) => `${b.id}@${JSON.stringify(b.place)}`).join(',')}:${s.phoneOrder?.join(',')}`,
      )
      .join('|');
  const moved = added.length === 0 && removed.length === 0 && order(before) !== order(after);
  return { added, removed, edited, moved };
}

/** The selected blocks in page order: a component keeps them top to bottom as the page read. */
export function blocksInOrder(doc: PageDocument, blockIds: readonly string[]): Block[] {
  const wanted = new Set(blockIds);
  return doc.sections.flatMap((s) => layoutSection(s).blocks.filter((b) => wanted.has(b.id)));
}

/**
 * The selected blocks, just saved as a component, give way to one website component block that
 * places it, where the first of them was; its grid cell is the first block's (one undo step).
 */
export function replaceWithComponent(
  doc: PageDocument,
  blockIds: readonly string[],
  componentId: string,
): { doc: PageDocument; blockId: string } {
  const first = blocksInOrder(doc, blockIds)[0];
  const at = first && findBlock(doc, first.id);
  const block: Block = {
    id: newContentId('b'),
    type: WEBSITE_COMPONENT_TYPE,
    settings: { componentId },
    ...(blockIds.length === 1 && first?.place ? { place: first.place } : {}),
  };
  if (!at) return addBlockLike(doc, block);
  const rest = blockIds.filter((id) => id !== first.id);
  const swapped = withSection(doc, at.sectionIndex, (s) => ({
    ...s,
    blocks: s.blocks.map((b) => (b.id === first.id ? (block.place ? block : unplaced(block)) : b)),
  }));
  return { doc: removeBlocks(swapped, rest), blockId: block.id };
}

function addBlockLike(doc: PageDocument, block: Block): { doc: PageDocument; blockId: string } {
  const last = Math.max(0, doc.sections.length - 1);
  if (doc.sections.length === 0) {
    return {
      blockId: block.id,
      doc: {
        sections: [
          layoutSection<PageDocument['sections'][number], Block>({
            id: newContentId('s'),
            background: 'default',
            width: 'wide',
            blocks: [block],
          }),
        ],
      },
    };
  }
  return { blockId: block.id, doc: withSection(doc, last, (s) => ({ ...s, blocks: [...s.blocks, block] })) };
}

/** Places a component after the given block (or at the end), as the Add panel does with a block type. */
export function addComponent(
  doc: PageDocument,
  componentId: string,
  afterBlockId?: string,
): { doc: PageDocument; blockId: string } {
  const block: Block = { id: newContentId('b'), type: WEBSITE_COMPONENT_TYPE, settings: { componentId } };
  const at = afterBlockId ? findBlock(doc, afterBlockId) : undefined;
  if (!at) return addBlockLike(doc, block);
  return {
    blockId: block.id,
    doc: withSection(doc, at.sectionIndex, (s) => ({
      ...s,
      blocks: s.blocks.toSpliced(at.blockIndex + 1, 0, block),
    })),
  };
}

/**
 * Detach: the placed component becomes copies of its blocks, ordinary blocks of this page from now
 * on (new ids, each on its own row where the component was); later edits of the component leave
 * them alone. Undefined when the copies would pass the page's block limit.
 */
export function detachComponent(
  doc: PageDocument,
  blockId: string,
  blocks: readonly Block[],
): PageDocument | undefined {
  const at = findBlock(doc, blockId);
  if (!at || countBlocks(doc) - 1 + blocks.length > LIMITS.maxBlocksPerLayout) return undefined;
  const copies = blocks.map((b) => ({
    ...unplaced(b),
    id: newContentId('b'),
    settings: structuredClone(b.settings),
  }));
  return withSection(doc, at.sectionIndex, (s) => ({
    ...s,
    blocks: s.blocks.flatMap((b) => (b.id === blockId ? copies : [b])),
  }));
}
