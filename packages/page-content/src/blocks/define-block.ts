import type { z } from 'zod';

/** One control of the block inspector; the editor builds the form from these. */
export type InspectorField =
  | { key: string; label: string; kind: 'text'; maxLength: number; placeholder?: string }
  | { key: string; label: string; kind: 'textarea'; maxLength: number; rows?: number }
  | { key: string; label: string; kind: 'url'; maxLength: number; placeholder?: string }
  | {
      key: string;
      label: string;
      kind: 'richtext';
      maxLength: number;
      /** A plain-text setting of older documents: shown as paragraphs while the HTML is empty. */
      plainTextKey?: string;
    }
  | {
      key: string;
      label: string;
      kind: 'code';
      maxLength: number;
      /** The setting that names the language to highlight. */
      languageKey?: string;
    }
  | { key: string; label: string; kind: 'number'; min: number; max: number; step?: number; unit?: string }
  | {
      key: string;
      label: string;
      kind: 'select';
      options: readonly { value: string | number; label: string }[];
    }
  | { key: string; label: string; kind: 'toggle' }
  | { key: string; label: string; kind: 'product' | 'collection' | 'form' }
  /** A chart's dataset (rows, columns, series label); the editor's dataset editor edits it. */
  | { key: string; label: string; kind: 'dataset' }
  /** A list of the site's; the editor's mailing-list panel edits it with its double opt-in flag. */
  | { key: string; label: string; kind: 'mailing-list'; doubleOptInKey: string }
  | {
      key: string;
      label: string;
      kind: 'list';
      itemLabel: string;
      maxItems: number;
      fields: readonly InspectorField[];
    };

export type BlockCategory = 'basic' | 'media' | 'commerce' | 'layout' | 'more';

/** Site data a block can draw on when it renders (products, collections, forms). */
export interface BlockRenderData {
  products: ReadonlyMap<string, Record<string, unknown>>;
  collections: ReadonlyMap<
    string,
    /** typeName: the collection's type (products when absent); items have the templates' item shape. */
    { title: string; fullUrl: string; typeName?: string; items: readonly Record<string, unknown>[] }
  >;
  forms: ReadonlyMap<string, { name: string; fields: readonly Record<string, unknown>[] }>;
  /**
   * Uploaded files by id, as the template engine's image helpers read them (assetUrl,
   * systemDataVariants, originalSize, mediaFocalPoint): an image from the file manager then gets
   * a srcset of its processed sizes. Optional: without it images show their original.
   */
  files?: ReadonlyMap<string, Record<string, unknown>>;
  /** Current paths of the pages rich text links to by id (`page:<id>`), so links follow renames. */
  pages?: ReadonlyMap<string, string>;
}

export interface BlockDefinition<S extends z.ZodObject = z.ZodObject> {
  /** Our name for the block; stable, stored in documents. */
  type: string;
  /** Template block-type code of platform.md §3 (1 to 69). */
  code: number;
  label: string;
  category: BlockCategory;
  /** A one-line hint in the block picker. */
  description: string;
  /** Settings with their defaults: `settings.parse({})` gives a new block's settings. */
  settings: S;
  fields: readonly InspectorField[];
  /** JSON-T source; rendered with the view of the block (settings unless `view` says otherwise). */
  template: string;
  /**
   * Rules between settings, applied by the inspector after the owner changes `changedKey` (the
   * gallery's design turns thumbnails and autoplay on or off).
   */
  adjust?: (settings: z.infer<S>, changedKey: string) => z.infer<S>;
  /** Derives what the template reads from the settings and the site's data. */
  view?: (settings: z.infer<S>, data: BlockRenderData) => Record<string, unknown>;
  /** Ids of site data the block needs, so the server loads only those. */
  references?: (settings: z.infer<S>) => {
    products?: string[];
    collections?: string[];
    forms?: string[];
    files?: string[];
    pages?: string[];
  };
}

export function defineBlock<S extends z.ZodObject>(definition: BlockDefinition<S>): BlockDefinition<S> {
  return definition;
}

export const ALIGN_OPTIONS = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Center' },
  { value: 'right', label: 'Right' },
] as const;
