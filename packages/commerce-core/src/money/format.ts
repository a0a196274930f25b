import { currencyInfo, type CurrencyCode } from './currencies';
import { scaledToString, toScaledInteger, type DecimalParts } from './decimal';
import { moneyAmount, moneyCurrency } from './money';

/** The legacy format shows at most this many integer digits (platform.md §9). */
export const MAX_INTEGER_DIGITS = 15;

/** Comma-grouped integer digits, keeping the lowest MAX_INTEGER_DIGITS as the legacy format does. */
export function groupThousands(digits: string): string {
  const d = digits.length > MAX_INTEGER_DIGITS ? digits.slice(digits.length - MAX_INTEGER_DIGITS) : digits;
  const n = d.length;
  if (n <= 3) return d;
  let out = d.slice(0, ((n - 1) % 3) + 1);
  for (let i = out.length; i < n; i += 3) out += ',' + d.slice(i, i + 3);
  return out;
}

/** "1,234.56": comma thousands and a decimal point, rounded to `decimals` digits. */
export function formatAmount(parts: DecimalParts, decimals: number): string {
  return formatScaled(toScaledInteger(parts, decimals), decimals);
}

function formatScaled(minor: bigint, decimals: number): string {
  const s = scaledToString(minor, decimals);
  const negative = s.charCodeAt(0) === 45;
  const body = negative ? s.slice(1) : s;
  const dot = body.indexOf('.');
  const int = dot < 0 ? body : body.slice(0, dot);
  const frac = dot < 0 ? '' : body.slice(dot);
  return (negative ? '-' : '') + groupThousands(int) + frac;
}

/** A minor amount in the legacy format of its currency, without symbol ("1,234.56"). */
export function formatMinorAmount(minor: bigint, currency: CurrencyCode): string {
  return formatScaled(minor, currencyInfo(currency).decimals);
}

/** A minor amount with its currency symbol placed as the spec says: "$1.00", "1.00 kr", "₪ 1.00". */
export function formatMinorWithSymbol(minor: bigint, currency: CurrencyCode): string {
  const info = currencyInfo(currency);
  const amount = formatScaled(minor, info.decimals);
  if (info.placement === 'after') return amount + ' ' + info.symbol;
  const sign = amount.charCodeAt(0) === 45 ? '-' : '';
  const abs = sign ? amount.slice(1) : amount;
  return sign + info.symbol + (info.spaced ? ' ' : '') + abs;
}

/** Either money shape in the legacy format with symbol. */
export function formatMoneyWithSymbol(money: unknown): string {
  const currency = moneyCurrency(money);
  return formatMinorWithSymbol(
    toScaledInteger(moneyAmount(money), currencyInfo(currency).decimals),
    currency,
  );
}

/** Either money shape as a grouped amount without symbol, in its currency's decimals. */
export function formatMoneyAmount(money: unknown): string {
  const currency = moneyCurrency(money);
  return formatAmount(moneyAmount(money), currencyInfo(currency).decimals);
}

export type CurrencyStyle = 'symbol' | 'accounting' | 'code' | 'name' | 'short';

export interface IntlMoneyOptions {
  style?: CurrencyStyle;
  symbolWidth?: 'default' | 'narrow';
  grouping?: boolean;
  minimumIntegerDigits?: number;
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
  minimumSignificantDigits?: number;
  maximumSignificantDigits?: number;
  roundingMode?: 'ceil' | 'floor' | 'expand' | 'trunc' | 'halfExpand' | 'halfTrunc' | 'halfEven';
}

export interface IntlNumberOptions {
  grouping?: boolean;
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
}

/**
 * Intl.NumberFormat instances are costly to build and formatters run once per product per render,
 * so every (locale, currency, options) combination is built once.
 */
const cache = new Map<string, Intl.NumberFormat>();

function numberFormat(key: string, locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let nf = cache.get(key);
  if (nf === undefined) {
    try {
      nf = new Intl.NumberFormat(locale, options);
    } catch {
      // An unknown locale tag or option falls back to English rather than failing the page.
      nf = new Intl.NumberFormat('en', options);
    }
    cache.set(key, nf);
  }
  return nf;
}

function decimalString(amount: DecimalParts): string {
  return (amount.negative ? '-' : '') + amount.int + (amount.frac ? '.' + amount.frac : '');
}

/** Locale-aware currency text through Intl, formatting the exact decimal (no float conversion). */
export function formatMoneyIntl(
  amount: DecimalParts,
  currency: string,
  locale: string,
  options: IntlMoneyOptions = {},
): string {
  const key = `m|${locale}|${currency}|${options.style ?? ''}|${options.symbolWidth ?? ''}|${options.grouping ?? ''}|${options.minimumIntegerDigits ?? ''}|${options.minimumFractionDigits ?? ''}|${options.maximumFractionDigits ?? ''}|${options.minimumSignificantDigits ?? ''}|${options.maximumSignificantDigits ?? ''}|${options.roundingMode ?? ''}`;
  let nf = cache.get(key);
  if (nf === undefined) {
    const style = options.style ?? 'symbol';
    const o: Intl.NumberFormatOptions & { roundingMode?: string } = {
      style: 'currency',
      currency,
      currencyDisplay:
        style === 'code'
          ? 'code'
          : style === 'name'
            ? 'name'
            : options.symbolWidth === 'narrow'
              ? 'narrowSymbol'
              : 'symbol',
    };
    if (style === 'accounting') o.currencySign = 'accounting';
    if (style === 'short') {
      o.notation = 'compact';
      o.compactDisplay = 'short';
    }
    if (options.grouping !== undefined) o.useGrouping = options.grouping;
    if (options.minimumIntegerDigits !== undefined)
      o.minimumIntegerDigits = Math.max(1, Math.min(21, options.minimumIntegerDigits));
    if (options.minimumFractionDigits !== undefined)
      o.minimumFractionDigits = Math.min(20, options.minimumFractionDigits);
    if (options.maximumFractionDigits !== undefined)
      o.maximumFractionDigits = Math.min(
        20,
        Math.max(options.maximumFractionDigits, o.minimumFractionDigits ?? 0),
      );
    if (options.minimumSignificantDigits !== undefined)
      o.minimumSignificantDigits = Math.max(1, Math.min(21, options.minimumSignificantDigits));
    if (options.maximumSignificantDigits !== undefined)
      o.maximumSignificantDigits = Math.max(1, Math.min(21, options.maximumSignificantDigits));
    if (options.roundingMode !== undefined) o.roundingMode = options.roundingMode;
    try {
      nf = numberFormat(key, locale, o);
    } catch {
      // A currency code Intl does not know: show the amount with the code rather than nothing.
      nf = numberFormat(key, locale, { ...o, currency: 'USD', currencyDisplay: 'code' });
    }
  }
  return nf.format(decimalString(amount) as unknown as number);
}

/** Locale-aware decimal text through Intl (used by percentage-format). */
export function formatDecimalIntl(
  amount: DecimalParts,
  locale: string,
  options: IntlNumberOptions = {},
): string {
  const key = `d|${locale}|${options.grouping ?? ''}|${options.minimumFractionDigits ?? ''}|${options.maximumFractionDigits ?? ''}`;
  const o: Intl.NumberFormatOptions = {};
  if (options.grouping !== undefined) o.useGrouping = options.grouping;
  if (options.minimumFractionDigits !== undefined) o.minimumFractionDigits = options.minimumFractionDigits;
  if (options.maximumFractionDigits !== undefined) o.maximumFractionDigits = options.maximumFractionDigits;
  return numberFormat(key, locale, o).format(decimalString(amount) as unknown as number);
}

/** The region of a BCP 47 locale, guessing the likely one ("en" → "US") as CLDR does. */
export function localeRegion(locale: string): string | undefined {
  const key = 'r|' + locale;
  const hit = regionCache.get(key);
  if (hit !== undefined) return hit || undefined;
  let region = '';
  try {
    region = new Intl.Locale(locale).maximize().region ?? '';
  } catch {
    region = '';
  }
  regionCache.set(key, region);
  return region || undefined;
}
const regionCache = new Map<string, string>();
