import type { z } from 'zod';
import type { Block } from '../document/page-document';
import type { AreaPrice } from '../member-areas/member-areas';
import type { PhotoFeedItem } from '../gallery/photo-feed';

/** A key of a block's settings (any string while the settings are not known). */
export type SettingKey<S> = Extract<keyof S, string>;

/** The settings of one item of a list setting; any record while the settings are not known. */
type ListItem<V> = V extends readonly (infer I)[] ? I : unknown extends V ? Record<string, unknown> : never;

/**
 * One control of the block inspector; the editor builds the form from these. `S` is the block's
 * settings, so every key a field names is one of them: a misspelt key does not compile.
 */
export type InspectorField<S = Record<string, unknown>> = (
  | {
      key: SettingKey<S>;
      label: string;
      kind: 'text';
      maxLength: number;
      placeholder?: string;
      /** Shown under the field: what to write there. */
      hint?: string;
    }
  | { key: SettingKey<S>; label: string; kind: 'textarea'; maxLength: number; rows?: number }
  | { key: SettingKey<S>; label: string; kind: 'url'; maxLength: number; placeholder?: string; hint?: string }
  | {
      key: SettingKey<S>;
      label: string;
      kind: 'richtext';
      maxLength: number;
      /** A plain-text setting of older documents: shown as paragraphs while the HTML is empty. */
      plainTextKey?: SettingKey<S>;
    }
  | {
      key: SettingKey<S>;
      label: string;
      kind: 'code';
      maxLength: number;
      /** The setting that names the language to highlight. */
      languageKey?: SettingKey<S>;
    }
  | {
      key: SettingKey<S>;
      label: string;
      kind: 'number';
      min: number;
      max: number;
      step?: number;
      unit?: string;
    }
  | {
      key: SettingKey<S>;
      label: string;
      kind: 'select';
      options: readonly { value: string | number; label: string }[];
    }
  | { key: SettingKey<S>; label: string; kind: 'toggle' }
  /** A date and time as the owner reads it on a clock (`YYYY-MM-DDTHH:mm`), in the site's time zone. */
  | { key: SettingKey<S>; label: string; kind: 'datetime'; hint?: string }
  /** Any number of fixed choices, stored as the list of the chosen values. */
  | {
      key: SettingKey<S>;
      label: string;
      kind: 'checkboxes';
      options: readonly { value: string; label: string }[];
    }
  | { key: SettingKey<S>; label: string; kind: 'product' | 'collection' | 'form' }
  /**
   * One of the site's member areas. `sells`: the block sells the area (a pricing plan), so the
   * inspector shows the area's price and warns when the area is free.
   */
  | { key: SettingKey<S>; label: string; kind: 'member-area'; sells?: boolean }
  /** A chart's dataset (rows, columns, series label); the editor's dataset editor edits it. */
  | { key: SettingKey<S>; label: string; kind: 'dataset' }
  /** A list of the site's; the editor's mailing-list panel edits it with its double opt-in flag. */
  | { key: SettingKey<S>; label: string; kind: 'mailing-list'; doubleOptInKey: SettingKey<S> }
  /**
   * A gallery's pictures and videos, each of a media type (platform.md §3); the editor's gallery
   * media field adds each type with its own picker.
   */
  | { key: SettingKey<S>; label: string; kind: 'gallery-media'; maxItems: number }
  /**
   * Where a gallery's pictures come from: the owner's items, or a photo feed's address (null while
   * the owner's items show); the editor shows the feed's last fetch, its failure and "Fetch now".
   */
  | { key: SettingKey<S>; label: string; kind: 'photo-feed' }
  | ListField<S>
) & {
  /**
   * Shown only while another setting of the same block (or list item) has, or has not, this value;
   * an unset setting counts as `''`.
   */
  showIf?: { key: string; equals: string } | { key: string; notEquals: string };
};

/** A list setting: its item fields name keys of the list's items. */
type ListField<S> = {
  [K in SettingKey<S>]: {
    key: K;
    label: string;
    kind: 'list';
    itemLabel: string;
    maxItems: number;
    fields: readonly InspectorField<ListItem<S[K]>>[];
  };
}[SettingKey<S>];

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
  /**
   * The site's settings the price formatter reads (`storeSettings.freeIfZero`/`freeLabel`: what a
   * zero price shows), as page templates see them under `websiteSettings`.
   */
  websiteSettings?: { storeSettings?: unknown };
  /**
   * The site's website components by id (name and blocks), for the website component block.
   * Optional: without it a placed component shows as not found.
   */
  components?: ReadonlyMap<string, { name: string; blocks: readonly Block[] }>;
  /**
   * The site's member areas as the member area block shows them: `url` is the area's first page
   * (where Join leads; absent while it has none), `joined` whether the visitor is a member.
   */
  memberAreas?: ReadonlyMap<
    string,
    {
      name: string;
      description: string;
      url?: string;
      joined: boolean;
      /** What joining costs, in `currency` (the store's): the Pricing plan block shows it. Free when absent. */
      price?: AreaPrice;
      currency?: string;
    }
  >;
  /** The pictures of the photo feeds galleries name, by feed address (`photoFeedKey`). */
  photoFeeds?: ReadonlyMap<string, readonly PhotoFeedItem[]>;
}

/** How a page is being rendered: the site's time zone (IANA) and the moment of rendering. */
export interface BlockRenderOptions {
  timeZone?: string;
  /** Milliseconds since the epoch; the clock when absent. */
  now?: number;
  /** The site's locale (BCP 47): amounts a block's owner typed are read in it ("12,50" in French). */
  locale?: string;
  /** The block's own id (the renderer fills it in): a donation block's links name it. */
  blockId?: string;
}

/** One layout of a block type (platform.md §3: block variants run 1000 to 1019). */
export interface BlockVariant {
  value: string;
  label: string;
  code: number;
}

/**
 * A block type. The functions are declared as methods so that a block with its own settings is
 * still a `BlockDefinition` (of any settings) in the registry's list, without a cast.
 */
export interface BlockDefinition<S extends z.ZodObject = z.ZodObject, T extends string = string> {
  /** Our name for the block; stable, stored in documents. */
  type: T;
  /**
   * Block-type code of platform.md §3: 1 to 69 in templates, up to 72 in the editor. The spec names
   * only some codes; the others are ours, kept inside that range (and 1337, its website component).
   */
  code: number;
  label: string;
  category: BlockCategory;
  /** A one-line hint in the block picker. */
  description: string;
  /** Settings with their defaults: `settings.parse({})` gives a new block's settings. */
  settings: S;
  fields: readonly InspectorField<z.infer<S>>[];
  /** JSON-T source; rendered with the view of the block (settings unless `view` says otherwise). */
  template: string;
  /**
   * Rules between settings, applied by the inspector after the owner changes `changedKey` (the
   * gallery's design turns thumbnails and autoplay on or off).
   */
  adjust?(settings: z.infer<S>, changedKey: string): z.infer<S>;
  /**
   * Layouts of this block type, chosen by its `variant` setting (whose default is the layout
   * documents saved before variants existed always had).
   */
  variants?: readonly BlockVariant[];
  /** Derives what the template reads from the settings and the site's data. */
  view?(settings: z.infer<S>, data: BlockRenderData, options: BlockRenderOptions): Record<string, unknown>;
  /**
   * Blocks shown inside this one (a website component's), rendered by the same renderer into the
   * view's `blocksHtml`; `key` names what holds them, so a loop of them is cut short.
   */
  nested?(settings: z.infer<S>, data: BlockRenderData): { key: string; blocks: readonly Block[] } | undefined;
  /** A few words that tell this block from others of its type in the editor's block list. */
  summary?(settings: z.infer<S>): string;
  /** Ids of site data the block needs, so the server loads only those. */
  references?(settings: z.infer<S>): {
    products?: string[];
    collections?: string[];
    forms?: string[];
    files?: string[];
    pages?: string[];
    /** Photo feed addresses (`photoFeedKey`) whose pictures the block shows. */
    photoFeeds?: string[];
  };
}

export function defineBlock<S extends z.ZodObject, T extends string>(
  definition: BlockDefinition<S, T>,
): BlockDefinition<S, T> {
  return definition;
}

export const ALIGN_OPTIONS = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Center' },
  { value: 'right', label: 'Right' },
] as const;
