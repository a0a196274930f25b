/**
 * The cart model: a pure function from cart lines, the products they name and the store settings
 * to the spec's cart shape. All sums run on bigint minor units and are converted to numbers once,
 * with a range check, at the end.
 */
import { field, flag, list, str } from '../loose/index';
import { toSafeNumber } from '../money/arithmetic';
import { moneyCurrency, minorToMoney, toMinor } from '../money/money';
import { ProductType } from '../product/types';
import { productTypeOf } from '../product/display';
import { validateQuantity } from '../add-to-cart/validation';
import type { ShippingOptionSetting, StoreSettings } from '../store/schema';
import { applyDiscounts, type DiscountUsage } from '../discount/apply';
import type { Discount } from '../discount/schema';
import { computeTax, effectiveTaxRates, ratesFor, type TaxAddress } from '../tax/compute';
import { effectiveZones, rateCost, shippingQuotes, zonesFromLegacy } from '../shipping/compute';
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
  /** The site's discounts (codes and automatic), automatic ones in creation order. */
  readonly discounts?: readonly Discount[];
  /** Today in the site's time zone, for the discounts' dates (dayInZone). */
  readonly today?: string;
  readonly discountUsage?: ReadonlyMap<string, DiscountUsage>;
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
  unit: bigint;
  total: bigint;
  categories: string[];
  weightGrams: number;
  taxExempt: boolean;
  /** Sent to the shopper: a physical product the owner did not mark "no shipping". */
  ships: boolean;
}

/** The shopper's country and region from the cart's stored location, if it names a country. */
function addressOf(location: unknown): TaxAddress | undefined {
  const country = str(field(location, 'country')).trim().toUpperCase();
  return /^[A-Z]{2}$/.test(country) ? { country, region: str(field(location, 'region')) } : undefined;
}

const wholeGrams = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : 0);

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
  if (moneyCurrency(money) !== input.settings.selectedCurrency)
    throw new CartComputationError('currency-mismatch', line.id);
  const unit = toMinor(money).minor;
  const ships = type === ProductType.PHYSICAL && !flag(field(content, 'noShipping'));
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
  return {
    entry,
    type,
    unit,
    total,
    categories: list(field(item, 'categories')).map((c) => str(field(c, 'name'))),
    weightGrams: ships ? wholeGrams(field(content, 'shippingWeightGrams')) * q.quantity : 0,
    ships,
    // Gift cards are stored money, not a sale of goods: never taxed.
    taxExempt: type === ProductType.GIFT_CARD || flag(field(content, 'taxExempt')),
  };
}

/** The cost of a flat or table option (the rates before zones) for a subtotal. */
export function shippingCost(option: ShippingOptionSetting, subtotalCents: bigint): bigint {
  const [rate] = zonesFromLegacy([option])[0]!.rates;
  return rateCost(rate!, { subtotal: subtotalCents, weightGrams: 0 }) ?? 0n;
}

export function computeCart(input: CartInput): ShoppingCart {
  const { settings } = input;
  const priced = input.lines.map((l) => priceLine(l, input));

  let subtotal = 0n;
  let totalQuantity = 0;
  let hasDigital = false;
  let requiresShipping = false;
  let allDigital = priced.length > 0;
  for (const p of priced) {
    subtotal += p.total;
    totalQuantity += p.entry.quantity;
    const digital = p.type === ProductType.DIGITAL || p.type === ProductType.GIFT_CARD;
    hasDigital ||= digital;
    allDigital &&= digital;
    requiresShipping ||= p.ships;
  }

  const address = addressOf(input.shippingLocation);
  const weightGrams = priced.reduce((sum, p) => sum + p.weightGrams, 0);
  const shippingOptions: CartShippingOption[] = requiresShipping
    ? shippingQuotes(effectiveZones(settings), address, { subtotal, weightGrams }).map((q) => ({
        id: q.id,
        name: q.name,
        costCents: toSafeNumber(q.cost),
        ...(q.kind === 'pickup' ? { pickup: true as const, instructions: q.instructions } : {}),
      }))
    : [];
  let selected = shippingOptions.find((o) => o.id === input.selectedShippingOptionId) ?? null;
  // Without a valid choice the cheapest option is preselected, as shoppers expect.
  if (selected === null && shippingOptions.length > 0) {
    selected = shippingOptions.reduce((a, b) => (b.costCents < a.costCents ? b : a));
  }
  const fullShipping = selected === null ? 0n : BigInt(selected.costCents);

  // Codes match case-insensitively; the stacking rules are in discount/apply.ts.
  const codes = input.couponCodes ?? [];
  const discounted = applyDiscounts({
    lines: priced.map((p) => ({
      id: p.entry.id,
      productId: p.entry.itemId,
      categories: p.categories,
      unitCents: p.unit,
      quantity: p.entry.quantity,
      // Gift cards are stored money, not goods: no discount reduces them.
      discountable: p.type !== ProductType.GIFT_CARD,
    })),
    discounts: input.discounts ?? [],
    codes,
    shippingCents: fullShipping,
    requiresShipping,
    today: input.today ?? '',
    usage: input.discountUsage ?? new Map(),
    currency: settings.selectedCurrency,
  });
  const discount = discounted.linesCents;
  const shipping = fullShipping - discounted.shippingCents;

  // Until the shopper says where they are, prices carry the store's own country's tax.
  const taxAddress =
    address ?? (settings.taxOriginCountry ? { country: settings.taxOriginCountry } : undefined);
  const tax = computeTax({
    lines: priced.map((p) => ({
      id: p.entry.id,
      // Tax is charged on what each line really costs after its discounts.
      amount: p.total - (discounted.lineDiscounts.get(p.entry.id) ?? 0n),
      exempt: p.taxExempt,
    })),
    shipping,
    rates: priced.length > 0 ? ratesFor(effectiveTaxRates(settings), taxAddress) : [],
    rounding: settings.taxRounding,
  });
  const applicableTaxRules: AppliedTaxRule[] = tax.charges.map((c) => ({
    name: c.name,
    rateBasisPoints: Math.round(Number(c.rate) * 100),
    taxCents: toSafeNumber(c.tax),
  }));

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
    validCoupons: discounted.validCodes,
    invalidCoupons: discounted.refused.map((r) => r.code),
    refusedCoupons: discounted.refused.map(({ code, message }) => ({ code, message })),
    discounts: discounted.applied,
    subtotalCents: toSafeNumber(subtotal),
    taxCents: toSafeNumber(tax.total),
    shippingCostCents: toSafeNumber(shipping),
    discountCents: toSafeNumber(discount),
    grandTotalCents: toSafeNumber(subtotal - discount + shipping + tax.total - tax.included),
    totalQuantity,
    hasDigital,
    purelyDigital: allDigital,
    requiresShipping,
    taxLines: tax.charges.map((c) => ({
      name: c.name,
      rate: c.rate,
      country: c.country,
      region: c.region,
      included: c.included,
      taxCents: toSafeNumber(c.tax),
      taxableCents: toSafeNumber(c.taxable),
    })),
    taxIncludedCents: toSafeNumber(tax.included),
  };
}
