import { z } from 'zod';
import { isSafeText } from '../text/safe-text';

/** `pending`: the shopper is still paying in the browser (3-D Secure) or the processor has not confirmed. */
export const ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const isoDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)));

export const OrderListQuerySchema = /* @__PURE__ */ (() =>
  z.strictObject({
    status: z.enum(ORDER_STATUSES).optional(),
    /** Inclusive calendar days (UTC). */
    from: isoDate().optional(),
    to: isoDate().optional(),
    /** Part of the customer's email, or an order number ("1042", "#1042"). */
    q: z.string().max(254).optional(),
    /** Only orders that started a subscription (the Subscriptions list). */
    kind: z.enum(['subscription']).optional(),
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  }))();
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

export const FulfilOrderSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    trackingNumber: z.string().trim().min(1).max(100).refine(isSafeText),
    carrier: z.string().trim().max(100).optional(),
    trackingUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
    /** Queue the shipping email to the customer; left out, the store's fulfilment-email setting decides. */
    notifyCustomer: z.boolean().optional(),
  }))();
export type FulfilOrder = z.infer<typeof FulfilOrderSchema>;

export const RefundLineSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    orderItemId: z.string().min(1).max(200),
    quantity: z.number().int().min(1).max(1_000_000),
  }))();
export type RefundLine = z.infer<typeof RefundLineSchema>;
