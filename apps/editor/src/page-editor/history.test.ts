import { createBlock, emptyDocument, LIMITS, type PageDocument } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import {
  addBlock,
  canAddBlock,
  changedBlocks,
  duplicateBlock,
  moveBlockBy,
  moveBlockTo,
  removeBlock,
  updateBlockSettings,
} from './document-ops';
import { historyReducer, initialHistory } from './history';

const ids = (doc: PageDocument) => doc.sections.map((s) => s.blocks.map((b) => b.id));

describe('document edits', () => {
  it('adds after the selected block, or at the end', () => {
    const start = emptyDocument('Home');
    const first = start.sections[0]!.blocks[0]!.id;
    const a = addBlock(start, 'text');
    const b = addBlock(a.doc, 'image', first);
    expect(ids(b.doc)).toEqual([[first, b.blockId, a.blockId]]);
  });

  it('moves within a section and across section edges', () => {
    let doc: PageDocument = {
      sections: [
        {
          id: 's1',
          background: 'default',
          width: 'wide',
          blocks: [
            { ...createBlock('text'), id: 'a' },
            { ...createBlock('text'), id: 'b' },
          ],
        },
        { id: 's2', background: 'default', width: 'wide', blocks: [{ ...createBlock('text'), id: 'c' }] },
      ],
    };
    doc = moveBlockTo(doc, 'a', 1);
    expect(ids(doc)).toEqual([['b', 'a'], ['c']]);
    doc = moveBlockBy(doc, 'a', 1);
    expect(ids(doc)).toEqual([['b'], ['a', 'c']]);
    doc = moveBlockBy(doc, 'a', -1);
    expect(ids(doc)).toEqual([['b', 'a'], ['c']]);
    expect(moveBlockBy(doc, 'b', -1)).toBe(doc);
  });

  it('edits, duplicates and removes, and reports what changed', () => {
    const start = emptyDocument('Home');
    const id = start.sections[0]!.blocks[0]!.id;
    const edited = updateBlockSettings(start, id, { text: 'Hello', level: 1, align: 'left' });
    const dup = duplicateBlock(edited, id)!;
    expect(changedBlocks(start, dup.doc).added.map((b) => b.id)).toEqual([dup.blockId]);
    expect(changedBlocks(start, dup.doc).edited.map((b) => b.id)).toEqual([id]);
    expect(changedBlocks(dup.doc, removeBlock(dup.doc, id)).removed.map((b) => b.id)).toEqual([id]);
  });

  it('stops at the block limit', () => {
    let doc = emptyDocument('Full');
    while (canAddBlock(doc)) doc = addBlock(doc, 'line').doc;
    expect(doc.sections[0]!.blocks).toHaveLength(LIMITS.maxBlocksPerLayout);
    expect(duplicateBlock(doc, doc.sections[0]!.blocks[0]!.id)).toBeUndefined();
  });
});

describe('undo and redo', () => {
  it('undoes and redoes whole edits, and typing in one field is one step', () => {
    const doc0 = emptyDocument('A');
    const id = doc0.sections[0]!.blocks[0]!.id;
    const typed = (text: string) => updateBlockSettings(doc0, id, { text, level: 1, align: 'left' });
    let h = initialHistory(doc0);
    h = historyReducer(h, { type: 'edit', doc: typed('H'), key: `${id}.text` });
    h = historyReducer(h, { type: 'edit', doc: typed('He'), key: `${id}.text` });
    h = historyReducer(h, { type: 'edit', doc: typed('Hey'), key: `${id}.text` });
    const added = addBlock(h.present, 'text').doc;
    h = historyReducer(h, { type: 'edit', doc: added });
    h = historyReducer(h, { type: 'undo' });
    expect(h.present.sections[0]!.blocks[0]!.settings.text).toBe('Hey');
    h = historyReducer(h, { type: 'undo' });
    expect(h.present).toBe(doc0);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present).toBe(doc0);
    h = historyReducer(h, { type: 'redo' });
    h = historyReducer(h, { type: 'redo' });
    expect(h.present).toBe(added);
  });

  it('a new edit after undo drops the redo stack', () => {
    const doc0 = emptyDocument('A');
    let h = historyReducer(initialHistory(doc0), { type: 'edit', doc: addBlock(doc0, 'text').doc });
    h = historyReducer(h, { type: 'undo' });
    h = historyReducer(h, { type: 'edit', doc: addBlock(doc0, 'image').doc });
    expect(h.future).toEqual([]);
  });

  it('typing in the same field again after leaving it is a new step', () => {
    const doc0 = emptyDocument('A');
    const id = doc0.sections[0]!.blocks[0]!.id;
    const typed = (text: string) => updateBlockSettings(doc0, id, { text, level: 1, align: 'left' });
    let h = historyReducer(initialHistory(doc0), { type: 'edit', doc: typed('Hey'), key: `${id}.text` });
    h = historyReducer(h, { type: 'seal' });
    h = historyReducer(h, { type: 'edit', doc: typed('Hey!'), key: `${id}.text` });
    h = historyReducer(h, { type: 'undo' });
    expect(h.present.sections[0]!.blocks[0]!.settings.text).toBe('Hey');
    h = historyReducer(h, { type: 'undo' });
    expect(h.present).toBe(doc0);
    // Sealing with nothing open changes nothing.
    expect(historyReducer(h, { type: 'seal' })).toBe(h);
  });
});
