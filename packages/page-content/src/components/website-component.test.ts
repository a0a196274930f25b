import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBlock, type Block } from '../document/page-document';
import { LIMITS } from '../limits';
import { messages } from '../messages';
import { renderDocument } from '../render/render-document';
import {
  COMPONENT_LIMITS,
  componentDocuments,
  componentIdsIn,
  createComponentSchema,
  nestingMessage,
  nestingProblem,
  updateComponentSchema,
} from './website-component';

const placed = (componentId: string, id = `b-${componentId}`): Block => ({
  id,
  type: 'website-component',
  settings: { componentId },
});
const heading = (text: string, id = 'h1'): Block => ({
  ...createBlock('heading'),
  id,
  settings: { ...createBlock('heading').settings, text },
});
const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe('website component payloads', () => {
  it.each([
    ['a name and one block', { name: ' Opening hours ', blocks: [heading('Hours')] }, undefined],
    ['no name', { name: '  ', blocks: [heading('Hours')] }, messages.components.nameRequired],
    ['a long name', { name: 'x'.repeat(81), blocks: [heading('Hours')] }, messages.components.nameTooLong],
    ['a NUL in the name', { name: 'a\u0000b', blocks: [heading('Hours')] }, 'Text contains characters'],
    ['no blocks', { name: 'Hours', blocks: [] }, messages.components.empty],
    [
      'more blocks than a layout holds',
      { name: 'Hours', blocks: Array.from({ length: 61 }, (_, i) => heading('x', `h${i}`)) },
      messages.components.tooManyBlocks(LIMITS.maxBlocksPerLayout),
    ],
    ['an unknown block type', { name: 'Hours', blocks: [{ id: 'x', type: 'nope', settings: {} }] }, 'nope'],
    ['two blocks with one id', { name: 'Hours', blocks: [heading('a'), heading('b')] }, 'used twice'],
    [
      'a component id with markup',
      { name: 'Hours', blocks: [placed('"><b>', 'b1')] },
      'Choose one of your components',
    ],
  ])('%s', (_, input, error) => {
    const parsed = createComponentSchema.safeParse(input);
    if (error === undefined) expect(parsed.success).toBe(true);
    else expect(parsed.error?.issues.map((i) => i.message).join(' ')).toContain(error);
  });

  it('trims the name and drops the grid placement a block had on its page', () => {
    const parsed = createComponentSchema.parse({
      name: ' Hours ',
      blocks: [{ ...heading('Hours'), place: { column: 1, span: 6, row: 1, rows: 1 } }],
    });
    expect(parsed.name).toBe('Hours');
    expect(parsed.blocks[0]).not.toHaveProperty('place');
  });

  it('an update needs the version it read', () => {
    expect(updateComponentSchema.safeParse({ name: 'New' }).success).toBe(false);
    expect(updateComponentSchema.parse({ version: 3, name: 'New' })).toEqual({ version: 3, name: 'New' });
  });
});

describe('nestingProblem', () => {
  it.each([
    ['no components', {}, undefined],
    ['components side by side', { a: [], b: [], c: ['a', 'b'] }, undefined],
    ['a component inside itself', { a: ['a'] }, { kind: 'cycle', ids: ['a'] }],
    ['two inside each other', { a: ['b'], b: ['a'] }, { kind: 'cycle', ids: ['a', 'b'] }],
    ['a loop of three', { a: ['b'], b: ['c'], c: ['a'] }, { kind: 'cycle', ids: ['a', 'b', 'c'] }],
    ['three deep', { a: ['b'], b: ['c'], c: [] }, undefined],
    ['four deep', { a: ['b'], b: ['c'], c: ['d'], d: [] }, { kind: 'tooDeep', ids: ['a', 'b', 'c', 'd'] }],
    ['a deleted component placed', { a: ['gone'] }, undefined],
  ])('%s', (_, edges, problem) => {
    expect(nestingProblem(graph(edges as Record<string, string[]>))).toEqual(problem);
  });

  it('names the components of a loop in the message', () => {
    const names = new Map([
      ['a', 'Footer CTA'],
      ['b', 'Hours'],
    ]);
    expect(nestingMessage({ kind: 'cycle', ids: ['a', 'b'] }, names)).toBe(
      'A component cannot be placed inside itself: Footer CTA → Hours → Footer CTA.',
    );
    expect(nestingMessage({ kind: 'tooDeep', ids: ['a', 'b', 'c', 'd'] }, names)).toBe(
      messages.components.tooDeep(COMPONENT_LIMITS.maxDepth),
    );
  });

  // Reference: a graph has a loop exactly when repeatedly removing components that place none
  // left cannot remove them all (Kahn's algorithm).
  const hasLoop = (edges: ReadonlyMap<string, readonly string[]>): boolean => {
    const remaining = new Map([...edges].map(([id, next]) => [id, next.filter((n) => edges.has(n))]));
    for (;;) {
      const leaf = [...remaining].find(([, next]) => next.every((n) => !remaining.has(n)));
      if (!leaf) return remaining.size > 0;
      remaining.delete(leaf[0]);
    }
  };
  const graphs = fc
    .integer({ min: 1, max: 8 })
    .chain((n) =>
      fc.array(fc.array(fc.integer({ min: 0, max: n }), { maxLength: 4 }), { minLength: n, maxLength: n }),
    )
    // Node n is one no component is (a deleted one).
    .map((lists) => new Map(lists.map((next, i) => [`c${i}`, next.map((j) => `c${j}`)])));

  it('finds a loop exactly when there is one, and the loop it names is real', () => {
    fc.assert(
      fc.property(graphs, (edges) => {
        const problem = nestingProblem(edges, Infinity);
        expect(problem !== undefined).toBe(hasLoop(edges));
        if (problem) {
          expect(problem.kind).toBe('cycle');
          problem.ids.forEach((id, i) =>
            expect(edges.get(id)).toContain(problem.ids[(i + 1) % problem.ids.length]),
          );
        }
      }),
    );
  });

  it('a loop-free graph is too deep exactly when its chain is longer than the limit', () => {
    const longest = (edges: ReadonlyMap<string, readonly string[]>, id: string): number =>
      1 + Math.max(0, ...(edges.get(id) ?? []).filter((n) => edges.has(n)).map((n) => longest(edges, n)));
    fc.assert(
      fc.property(
        graphs.filter((edges) => !hasLoop(edges)),
        fc.integer({ min: 1, max: 5 }),
        (edges, max) => {
          const deepest = Math.max(...[...edges.keys()].map((id) => longest(edges, id)));
          const problem = nestingProblem(edges, max);
          expect(problem?.kind).toBe(deepest > max ? 'tooDeep' : undefined);
          if (problem) expect(problem.ids.length).toBe(deepest);
        },
      ),
    );
  });
});

describe('rendering a placed component', () => {
  const hours = { name: 'Hours', blocks: [heading('Open daily 9 to 5')] };
  const page = (blocks: Block[]) => ({
    sections: [{ id: 's1', background: 'default' as const, width: 'wide' as const, blocks }],
  });

  it("renders the component's blocks inside the block, with the same templates as a page's", () => {
    const components = new Map([['c1', hours]]);
    const { html, errors } = renderDocument(page([placed('c1', 'b1')]), {
      ...{ products: new Map(), collections: new Map(), forms: new Map() },
      components,
    });
    expect(errors).toEqual([]);
    expect(html).toContain('data-block-id="b1" data-block-type="1337"');
    expect(html).toContain('<h2');
    expect(html).toContain('Open daily 9 to 5');
    // The component's own blocks are not the page's: the editor must not select them one by one.
    expect(html).toContain('data-component-block-id="h1"');
    expect(html).not.toContain('data-block-id="h1"');
  });

  it('shows a placed component that no longer exists as an empty block', () => {
    const { html } = renderDocument(page([placed('gone')]));
    expect(html).toContain('Choose one of your components');
  });

  it('stops a loop in stored data instead of rendering forever', () => {
    const components = new Map([
      ['a', { name: 'A', blocks: [heading('in A', 'ha'), placed('b')] }],
      ['b', { name: 'B', blocks: [placed('a')] }],
    ]);
    const { html } = renderDocument(page([placed('a', 'top')]), {
      products: new Map(),
      collections: new Map(),
      forms: new Map(),
      components,
    });
    expect(html.split('in A').length - 1).toBe(1);
  });

  it('lists the components a page shows, nested ones too, once each', () => {
    const components = new Map([
      ['a', { blocks: [placed('b'), heading('x')] }],
      ['b', { blocks: [placed('a')] }],
      ['c', { blocks: [heading('unused')] }],
    ]);
    const docs = componentDocuments([page([placed('a'), placed('a', 'again'), placed('gone')])], components);
    expect(docs.map((d) => componentIdsIn(d.sections[0]!.blocks))).toEqual([['b'], ['a']]);
  });
});
