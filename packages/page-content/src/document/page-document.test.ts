import { describe, expect, it } from 'vitest';
import { BLOCK_DEFINITIONS } from '../blocks/registry';
import { LIMITS } from '../limits';
import { messages } from '../messages';
import { createBlock, emptyDocument, pageDocumentSchema, type PageDocument } from './page-document';
import { layoutDocument } from './section-grid';

function documentWith(blockCount: number): unknown {
  return {
    sections: [
      {
        id: 's1',
        blocks: Array.from({ length: blockCount }, (_, i) => ({ id: `b${i}`, type: 'spacer', settings: {} })),
      },
    ],
  };
}

function issues(input: unknown): string[] {
  const result = pageDocumentSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('page document', () => {
  it('accepts 60 blocks and refuses the 61st with the editor message', () => {
    expect(issues(documentWith(LIMITS.maxBlocksPerLayout))).toEqual([]);
    expect(issues(documentWith(LIMITS.maxBlocksPerLayout + 1))).toContain(messages.tooManyBlocks(60));
  });

  it('counts blocks across sections toward the limit', () => {
    const sections = [0, 1].map((s) => ({
      id: `s${s}`,
      blocks: Array.from({ length: 31 }, (_, i) => ({ id: `b${s}-${i}`, type: 'line', settings: {} })),
    }));
    expect(issues({ sections })).toContain(messages.tooManyBlocks(60));
  });

  it('refuses an unknown block type by name', () => {
    expect(
      issues({ sections: [{ id: 's', blocks: [{ id: 'b', type: 'hologram', settings: {} }] }] }),
    ).toEqual([messages.unknownBlockType('hologram')]);
  });

  it('fills in default settings and keeps given ones', () => {
    const parsed = pageDocumentSchema.parse({
      sections: [{ id: 's', blocks: [{ id: 'b', type: 'heading', settings: { text: 'Hello' } }] }],
    });
    expect(parsed.sections[0]!.blocks[0]!.settings).toEqual({ text: 'Hello', level: 2, align: 'left' });
    expect(parsed.sections[0]!.background).toBe('default');
  });

  it.each([
    ['a wrong type', { text: 42 }],
    ['a level out of range', { level: 7 }],
    ['a NUL byte', { text: 'a\u0000b' }],
    ['a lone surrogate', { text: 'a\uD800b' }],
    ['text over the limit', { text: 'x'.repeat(LIMITS.maxShortText + 1) }],
  ])('refuses heading settings with %s, pointing at the setting', (_name, settings) => {
    const result = pageDocumentSchema.safeParse({
      sections: [{ id: 's', blocks: [{ id: 'b', type: 'heading', settings }] }],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path.slice(0, 5)).toEqual(['sections', 0, 'blocks', 0, 'settings']);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>',
    'vbscript:x',
    '//evil.example',
  ])('refuses the link %s on a button', (href) => {
    expect(
      issues({ sections: [{ id: 's', blocks: [{ id: 'b', type: 'button', settings: { href } }] }] }),
    ).toEqual([messages.invalidLink]);
  });

  it('refuses an id used twice and ids that are not URL-safe', () => {
    expect(issues({ sections: [{ id: 'x', blocks: [{ id: 'x', type: 'line' }] }] })).toEqual([
      'Id x is used twice.',
    ]);
    expect(issues({ sections: [{ id: 'a b', blocks: [] }] })).toHaveLength(1);
  });

  it('builds every block type with defaults that pass their own schema', () => {
    const document: PageDocument = {
      sections: [
        {
          id: 's',
          background: 'default',
          width: 'wide',
          blocks: BLOCK_DEFINITIONS.map((d) => createBlock(d.type)),
        },
      ],
    };
    expect(pageDocumentSchema.parse(document)).toEqual(layoutDocument(document));
  });

  it('starts a new page with its title as the first heading', () => {
    const doc = emptyDocument('About us');
    expect(doc.sections[0]!.blocks[0]!.settings).toMatchObject({ text: 'About us', level: 1 });
    expect(pageDocumentSchema.safeParse(doc).success).toBe(true);
  });
});
