import { describe, expect, it } from 'vitest';
import {
  AddCartEntryRequestSchema,
  StockResponseSchema,
  SubscriptionCartRequestSchema,
  UpdateEntryFieldsRequestSchema,
} from './api';
import { addEntryErrorMessage, addToCartAlertTitle } from './errors';
import {
  findVariant,
  hasStockFor,
  unselectedOptionsMessage,
  validateAddToCart,
  validateQuantity,
} from './validation';

describe('unselected options message', () => {
  it.each([
    [['Size'], 'Please select the Size option.'],
    [['Size', 'Color'], 'Please select the Size and Color options.'],
    [['Size', 'Color', 'Fit'], 'Please select the Size, Color and Fit options.'],
    [['A', 'B', 'C', 'D'], 'Please select the A, B, C and D options.'],
  ])('%o → %s', (names, message) => expect(unselectedOptionsMessage(names)).toBe(message));
});

describe('quantity', () => {
  it.each([
    ['1', { ok: true, quantity: 1 }],
    [' 12 ', { ok: true, quantity: 12 }],
    [9999, { ok: true, quantity: 9999 }],
    ['abc', 'Quantity must be a number.'],
    ['', 'Quantity must be a number.'],
    ['1.5', 'Quantity must be a whole number'],
    ['0', 'Quantity must be between 1 and 9999.'],
    ['10000', 'Quantity must be between 1 and 9999.'],
    [-2, 'Quantity must be between 1 and 9999.'],
  ])('%s', (input, expected) => {
    const r = validateQuantity(input);
    if (typeof expected === 'string') expect(r.ok ? undefined : r.problem.message).toBe(expected);
    else expect(r).toEqual(expected);
  });
});

const shirt = {
  structuredContent: {
    productType: 1,
    variantOptionOrdering: ['Size', 'Color'],
    variants: [
      { sku: 'S-R', attributes: { Size: 'S', Color: 'Red' }, qtyInStock: 2 },
      { sku: 'M-R', attributes: { Size: 'M', Color: 'Red' }, qtyInStock: 0 },
      { sku: 'M-B', attributes: { Size: 'M', Color: 'Blue' }, unlimited: true },
    ],
  },
};
const giftCard = {
  structuredContent: {
    productType: 4,
    variantOptionOrdering: ['Value'],
    variants: [
      { sku: 'G25', attributes: { Value: '25' } },
      { sku: 'G50', attributes: { Value: '50' } },
    ],
  },
};

describe('add to cart validation', () => {
  it.each([
    ['nothing chosen', shirt, {}, '1', 0, 'Please select the Size and Color options.'],
    ['one option missing', shirt, { Size: 'S' }, '1', 0, 'Please select the Color option.'],
    [
      'no such variant',
      shirt,
      { Size: 'S', Color: 'Blue' },
      '1',
      0,
      'Sorry, that item variant is unavailable. Please select another variant.',
    ],
    [
      'out of stock',
      shirt,
      { Size: 'M', Color: 'Red' },
      '1',
      0,
      'Sorry, we do not have enough of that item available.',
    ],
    [
      'too many with what is in the cart',
      shirt,
      { Size: 'S', Color: 'Red' },
      '1',
      2,
      'Sorry, we do not have enough of that item available.',
    ],
    ['bad quantity', shirt, { Size: 'S', Color: 'Red' }, 'x', 0, 'Quantity must be a number.'],
    ['fractional quantity', shirt, { Size: 'S', Color: 'Red' }, '1.5', 0, 'Quantity must be a whole number'],
    ['gift card without denomination', giftCard, {}, '1', 0, 'Select a denomination for the Gift Card'],
  ])('%s', (_name, item, selection, quantity, inCart, message) => {
    const r = validateAddToCart({ item, selection, quantity, alreadyInCart: inCart });
    expect(r.ok ? undefined : r.problem.message).toBe(message);
  });

  it.each([
    ['in stock', shirt, { Size: 'S', Color: 'Red' }, '2', 0, 'S-R', 2],
    ['unlimited', shirt, { Size: 'M', Color: 'Blue' }, '50', 100, 'M-B', 50],
    ['gift card', giftCard, { Value: '50' }, '1', 0, 'G50', 1],
  ])('accepts %s', (_name, item, selection, quantity, inCart, sku, q) => {
    expect(validateAddToCart({ item, selection, quantity, alreadyInCart: inCart })).toMatchObject({
      ok: true,
      sku,
      quantity: q,
    });
  });

  it('accepts a digital product without variants', () => {
    expect(
      validateAddToCart({
        item: { structuredContent: { productType: 2 } },
        selection: {},
        quantity: 1,
        alreadyInCart: 5,
      }),
    ).toMatchObject({ ok: true });
  });

  it('finds the only variant without a selection', () => {
    const v = { sku: 'ONLY' };
    expect(findVariant({ structuredContent: { variants: [v] } }, {})).toBe(v);
  });

  it('checks stock results against the cart', () => {
    expect(hasStockFor([{ unlimited: false, qtyInStock: 3 }], 2)).toBe(true);
    expect(hasStockFor([{ unlimited: false, qtyInStock: 2 }], 2)).toBe(false);
    expect(hasStockFor([{ unlimited: true, qtyInStock: 0 }], 99)).toBe(true);
    expect(hasStockFor([], 0)).toBe(false);
  });
});

describe('add-entry errors', () => {
  it.each([
    [
      { crumbFail: true, cookiesEnabled: true },
      'Your session has expired. Please reload the page and try again.',
    ],
    [
      { crumbFail: true, cookiesEnabled: false },
      'Please enable cookies in your browser, reload the page, and try again.',
    ],
    [{ status: 429, serverMessage: 'slow down' }, 'Please try again in a few seconds.'],
    [{ status: 400, serverMessage: 'Item is no longer available' }, 'Item is no longer available'],
    [{ status: 500 }, 'Unable to add item'],
  ])('%o → %s', (failure, message) => expect(addEntryErrorMessage(failure)).toBe(message));

  it.each([
    ['cart', 'Unable to Add Item'],
    ['express-checkout', 'Unable to Purchase Item'],
    ['gift-card', 'Unable to purchase Gift Card'],
  ] as const)('%s alert is titled %s', (flow, title) => expect(addToCartAlertTitle(flow)).toBe(title));
});

describe('cart API payloads', () => {
  it('accepts an entry with a JSON string of additional fields', () => {
    expect(
      AddCartEntryRequestSchema.parse({ itemId: 'i', sku: 's', quantity: 2, additionalFields: '{"a":1}' }),
    ).toMatchObject({ quantity: 2 });
  });
  it.each([
    [{ itemId: 'i', sku: 's', quantity: 0 }],
    [{ itemId: 'i', sku: 's', quantity: 1.5 }],
    [{ itemId: 'i', sku: 's', quantity: 10000 }],
    [{ itemId: '', sku: 's', quantity: 1 }],
    [{ itemId: 'i', sku: 's', quantity: 1, additionalFields: '{not json' }],
  ])('rejects %o', (payload) => expect(AddCartEntryRequestSchema.safeParse(payload).success).toBe(false));
  it('covers the subscription, form update and stock calls', () => {
    expect(SubscriptionCartRequestSchema.safeParse({ itemId: 'i', sku: 's', qty: 1 }).success).toBe(true);
    expect(
      UpdateEntryFieldsRequestSchema.safeParse({ itemId: 'i', sku: 's', additionalFields: '[]' }).success,
    ).toBe(true);
    expect(StockResponseSchema.parse({ results: [{ unlimited: true, qtyInStock: 0 }] }).results).toHaveLength(
      1,
    );
  });
});
