/** Image markup formatters: image, image-meta, child/cover image meta, srcset, corner colours. */
import type { Formatter } from '../../types';
import { coreMessages } from '../messages';
import { asString, child, escapeAttr, getPath } from '../values';
import { altText, imageMeta } from './meta';
import { Memo } from '../memo';

/** Spec §9: the widths the image service renders, smallest first. */
export const SRCSET_WIDTHS = ['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w'] as const;

const image: Formatter = (value, args, ctx) => {
  const cls = args.length === 1 ? args[0] : 'thumb-image';
  const alt = escapeAttr(altText(value, ctx));
  const assetUrl = asString(getPath(value, 'assetUrl'));
  return (
    `<noscript><img src="${assetUrl}" alt="${alt}" /></noscript>` +
    `<img class="${cls}" ${imageMeta(value, ctx, alt)}data-load="false" ` +
    `data-image-id="${asString(getPath(value, 'id'))}" data-type="image" />`
  );
};

const childImageMeta: Formatter = (value, args, ctx) => {
  const index = args.length === 0 ? 0 : parseInt(args[0] ?? '', 10);
  return imageMeta(getPath(value, ['items', index]), ctx);
};

/**
 * The variants the image service has (`systemDataVariants`, e.g. "1500x983,100w,…,1500w"); when
 * the largest is below 2500w, the original file stands in for the next width up.
 */
interface Widths {
  widths: readonly string[];
  /** `?format=300w 300w` per width, and the original's entry: only the URL varies per image. */
  pieces: readonly string[];
  original: string | undefined;
}

/** Width variants of a `systemDataVariants` text, read once per text (images share a few). */
const widthsOf = new Memo<Widths>(2000);
const parseWidths = (variants: string): Widths => {
  const widths = variants.split(',').filter((v) => v.endsWith('w'));
  const at = SRCSET_WIDTHS.indexOf(widths[widths.length - 1] as (typeof SRCSET_WIDTHS)[number]);
  const next = at >= 0 ? SRCSET_WIDTHS[at + 1] : undefined;
  return {
    widths,
    pieces: widths.map((w) => `?format=${w} ${w}`),
    original: next ? `?format=original ${next}` : undefined,
  };
};
const readWidths = (variants: string): Widths => widthsOf.get(variants, parseWidths);

const imageSrcset: Formatter = (value) => {
  // Input with no width variants passes through unchanged, as in the reference.
  if (value === undefined) return undefined;
  const { widths, pieces, original } = readWidths(asString(child(value, 'systemDataVariants')));
  if (widths.length === 0) return value;
  const assetUrl = asString(child(value, 'assetUrl'));
  let s = ' srcset="' + assetUrl + pieces[0]!;
  for (let i = 1; i < pieces.length; i++) s += ',' + assetUrl + pieces[i]!;
  if (original !== undefined) s += ',' + assetUrl + original;
  return s + '"';
};

const COLOR_POSITIONS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'] as const;
const COLOR_KEYS = COLOR_POSITIONS.map((p) => `${p}Average`);
const COLOR_ATTRS = COLOR_POSITIONS.map((p) => `data-color-${p}="#`);

/** `image-color pos [prop]` → "#abc" or "prop: #abc"; without arguments, all five data attributes. */
const imageColor: Formatter = (value, args) => {
  const colors = getPath(value, 'colorData');
  if (colors === undefined) return undefined;
  const key = args[0];
  if (key === undefined) {
    let s = '';
    for (let i = 0; i < COLOR_KEYS.length; i++)
      s += COLOR_ATTRS[i]! + asString(child(colors, COLOR_KEYS[i]!)) + '" ';
    return s;
  }
  const color = asString(child(colors, `${key}Average`));
  if (color === '') return coreMessages.errors.imageColorNotFound(key);
  return args.length > 1 ? `${args[1]}: #${color}` : `#${color}`;
};

export const imageFormatters = {
  'child-image-meta': childImageMeta,
  'cover-image-meta': (value, _args, ctx) => imageMeta(getPath(value, 'coverImage'), ctx),
  image,
  'image-color': imageColor,
  'image-meta': (value, _args, ctx) => imageMeta(value, ctx),
  'image-srcset': imageSrcset,
} satisfies Record<string, Formatter>;
