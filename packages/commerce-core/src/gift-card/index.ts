/**
 * Gift cards. The spec only says a gift card is product type 4 whose variants are its
 * denominations, never sold out and bought through its own flow; the schema below is our design.
 */
import { z } from 'zod';
import { MoneyValueSchema } from '../money/money';
import { messages } from '../messages';

export const GiftCardSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    /** Redemption code shown to the recipient. */
    code: z.string().min(1),
    initialValue: MoneyValueSchema,
    balance: MoneyValueSchema,
    recipientEmail: z.string().optional(),
    senderName: z.string().optional(),
    message: z.string().optional(),
    createdOn: z.number().int(),
  }))();
export type GiftCard = z.infer<typeof GiftCardSchema>;

/** A gift-card purchase: the denomination is the chosen variant's sku. */
export const GiftCardPurchaseSchema = /* @__PURE__ */ (() =>
  z.object({
    itemId: z.string().min(1),
    sku: z.string().min(1, { message: messages.giftCardDenominationMissing }),
    recipientEmail: z.string().optional(),
    senderName: z.string().optional(),
    message: z.string().optional(),
  }))();
export type GiftCardPurchase = z.infer<typeof GiftCardPurchaseSchema>;
