/**
 * Which price a product shows: the lowest ("from"), the highest regular ("normal") and the lowest
 * sale price. Each returns the money object as found in the data, so its currency travels with it,
 * or the default 0 USD when the product has none.
 */
import { compareDecimal } from '../money/decimal';
import { DEFAULT_MONEY, moneyAmount } from '../money/money';
import { field, flag } from '../loose/index';
import { ProductType } from './types';
import { productTypeOf, variantsOf } from './display';

function effectivePriceMoney(variant: unknown): unknown {
  return flag(field(variant, 'onSale')) ? field(variant, 'salePriceMoney') : field(variant, 'priceMoney');
}

function digitalPrice(item: unknown, key: 'priceMoney' | 'salePriceMoney'): unknown {
  const m = field(field(item, 'structuredContent'), key);
  return m === undefined ? DEFAULT_MONEY : m;
}

/** The lowest price a shopper can pay, counting sale prices. */
export function fromPrice(item: unknown): unknown {
  const type = productTypeOf(item);
  if (type === ProductType.DIGITAL) return digitalPrice(item, 'priceMoney');
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE && type !== ProductType.GIFT_CARD)
    return DEFAULT_MONEY;
  const variants = variantsOf(item);
  if (variants.length === 0) return DEFAULT_MONEY;
  let best = effectivePriceMoney(variants[0]);
  let bestAmount = moneyAmount(best);
  for (let i = 1; i < variants.length; i++) {
    const m = effectivePriceMoney(variants[i]);
    const a = moneyAmount(m);
    if (compareDecimal(a, bestAmount) < 0) {
      best = m;
      bestAmount = a;
    }
  }
  return best;
}

/** The highest regular (not sale) price among variants. */
export function normalPrice(item: unknown): unknown {
  const type = productTypeOf(item);
  if (type === ProductType.DIGITAL) return digitalPrice(item, 'priceMoney');
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE && type !== ProductType.GIFT_CARD)
    return DEFAULT_MONEY;
  const variants = variantsOf(item);
  if (variants.length === 0) return DEFAULT_MONEY;
  let best = field(variants[0], 'priceMoney');
  let bestAmount = moneyAmount(best);
  for (let i = 1; i < variants.length; i++) {
    const m = field(variants[i], 'priceMoney');
    const a = moneyAmount(m);
    if (compareDecimal(a, bestAmount) > 0) {
      best = m;
      bestAmount = a;
    }
  }
  return best;
}

/** The lowest sale price among variants on sale; gift cards have none. */
export function salePrice(item: unknown): unknown {
  const type = productTypeOf(item);
  if (type === ProductType.DIGITAL) return digitalPrice(item, 'salePriceMoney');
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return DEFAULT_MONEY;
  let best: unknown;
  let bestAmount = moneyAmount(undefined);
  for (const v of variantsOf(item)) {
    if (!flag(field(v, 'onSale'))) continue;
    const m = field(v, 'salePriceMoney');
    const a = moneyAmount(m);
    if (best === undefined || compareDecimal(a, bestAmount) < 0) {
      best = m;
      bestAmount = a;
    }
  }
  return best === undefined ? DEFAULT_MONEY : best;
}

/**
 * The subscription pricing options of the cheapest variant (by its effective one-time price), which
 * the subscription price shows; undefined for products that cannot have them.
 */
export function lowestVariantPricingOptions(item: unknown): readonly unknown[] | undefined {
  const type = productTypeOf(item);
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return undefined;
  const variants = variantsOf(item);
  if (variants.length === 0) return undefined;
  let options = field(variants[0], 'pricingOptions');
  let bestAmount = moneyAmount(effectivePriceMoney(variants[0]));
  for (let i = 1; i < variants.length; i++) {
    const a = moneyAmount(effectivePriceMoney(variants[i]));
    if (compareDecimal(a, bestAmount) < 0) {
      options = field(variants[i], 'pricingOptions');
      bestAmount = a;
    }
  }
  return Array.isArray(options) ? options : undefined;
}

/** A pricing option's price as charged: its sale price when on sale. */
export function pricingOptionPrice(option: unknown): unknown {
  return effectivePriceMoney(option);
}
