/**
 * The cart model: a pure function from cart lines, the products they name and the store settings
 * to the spec's cart shape. All sums run on bigint minor units and are converted to numbers once,
 * with a range check, at the end.
 */
import { field, flag, list, str } from '../loose/index';
import { maxBigint, minBigint, percentOf, toSafeNumber } from '../money/arithmetic';
import { moneyCurrency, minorToMoney, toMinor } from '../money/money';
import { ProductType } from '../product/types';
import { productTypeOf } from '../product/display';
import { messages } from '../messages';
import { validateQuantity } from '../add-to-cart/validation';
import type { CouponSetting, ShippingOptionSetting, StoreSettings } from '../store/schema';
import type { AppliedTaxRule, CartEntry, CartShippingOption, ShoppingCart } from './schema';

export interface CartLine {
  readonly id: string;
  readonly itemId: string;
  readonly sku: string;
  readonly quantity: number;
  readonly additionalFields?: string | null;
}

export interface CartIdentity {
  readonly id: string;
  readonly websiteId: string;
  readonly created: number;
  readonly orderId?: string | null;
  readonly isPurchased?: boolean;
}

export interface CartInput {
  readonly cart: CartIdentity;
  readonly lines: readonly CartLine[];
  /** Product items by id, as stored (validated ProductItem or page JSON). */
  readonly products: ReadonlyMap<string, unknown>;
  readonly settings: StoreSettings;
  readonly couponCodes?: readonly string[];
  readonly selectedShippingOptionId?: string;
  readonly shippingLocation?: unknown;
}

export type CartErrorCode = 'unknown-item' | 'unknown-variant' | 'currency-mismatch' | 'invalid-quantity';

/** A cart that cannot be priced; the API answers it with a 4xx and the code. */
export class CartComputationError extends Error {
  constructor(
    readonly code: CartErrorCode,
    readonly lineId: string,
  ) {
    super(`${code} in cart line ${lineId}`);
    this.name = 'CartComputationError';
  }
}

interface PricedLine {
  entry: CartEntry;
  type: number | undefined;
  total: bigint;
}

function priceLine(line: CartLine, input: CartInput): PricedLine {
  const item = input.products.get(line.itemId);
  if (item === undefined) throw new CartComputationError('unknown-item', line.id);
  const q = validateQuantity(line.quantity);
  if (!q.ok) throw new CartComputationError('invalid-quantity', line.id);
  const type = productTypeOf(item);
  const content = field(item, 'structuredContent');
  let source: unknown = content;
  let attributes: Record<string, string> = {};
  if (type !== ProductType.DIGITAL) {
    source = list(field(content, 'variants')).find((v) => str(field(v, 'sku')) === line.sku);
    if (source === undefined) throw new CartComputationError('unknown-variant', line.id);
    const attrs = field(source, 'attributes');
    if (attrs && typeof attrs === 'object') {
      attributes = Object.fromEntries(Object.entries(attrs).map(([k, v]) => [k, str(v)]));
    }
  }
  const money = flag(field(source, 'onSale')) ? field(source, 'salePriceMoney') : field(source, 'priceMoney');
  if (moneyCurrency(money) !== input.settings.selectedCurrency) throw new CartComputationError('currency-mismatch', line.id);
  const unit = toMinor(money).minor;
  const total = unit * BigInt(q.quantity);
  const entry: CartEntry = {
    id: line.id,
    itemId: line.itemId,
    chosenVariant: { sku: line.sku, attributes },
    quantity: q.quantity,
    title: str(field(item, 'title')),
    subTotal: minorToMoney({ minor: total, currency: input.settings.selectedCurrency }),
    purchasePriceCents: toSafeNumber(unit),
    additionalFields: line.additionalFields ?? null,
  };
  return { entry, type, total };
}

function couponDiscount(coupon: CouponSetting, subtotal: bigint): bigint {
  return coupon.kind === 'percent' ? percentOf(subtotal, coupon.basisPoints) : BigInt(coupon.amountCents);
}

/** The cost of a shipping option for a subtotal: flat, or the rate of the highest threshold reached. */
export function shippingCost(option: ShippingOptionSetting, subtotalCents: bigint): bigint {
  if (option.kind === 'flat') return BigInt(option.amountCents);
  let best: { minSubtotalCents: number; amountCents: number } | undefined;
  for (const r of option.rates) {
    if (BigInt(r.minSubtotalCents) <= subtotalCents && (best === undefined || r.minSubtotalCents > best.minSubtotalCents)) best = r;
  }
  // Below every threshold the lowest-threshold rate applies, so an option always has a price.
  best ??= option.rates.reduce((a, b) => (b.minSubtotalCents < a.minSubtotalCents ? b : a));
  return BigInt(best.amountCents);
}

export function computeCart(input: CartInput): ShoppingCart {
  const { settings } = input;
  const priced = input.lines.map((l) => priceLine(l, input));

  let subtotal = 0n;
  // Gift cards are stored money, not goods: coupons do not discount them and they bear no tax.
  let giftCards = 0n;
  let totalQuantity = 0;
  let hasDigital = false;
  let requiresShipping = false;
  let allDigital = priced.length > 0;
  for (const p of priced) {
    subtotal += p.total;
    if (p.type === ProductType.GIFT_CARD) giftCards += p.total;
    totalQuantity += p.entry.quantity;
    const digital = p.type === ProductType.DIGITAL || p.type === ProductType.GIFT_CARD;
    hasDigital ||= digital;
    allDigital &&= digital;
    requiresShipping ||= p.type === ProductType.PHYSICAL;
  }

  // Coupons: codes match case-insensitively; each valid one discounts the full subtotal, and the
  // sum never takes the subtotal below zero.
  const codes = input.couponCodes ?? [];
  const validCoupons: string[] = [];
  const invalidCoupons: string[] = [];
  let discount = 0n;
  const discountable = subtotal - giftCards;
  for (const code of codes) {
    const coupon = settings.coupons.find((c) => c.code.toLowerCase() === code.toLowerCase());
    if (coupon === undefined || discountable < BigInt(coupon.minSubtotalCents) || validCoupons.includes(coupon.code)) {
      invalidCoupons.push(code);
      continue;
    }
    validCoupons.push(coupon.code);
    discount += couponDiscount(coupon, discountable);
  }
  discount = minBigint(discount, discountable);

  const shippingOptions: CartShippingOption[] = requiresShipping
    ? settings.shippingOptions.map((o) => ({ id: o.id, name: o.name, costCents: toSafeNumber(shippingCost(o, subtotal)) }))
    : [];
  let selected = shippingOptions.find((o) => o.id === input.selectedShippingOptionId) ?? null;
  // Without a valid choice the cheapest option is preselected, as shoppers expect.
  if (selected === null && shippingOptions.length > 0) {
    selected = shippingOptions.reduce((a, b) => (b.costCents < a.costCents ? b : a));
  }
  const shipping = selected === null ? 0n : BigInt(selected.costCents);

  const taxable = maxBigint(0n, discountable - discount) + (settings.taxShipping ? shipping : 0n);
  const tax = percentOf(taxable, settings.taxRateBasisPoints);
  const applicableTaxRules: AppliedTaxRule[] =
    settings.taxRateBasisPoints > 0 && priced.length > 0
      ? [{ name: messages.salesTaxRule, rateBasisPoints: settings.taxRateBasisPoints, taxCents: toSafeNumber(tax) }]
      : [];

  return {
    id: input.cart.id,
    websiteId: input.cart.websiteId,
    orderId: input.cart.orderId ?? null,
    created: input.cart.created,
    isPurchased: input.cart.isPurchased ?? false,
    entries: priced.map((p) => p.entry),
    shippingOptions,
    selectedShippingOption: selected,
    shippingLocation: input.shippingLocation,
    applicableTaxRules,
    coupons: [...codes],
    validCoupons,
    invalidCoupons,
    subtotalCents: toSafeNumber(subtotal),
    taxCents: toSafeNumber(tax),
    shippingCostCents: toSafeNumber(shipping),
    discountCents: toSafeNumber(discount),
    grandTotalCents: toSafeNumber(subtotal - discount + shipping + tax),
    totalQuantity,
    hasDigital,
    purelyDigital: allDigital,
    requiresShipping,
  };
}
