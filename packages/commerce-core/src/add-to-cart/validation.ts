/** Add-to-cart validation (storefront.md §5) with the spec's exact messages. */
import { field, flag, isRecord, list, num, str } from '../loose/index';
import { fillMessage, messages } from '../messages';
import { productTypeOf } from '../product/display';
import { ProductType } from '../product/types';

export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 9999;
export const QUANTITY_STEP = 1;
export const QUANTITY_DEFAULT = 1;
export const QUANTITY_INPUT_SIZE = 4;

export type AddToCartProblemCode =
  | 'options-unselected'
  | 'variant-missing'
  | 'out-of-stock'
  | 'quantity-not-number'
  | 'quantity-not-whole'
  | 'quantity-out-of-range'
  | 'gift-card-denomination-missing';

export interface AddToCartProblem {
  readonly code: AddToCartProblemCode;
  readonly message: string;
}

export type QuantityResult = { ok: true; quantity: number } | { ok: false; problem: AddToCartProblem };

/** The names of unselected options, in a sentence: one, two, or "a, b and c". */
export function unselectedOptionsMessage(names: readonly string[]): string {
  if (names.length === 1) return fillMessage(messages.selectOneOption, { option: names[0] ?? '' });
  if (names.length === 2) {
    return fillMessage(messages.selectTwoOptions, { option1: names[0] ?? '', option2: names[1] ?? '' });
  }
  return fillMessage(messages.selectManyOptions, {
    optionsList: names.slice(0, -1).join(', '),
    lastOption: names[names.length - 1] ?? '',
  });
}

/** Parses what the shopper typed in the quantity input. */
export function validateQuantity(input: unknown): QuantityResult {
  const text = typeof input === 'number' ? String(input) : str(input).trim();
  const n = text === '' ? NaN : Number(text);
  if (Number.isNaN(n))
    return { ok: false, problem: { code: 'quantity-not-number', message: messages.quantityNotNumber } };
  if (!Number.isInteger(n))
    return { ok: false, problem: { code: 'quantity-not-whole', message: messages.quantityNotWhole } };
  if (n < QUANTITY_MIN || n > QUANTITY_MAX) {
    return {
      ok: false,
      problem: {
        code: 'quantity-out-of-range',
        message: fillMessage(messages.quantityOutOfRange, { min: QUANTITY_MIN, max: QUANTITY_MAX }),
      },
    };
  }
  return { ok: true, quantity: n };
}

/** Option names (in the merchant's order) the shopper has not chosen yet. */
export function unselectedOptions(item: unknown, selection: Readonly<Record<string, string>>): string[] {
  const content = field(item, 'structuredContent');
  if (list(field(content, 'variants')).length <= 1) return [];
  return list(field(content, 'variantOptionOrdering'))
    .map(str)
    .filter((name) => !selection[name]);
}

/** The variant whose attributes match every chosen option; the only variant when there is one. */
export function findVariant(item: unknown, selection: Readonly<Record<string, string>>): unknown {
  const variants = list(field(field(item, 'structuredContent'), 'variants'));
  if (variants.length === 1) return variants[0];
  return variants.find((v) => {
    const attrs = field(v, 'attributes');
    if (!isRecord(attrs)) return false;
    for (const key in attrs) if (selection[key] !== str(attrs[key])) return false;
    return true;
  });
}

/**
 * Whether `requested` more units can go in the cart: some stock result is unlimited, or holds
 * at least what is already in the cart plus the request.
 */
export function hasStockFor(results: readonly unknown[], alreadyInCart: number, requested = 1): boolean {
  return results.some(
    (r) => flag(field(r, 'unlimited')) || num(field(r, 'qtyInStock')) >= alreadyInCart + requested,
  );
}

export interface AddToCartRequest {
  /** The product item as on the page. */
  readonly item: unknown;
  /** Option name → chosen value. */
  readonly selection: Readonly<Record<string, string>>;
  /** The raw quantity input (1 when the page shows no input). */
  readonly quantity: unknown;
  /** Units of the chosen variant already in the cart. */
  readonly alreadyInCart: number;
}

export type AddToCartValidation =
  { ok: true; variant: unknown; sku: string; quantity: number } | { ok: false; problem: AddToCartProblem };

/**
 * Validates an add-to-cart click before anything is sent, in the order shoppers meet the problems:
 * gift-card denomination, options, variant, quantity, then stock (against what the cart holds).
 */
export function validateAddToCart(req: AddToCartRequest): AddToCartValidation {
  const type = productTypeOf(req.item);
  const missing = unselectedOptions(req.item, req.selection);
  if (type === ProductType.GIFT_CARD && missing.length > 0) {
    return {
      ok: false,
      problem: { code: 'gift-card-denomination-missing', message: messages.giftCardDenominationMissing },
    };
  }
  if (missing.length > 0) {
    return { ok: false, problem: { code: 'options-unselected', message: unselectedOptionsMessage(missing) } };
  }
  const variant = type === ProductType.DIGITAL ? undefined : findVariant(req.item, req.selection);
  if (type !== ProductType.DIGITAL && variant === undefined) {
    const code = type === ProductType.GIFT_CARD ? 'gift-card-denomination-missing' : 'variant-missing';
    const message =
      type === ProductType.GIFT_CARD ? messages.giftCardDenominationMissing : messages.variantUnavailable;
    return { ok: false, problem: { code, message } };
  }
  const q = validateQuantity(req.quantity);
  if (!q.ok) return q;
  const unlimited = type === ProductType.DIGITAL || type === ProductType.GIFT_CARD;
  if (!unlimited && !hasStockFor([variant], req.alreadyInCart, q.quantity)) {
    return { ok: false, problem: { code: 'out-of-stock', message: messages.notEnoughStock } };
  }
  return { ok: true, variant, sku: str(field(variant, 'sku')), quantity: q.quantity };
}
