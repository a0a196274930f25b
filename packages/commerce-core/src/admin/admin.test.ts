import { describe, expect, it } from 'vitest';
import { adminMessages } from './messages';
import { parseMinorUnits } from './money-input';
import { cleanPreferences, COMMERCE_PREFERENCES, preferencesDiffer } from './preferences';
import { AdminProductSaveSchema, StockUpdateSchema } from './product-input';
import { UNSAFE_TEXT_MESSAGE } from '../text/safe-text';

const usd = (value: string) => ({ value, currency: 'USD' as const });
const product = (over: Record<string, unknown> = {}) => ({
  collectionId: 'page-shop',
  title: 'Tote',
  productType: 'physical',
  variantOptionOrdering: ['Colour'],
  variants: [
    { sku: 'T-1', attributes: { Colour: 'Red' }, price: usd('1250'), qtyInStock: 3 },
    { sku: 'T-2', attributes: { Colour: 'Blue' }, price: usd('1250'), unlimited: true },
  ],
  ...over,
});
const firstMessage = (input: unknown) => {
  const r = AdminProductSaveSchema.safeParse(input);
  return r.success ? undefined : r.error.issues[0]!.message;
};

describe('minor units', () => {
  it.each([
    ['0', 0],
    ['1250', 1250],
    ['2147483647', 2147483647],
    ['2147483648', undefined],
    ['12.50', undefined],
    ['-1', undefined],
    ['', undefined],
    [' 12', undefined],
  ])('%s → %s', (v, n) => expect(parseMinorUnits(v)).toBe(n));
});

describe('commerce preferences', () => {
  it('drops websiteId and empty values', () => {
    expect(
      cleanPreferences({ websiteId: 'w', a: '', b: null, c: undefined, d: '  ', e: 0, f: false, g: 'x' }),
    ).toEqual({ e: 0, f: false, g: 'x' });
  });
  it.each([
    [{ a: 1 }, { a: 1 }, false],
    [{ a: 1 }, { a: 2 }, true],
    [{ a: 1 }, { a: 1, websiteId: 'w' }, false],
    [{ a: 1 }, { a: 1, b: '' }, false],
    [{ a: { x: 1, y: 2 } }, { a: { y: 2, x: 1 } }, false],
    [undefined, { a: 1 }, true],
    [{ a: 1 }, {}, true],
  ])('%o → %o differs: %s', (cached, next, differs) => expect(preferencesDiffer(cached, next)).toBe(differs));
  it('requires the free label when free-if-zero is set', () => {
    const r = COMMERCE_PREFERENCES.currency.schema.safeParse({ freeIfZero: true });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe("A currency 'free' label is required when free-if-zero is set.");
    expect(
      COMMERCE_PREFERENCES.currency.schema.safeParse({ freeIfZero: true, freeLabel: 'Free' }).success,
    ).toBe(true);
    expect(COMMERCE_PREFERENCES.currency.schema.safeParse({ freeIfZero: false }).success).toBe(true);
  });
  it('takes download limits in their ranges, or unlimited', () => {
    const downloads = COMMERCE_PREFERENCES.downloads.schema;
    expect(downloads.safeParse({ downloadsPerUnit: 1, linkDays: 365 }).success).toBe(true);
    expect(downloads.safeParse({ downloadsPerUnit: 'unlimited', linkDays: 'unlimited' }).success).toBe(true);
    for (const [bad, message] of [
      [{ downloadsPerUnit: 0 }, adminMessages.downloadsPerUnitRange],
      [{ downloadsPerUnit: 101 }, adminMessages.downloadsPerUnitRange],
      [{ downloadsPerUnit: '5' }, adminMessages.downloadsPerUnitRange],
      [{ linkDays: 1.5 }, adminMessages.linkDaysRange],
      [{ linkDays: 'forever' }, adminMessages.linkDaysRange],
    ] as const) {
      const r = downloads.safeParse(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error!.issues[0]!.message).toBe(message);
    }
  });
  it('takes the checkout minimum as minor units and refuses unknown fields', () => {
    expect(
      COMMERCE_PREFERENCES.checkout.schema.safeParse({ checkoutMinimumSubtotalCents: '500' }).success,
    ).toBe(true);
    expect(
      COMMERCE_PREFERENCES.checkout.schema.safeParse({ checkoutMinimumSubtotalCents: '5.00' }).success,
    ).toBe(false);
    expect(COMMERCE_PREFERENCES.checkout.schema.safeParse({ nope: 1 }).success).toBe(false);
  });
});

describe('product save', () => {
  it('accepts a physical product with two variants', () => expect(firstMessage(product())).toBeUndefined());
  it.each([
    [
      'negative stock',
      { variants: [{ sku: 'A', attributes: { Colour: 'Red' }, price: usd('1'), qtyInStock: -1 }] },
      adminMessages.stockNegative,
    ],
    [
      'unknown currency',
      { variants: [{ sku: 'A', attributes: { Colour: 'Red' }, price: { value: '1', currency: 'XYZ' } }] },
      'XYZ is not a store currency.',
    ],
    [
      'a float price',
      { variants: [{ sku: 'A', attributes: { Colour: 'Red' }, price: usd('12.5') }] },
      adminMessages.amountNotMinorUnits,
    ],
    [
      'a repeated SKU',
      {
        variants: [
          { sku: 'A', attributes: { Colour: 'Red' }, price: usd('1') },
          { sku: 'a', attributes: { Colour: 'Blue' }, price: usd('1') },
        ],
      },
      'The SKU a is used twice in this product.',
    ],
    [
      'a missing option value',
      { variants: [{ sku: 'A', attributes: {}, price: usd('1') }] },
      'Every variant needs a value for each option: Colour.',
    ],
    [
      'a sale without a sale price',
      { variants: [{ sku: 'A', attributes: { Colour: 'Red' }, price: usd('100'), onSale: true }] },
      adminMessages.salePriceRequired,
    ],
    [
      'a sale price above the price',
      {
        variants: [
          { sku: 'A', attributes: { Colour: 'Red' }, price: usd('100'), salePrice: usd('100'), onSale: true },
        ],
      },
      adminMessages.salePriceNotLower,
    ],
    [
      'a digital product with options',
      { productType: 'digital' },
      'A digital product has exactly one variant and no options.',
    ],
    [
      'a SKU with spaces',
      { variants: [{ sku: 'A B', attributes: { Colour: 'Red' }, price: usd('1') }] },
      adminMessages.skuHasSpaces,
    ],
    ['an empty title', { title: '' }, adminMessages.textRequired],
    ['a title of spaces', { title: '   ' }, adminMessages.textRequired],
    ['a title over 200 characters', { title: 'x'.repeat(201) }, 'Use at most 200 characters.'],
    ['a title with a NUL character', { title: 'To\u0000te' }, UNSAFE_TEXT_MESSAGE],
    [
      'custom add button text over 50 characters',
      { customAddButtonText: 'x'.repeat(51) },
      'Use at most 50 characters.',
    ],
  ])('refuses %s', (_name, over, message) => expect(firstMessage(product(over))).toBe(message));
  it('refuses an empty stock update and negative stock', () => {
    expect(StockUpdateSchema.safeParse({}).success).toBe(false);
    expect(StockUpdateSchema.safeParse({ qtyInStock: -1 }).success).toBe(false);
    expect(StockUpdateSchema.safeParse({ qtyInStock: 4 }).success).toBe(true);
  });
});
