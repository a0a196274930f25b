import { z } from 'zod';
import type { BlockVariant } from '../define-block';

/**
 * Block variants (platform.md §3: codes 1000 to 1019): layouts of one block type. The first of
 * each list is the layout the block had before it had variants, so it is the default.
 */
export const QUOTE_VARIANTS = [
  { value: 'classic', label: 'Classic', code: 1000 },
  { value: 'pull', label: 'Large pull quote', code: 1001 },
  { value: 'card', label: 'Card', code: 1002 },
] as const satisfies readonly BlockVariant[];

export const ACCORDION_VARIANTS = [
  { value: 'lines', label: 'Between lines', code: 1003 },
  { value: 'boxes', label: 'In boxes', code: 1004 },
] as const satisfies readonly BlockVariant[];

export const SUMMARY_VARIANTS = [
  { value: 'grid', label: 'Grid', code: 1005 },
  { value: 'list', label: 'List', code: 1006 },
  { value: 'carousel', label: 'Carousel', code: 1007 },
] as const satisfies readonly BlockVariant[];

export const BLOCK_VARIANT_CODES = { min: 1000, max: 1019 } as const;

/** The `variant` setting: one of the layouts, the first when a stored block has none. */
export function variantSchema<const V extends readonly [BlockVariant, ...BlockVariant[]]>(variants: V) {
  const values = variants.map((v) => v.value) as [V[number]['value'], ...V[number]['value'][]];
  return z.enum(values).default(values[0]);
}
