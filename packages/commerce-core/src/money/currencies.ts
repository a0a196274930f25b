/**
 * The 27 store currencies of storefront.md §3, and three with thousandths (KWD, BHD, OMR, for
 * issue 24), with their minor-unit digits and the symbol the legacy money format uses. The spec
 * fixes decimals (JPY 0, the rest of its list 2) and which symbols go
 * after the amount (kr, Kč, zł, p.) or take a space (the Israeli shekel); the remaining symbols
 * are our choice, listed in the README.
 */

export const CURRENCY_CODES = [
  'EUR',
  'USD',
  'AUD',
  'NOK',
  'CAD',
  'NZD',
  'DKK',
  'GBP',
  'HKD',
  'CHF',
  'MXN',
  'SGD',
  'SEK',
  'CZK',
  'ILS',
  'PHP',
  'RUB',
  'PLN',
  'THB',
  'MYR',
  'ARS',
  'BRL',
  'COP',
  'IDR',
  'INR',
  'JPY',
  'ZAR',
  'KWD',
  'BHD',
  'OMR',
] as const;

export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

export interface CurrencyInfo {
  readonly code: CurrencyCode;
  /** Digits after the decimal point in the minor unit. */
  readonly decimals: 0 | 2 | 3;
  readonly symbol: string;
  /** Where the legacy format puts the symbol. */
  readonly placement: 'before' | 'after';
  /** Whether a space separates symbol and amount. */
  readonly spaced: boolean;
}

/** Currencies whose minor unit is a thousandth (ISO 4217): 1.250 KWD is stored as 1250. */
const THOUSANDTHS: readonly CurrencyCode[] = ['KWD', 'BHD', 'OMR'];

const before = (code: CurrencyCode, symbol: string, spaced = false): CurrencyInfo => ({
  code,
  decimals: code === 'JPY' ? 0 : THOUSANDTHS.includes(code) ? 3 : 2,
  symbol,
  placement: 'before',
  spaced,
});
const after = (code: CurrencyCode, symbol: string): CurrencyInfo => ({
  code,
  decimals: 2,
  symbol,
  placement: 'after',
  spaced: true,
});

export const CURRENCIES: Readonly<Record<CurrencyCode, CurrencyInfo>> = {
  EUR: before('EUR', '€'),
  USD: before('USD', '$'),
  AUD: before('AUD', '$'),
  NOK: after('NOK', 'kr'),
  CAD: before('CAD', '$'),
  NZD: before('NZD', '$'),
  DKK: after('DKK', 'kr'),
  GBP: before('GBP', '£'),
  HKD: before('HKD', 'HK$'),
  CHF: before('CHF', 'CHF', true),
  MXN: before('MXN', '$'),
  SGD: before('SGD', 'S$'),
  SEK: after('SEK', 'kr'),
  CZK: after('CZK', 'Kč'),
  ILS: before('ILS', '₪', true),
  PHP: before('PHP', '₱'),
  RUB: after('RUB', 'p.'),
  PLN: after('PLN', 'zł'),
  THB: before('THB', '฿'),
  MYR: before('MYR', 'RM'),
  ARS: before('ARS', '$'),
  BRL: before('BRL', 'R$'),
  COP: before('COP', '$'),
  IDR: before('IDR', 'Rp'),
  INR: before('INR', '₹'),
  JPY: before('JPY', '¥'),
  ZAR: before('ZAR', 'R'),
  KWD: before('KWD', 'KD', true),
  BHD: before('BHD', 'BD', true),
  OMR: before('OMR', 'OMR', true),
};

export function isCurrencyCode(v: unknown): v is CurrencyCode {
  return typeof v === 'string' && Object.prototype.hasOwnProperty.call(CURRENCIES, v);
}

/** The currency's info, falling back to the default currency for unknown codes. */
export function currencyInfo(code: unknown): CurrencyInfo {
  const c = typeof code === 'string' ? code.trim().toUpperCase() : '';
  return isCurrencyCode(c) ? CURRENCIES[c] : CURRENCIES[DEFAULT_CURRENCY];
}

/**
 * Currency of a region, for formatters that only know the visitor's locale. Only the regions whose
 * currency is one of the store currencies are listed; others fall back to USD.
 */
const EURO_REGIONS = 'AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK'.split(' ');
const REGION_CURRENCY: Readonly<Record<string, CurrencyCode>> = {
  ...Object.fromEntries(EURO_REGIONS.map((r) => [r, 'EUR' as CurrencyCode])),
  US: 'USD',
  PR: 'USD',
  GU: 'USD',
  VI: 'USD',
  MP: 'USD',
  AS: 'USD',
  UM: 'USD',
  AU: 'AUD',
  NO: 'NOK',
  CA: 'CAD',
  NZ: 'NZD',
  DK: 'DKK',
  GB: 'GBP',
  HK: 'HKD',
  CH: 'CHF',
  MX: 'MXN',
  SG: 'SGD',
  SE: 'SEK',
  CZ: 'CZK',
  IL: 'ILS',
  PH: 'PHP',
  RU: 'RUB',
  PL: 'PLN',
  TH: 'THB',
  MY: 'MYR',
  AR: 'ARS',
  KW: 'KWD',
  BH: 'BHD',
  OM: 'OMR',
  BR: 'BRL',
  CO: 'COP',
  ID: 'IDR',
  IN: 'INR',
  JP: 'JPY',
  ZA: 'ZAR',
};

export function currencyForRegion(region: string | undefined): CurrencyCode {
  return (region && REGION_CURRENCY[region.toUpperCase()]) || DEFAULT_CURRENCY;
}
