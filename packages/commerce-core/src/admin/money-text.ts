import { CURRENCIES, isCurrencyCode } from '../money/currencies';
import { scaledToString } from '../money/decimal';
import { fillMessage } from '../messages';
import { adminMessages } from './messages';
import { MAX_MINOR_UNITS } from './money-input';

/**
 * Amounts as owners type them in the editor: major units in their own locale ("8", "8.50", "8,50"
 * in French). The wire keeps whole minor units (see money-input); these functions convert between
 * the two without a float, using the currency's minor-unit digits.
 */
export interface MoneyTextOptions {
  /** ISO 4217 code. */
  currency: string;
  /** BCP 47 locale of the owner; the runtime's default when absent. */
  locale?: string;
  /** Refuse an empty amount instead of reading it as none. */
  required?: boolean;
}

export type MoneyTextResult = { ok: true; minor: bigint | null } | { ok: false; message: string };

const intlDigits = (currency: string): number => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits!;
  } catch {
    return 2;
  }
};

/**
 * Digits after the decimal point in the currency's minor unit. The store currencies keep the
 * digits their stored amounts were written with (storefront.md §3); any other code takes Intl's.
 */
export function currencyDigits(currency: string): number {
  const code = currency.trim().toUpperCase();
  return isCurrencyCode(code) ? CURRENCIES[code].decimals : intlDigits(code);
}

interface LocaleNumbers {
  decimal: string;
  group: string;
  /** The locale's own digits 0–9 (ASCII for most). */
  digits: readonly string[];
}

const cache = new Map<string, LocaleNumbers>();

// NFKC turns the narrow and no-break spaces some locales group with into plain spaces.
const normalise = (s: string) =>
  s.normalize('NFKC').replace(/[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g, '');

function localeNumbers(locale: string | undefined): LocaleNumbers {
  const key = locale ?? '';
  const known = cache.get(key);
  if (known) return known;
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale);
  } catch {
    format = new Intl.NumberFormat('en');
  }
  const parts = format.formatToParts(1234567.5);
  const found = {
    decimal: normalise(parts.find((p) => p.type === 'decimal')?.value ?? '.'),
    group: normalise(parts.find((p) => p.type === 'group')?.value ?? ','),
    digits: Array.from({ length: 10 }, (_, d) => normalise(format.format(d))),
  };
  cache.set(key, found);
  return found;
}

/** An amount in minor units as the owner would type it: "8.50", "8,50", "850" (JPY), no symbol. */
export function formatMoneyText(
  minor: bigint,
  options: MoneyTextOptions,
  { grouping = false }: { grouping?: boolean } = {},
): string {
  const { decimal, group, digits } = localeNumbers(options.locale);
  const plain = scaledToString(minor, currencyDigits(options.currency));
  const [int, frac] = plain.replace('-', '').split('.') as [string, string | undefined];
  const grouped = grouping ? int.replace(/\B(?=(\d{3})+(?!\d))/g, group) : int;
  const text = (minor < 0n ? '-' : '') + grouped + (frac === undefined ? '' : decimal + frac);
  return text.replace(/\d/g, (d) => digits[Number(d)]!);
}

/** The example the messages and hints show: 8.50 in the currency's digits and the owner's locale. */
export function moneyExample(options: MoneyTextOptions): string {
  const digits = currencyDigits(options.currency);
  return formatMoneyText(digits === 0 ? 850n : 85n * 10n ** BigInt(digits - 1), options);
}

/** Where the currency's symbol sits in the owner's locale, for the input's adornment. */
export function currencyAffix(options: MoneyTextOptions): { symbol: string; position: 'before' | 'after' } {
  try {
    const parts = new Intl.NumberFormat(options.locale, {
      style: 'currency',
      currency: options.currency,
    }).formatToParts(1);
    const at = parts.findIndex((p) => p.type === 'currency');
    const number = parts.findIndex((p) => p.type === 'integer');
    return { symbol: parts[at]!.value, position: at < number ? 'before' : 'after' };
  } catch {
    return { symbol: options.currency, position: 'after' };
  }
}

/** Symbols and codes an owner may type or paste with the amount; longest first. */
const marksCache = new Map<string, string[]>();
function currencyMarks(options: MoneyTextOptions): string[] {
  const code = options.currency.trim().toUpperCase();
  const key = `${code} ${options.locale ?? ''}`;
  const known = marksCache.get(key);
  if (known) return known;
  const marks = new Set([code]);
  if (isCurrencyCode(code)) marks.add(CURRENCIES[code].symbol);
  for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
    try {
      const part = new Intl.NumberFormat(options.locale, {
        style: 'currency',
        currency: code,
        currencyDisplay,
      })
        .formatToParts(1)
        .find((p) => p.type === 'currency');
      if (part) marks.add(normalise(part.value));
    } catch {
      // An unknown code has no symbol; the code itself is still accepted.
    }
  }
  const sorted = [...marks].filter(Boolean).sort((a, b) => b.length - a.length);
  marksCache.set(key, sorted);
  return sorted;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Group sizes people write: 3 digits (1,234,567) or the Indian 2 then 3 (12,34,567). */
function validGroups(groups: readonly string[]): boolean {
  if (groups.length === 1) return true;
  const [first, ...rest] = groups;
  const last = rest.pop()!;
  return /^\d{1,3}$/.test(first!) && last.length === 3 && rest.every((g) => g.length === 2 || g.length === 3);
}

/**
 * Reads an amount the owner typed. Accepts the locale's decimal and group separators, the other of
 * "." and "," as the decimal mark when the locale does not group with it ("8.50" in French), the
 * currency's symbol or code before or after, and the locale's own digits. Empty is `minor: null`.
 * Anything else is refused with a message that shows what to type.
 */
export function parseMoneyText(text: string, options: MoneyTextOptions): MoneyTextResult {
  const digits = currencyDigits(options.currency);
  const example = moneyExample(options);
  const refuse = (template: string, values: Record<string, string | number> = {}): MoneyTextResult => ({
    ok: false,
    message: fillMessage(template, { example, currency: options.currency, digits, ...values }),
  });
  const { decimal, group, digits: localDigits } = localeNumbers(options.locale);
  let s = normalise(text).trim();
  if (s === '') return options.required ? refuse(adminMessages.moneyRequired) : { ok: true, minor: null };
  for (const mark of currencyMarks(options)) {
    s = s.replace(new RegExp(`^${escape(mark)}\\s*|\\s*${escape(mark)}$`, 'i'), '');
  }
  s = s.trim().replace(/\p{Nd}/gu, (d) => {
    const i = localDigits.indexOf(d);
    return i >= 0 ? String(i) : d;
  });
  if (/^[-−–]|[-−–]$/.test(s)) return refuse(adminMessages.moneyNegative);
  const spaceGroups = group === ' ' || group === "'" || group === '’';
  const groupChars = new Set([group, ...(spaceGroups ? [' ', "'", '’'] : [])]);
  // The decimal mark: the locale's, else a "." or "," the locale does not group with.
  const alternate = ['.', ','].find((c) => c !== decimal && !groupChars.has(c) && s.includes(c));
  const mark = s.includes(decimal) ? decimal : alternate;
  let intPart = s;
  let fracPart = '';
  if (mark !== undefined) {
    const at = s.lastIndexOf(mark);
    if (s.indexOf(mark) !== at) return refuse(adminMessages.moneyNotAnAmount);
    intPart = s.slice(0, at);
    fracPart = s.slice(at + mark.length);
  }
  if (!/^\d*$/.test(fracPart)) return refuse(adminMessages.moneyNotAnAmount);
  const groupRe = new RegExp(`[${[...groupChars].map(escape).join('')}]`);
  const groups = intPart === '' ? [''] : intPart.split(groupRe);
  if (!groups.every((g) => /^\d+$/.test(g)) && !(intPart === '' && fracPart !== ''))
    return refuse(adminMessages.moneyNotAnAmount);
  if (!validGroups(groups)) return refuse(adminMessages.moneyNotAnAmount);
  const significant = fracPart.replace(/0+$/, '');
  if (significant.length > digits)
    return refuse(digits === 0 ? adminMessages.moneyNoDecimals : adminMessages.moneyTooManyDecimals);
  const minor = BigInt((groups.join('') || '0') + significant.padEnd(digits, '0'));
  if (minor > BigInt(MAX_MINOR_UNITS))
    return refuse(adminMessages.moneyTooLarge, {
      max: formatMoneyText(BigInt(MAX_MINOR_UNITS), options, { grouping: true }),
    });
  return { ok: true, minor };
}
