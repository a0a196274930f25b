import { z } from 'zod';
import { field, isRecord } from '../loose/index';
import { CURRENCY_CODES, DEFAULT_CURRENCY, currencyInfo, type CurrencyCode } from './currencies';
import { legacyCents, parseDecimal, scaledToString, toScaledInteger, type DecimalParts } from './decimal';

export const CurrencyCodeSchema = /* @__PURE__ */ (() => z.enum(CURRENCY_CODES))();

const DecimalString = /* @__PURE__ */ (() =>
  z
    .union([z.string(), z.number()])
    .refine((v) => parseDecimal(v) !== undefined, { message: 'not a decimal number' })
    .transform((v) => String(v)))();

/** Money as the product catalogue writes it: a decimal string and a currency. */
export const MoneyValueSchema = /* @__PURE__ */ (() =>
  z.object({
    value: DecimalString,
    currency: CurrencyCodeSchema.default(DEFAULT_CURRENCY),
  }))();
/** Money as orders and newer APIs write it. */
export const MoneyDecimalSchema = /* @__PURE__ */ (() =>
  z.object({
    decimalValue: DecimalString,
    currencyCode: CurrencyCodeSchema.default(DEFAULT_CURRENCY),
  }))();
export const MoneySchema = /* @__PURE__ */ (() => z.union([MoneyValueSchema, MoneyDecimalSchema]))();
export type MoneyValue = z.infer<typeof MoneyValueSchema>;
export type MoneyDecimal = z.infer<typeof MoneyDecimalSchema>;
export type Money = z.infer<typeof MoneySchema>;

/** An amount in integer minor units of its currency (cents; yen for JPY). */
export interface MinorMoney {
  readonly minor: bigint;
  readonly currency: CurrencyCode;
}

const ZERO: DecimalParts = { negative: false, int: '0', frac: '' };

/** The default fallback price: 0 USD. */
export const DEFAULT_MONEY: MoneyValue = Object.freeze({ value: '0', currency: DEFAULT_CURRENCY });

/** The decimal amount of either money shape; zero when absent or malformed. */
export function moneyAmount(money: unknown): DecimalParts {
  if (!isRecord(money)) return ZERO;
  const raw = money.value !== undefined ? money.value : money.decimalValue;
  if (raw === undefined || raw === null || raw === '') return ZERO;
  return parseDecimal(raw) ?? ZERO;
}

/** The currency of either money shape; USD when absent or unknown. */
export function moneyCurrency(money: unknown): CurrencyCode {
  const c = field(money, 'currency') ?? field(money, 'currencyCode');
  return currencyInfo(c).code;
}

export function toMinor(money: unknown): MinorMoney {
  const currency = moneyCurrency(money);
  return { minor: toScaledInteger(moneyAmount(money), currencyInfo(currency).decimals), currency };
}

export function minorToMoney(m: MinorMoney): MoneyValue {
  return { value: scaledToString(m.minor, currencyInfo(m.currency).decimals), currency: m.currency };
}

/** Decimal string of a minor amount ("12.50"; "1250" for JPY). */
export function minorToDecimalString(minor: bigint, currency: CurrencyCode): string {
  return scaledToString(minor, currencyInfo(currency).decimals);
}

/** The legacy cents figure of a money value as the `from-price` family prints it ("7.50" → "750"). */
export function legacyCentsOf(money: unknown): string {
  return legacyCents(moneyAmount(money));
}

export function compareMoney(a: unknown, b: unknown): number {
  const x = toScaledInteger(moneyAmount(a), 6);
  const y = toScaledInteger(moneyAmount(b), 6);
  return x < y ? -1 : x > y ? 1 : 0;
}
