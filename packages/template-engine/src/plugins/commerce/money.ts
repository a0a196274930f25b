/** Money formatters: locale-aware (`money`, `i18n-money-format`, …) and the legacy format. */
import {
  currencyForRegion,
  currencyInfo,
  field,
  formatAmount,
  formatDecimalIntl,
  formatMinorWithSymbol,
  formatMoneyIntl,
  isRecord,
  localeRegion,
  moneyCurrency,
  movePoint,
  parseDecimal,
  toScaledInteger,
  type CurrencyCode,
  type DecimalParts,
  type IntlMoneyOptions,
} from '@site/commerce-core';
import type { Formatter, RenderContext } from '../types';
import { SiteTexts } from '../core/memo';

const ZERO: DecimalParts = { negative: false, int: '0', frac: '' };

/** Locale "none" (or an empty one) means the render has no locale data at all. */
export function hasLocaleData(ctx: RenderContext): boolean {
  return ctx.locale !== '' && ctx.locale !== 'none';
}

const ROUNDING: Readonly<Record<string, IntlMoneyOptions['roundingMode']>> = {
  ceil: 'ceil',
  ceiling: 'ceil',
  floor: 'floor',
  up: 'expand',
  down: 'trunc',
  truncate: 'trunc',
  'half-up': 'halfExpand',
  'half-down': 'halfTrunc',
  'half-even': 'halfEven',
};

const clampDigits = (v: string): number => Math.max(0, Math.min(50, Number.parseInt(v, 10) || 0));

/** Parses formatter arguments such as `style:short`, `symbol:narrow`, `minfrac:2`, `no-group`. */
export function currencyOptions(args: readonly string[]): IntlMoneyOptions {
  // Half a minor unit rounds to even unless asked otherwise (¥14.5 → ¥14), as in the reference.
  const o: IntlMoneyOptions = { roundingMode: 'halfEven' };
  for (const arg of args) {
    const i = arg.indexOf(':');
    const key = i < 0 ? arg : arg.slice(0, i);
    const val = i < 0 ? '' : arg.slice(i + 1);
    switch (key) {
      case 'style':
        if (val === 'symbol' || val === 'accounting' || val === 'code' || val === 'name' || val === 'short')
          o.style = val;
        else if (val === 'standard') o.style = 'symbol';
        break;
      case 'symbol':
        if (val === 'default' || val === 'narrow') o.symbolWidth = val;
        break;
      case 'group':
      case 'grouping':
        o.grouping = val === '' || val === 'true';
        break;
      case 'no-group':
      case 'no-grouping':
        o.grouping = false;
        break;
      case 'round':
      case 'rounding':
        if (ROUNDING[val]) o.roundingMode = ROUNDING[val];
        break;
      case 'minint':
      case 'minInt':
      case 'minimumIntegerDigits':
        o.minimumIntegerDigits = clampDigits(val);
        break;
      case 'minfrac':
      case 'minFrac':
      case 'minimumFractionDigits':
        o.minimumFractionDigits = clampDigits(val);
        break;
      case 'maxfrac':
      case 'maxFrac':
      case 'maximumFractionDigits':
        o.maximumFractionDigits = clampDigits(val);
        break;
      case 'minsig':
      case 'minSig':
      case 'minimumSignificantDigits':
        o.minimumSignificantDigits = clampDigits(val);
        break;
      case 'maxsig':
      case 'maxSig':
      case 'maximumSignificantDigits':
        o.maximumSignificantDigits = clampDigits(val);
        break;
      default:
        break;
    }
  }
  return o;
}

/** The store's currency from the page data, USD when unset. */
export function storeCurrency(ctx: RenderContext): CurrencyCode {
  return currencyInfo(ctx.resolve('websiteSettings.storeSettings.selectedCurrency')).code;
}

const isBlank = (v: unknown): boolean => v === undefined || v === null || v === '';

/**
 * A money object's amount and currency, or a bare number of minor units (a number or numeric
 * text) in the store currency; undefined when the value holds no money: an object without a
 * `value`/`decimalValue` amount (or with one that is not a decimal), and anything else that is
 * not a number (missing, null, "", text, booleans, lists).
 */
function amountAndCurrency(
  value: unknown,
  ctx: RenderContext,
): { amount: DecimalParts; currency: CurrencyCode } | undefined {
  if (isRecord(value)) {
    const raw = isBlank(value.value) ? value.decimalValue : value.value;
    if (isBlank(raw)) return undefined;
    const amount = parseDecimal(raw);
    return amount === undefined ? undefined : { amount, currency: moneyCurrency(value) };
  }
  if (typeof value !== 'number' && typeof value !== 'string' && typeof value !== 'bigint') return undefined;
  const minor = parseDecimal(value);
  if (minor === undefined) return undefined;
  const currency = storeCurrency(ctx);
  return { amount: movePoint(minor, -currencyInfo(currency).decimals), currency };
}

/**
 * Currency codes CLDR names (current and historic, as the reference knows them), written as
 * they are: "usd" or " USD" is no code.
 */
const currencyNames = new Intl.DisplayNames('en', { type: 'currency', fallback: 'none' });
const knownCodes = new Map<string, boolean>();
function isKnownCurrency(code: string): boolean {
  let known = knownCodes.get(code);
  if (known === undefined) {
    known = /^[A-Z]{3}$/.test(code) && currencyNames.of(code) !== undefined;
    if (knownCodes.size < 1000) knownCodes.set(code, known);
  }
  return known;
}

/** ISO's code for "no currency": Intl formats it with the default two digits and the sign ¤. */
const NO_CURRENCY = 'XXX';

/** The amount alone, without the currency code ISO code display puts beside it. */
function bareAmount(parts: DecimalParts, currency: string, locale: string, o: IntlMoneyOptions): string {
  const text = formatMoneyIntl(parts, currency, locale, { ...o, style: 'code' });
  return text.replace(`${currency}\u00a0`, '').replace(`\u00a0${currency}`, '').replace(currency, '');
}

/**
 * `{m|money}`: a money object (either shape) formatted for the render locale. As in the
 * reference, `style:code` puts the code after the amount ("12.50 USD"), and a code CLDR does not
 * know prints no symbol where the symbol would be (" 12.50"), with two fraction digits.
 */
const money: Formatter = (value, args, ctx) => {
  let amount = field(value, 'decimalValue');
  let code = field(value, 'currencyCode');
  if (amount === undefined || code === undefined) {
    amount = field(value, 'value');
    code = field(value, 'currency');
    if (amount === undefined || code === undefined) return '';
  }
  if (!hasLocaleData(ctx)) return '';
  if (typeof amount !== 'string' && typeof amount !== 'number')
    return moneyText(amount, String(code), args, ctx);
  // Keyed by currency and amount together, so that a list mixing currencies keeps one cache.
  const currency = String(code);
  const texts = moneyTexts.texts(args, ctx.locale, '');
  const key = `${currency}\u0000${amount}`;
  const done = texts.get(key);
  if (done !== undefined) return done;
  const out = moneyText(amount, currency, args, ctx);
  texts.set(key, out);
  return out;
};

const moneyTexts = new SiteTexts();

function moneyText(amount: unknown, currency: string, args: readonly string[], ctx: RenderContext): string {
  const parts = parseDecimal(amount);
  if (parts === undefined) return '';
  const options = currencyOptions(args);
  const known = isKnownCurrency(currency);
  if (options.style === 'code')
    return `${bareAmount(parts, known ? currency : NO_CURRENCY, ctx.locale, options)} ${currency}`;
  if (known) return formatMoneyIntl(parts, currency, ctx.locale, options);
  if (options.style === 'name') return `${bareAmount(parts, NO_CURRENCY, ctx.locale, options)} `;
  // The symbol's place stays: a no-break space where it touched the digits.
  // Locales write the no-currency sign as ¤ or as its code.
  return formatMoneyIntl(parts, NO_CURRENCY, ctx.locale, options).replace(
    /¤|XXX/g,
    (sign: string, offset: number, s: string) => (/\d/.test(s.charAt(offset + sign.length)) ? '\u00a0' : ''),
  );
}

const HALF_EVEN: IntlMoneyOptions = { roundingMode: 'halfEven' };

/**
 * `{cents|bookkeeper-money-format}`: minor units (÷100) in the currency of the locale's region;
 * text that is not a number counts as 0. Half a cent rounds to even, as in `money`.
 */
const bookkeeperMoneyFormat: Formatter = (value, _args, ctx) => {
  if (!hasLocaleData(ctx)) return '';
  const parts =
    parseDecimal(typeof value === 'string' ? value : typeof value === 'number' ? value : '') ?? ZERO;
  const currency = currencyForRegion(localeRegion(ctx.locale));
  return formatMoneyIntl(movePoint(parts, -2), currency, ctx.locale, HALF_EVEN);
};

/**
 * A number formatter with finished texts kept per call site, locale and (for the legacy money
 * formatters, whose input is minor units) store currency, for inputs that are numbers or text:
 * money objects are formatted each time.
 */
function cachedByStore(format: Formatter, byCurrency = true): Formatter {
  const sites = new SiteTexts();
  return (value, args, ctx, vars) => {
    if (typeof value !== 'number' && typeof value !== 'string') return format(value, args, ctx, vars);
    const texts = sites.texts(args, ctx.locale, byCurrency ? storeCurrency(ctx) : '');
    const done = texts.get(value);
    if (done !== undefined) return done;
    const out = format(value, args, ctx, vars);
    if (typeof out === 'string') texts.set(value, out);
    return out;
  };
}

/** `{cents|money-format}`: the legacy grouped amount without symbol ("1,234.56"); "" for no money. */
const moneyFormat: Formatter = (value, _args, ctx) => {
  const m = amountAndCurrency(value, ctx);
  if (m === undefined) return '';
  const { amount, currency } = m;
  return formatAmount(amount, currencyInfo(currency).decimals);
};

/** `{cents|money-string}`: the legacy amount with the currency symbol placed per currency; "" for no money. */
const moneyString: Formatter = (value, _args, ctx) => {
  const m = amountAndCurrency(value, ctx);
  if (m === undefined) return '';
  const { amount, currency } = m;
  return formatMinorWithSymbol(toScaledInteger(amount, currencyInfo(currency).decimals), currency);
};

/** `{cents|i18n-money-format}`: minor units or a money object, formatted for the render locale; "" for no money. */
const i18nMoneyFormat: Formatter = (value, args, ctx) => {
  const m = amountAndCurrency(value, ctx);
  if (m === undefined) return '';
  const { amount, currency } = m;
  const locale = hasLocaleData(ctx) ? ctx.locale : 'en';
  return formatMoneyIntl(amount, currency, locale, currencyOptions(args));
};

/** `p` rounded to `digits` fraction digits, half to even (2.0005 → 2.000), as the reference rounds. */
export function roundHalfEven(p: DecimalParts, digits: number): DecimalParts {
  if (p.frac.length <= digits) return p;
  const rest = p.frac.slice(digits);
  let d = p.int + p.frac.slice(0, digits);
  const first = rest.charCodeAt(0) - 48;
  const up =
    first > 5 ||
    (first === 5 && (/[1-9]/.test(rest.slice(1)) || (d.charCodeAt(d.length - 1) - 48) % 2 === 1));
  if (up) {
    let i = d.length - 1;
    while (i >= 0 && d[i] === '9') i--;
    d =
      i < 0
        ? '1' + '0'.repeat(d.length)
        : d.slice(0, i) + String.fromCharCode(d.charCodeAt(i) + 1) + '0'.repeat(d.length - i - 1);
  }
  return {
    negative: p.negative,
    int: d.slice(0, d.length - digits) || '0',
    frac: d.slice(d.length - digits),
  };
}

/** `{n|percentage-format}`: a grouped decimal with 2 to 3 fraction digits; `trim` drops the zeros. */
const percentageFormat: Formatter = (value, args, ctx) => {
  if (!hasLocaleData(ctx)) return '';
  const parts = roundHalfEven(
    parseDecimal(typeof value === 'string' || typeof value === 'number' ? value : '') ?? ZERO,
    3,
  );
  const trim = args.includes('trim');
  return formatDecimalIntl(parts, ctx.locale, {
    minimumFractionDigits: trim ? 0 : 2,
    maximumFractionDigits: 3,
  });
};

export const moneyFormatters: Readonly<Record<string, Formatter>> = {
  money,
  'bookkeeper-money-format': bookkeeperMoneyFormat,
  'money-format': cachedByStore(moneyFormat),
  moneyFormat: cachedByStore(moneyFormat),
  'money-string': cachedByStore(moneyString),
  'i18n-money-format': cachedByStore(i18nMoneyFormat),
  'percentage-format': cachedByStore(percentageFormat, false),
};
