import { z } from 'zod';
import { WEBSITE_COMPONENT_TYPE } from '../blocks/types/website-component';
import { blockSchema, type Block, type PageDocument } from '../document/page-document';
import { LIMITS } from '../limits';
import { messages } from '../messages';
import { text } from '../text';

/**
 * Website components (platform.md §3, block type 1337; the design is ours): a stack of blocks an
 * owner saves once and places on many pages. Edits publish at once, like the header and footer:
 * every page that shows the component shows the new blocks on its next request.
 */
export const COMPONENT_LIMITS = {
  /** Components inside components inside components, and no deeper: a page stays readable and quick to render. */
  maxDepth: 3,
  /** Ours: enough for any real site, few enough that the editor lists them all at once. */
  maxPerSite: 100,
  maxNameLength: 80,
} as const;

export const COMPONENTS_API = {
  list: '/api/editor/components',
  one: (id: string) => `/api/editor/components/${encodeURIComponent(id)}`,
} as const;

/** The component a block places, if it is a website component block that names one. */
export function componentIdOf(block: Pick<Block, 'type' | 'settings'>): string | undefined {
  if (block.type !== WEBSITE_COMPONENT_TYPE) return undefined;
  const id = block.settings.componentId;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

const componentName = text(COMPONENT_LIMITS.maxNameLength, messages.components.nameTooLong)
  .transform((v) => v.trim())
  .refine((v) => v !== '', messages.components.nameRequired);

/**
 * A component's blocks, top to bottom: each checked against its type like a page's, ids unique,
 * at most a page's worth (the layout limit of platform.md §9). They stack inside the cell the
 * placed block takes, so a grid placement saved from a page is dropped.
 */
export const componentBlocksSchema = z
  .array(blockSchema)
  .min(1, messages.components.empty)
  .max(LIMITS.maxBlocksPerLayout, messages.components.tooManyBlocks(LIMITS.maxBlocksPerLayout))
  .superRefine((blocks, ctx) => {
    const seen = new Set<string>();
    for (const [i, block] of blocks.entries()) {
      if (seen.has(block.id))
        ctx.addIssue({ code: 'custom', message: `Id ${block.id} is used twice.`, path: [i] });
      seen.add(block.id);
    }
  })
  .transform((blocks): Block[] => blocks.map(({ place: _place, ...block }) => block));

export const createComponentSchema = z.object({ name: componentName, blocks: componentBlocksSchema });
export type CreateComponent = z.input<typeof createComponentSchema>;

/** Rename, edit the blocks, or both; `version` is the one the editor last read (409 when older). */
export const updateComponentSchema = z.object({
  version: z.number().int().min(0),
  name: componentName.optional(),
  blocks: componentBlocksSchema.optional(),
});
export type UpdateComponent = z.input<typeof updateComponentSchema>;

/** Where a component is placed: pages (draft or published) and other components. */
export interface ComponentUsage {
  pages: { id: string; title: string }[];
  components: { id: string; name: string }[];
}

export interface WebsiteComponent {
  id: string;
  name: string;
  blocks: Block[];
  version: number;
  updatedAt: string;
  usage: ComponentUsage;
}

export const isInUse = (usage: ComponentUsage): boolean =>
  usage.pages.length > 0 || usage.components.length > 0;

/** The components the blocks place, in order, each once. */
export function componentIdsIn(blocks: readonly Pick<Block, 'type' | 'settings'>[]): string[] {
  return [...new Set(blocks.flatMap((b) => componentIdOf(b) ?? []))];
}

export type NestingProblem =
  /** `ids` runs round the loop: each places the next and the last places the first. */
  | { kind: 'cycle'; ids: string[] }
  /** `ids` is a chain of components placed inside each other, longer than the limit. */
  | { kind: 'tooDeep'; ids: string[] };

/**
 * What is wrong with the site's components placed inside each other, given which components each
 * places (`graph`): a loop (a component that ends up inside itself would render forever) or a chain
 * deeper than `maxDepth`. Components placed but missing from the graph place nothing.
 */
export function nestingProblem(
  graph: ReadonlyMap<string, readonly string[]>,
  maxDepth: number = COMPONENT_LIMITS.maxDepth,
): NestingProblem | undefined {
  // Depth-first from each component; `path` is the chain being walked, `depth` the longest chain
  // starting at each finished component (loop-free, since a loop is reported first).
  const depth = new Map<string, number>();
  const path: string[] = [];
  const onPath = new Set<string>();
  let problem: NestingProblem | undefined;
  const visit = (id: string): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    path.push(id);
    onPath.add(id);
    let deepest = 0;
    for (const next of graph.get(id) ?? []) {
      if (!graph.has(next)) continue;
      if (onPath.has(next)) {
        problem ??= { kind: 'cycle', ids: path.slice(path.indexOf(next)) };
        continue;
      }
      deepest = Math.max(deepest, visit(next));
      if (problem) break;
    }
    path.pop();
    onPath.delete(id);
    depth.set(id, deepest + 1);
    return deepest + 1;
  };
  let top: string | undefined;
  for (const id of graph.keys()) {
    const chain = visit(id);
    if (problem) return problem;
    if (top === undefined || chain > depth.get(top)!) top = id;
  }
  return top !== undefined && depth.get(top)! > maxDepth
    ? { kind: 'tooDeep', ids: longestChain(graph, top, depth) }
    : undefined;
}

function longestChain(
  graph: ReadonlyMap<string, readonly string[]>,
  from: string,
  depth: ReadonlyMap<string, number>,
): string[] {
  const chain = [from];
  let at = from;
  for (;;) {
    const next = (graph.get(at) ?? [])
      .filter((id) => graph.has(id))
      .sort((a, b) => depth.get(b)! - depth.get(a)!)[0];
    if (next === undefined) return chain;
    chain.push(next);
    at = next;
  }
}

/** The owner's words for a problem, naming the components. */
export function nestingMessage(problem: NestingProblem, names: ReadonlyMap<string, string>): string {
  const named = problem.ids.map((id) => names.get(id) ?? id);
  return problem.kind === 'cycle'
    ? messages.components.cycle(named)
    : messages.components.tooDeep(COMPONENT_LIMITS.maxDepth);
}

/**
 * The components the documents show, directly or inside other components, each as a one-section
 * document: a server reads the products, forms and files their blocks name from these, and a page
 * cache follows them like the page's own blocks.
 */
export function componentDocuments(
  documents: readonly PageDocument[],
  components: ReadonlyMap<string, { blocks: readonly Block[] }>,
): PageDocument[] {
  const found: PageDocument[] = [];
  const seen = new Set<string>();
  const queue = documents.flatMap((d) => d.sections.flatMap((s) => componentIdsIn(s.blocks)));
  while (queue.length) {
    const id = queue.shift()!;
    const component = components.get(id);
    if (seen.has(id) || !component) continue;
    seen.add(id);
    const blocks = [...component.blocks];
    found.push({ sections: [{ id: 's', background: 'default', width: 'wide', blocks }] });
    queue.push(...componentIdsIn(blocks));
  }
  return found;
}
