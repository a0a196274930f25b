/**
 * Gift cards. The spec says a gift card is product type 4 whose variants are its denominations,
 * never sold out and bought through its own flow ("Unable to purchase Gift Card"); the code
 * format, the purchase payload and the redemption rule below are our design.
 */
import { z } from 'zod';
import { messages } from '../messages';

/**
 * Codes use 31 symbols without the look-alikes 0/O and 1/I/L, so a code read aloud or typed from
 * an email survives; 16 symbols are 79 random bits, far beyond guessing at the rate the API allows.
 */
export const GIFT_CARD_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const GIFT_CARD_CODE_LENGTH = 16;

const ALPHABET_SIZE = GIFT_CARD_CODE_ALPHABET.length;

/**
 * Turns random bytes (from the server's CSPRNG) into a code `XXXX-XXXX-XXXX-XXXX`. Bytes at or
 * above the largest multiple of the alphabet size are skipped so every symbol is equally likely;
 * answers undefined when too few bytes were usable (the caller draws again).
 */
export function giftCardCodeFromBytes(bytes: Uint8Array): string | undefined {
  const limit = 256 - (256 % ALPHABET_SIZE);
  let symbols = '';
  for (const b of bytes) {
    if (b >= limit) continue;
    symbols += GIFT_CARD_CODE_ALPHABET[b % ALPHABET_SIZE];
    if (symbols.length === GIFT_CARD_CODE_LENGTH) break;
  }
  if (symbols.length < GIFT_CARD_CODE_LENGTH) return undefined;
  return symbols.match(/.{4}/g)!.join('-');
}

/**
 * The canonical form of what a shopper typed: case, spaces and dashes do not matter. Undefined
 * when it cannot be a code at all, so the server never looks up text that could not match.
 */
export function normalizeGiftCardCode(input: string): string | undefined {
  if (input.length > 64) return undefined;
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  if (compact.length !== GIFT_CARD_CODE_LENGTH) return undefined;
  for (const ch of compact) if (!GIFT_CARD_CODE_ALPHABET.includes(ch)) return undefined;
  return compact.match(/.{4}/g)!.join('-');
}

/** The last four symbols, the only part of a code shown after it was sent (orders, admin). */
export function maskGiftCardCode(code: string): string {
  return `••••-${code.slice(-4)}`;
}

/**
 * How much of an amount due a card pays: all of it when the balance covers it, else the whole
 * balance (the rest is charged to the payment method). Never negative.
 */
export function giftCardRedemption(balanceCents: number, dueCents: number): number {
  return Math.max(0, Math.min(balanceCents, dueCents));
}

/** Longest personal message a buyer can write on a card. */
export const GIFT_CARD_MESSAGE_MAX = 500;
/** How far ahead a card may be scheduled, in days. */
export const GIFT_CARD_SEND_AHEAD_DAYS = 365;

const optionalText = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * POST /api/commerce/cart/gift-card: the denomination (the chosen variant's sku) and who it is
 * for. The send date is a calendar day (YYYY-MM-DD); absent, the card goes out on payment.
 */
export const GiftCardPurchaseSchema = /* @__PURE__ */ (() =>
  z.object({
    itemId: z.string().min(1).max(100),
    sku: z
      .string({ message: messages.giftCardDenominationMissing })
      .min(1, { message: messages.giftCardDenominationMissing })
      .max(100),
    recipientName: z
      .string({ message: messages.giftCardRecipientNameMissing })
      .trim()
      .min(1, { message: messages.giftCardRecipientNameMissing })
      .max(100),
    recipientEmail: z
      .string({ message: messages.giftCardRecipientEmailInvalid })
      .trim()
      .min(3, { message: messages.giftCardRecipientEmailInvalid })
      .max(256, { message: messages.giftCardRecipientEmailInvalid }),
    senderName: optionalText(100),
    message: optionalText(GIFT_CARD_MESSAGE_MAX, messages.giftCardMessageTooLong),
    sendDate: z
      .union([
        z.literal(''),
        z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: messages.giftCardSendDateInvalid }),
      ])
      .optional()
      .transform((v) => v || undefined),
  }))();
export type GiftCardPurchase = z.infer<typeof GiftCardPurchaseSchema>;

export const GiftCardPurchaseResponseSchema = /* @__PURE__ */ (() => z.object({ cartToken: z.string() }))();

/**
 * Whether a send date is acceptable on `today` (both YYYY-MM-DD, the store's day): a real
 * calendar day, not in the past and at most a year ahead.
 */
export function checkGiftCardSendDate(sendDate: string, today: string): boolean {
  const day = Date.parse(`${sendDate}T00:00:00Z`);
  const now = Date.parse(`${today}T00:00:00Z`);
  if (Number.isNaN(day) || Number.isNaN(now)) return false;
  // Date.parse rolls 2026-02-31 over to March; a round trip catches it.
  if (new Date(day).toISOString().slice(0, 10) !== sendDate) return false;
  return day >= now && day - now <= GIFT_CARD_SEND_AHEAD_DAYS * 86_400_000;
}

/** POST /api/commerce/gift-cards/balance. */
export const GiftCardBalanceRequestSchema = /* @__PURE__ */ (() => z.object({ code: z.string().max(64) }))();
export const GiftCardBalanceResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    balanceCents: z.number().int(),
    initialCents: z.number().int(),
    currency: z.string(),
    last4: z.string(),
  }))();
export type GiftCardBalance = z.infer<typeof GiftCardBalanceResponseSchema>;
