import { describe, expect, it } from 'vitest';
import { GiftCardPurchaseSchema } from '../gift-card/index';
import { AnalyticsOrderSchema, purchaseEvent } from './index';

describe('purchase event', () => {
  it('carries exact decimal amounts from either money shape', () => {
    const order = AnalyticsOrderSchema.parse({
      id: 'o1',
      purchasedCartId: 'c1',
      websiteId: 'w1',
      items: [
        {
          sku: 'S',
          productName: 'Shirt',
          quantity: 2,
          unitPrice: { decimalValue: '19.99', currencyCode: 'USD' },
        },
      ],
      grandTotal: { value: '45.03' },
      shippingTotal: { value: '5' },
      taxTotal: { decimalValue: '0.05', currencyCode: 'USD' },
    });
    expect(order.testMode).toBe(false);
    expect(purchaseEvent(order)).toEqual({
      transaction_id: 'o1',
      value: '45.03',
      shipping: '5',
      tax: '0.05',
      items: [{ item_id: 'S', item_name: 'Shirt', quantity: 2, price: '19.99' }],
    });
  });
});

describe('gift card schemas', () => {
  it('requires a denomination for a purchase with the spec message', () => {
    const r = GiftCardPurchaseSchema.safeParse({ itemId: 'g', sku: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Select a denomination for the Gift Card');
  });
});
