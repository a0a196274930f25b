import { countBlocks, emptyDocument, LIMITS, type PageDocument } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { addBlock, duplicateBlocks, removeBlocks } from './document-ops';

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
