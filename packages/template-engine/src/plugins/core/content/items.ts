/** Content item helpers: CSS classes of an item and predicates over items and collections. */
import type { Formatter, Predicate, RenderContext } from '../../types';
import {
  asBoolean,
  asNumber,
  asString,
  child,
  getPath,
  hasVisibleText,
  isObject,
  isTruthy,
  slugify,
} from '../values';
import {
  BACKGROUND_SOURCES,
  COLLECTION_TYPE,
  FOLDER_BEHAVIOR,
  PROMOTED_BLOCK_TYPES,
  RECORD_TYPES,
  SLICE_TYPES,
  STORE_ITEM,
} from './enums';
import { isOnSale, isSoldOut } from './product-marks';

const slugClasses = (prefix: string, list: unknown): string =>
  Array.isArray(list) ? list.map((x) => ` ${prefix}-${slugify(asString(x))}`).join('') : '';

/** "hentry promoted … category-x tag-y author-z post-type-t article-index-N featured on-sale sold-out". */
const itemClasses: Formatter = (value, _args, ctx) => {
  let out = 'hentry';
  const promoted = ctx.resolve('promotedBlockType');
  if (isTruthy(promoted)) out += ` promoted promoted-block-${slugify(asString(promoted))}`;
  const categories = ctx.resolve('categories');
  if (isTruthy(categories)) out += slugClasses('category', categories);
  const tags = ctx.resolve('tags');
  if (isTruthy(tags)) out += slugClasses('tag', tags);
  const author = getPath(ctx.resolve('author'), 'displayName');
  if (isTruthy(author)) out += ` author-${slugify(asString(author))}`;
  out += ` post-type-${asString(ctx.resolve('recordTypeLabel'))}`;
  const index = ctx.resolve('@index');
  if (index !== undefined) out += ` article-index-${asNumber(index)}`;
  if (isTruthy(ctx.resolve('starred'))) out += ' featured';
  if (asNumber(getPath(value, 'recordType')) === STORE_ITEM) {
    if (isOnSale(value)) out += ' on-sale';
    if (isSoldOut(value)) out += ' sold-out';
  }
  return out;
};

export const itemFormatters = { 'item-classes': itemClasses } satisfies Record<string, Formatter>;

const node = (ctx: RenderContext, path: string): unknown => getPath(ctx.node, path);

/**
 * An excerpt (html object or plain string) with visible text once tags and spaces are gone. Runs
 * once per post of a list: it scans for the first visible character instead of stripping.
 */
const excerpt: Predicate = (_args, ctx) => {
  const ex = node(ctx, 'excerpt');
  if (typeof ex === 'string') return hasVisibleText(ex);
  const html = getPath(ex, 'html');
  return typeof html === 'string' && hasVisibleText(html);
};

/** Spec §4: clickable when folderBehavior is absent, index or redirect. */
const clickable: Predicate = (_args, ctx) => {
  const b = ctx.resolve('folderBehavior');
  if (b === undefined) return true;
  const n = asNumber(b);
  return n === FOLDER_BEHAVIOR.index || n === FOLDER_BEHAVIOR.redirect;
};

const collectionTemplatePage: Predicate = (_args, ctx) => {
  const collection = node(ctx, 'collection');
  const type = collection === undefined ? node(ctx, 'type') : getPath(collection, 'type');
  return type !== undefined && asNumber(type) === COLLECTION_TYPE.templatePage;
};

const indexPage: Predicate = (_args, ctx) => {
  const collection = node(ctx, 'collection');
  if (!isObject(collection)) return false;
  const behavior = collection.folderBehavior;
  return isTruthy(collection.folder) && typeof behavior === 'number' && behavior === FOLDER_BEHAVIOR.index;
};

const hasMainImage = (item: unknown): boolean =>
  isTruthy(child(item, 'mainImageId')) || isTruthy(child(item, 'systemDataId'));

const childImages: Predicate = (_args, ctx) => {
  const items = node(ctx, 'items');
  return Array.isArray(items) && items.length > 0 && hasMainImage(items[0]);
};

const recordType =
  (code: number): Predicate =>
  (_args, ctx) =>
    asNumber(node(ctx, 'recordType')) === code;

/** Matches the record type, or an item promoted as that kind of block. */
const promotedOrRecord =
  (code: number, block: string): Predicate =>
  (_args, ctx) =>
    asNumber(node(ctx, 'recordType')) === code || asString(node(ctx, 'promotedBlockType')) === block;

const PROMOTED_RECORD_TYPES = ['video', 'image', 'quote', 'link', 'gallery'] as const;

/** Record types whose predicates belong to the commerce plugin. */
const COMMERCE_RECORD_TYPES = new Set(['store-item', 'digital-good']);

const recordTypePredicates = (): Record<string, Predicate> => {
  const out: Record<string, Predicate> = {};
  for (const [name, code] of Object.entries(RECORD_TYPES)) {
    if (!COMMERCE_RECORD_TYPES.has(name)) out[`${name}?`] = recordType(code);
  }
  for (const name of PROMOTED_RECORD_TYPES)
    out[`${name}?`] = promotedOrRecord(RECORD_TYPES[name] ?? -1, name);
  out['external-video?'] = promotedOrRecord(RECORD_TYPES.video ?? -1, 'video');
  for (const block of PROMOTED_BLOCK_TYPES) {
    out[`promoted${block.toUpperCase()}?`] = (_args, ctx) =>
      asString(node(ctx, 'promotedBlockType')) === block;
  }
  for (const [name, code] of Object.entries(BACKGROUND_SOURCES)) {
    out[`background-source-${name}?`] = (_args, ctx) => asNumber(node(ctx, 'backgroundSource')) === code;
  }
  return out;
};

export const itemPredicates: Record<string, Predicate> = {
  ...recordTypePredicates(),
  'calendar-view?': (_args, ctx) => asBoolean(ctx.resolve('calendarView')),
  'child-images?': childImages,
  'clickable?': clickable,
  'collection?': (_args, ctx) => isTruthy(node(ctx, 'collection')),
  'collection-page?': (_args, ctx) => {
    const type = node(ctx, 'collection.type');
    return type !== undefined && asNumber(type) === COLLECTION_TYPE.page;
  },
  'collection-template-page?': collectionTemplatePage,
  'collectionTypeNameEquals?': (args, ctx) =>
    args.length > 0 && asString(ctx.resolve('typeName')) === args[0],
  'current-type?': (args, ctx) => {
    const code = SLICE_TYPES[args[0] ?? ''];
    return code !== undefined && code === (asNumber(node(ctx, 'currentType')) | 0);
  },
  'excerpt?': excerpt,
  'external-link?': (_args, ctx) => isTruthy(node(ctx, 'externalLink')),
  'folder?': (_args, ctx) => isTruthy(node(ctx, 'collection.folder')),
  'index?': indexPage,
  'location?': (_args, ctx) =>
    node(ctx, 'location.mapLat') !== undefined && node(ctx, 'location.mapLng') !== undefined,
  'main-image?': (_args, ctx) => hasMainImage(ctx.node),
  'passthrough?': (_args, ctx) =>
    isTruthy(node(ctx, 'passthrough')) && asString(node(ctx, 'sourceUrl')) !== '',
  'redirect?': (_args, ctx) => asNumber(node(ctx, 'folderBehavior')) === FOLDER_BEHAVIOR.redirect,
  'serviceNameEmail?': (_args, ctx) => asString(node(ctx, 'serviceName')) === 'email',
  'show-past-events?': (_args, ctx) => asString(node(ctx, 'showPastOrUpcomingEvents')) === 'past',
};
