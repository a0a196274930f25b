import { compile, type Template, type TemplateError } from '@site/template-engine';
import type { BlockDefinition, BlockRenderData, BlockRenderOptions } from '../blocks/define-block';
import { blockDefinition } from '../blocks/registry';
import type { Block, PageDocument, Section } from '../document/page-document';
import { layoutSection, type Placement } from '../document/section-grid';
import { COMPONENT_LIMITS, componentIdOf } from '../components/website-component';

export interface RenderOptions extends BlockRenderOptions {
  locale?: string;
}

export interface RenderedHtml {
  html: string;
  errors: TemplateError[];
}

export const EMPTY_RENDER_DATA: BlockRenderData = {
  products: new Map(),
  collections: new Map(),
  forms: new Map(),
};

// Block templates are constants of this package: each is compiled once per process (or tab).
const compiled = new Map<string, Template>();
function templateFor(type: string, source: string): Template {
  let template = compiled.get(type);
  if (!template) {
    template = compile(source);
    compiled.set(type, template);
  }
  return template;
}

// Documents saved before a block type gained a setting lack it: rendering fills in the type's
// defaults, so adding a setting never breaks a stored page.
const defaults = new Map<string, Record<string, unknown>>();
function withDefaults(
  definition: BlockDefinition,
  settings: Record<string, unknown>,
): Record<string, unknown> {
  let base = defaults.get(definition.type);
  if (!base) {
    const parsed = definition.settings.safeParse({});
    base = parsed.success ? (parsed.data as Record<string, unknown>) : {};
    defaults.set(definition.type, base);
  }
  return { ...base, ...settings };
}

/**
 * One block's HTML inside its wrapper; the wrapper carries the id the editor uses to select it.
 * `trail` is internal: the components being rendered around this block. Their blocks are not the
 * page's, so they carry `data-component-block-id` and the editor does not select them one by one.
 */
export function renderBlock(
  block: Block,
  data: BlockRenderData = EMPTY_RENDER_DATA,
  options: RenderOptions = {},
  grid?: { place: Placement; phoneIndex: number },
  trail: readonly string[] = [],
): RenderedHtml {
  const definition = blockDefinition(block.type);
  if (!definition)
    return { html: '', errors: [{ kind: 'PARTIAL_NOT_FOUND', message: `Unknown block type ${block.type}` }] };
  const settings = withDefaults(definition, block.settings);
  let view = definition.view
    ? definition.view(settings as never, data, { ...options, blockId: block.id })
    : settings;
  const errors: TemplateError[] = [];
  const nested = definition.nested?.(settings as never, data);
  // Saving refuses loops and deep nesting; stored data from elsewhere (an import) is cut short here too.
  if (nested && !trail.includes(nested.key) && trail.length < COMPONENT_LIMITS.maxDepth) {
    let blocksHtml = '';
    for (const inner of nested.blocks) {
      const rendered = renderBlock(inner, data, options, undefined, [...trail, nested.key]);
      blocksHtml += rendered.html;
      errors.push(...rendered.errors);
    }
    view = { ...view, blocksHtml };
  }
  const result = templateFor(definition.type, definition.template).render(view, options);
  errors.push(...result.errors);
  const variant = definition.variants?.find((v) => v.value === settings.variant);
  const variantCode = variant ? ` data-block-variant="${variant.code}"` : '';
  const idAttribute = trail.length ? 'data-component-block-id' : 'data-block-id';
  return {
    html: `<div class="block block--${definition.type}" ${idAttribute}="${block.id}" data-block-type="${definition.code}"${variantCode}${grid ? gridStyle(grid.place, grid.phoneIndex) : ''}>${result.html}</div>`,
    errors,
  };
}

/**
 * The placement as custom properties read by blocks.css: the desktop grid cell, and the block's
 * place in the phone order (numbers forced to integers: a document rendered without being parsed cannot write into the attribute).
 */
function gridStyle(place: Placement, phoneIndex: number): string {
  const n = (value: number) => Math.max(0, Math.trunc(Number(value)) || 0);
  return ` style="--col:${n(place.column)};--span:${n(place.span)};--row:${n(place.row)};--rows:${n(place.rows)};--phone:${n(phoneIndex)}"`;
}

export function renderSection(
  section: Section,
  data: BlockRenderData = EMPTY_RENDER_DATA,
  options: RenderOptions = {},
): RenderedHtml {
  const errors: TemplateError[] = [];
  let inner = '';
  // Laid out here too: a page saved before the grid renders as the stack it always was.
  const laid = layoutSection(section);
  const phone = new Map(laid.phoneOrder!.map((id, i) => [id, i]));
  for (const block of laid.blocks) {
    const rendered = renderBlock(block, data, options, {
      place: block.place!,
      phoneIndex: phone.get(block.id)!,
    });
    inner += rendered.html;
    errors.push(...rendered.errors);
  }
  return {
    html: `<section class="page-section page-section--${section.background} page-section--${section.width}" data-section-id="${section.id}"><div class="page-section__inner">${inner}</div></section>`,
    errors,
  };
}

/** The page's content as HTML; the site's page template places it where its content goes. */
export function renderDocument(
  document: PageDocument,
  data: BlockRenderData = EMPTY_RENDER_DATA,
  options: RenderOptions = {},
): RenderedHtml {
  const errors: TemplateError[] = [];
  let html = '';
  for (const section of document.sections) {
    const rendered = renderSection(section, data, options);
    html += rendered.html;
    errors.push(...rendered.errors);
  }
  return { html, errors };
}

/**
 * Ids of the products, collections, forms, files, linked pages and website components a document's
 * blocks show, so a server loads only those (a component's own blocks: see componentDocuments).
 */
export function documentReferences(document: PageDocument): {
  products: string[];
  collections: string[];
  forms: string[];
  files: string[];
  pages: string[];
  components: string[];
  photoFeeds: string[];
} {
  const products = new Set<string>();
  const collections = new Set<string>();
  const forms = new Set<string>();
  const files = new Set<string>();
  const pages = new Set<string>();
  const components = new Set<string>();
  const photoFeeds = new Set<string>();
  for (const section of document.sections) {
    for (const block of section.blocks) {
      const id = componentIdOf(block);
      if (id) components.add(id);
      const definition = blockDefinition(block.type);
      const refs = definition?.references?.(withDefaults(definition, block.settings) as never);
      refs?.products?.forEach((id) => products.add(id));
      refs?.collections?.forEach((id) => collections.add(id));
      refs?.forms?.forEach((id) => forms.add(id));
      refs?.files?.forEach((id) => files.add(id));
      refs?.pages?.forEach((id) => pages.add(id));
      refs?.photoFeeds?.forEach((url) => photoFeeds.add(url));
    }
  }
  return {
    products: [...products],
    collections: [...collections],
    forms: [...forms],
    files: [...files],
    pages: [...pages],
    components: [...components],
    photoFeeds: [...photoFeeds],
  };
}
