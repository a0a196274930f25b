/**
 * Product display rules (storefront.md §4, platform.md §4). They read products as page JSON
 * (see loose/), because templates call them for every product on every render.
 */
import { field, flag, isRecord, list, num, str } from '../loose/index';
import { messages } from '../messages';
import { ProductType, type ProductTypeCode } from './types';

/** The product's type code, or undefined when absent or not one of the known codes. */
export function productTypeOf(item: unknown): ProductTypeCode | undefined {
  const n = num(field(field(item, 'structuredContent'), 'productType'));
  return n === 1 || n === 2 || n === 3 || n === 4 || n === 5 ? n : undefined;
}

export function variantsOf(item: unknown): readonly unknown[] {
  return list(field(field(item, 'structuredContent'), 'variants'));
}

export function isSubscribable(item: unknown): boolean {
  return flag(field(field(item, 'structuredContent'), 'isSubscribable'));
}

/**
 * Sold out: a physical or service product whose variants are all limited and at zero. Digital and
 * gift-card products never sell out. A product of unknown type cannot be bought, so it counts as
 * sold out too (the conformance cases agree).
 */
export function isSoldOut(item: unknown): boolean {
  const type = productTypeOf(item);
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) return false;
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return true;
  for (const v of variantsOf(item)) {
    if (flag(field(v, 'unlimited')) || num(field(v, 'qtyInStock')) > 0) return false;
  }
  return true;
}

/** On sale: any variant on sale, or a digital product flagged on sale. */
export function isOnSale(item: unknown): boolean {
  const type = productTypeOf(item);
  if (type === ProductType.DIGITAL) return flag(field(field(item, 'structuredContent'), 'onSale'));
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return false;
  for (const v of variantsOf(item)) if (flag(field(v, 'onSale'))) return true;
  return false;
}

export type ProductMark = 'sold-out' | 'sale';

/** The one mark a product shows; sold out wins over sale. */
export function productMark(item: unknown): ProductMark | undefined {
  if (isSoldOut(item)) return 'sold-out';
  if (isOnSale(item)) return 'sale';
  return undefined;
}

/** Variants are shown when there is more than one and the product is not digital. */
export function hasVariants(item: unknown): boolean {
  return productTypeOf(item) !== ProductType.DIGITAL && variantsOf(item).length > 1;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) {
    return JSON.stringify(a) === JSON.stringify(b);
  }
  return false;
}

/**
 * Whether variants differ in price, which makes the price read "from …": a different sale flag,
 * a different sale price while on sale, or a different regular price (legacy cent fields).
 */
export function hasVariedPrices(item: unknown): boolean {
  const type = productTypeOf(item);
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE && type !== ProductType.GIFT_CARD)
    return false;
  const variants = variantsOf(item);
  const first = variants[0];
  if (first === undefined) return false;
  const onSale = field(first, 'onSale');
  const firstOnSale = flag(onSale);
  const salePrice = field(first, 'salePrice');
  const price = field(first, 'price');
  for (let i = 1; i < variants.length; i++) {
    const v = variants[i];
    if (!sameValue(field(v, 'onSale'), onSale)) return true;
    if (firstOnSale && !sameValue(field(v, 'salePrice'), salePrice)) return true;
    if (!sameValue(field(v, 'price'), price)) return true;
  }
  return false;
}

/** Stock left across variants; digital, gift-card and unlimited stock count as unlimited. */
export function totalStockRemaining(item: unknown): number {
  const type = productTypeOf(item);
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) return Number.MAX_SAFE_INTEGER;
  let total = 0;
  for (const v of variantsOf(item)) {
    if (flag(field(v, 'unlimited'))) return Number.MAX_SAFE_INTEGER;
    const q = num(field(v, 'qtyInStock'));
    if (q > 0) total += q;
  }
  return total;
}

/** Store setting multipleQuantityAllowedForServices; true unless explicitly set. */
export function multipleQuantityAllowedForServices(storeSettings: unknown): boolean {
  const v = field(storeSettings, 'multipleQuantityAllowedForServices');
  return v === undefined || v === null ? true : flag(v);
}

/**
 * The quantity input shows for physical products, or services when the store allows several,
 * never for subscriptions, and only when more than one unit is available.
 */
export function showsQuantityInput(item: unknown, storeSettings: unknown): boolean {
  const type = productTypeOf(item);
  const allowed =
    type === ProductType.PHYSICAL ||
    (type === ProductType.SERVICE && multipleQuantityAllowedForServices(storeSettings));
  return allowed && !isSubscribable(item) && totalStockRemaining(item) > 1;
}

/** The add-to-cart button runs in form mode when both the form id and the form exist. */
export function usesFormMode(item: unknown): boolean {
  const content = field(item, 'structuredContent');
  return flag(field(content, 'additionalFieldsFormId')) && flag(field(content, 'additionalFieldsForm'));
}

export interface ButtonLabels {
  /** Localized "Add To Cart". */
  addToCart?: string;
  /** Localized "Subscribe". */
  subscribe?: string;
}

/** The add button's text: the merchant's custom text, else Subscribe or Add To Cart. */
export function addButtonLabel(item: unknown, labels: ButtonLabels = {}): string {
  const content = field(item, 'structuredContent');
  const custom = field(content, 'customAddButtonText');
  if (flag(field(content, 'useCustomAddButtonText')) && flag(custom)) return str(custom);
  if (flag(field(content, 'isSubscribable'))) return labels.subscribe || messages.subscribe;
  return labels.addToCart || messages.addToCart;
}

export interface VariantOption {
  readonly name: string;
  readonly values: string[];
}

/**
 * The selectable options in the merchant's order (variantOptionOrdering), each with its distinct
 * values in variant order; empty when there is at most one variant.
 */
export function variantOptions(item: unknown): VariantOption[] {
  const content = field(item, 'structuredContent');
  const variants = list(field(content, 'variants'));
  if (variants.length <= 1) return [];
  const options: VariantOption[] = list(field(content, 'variantOptionOrdering')).map((n) => ({
    name: str(n),
    values: [],
  }));
  for (const v of variants) {
    const attrs = field(v, 'attributes');
    if (!isRecord(attrs)) continue;
    for (const key in attrs) {
      const option = options.find((o) => o.name === key);
      if (option === undefined) continue;
      const value = str(attrs[key]);
      if (!option.values.includes(value)) option.values.push(value);
    }
  }
  return options;
}

/** A variant described by its option values: "blue / large". */
export function variantDescriptor(variant: unknown): string {
  let out = '';
  const values = list(field(variant, 'optionValues'));
  for (let i = 0; i < values.length; i++) out += (i > 0 ? ' / ' : '') + str(field(values[i], 'value'));
  return out;
}
