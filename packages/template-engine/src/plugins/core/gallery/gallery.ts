/** Gallery block options as predicates (spec §3 gallery options). */
import type { Predicate } from '../../types';
import { asBoolean, asString, getPath, isTruthy } from '../values';

const DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const;
const META_POSITIONS = [
  'top',
  'top-left',
  'top-right',
  'center',
  'bottom',
  'bottom-left',
  'bottom-right',
] as const;
const ACTIVE_ALIGNMENTS = ['center', 'left', 'right'] as const;
const BOOLEAN_OPTIONS = [
  'autoplay',
  'auto-crop',
  'controls',
  'lightbox',
  'square-thumbs',
  'show-meta',
  'show-meta-on-hover',
  'thumbnails',
] as const;

/**
 * Options are read as set on the block: an option that is absent is false here even when the
 * editor would default it on, because the rendered page only sees what was saved.
 */
const option =
  (name: string): ((args: readonly string[], ctx: Parameters<Predicate>[1]) => unknown) =>
  (_args, ctx) =>
    getPath(ctx.resolve('options'), name);

const selects = (name: string, values: readonly string[], prefix: string): Record<string, Predicate> => {
  const read = option(name);
  const out: Record<string, Predicate> = {};
  for (const v of values) {
    out[`${prefix}${v}?`] = (args, ctx) => {
      const x = read(args, ctx);
      return x !== undefined && asString(x) === v;
    };
  }
  return out;
};

const booleans = (): Record<string, Predicate> => {
  const out: Record<string, Predicate> = {};
  for (const name of BOOLEAN_OPTIONS) {
    const read = option(name);
    out[`gallery-${name}?`] = (args, ctx) => asBoolean(read(args, ctx));
  }
  return out;
};

export const galleryPredicates: Record<string, Predicate> = {
  ...selects('design', DESIGNS, 'gallery-design-'),
  ...selects('meta-position', META_POSITIONS, 'gallery-meta-position-'),
  ...selects('active-alignment', ACTIVE_ALIGNMENTS, 'gallery-active-alignment-'),
  ...booleans(),
  'gallery-meta?': (_args, ctx) => {
    const options = ctx.resolve('options');
    return isTruthy(getPath(options, 'controls')) || isTruthy(getPath(options, 'indicators'));
  },
};
