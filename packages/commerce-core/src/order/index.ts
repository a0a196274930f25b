/** Order for analytics and the purchase event sent to the page tag (storefront.md §3, §7). */
import { z } from 'zod';
import { MoneySchema, moneyAmount } from '../money/money';

export const AnalyticsOrderItemSchema = /* @__PURE__ */ (() =>
  z.object({
    sku: z.string(),
    productName: z.string(),
    quantity: z.number().int().min(1),
    unitPrice: MoneySchema,
  }))();

export const AnalyticsOrderSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    purchasedCartId: z.string(),
    testMode: z.boolean().default(false),
    websiteId: z.string(),
    items: z.array(AnalyticsOrderItemSchema),
    grandTotal: MoneySchema,
    shippingTotal: MoneySchema,
    taxTotal: MoneySchema,
  }))();

export type AnalyticsOrder = z.infer<typeof AnalyticsOrderSchema>;

export interface PurchaseEvent {
  transaction_id: string;
  value: string;
  shipping: string;
  tax: string;
  items: { item_id: string; item_name: string; quantity: number; price: string }[];
}

function decimalText(money: unknown): string {
  const d = moneyAmount(money);
  return (d.negative ? '-' : '') + d.int + (d.frac ? '.' + d.frac : '');
}

/**
 * The purchase event for the page tag. Amounts stay decimal strings so nothing is rounded through
 * floats on the way to analytics.
 */
export function purchaseEvent(order: AnalyticsOrder): PurchaseEvent {
  return {
    transaction_id: order.id,
    value: decimalText(order.grandTotal),
    shipping: decimalText(order.shippingTotal),
    tax: decimalText(order.taxTotal),
    items: order.items.map((i) => ({
      item_id: i.sku,
      item_name: i.productName,
      quantity: i.quantity,
      price: decimalText(i.unitPrice),
    })),
  };
}
