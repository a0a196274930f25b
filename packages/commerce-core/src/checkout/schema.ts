import { z } from 'zod';
import { fillMessage, messages } from '../messages';

/** The longest note a shopper may leave with an order (the checkout's order-notes box). */
export const ORDER_NOTE_MAX_LENGTH = 1000;

/**
 * POST /api/commerce/checkout: what the checkout form sends and the API accepts (the checkout's
 * design is ours: storefront.md leaves its path and payment open).
 */
export const ShippingAddressSchema = /* @__PURE__ */ (() =>
  z.object({
    firstName: z.string().trim().min(1).max(100),
    lastName: z.string().trim().min(1).max(100),
    line1: z.string().trim().min(1).max(200),
    line2: z.string().trim().max(200).optional(),
    city: z.string().trim().min(1).max(100),
    region: z.string().trim().max(100).default(''),
    postalCode: z.string().trim().min(1).max(20),
    country: z.string().trim().length(2),
    phone: z.string().trim().max(40).optional(),
  }))();

/** PUT /api/commerce/shopping-cart/shipping-location: where the order goes, as far as typed. */
export const ShippingLocationSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    /** Two letters, or empty to forget the address. */
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^(?:[A-Z]{2})?$/),
    region: z.string().trim().max(100).default(''),
  }))();
export type ShippingLocation = z.infer<typeof ShippingLocationSchema>;

/**
 * PUT /api/commerce/shopping-cart/email: the address typed at checkout, kept on the cart so an
 * owner who turned on cart recovery can email a shopper who leaves. Empty forgets it.
 */
export const CartEmailSchema = /* @__PURE__ */ (() =>
  z.strictObject({ email: z.string().trim().max(254) }))();
export type CartEmail = z.infer<typeof CartEmailSchema>;

export const CheckoutRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    email: z.string().trim(),
    shippingAddress: ShippingAddressSchema.optional(),
    shippingOptionId: z.string().optional(),
    /** The provider's own fields ride along: card fields for the test provider, a token for others. */
    payment: z.object({ provider: z.string().default('test') }).passthrough(),
    /** A subscription's own cart (from POST /api/3/commerce/cart/subscription); else the visitor's cart. */
    cartToken: z.string().min(1).optional(),
    /** A gift card paying part or all of the order; checked and normalised by the server. */
    giftCardCode: z.string().max(64).optional(),
    /** The shopper's note to the shop; accepted only while the owner has order notes on. */
    orderNote: z
      .string()
      .trim()
      .max(ORDER_NOTE_MAX_LENGTH, fillMessage(messages.orderNoteTooLong, { max: ORDER_NOTE_MAX_LENGTH }))
      .optional(),
  }))();

export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;
