/** Image markup formatters: image, image-meta, child/cover image meta, srcset, corner colours. */
import type { Formatter } from '../../types';
import { coreMessages } from '../messages';
import { asString, escapeAttr, getPath } from '../values';
import { altText, imageMeta } from './meta';

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
const imageSrcset: Formatter = (value) => {
  // Input with no width variants passes through unchanged, as in the reference.
  if (value === undefined) return undefined;
  const assetUrl = asString(getPath(value, 'assetUrl'));
  const variants = asString(getPath(value, 'systemDataVariants'))
    .split(',')
    .filter((v) => v.endsWith('w'));
  const last = variants[variants.length - 1];
  if (last === undefined) return value;
  const at = SRCSET_WIDTHS.indexOf(last as (typeof SRCSET_WIDTHS)[number]);
  const next = at >= 0 ? SRCSET_WIDTHS[at + 1] : undefined;
  const original = next ? `,${assetUrl}?format=original ${next}` : '';
  return ` srcset="${variants.map((v) => `${assetUrl}?format=${v} ${v}`).join(',')}${original}"`;
};

const COLOR_POSITIONS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'] as const;

/** `image-color pos [prop]` → "#abc" or "prop: #abc"; without arguments, all five data attributes. */
const imageColor: Formatter = (value, args) => {
  const colors = getPath(value, 'colorData');
  if (colors === undefined) return undefined;
  const key = args[0];
  if (key === undefined) {
    return COLOR_POSITIONS.map((p) => `data-color-${p}="#${asString(getPath(colors, `${p}Average`))}" `).join(
      '',
    );
  }
  const color = asString(getPath(colors, `${key}Average`));
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
