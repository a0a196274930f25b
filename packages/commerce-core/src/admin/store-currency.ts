import { z } from 'zod';
import { CURRENCY_CODES, isCurrencyCode, type CurrencyCode } from '../money/currencies';
import { fillMessage } from '../messages';
import { adminMessages } from './messages';

/**
 * The store currency as the owner picks it: one of the store currencies, written as its ISO 4217
 * code in capitals. Anything else is refused with a message that says what to send, so a client
 * that lower-cases or guesses a code learns why rather than getting USD.
 */
export const StoreCurrencyCodeSchema = /* @__PURE__ */ (() =>
  z
    .string({ error: adminMessages.currencyNotText })
    .max(16, { error: adminMessages.currencyNotText })
    .superRefine((code, ctx) => {
      if (isCurrencyCode(code)) return;
      const upper = code.toUpperCase();
      ctx.addIssue({
        code: 'custom',
        message: isCurrencyCode(upper)
          ? fillMessage(adminMessages.currencyLowercase, { currency: upper })
          : fillMessage(adminMessages.unknownStoreCurrency, { currency: code }),
      });
    })
    .transform((code) => code as CurrencyCode))();

/**
 * A change of the store currency. Once the store has orders the owner must confirm: those orders
 * keep the currency they were placed in, and prices are not converted.
 */
export const StoreCurrencyChangeSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    currency: StoreCurrencyCodeSchema,
    confirmed: z.boolean({ error: adminMessages.currencyConfirmedNotBoolean }).optional(),
  }))();
export type StoreCurrencyChange = z.infer<typeof StoreCurrencyChangeSchema>;

/** The store currency and what the owner must know before changing it. */
export interface StoreCurrencyState {
  currency: CurrencyCode;
  /** Orders placed so far (in any currency); a change then needs confirming. */
  orderCount: number;
}

/** One choice of the currency list: "Euro (EUR)" in the owner's language. */
export interface CurrencyChoice {
  code: CurrencyCode;
  label: string;
}

const choicesCache = new Map<string, CurrencyChoice[]>();

/** The store currencies named in the owner's language, sorted as that language sorts them. */
export function currencyChoices(locale?: string): CurrencyChoice[] {
  const key = locale ?? '';
  const known = choicesCache.get(key);
  if (known) return known;
  let names: Intl.DisplayNames;
  let collator: Intl.Collator;
  try {
    names = new Intl.DisplayNames(locale ? [locale, 'en'] : undefined, { type: 'currency' });
    collator = new Intl.Collator(locale ? [locale, 'en'] : undefined);
  } catch {
    // A tag Intl cannot read: English names rather than no list.
    names = new Intl.DisplayNames(['en'], { type: 'currency' });
    collator = new Intl.Collator(['en']);
  }
  const choices = CURRENCY_CODES.map((code) => {
    const name = names.of(code);
    return { code, label: name && name !== code ? `${name} (${code})` : code };
  }).sort((a, b) => collator.compare(a.label, b.label));
  choicesCache.set(key, choices);
  return choices;
}

/** The confirmation an owner reads before changing the currency of a store that has orders. */
export function currencyChangeWarning(state: StoreCurrencyState, next: CurrencyCode): string {
  return fillMessage(
    state.orderCount === 1
      ? adminMessages.currencyChangeNeedsConfirmOne
      : adminMessages.currencyChangeNeedsConfirm,
    { count: state.orderCount, currency: state.currency, next },
  );
}
