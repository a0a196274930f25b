/** Price formatters: product-price, subscription-price and the legacy from/normal/sale figures. */
import {
  currencyInfo,
  fillMessage,
  flag,
  formatAmount,
  formatMoneyIntl,
  fromPrice,
  hasVariedPrices,
  isOnSale,
  isSubscribable,
  legacyCentsOf,
  lowestVariantPricingOptions,
  messages,
  moneyAmount,
  moneyCurrency,
  normalPrice,
  pricingOptionPrice,
  salePrice,
  field,
  subscriptionWording,
  str,
  num,
  zeroPriceLabel,
} from '@site/commerce-core';
import type { Formatter, RenderContext } from '../types';
import { escapeHtml, localizedPath } from './html';
import { SiteTexts } from '../core/memo';
import { currencyOptions, hasLocaleData } from './money';

function localized(ctx: RenderContext, key: string): string | undefined {
  const v = ctx.resolve(localizedPath(key));
  return v === undefined || v === null ? undefined : str(v);
}

/**
 * A price as shown in price blocks: locale-aware when the site opted into CLDR money formatting,
 * else the legacy amount in a sqs-money-native span that the storefront script re-renders.
 */
function moneyText(money: unknown, args: readonly string[], ctx: RenderContext): string {
  const free = freeLabel(money, ctx);
  if (free !== undefined) return '<span class="product-price__free">' + escapeHtml(free) + '</span>';
  if (flag(ctx.resolve('featureFlags.useCLDRMoneyFormat'))) {
    if (!hasLocaleData(ctx)) return '';
    const amount = moneyAmount(money);
    const currency = moneyCurrency(money);
    // Intl formatting costs microseconds and a grid shows the same prices render after render.
    const texts = cldrPrices.texts(args, ctx.locale, '');
    const key = `${currency} ${amount.negative ? '-' : ''}${amount.int}.${amount.frac}`;
    let text = texts.get(key);
    if (text === undefined) {
      text = formatMoneyIntl(amount, currency, ctx.locale, currencyOptions(args));
      texts.set(key, text);
    }
    return text;
  }
  const amount = formatAmount(moneyAmount(money), currencyInfo(moneyCurrency(money)).decimals);
  return '<span class="sqs-money-native">' + amount + '</span>';
}

const cldrPrices = new SiteTexts();

/** The owner's label for a zero price (store settings freeIfZero + freeLabel), when the amount is zero. */
function freeLabel(money: unknown, ctx: RenderContext): string | undefined {
  const amount = moneyAmount(money);
  if (/[1-9]/.test(amount.int + amount.frac)) return undefined;
  return zeroPriceLabel(field(ctx.resolve('websiteSettings'), 'storeSettings'));
}

/** The pieces of a price block; a text is a sentence with {price}-style placeholders. */
interface PriceBlock {
  fromText?: string;
  fromPrice?: string;
  saleText?: string;
  salePrice?: string;
  normalText?: string;
  normalPrice?: string;
  billingPeriodValue?: number;
  duration?: number;
}

const HIDDEN_OPEN = '<span class="visually-hidden v6-visually-hidden">';

function fill(text: string, price: string, block: PriceBlock): string {
  if (text === '{price}') return price;
  return fillMessage(text, {
    fromPrice: price,
    price,
    billingPeriodValue: block.billingPeriodValue ?? '',
    duration: block.duration ?? '',
  });
}

/** One of: the "from" line, the sale line with the struck original, or the plain price. */
function renderPriceBlock(cssClass: string, b: PriceBlock, ctx: RenderContext): string {
  let out = '\n\n\n<div class="' + cssClass + '">\n';
  if (b.fromPrice) {
    out += fill(b.fromText ?? '', b.fromPrice, b) + '\n';
  } else if (b.salePrice) {
    const saleLabel = localized(ctx, 'salePriceText');
    const originalLabel = localized(ctx, 'originalPriceText');
    out +=
      HIDDEN_OPEN +
      (saleLabel ? escapeHtml(saleLabel) : messages.salePriceLabel) +
      '</span>' +
      fill(b.saleText ?? '', b.salePrice, b) +
      ' ' +
      HIDDEN_OPEN +
      (originalLabel ? escapeHtml(originalLabel) : messages.originalPriceLabel) +
      '</span><span class="original-price">' +
      fill(b.normalText ?? '', b.normalPrice ?? '', b) +
      '</span>\n';
  } else if (b.normalPrice) {
    out += fill(b.normalText ?? '', b.normalPrice, b);
  }
  return out + '\n</div>';
}

function subscriptionBlock(item: unknown, args: readonly string[], ctx: RenderContext): PriceBlock {
  const plan = field(field(item, 'structuredContent'), 'subscriptionPlan');
  const multiplePrices = hasVariedPrices(item);
  const wording = subscriptionWording(plan, { multiplePrices });
  if (wording === undefined) {
    return { fromText: localized(ctx, 'productPriceUnavailable') ?? messages.unavailable, fromPrice: 'true' };
  }
  const text = localized(ctx, wording.key) ?? wording.template;
  const b: PriceBlock = { billingPeriodValue: wording.billingPeriodValue, duration: wording.duration };
  if (multiplePrices) {
    b.fromText = text;
    b.fromPrice = moneyText(fromPrice(item), args, ctx);
  }
  if (isOnSale(item)) {
    b.saleText = text;
    b.salePrice = moneyText(salePrice(item), args, ctx);
  }
  b.normalText = text;
  b.normalPrice = moneyText(normalPrice(item), args, ctx);
  return b;
}

function oneTimeBlock(item: unknown, args: readonly string[], ctx: RenderContext): PriceBlock {
  const b: PriceBlock = {};
  // Only the declared "undefined" type (-1) has no price: anything else, product or not, prints
  // the zero price, as in the reference.
  if (num(field(field(item, 'structuredContent'), 'productType')) === -1) return b;
  if (hasVariedPrices(item)) {
    b.fromText = localized(ctx, 'productPriceFromText') ?? messages.fromPrice;
    b.fromPrice = moneyText(fromPrice(item), args, ctx);
  }
  if (isOnSale(item)) {
    b.saleText = '{price}';
    b.salePrice = moneyText(salePrice(item), args, ctx);
  }
  b.normalText = '{price}';
  b.normalPrice = moneyText(normalPrice(item), args, ctx);
  return b;
}

const productPrice: Formatter = (item, args, ctx) =>
  renderPriceBlock(
    'product-price',
    isSubscribable(item) ? subscriptionBlock(item, args, ctx) : oneTimeBlock(item, args, ctx),
    ctx,
  );

/** The price of the cheapest variant's first subscription option. */
const subscriptionPrice: Formatter = (item, args, ctx) => {
  const b: PriceBlock = {};
  const options = lowestVariantPricingOptions(item);
  const first = options?.[0];
  if (first !== undefined) {
    if (hasVariedPrices(item)) {
      b.fromText = localized(ctx, 'productPriceFromText') ?? messages.fromPrice;
      b.fromPrice = moneyText(pricingOptionPrice(first), args, ctx);
    }
    if (flag(field(first, 'onSale'))) {
      b.saleText = '{price}';
      b.salePrice = moneyText(field(first, 'salePriceMoney'), args, ctx);
    }
    b.normalText = '{price}';
    b.normalPrice = moneyText(field(first, 'priceMoney'), args, ctx);
  }
  return renderPriceBlock('subscription-price', b, ctx);
};

export const priceFormatters: Readonly<Record<string, Formatter>> = {
  'product-price': productPrice,
  'subscription-price': subscriptionPrice,
  'from-price': (item) => legacyCentsOf(fromPrice(item)),
  'normal-price': (item) => legacyCentsOf(normalPrice(item)),
  'sale-price': (item) => legacyCentsOf(salePrice(item)),
};
