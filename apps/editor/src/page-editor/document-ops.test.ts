import { countBlocks, emptyDocument, LIMITS, type PageDocument } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import {
  addBlock,
  addComponent,
  detachComponent,
  duplicateBlocks,
  findBlock,
  removeBlocks,
  replaceWithComponent,
} from './document-ops';

function pageWith(types: string[]): { doc: PageDocument; ids: string[] } {
  let doc = emptyDocument('Several');
  const ids = [doc.sections[0]!.blocks[0]!.id];
  for (const type of types) {
    const result = addBlock(doc, type, ids.at(-1));
    doc = result.doc;
    ids.push(result.blockId);
  }
  return { doc, ids };
}

const types = (doc: PageDocument) => doc.sections.flatMap((s) => s.blocks.map((b) => b.type));

describe('acting on several selected blocks at once', () => {
  it('removes them all in one change and leaves the rest in order', () => {
    const { doc, ids } = pageWith(['text', 'button', 'image']);
    const after = removeBlocks(doc, [ids[1]!, ids[3]!]);
    expect(types(after)).toEqual(['heading', 'button']);
    expect(types(doc)).toEqual(['heading', 'text', 'button', 'image']);
  });

  it('duplicates each right after itself, with copies of their settings', () => {
    const { doc, ids } = pageWith(['text', 'button']);
    const { doc: after, blockIds } = duplicateBlocks(doc, [ids[0]!, ids[2]!]);
    expect(types(after)).toEqual(['heading', 'heading', 'text', 'button', 'button']);
    expect(blockIds).toHaveLength(2);
    expect(new Set(after.sections[0]!.blocks.map((b) => b.id)).size).toBe(5);
  });

  it('stops duplicating at the page’s block limit', () => {
    const start = pageWith([]);
    let doc = start.doc;
    const ids = start.ids;
    while (countBlocks(doc) < LIMITS.maxBlocksPerLayout - 1) doc = addBlock(doc, 'text', ids[0]).doc;
    const { doc: after, blockIds } = duplicateBlocks(doc, [ids[0]!, doc.sections[0]!.blocks[1]!.id]);
    expect(blockIds).toHaveLength(1);
    expect(countBlocks(after)).toBe(LIMITS.maxBlocksPerLayout);
  });
});

describe('website components on a page', () => {
  it('swaps the selected blocks for one placed component where the first of them was', () => {
    const { doc, ids } = pageWith(['text', 'button', 'image']);
    const result = replaceWithComponent(doc, [ids[2]!, ids[1]!], 'cmp-1');
    expect(types(result.doc)).toEqual(['heading', 'website-component', 'image']);
    expect(findBlock(result.doc, result.blockId)?.block.settings).toEqual({ componentId: 'cmp-1' });
  });

  it('places a component after the selected block', () => {
    const { doc, ids } = pageWith(['text']);
    const result = addComponent(doc, 'cmp-1', ids[0]);
    expect(types(result.doc)).toEqual(['heading', 'website-component', 'text']);
  });

  it('detaches a component into copies of its blocks with new ids, and refuses past the block limit', () => {
    const { doc, ids } = pageWith(['text']);
    const placed = addComponent(doc, 'cmp-1', ids[1]);
    const inner = addBlock(emptyDocument('x'), 'button').doc.sections[0]!.blocks;
    const detached = detachComponent(placed.doc, placed.blockId, inner)!;
    expect(types(detached)).toEqual(['heading', 'text', 'heading', 'button']);
    const newIds = detached.sections[0]!.blocks.slice(2).map((b) => b.id);
    expect(newIds).not.toContain(inner[0]!.id);
    const many = Array.from({ length: LIMITS.maxBlocksPerLayout }, () => inner[0]!);
    expect(detachComponent(placed.doc, placed.blockId, many)).toBeUndefined();
  });
});
