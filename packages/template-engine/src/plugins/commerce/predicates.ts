/** Commerce predicates, all deciding on the current scope node. */
import {
  DIGITAL_GOOD_RECORD_TYPE,
  STORE_ITEM_RECORD_TYPE,
  field,
  hasVariants,
  hasVariedPrices,
  isOnSale,
  isSoldOut,
  num,
} from '@site/commerce-core';
import type { Predicate } from '../types';

function size(v: unknown): number {
  if (Array.isArray(v)) return v.length;
  if (typeof v === 'object' && v !== null) return Object.keys(v).length;
  return 0;
}

export const commercePredicates: Readonly<Record<string, Predicate>> = {
  'on-sale?': (_args, ctx) => isOnSale(ctx.node),
  'sold-out?': (_args, ctx) => isSoldOut(ctx.node),
  'varied-prices?': (_args, ctx) => hasVariedPrices(ctx.node),
  'has-variants?': (_args, ctx) => hasVariants(ctx.node),
  'has-multiple?': (_args, ctx) => size(ctx.node) > 1,
  'digital-good?': (_args, ctx) => num(field(ctx.node, 'recordType')) === DIGITAL_GOOD_RECORD_TYPE,
  'store-item?': (_args, ctx) => num(field(ctx.node, 'recordType')) === STORE_ITEM_RECORD_TYPE,
};
