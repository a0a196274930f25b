import { z } from 'zod';
import { CURRENCY_CODES, isCurrencyCode } from '../money/currencies';
import { formatMinorWithSymbol } from '../money/format';
import { fillMessage } from '../messages';
import { adminMessages } from './messages';

/**
 * Amounts in the admin calls: a string of whole minor units ("1250" is 12.50 USD, 1250 JPY), so
 * no float ever carries a price. Capped at PostgreSQL's integer, the column that stores it.
 */
export const MAX_MINOR_UNITS = 2_147_483_647;

export function parseMinorUnits(value: string): number | undefined {
  if (!/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= MAX_MINOR_UNITS ? n : undefined;
}

export const MinorUnitsSchema = /* @__PURE__ */ (() =>
  z
    .string()
    .refine((v) => parseMinorUnits(v) !== undefined, { message: adminMessages.amountNotMinorUnits }))();

/** A price as the editor sends it; the server also checks the currency is the store's. */
export const AdminMoneySchema = /* @__PURE__ */ (() =>
  z.object({
    value: MinorUnitsSchema,
    currency: z.enum(CURRENCY_CODES, {
      error: (issue) => fillMessage(adminMessages.unknownCurrency, { currency: String(issue.input) }),
    }),
  }))();

export type AdminMoney = z.infer<typeof AdminMoneySchema>;

/** An admin amount for people: "2500" USD → "$25.00"; an unreadable amount shows as written. */
export function formatAdminMoney(money: { value: string; currency: string }): string {
  const minor = parseMinorUnits(money.value);
  return minor === undefined || !isCurrencyCode(money.currency)
    ? `${money.value} ${money.currency}`
    : formatMinorWithSymbol(BigInt(minor), money.currency);
}
