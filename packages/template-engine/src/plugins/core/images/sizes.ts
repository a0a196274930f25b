/** Size formatters over an `originalSize` of the form "WxH". */
import type { Formatter } from '../../types';
import { coreMessages } from '../messages';
import { asString } from '../values';
import { ArgsMemo } from '../memo';

const readDimensions = (text: string): readonly [number, number] | null => {
  const parts = text.split('x');
  if (parts.length !== 2) return null;
  const w = parseInt(parts[0] ?? '', 10);
  const h = parseInt(parts[1] ?? '', 10);
  // "axb" is no size: nothing rather than NaN.
  return Number.isNaN(w) || Number.isNaN(h) ? null : [w, h];
};

/** Sizes read once per text: a page asks for the width, height and scaled sides of each image. */
let sizes = new Map<string, readonly [number, number] | null>();
const dimensions = (value: unknown): readonly [number, number] | undefined => {
  const text = asString(value);
  let d = sizes.get(text);
  if (d === undefined) {
    d = readDimensions(text);
    if (sizes.size >= 2000) sizes = new Map();
    sizes.set(text, d);
  }
  return d ?? undefined;
};

/** Spec §9 thumbnail buckets: the smallest rendered width that covers `width`. */
export const thumbnailForWidth = (width: number): string => {
  if (width > 1000) return '1500w';
  if (width > 750) return '1000w';
  if (width > 500) return '750w';
  if (width > 300) return '500w';
  if (width > 100) return '300w';
  return '100w';
};

/** The other side of the box scaled to keep the aspect ratio, truncated to an integer. */
const resize = (value: unknown, requested: number, wantWidth: boolean): number | string => {
  const dims = dimensions(value);
  if (!dims) return coreMessages.size.invalidSource;
  const [w, h] = dims;
  const r = Math.trunc(wantWidth ? w * (requested / h) : h * (requested / w));
  // A requested size that is no number (or 0/0) prints nothing rather than NaN.
  return Number.isNaN(r) ? '' : r;
};

const requestedSizes = new ArgsMemo((args) => parseInt(args[0] ?? '', 10));
const requested = (args: readonly string[]): number => requestedSizes.get(args);

export const sizeFormatters = {
  height: (value) => dimensions(value)?.[1],
  width: (value) => dimensions(value)?.[0],
  resizedHeightForWidth: (value, args) => resize(value, requested(args), false),
  resizedWidthForHeight: (value, args) => resize(value, requested(args), true),
  squarespaceThumbnailForWidth: (_value, args) => thumbnailForWidth(requested(args)),
  squarespaceThumbnailForHeight: (value, args) => {
    const width = resize(value, requested(args), true);
    return typeof width === 'number' ? thumbnailForWidth(width) : width;
  },
} satisfies Record<string, Formatter>;
