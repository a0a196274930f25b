import { describe, expect, it } from 'vitest';
import {
  addButtonLabel,
  hasVariants,
  hasVariedPrices,
  isOnSale,
  isSoldOut,
  multipleQuantityAllowedForServices,
  productMark,
  productTypeOf,
  showsQuantityInput,
  totalStockRemaining,
  usesFormMode,
  variantDescriptor,
  variantOptions,
} from './display';
import {
  fromPrice,
  lowestVariantPricingOptions,
  normalPrice,
  pricingOptionPrice,
  salePrice,
} from './pricing';
import { ProductItemSchema, StockResultSchema } from './schema';

const product = (structuredContent: Record<string, unknown>) => ({ structuredContent });
const usd = (value: string) => ({ value, currency: 'USD' });

describe('product type', () => {
  it.each([
    [1, 1],
    ['2', 2],
    [3, 3],
    [4, 4],
    [5, 5],
    [-1, undefined],
    [undefined, undefined],
    ['x', undefined],
  ])('%s reads as %s', (raw, code) => expect(productTypeOf(product({ productType: raw }))).toBe(code));
});

describe('sold out', () => {
  it.each([
    [
      'physical, all limited at zero',
      { productType: 1, variants: [{ qtyInStock: 0 }, { qtyInStock: 0 }] },
      true,
    ],
    ['physical, one in stock', { productType: 1, variants: [{ qtyInStock: 0 }, { qtyInStock: 3 }] }, false],
    [
      'physical, one unlimited',
      { productType: 1, variants: [{ qtyInStock: 0 }, { unlimited: true }] },
      false,
    ],
    ['service at zero', { productType: 3, variants: [{ qtyInStock: 0 }] }, true],
    ['digital', { productType: 2 }, false],
    ['gift card at zero', { productType: 4, variants: [{ qtyInStock: 0 }] }, false],
    ['unknown type', { productType: -1 }, true],
    ['physical without variants', { productType: 1 }, true],
  ])('%s → %s', (_name, content, expected) => expect(isSoldOut(product(content))).toBe(expected));
});

describe('on sale and the mark', () => {
  it.each([
    ['variant on sale', { productType: 1, variants: [{ onSale: false }, { onSale: true }] }, true],
    ['no variant on sale', { productType: 1, variants: [{ onSale: false }] }, false],
    ['digital flagged', { productType: 2, onSale: true }, true],
    ['digital not flagged', { productType: 2, onSale: false }, false],
    ['gift card', { productType: 4, variants: [{ onSale: true }] }, false],
    ['unknown type', { productType: -1, variants: [{ onSale: true }] }, false],
  ])('%s → %s', (_name, content, expected) => expect(isOnSale(product(content))).toBe(expected));

  it('sold out wins over sale', () => {
    expect(productMark(product({ productType: 1, variants: [{ onSale: true, qtyInStock: 0 }] }))).toBe(
      'sold-out',
    );
    expect(productMark(product({ productType: 1, variants: [{ onSale: true, qtyInStock: 2 }] }))).toBe(
      'sale',
    );
    expect(productMark(product({ productType: 1, variants: [{ qtyInStock: 2 }] }))).toBeUndefined();
  });
});

describe('variants shown', () => {
  it.each([
    [{ productType: 1, variants: [{}, {}] }, true],
    [{ productType: 1, variants: [{}] }, false],
    [{ productType: 2, variants: [{}, {}] }, false],
    [{ variants: [{}, {}] }, true],
  ])('%o → %s', (content, expected) => expect(hasVariants(product(content))).toBe(expected));
});

describe('varied prices', () => {
  it.each([
    [
      'different sale flags',
      { productType: 1, variants: [{ onSale: true, salePrice: 100 }, { price: 200 }] },
      true,
    ],
    ['different prices', { productType: 1, variants: [{ price: 100 }, { price: 200 }] }, true],
    ['same prices', { productType: 3, variants: [{ price: 100 }, { price: 100 }] }, false],
    [
      'different sale prices',
      {
        productType: 1,
        variants: [
          { onSale: true, salePrice: 100 },
          { onSale: true, salePrice: 200 },
        ],
      },
      true,
    ],
    [
      'same regular, differing sale price while not on sale',
      {
        productType: 1,
        variants: [
          { price: 1, salePrice: 1 },
          { price: 1, salePrice: 2 },
        ],
      },
      false,
    ],
    ['digital', { productType: 2 }, false],
    ['no variants', { productType: 1, variants: [] }, false],
    ['unknown type', { productType: -1, variants: [{ price: 1 }, { price: 2 }] }, false],
  ])('%s → %s', (_name, content, expected) => expect(hasVariedPrices(product(content))).toBe(expected));
});

describe('quantity input', () => {
  const stock = (qty: number) => [{ qtyInStock: qty }];
  it.each([
    ['physical with stock 2', { productType: 1, variants: stock(2) }, {}, true],
    ['physical with stock 1', { productType: 1, variants: stock(1) }, {}, false],
    ['physical split stock', { productType: 1, variants: [{ qtyInStock: 1 }, { qtyInStock: 1 }] }, {}, true],
    ['physical unlimited', { productType: 1, variants: [{ unlimited: true }] }, {}, true],
    ['subscribable physical', { productType: 1, variants: stock(100), isSubscribable: true }, {}, false],
    ['service, default setting', { productType: 3, variants: stock(2) }, {}, true],
    [
      'service, multiple not allowed',
      { productType: 3, variants: stock(2) },
      { multipleQuantityAllowedForServices: false },
      false,
    ],
    ['digital', { productType: 2 }, {}, false],
    ['gift card', { productType: 4, variants: stock(0) }, {}, false],
  ])('%s → %s', (_name, content, settings, expected) =>
    expect(showsQuantityInput(product(content), settings)).toBe(expected),
  );

  it('counts digital and gift-card stock as unlimited', () => {
    expect(totalStockRemaining(product({ productType: 2 }))).toBe(Number.MAX_SAFE_INTEGER);
    expect(totalStockRemaining(product({ productType: 4 }))).toBe(Number.MAX_SAFE_INTEGER);
    expect(
      totalStockRemaining(product({ productType: 1, variants: [{ qtyInStock: 2 }, { qtyInStock: 5 }] })),
    ).toBe(7);
  });

  it('defaults multiple quantity for services to allowed', () => {
    expect(multipleQuantityAllowedForServices(undefined)).toBe(true);
    expect(multipleQuantityAllowedForServices({ multipleQuantityAllowedForServices: null })).toBe(true);
    expect(multipleQuantityAllowedForServices({ multipleQuantityAllowedForServices: false })).toBe(false);
  });
});

describe('add button', () => {
  it.each([
    ['custom text', { useCustomAddButtonText: true, customAddButtonText: 'Buy now' }, {}, 'Buy now'],
    [
      'custom flag without text',
      { useCustomAddButtonText: true, customAddButtonText: '' },
      {},
      'Add To Cart',
    ],
    [
      'custom text not enabled',
      { useCustomAddButtonText: false, customAddButtonText: 'Buy' },
      {},
      'Add To Cart',
    ],
    ['subscribable', { isSubscribable: true }, {}, 'Subscribe'],
    ['localized add', {}, { addToCart: 'ADD' }, 'ADD'],
    ['localized subscribe', { isSubscribable: true }, { subscribe: 'SUB' }, 'SUB'],
  ])('%s → %s', (_name, content, labels, expected) =>
    expect(addButtonLabel(product(content), labels)).toBe(expected),
  );

  it('uses form mode only when both form id and form exist', () => {
    expect(usesFormMode(product({ additionalFieldsFormId: 'f', additionalFieldsForm: { name: 'F' } }))).toBe(
      true,
    );
    expect(usesFormMode(product({ additionalFieldsFormId: 'f' }))).toBe(false);
    expect(usesFormMode(product({ additionalFieldsForm: { name: 'F' } }))).toBe(false);
  });
});

describe('variant options and descriptor', () => {
  it('lists options in the merchant order with distinct values', () => {
    const item = product({
      variants: [
        { attributes: { fit: 'loose', color: 'blue' } },
        { attributes: { fit: 'slim', color: 'blue' } },
        { attributes: { fit: 'slim', color: 'red', extra: 'x' } },
      ],
      variantOptionOrdering: ['color', 'fit'],
    });
    expect(variantOptions(item)).toEqual([
      { name: 'color', values: ['blue', 'red'] },
      { name: 'fit', values: ['loose', 'slim'] },
    ]);
    expect(
      variantOptions(product({ variants: [{ attributes: { a: '1' } }], variantOptionOrdering: ['a'] })),
    ).toEqual([]);
  });
  it('describes a variant by its option values', () => {
    expect(variantDescriptor({ optionValues: [{ value: 'blue' }, { value: 'large' }] })).toBe('blue / large');
    expect(variantDescriptor({})).toBe('');
  });
});

describe('prices', () => {
  const item = product({
    productType: 1,
    variants: [
      { priceMoney: usd('100'), salePriceMoney: usd('80'), onSale: false },
      { priceMoney: usd('120'), salePriceMoney: usd('50'), onSale: true },
      { priceMoney: usd('90'), salePriceMoney: usd('70'), onSale: true },
    ],
  });
  it('picks the lowest effective, highest regular and lowest sale price', () => {
    expect(fromPrice(item)).toEqual(usd('50'));
    expect(normalPrice(item)).toEqual(usd('120'));
    expect(salePrice(item)).toEqual(usd('50'));
  });
  it('uses the product-level price for digital products and 0 USD otherwise', () => {
    const digital = product({ productType: 2, priceMoney: usd('9'), salePriceMoney: usd('5') });
    expect(fromPrice(digital)).toEqual(usd('9'));
    expect(normalPrice(digital)).toEqual(usd('9'));
    expect(salePrice(digital)).toEqual(usd('5'));
    expect(fromPrice(product({ productType: 2 }))).toEqual({ value: '0', currency: 'USD' });
    expect(fromPrice(product({ productType: -1 }))).toEqual({ value: '0', currency: 'USD' });
    expect(
      salePrice(product({ productType: 4, variants: [{ onSale: true, salePriceMoney: usd('1') }] })),
    ).toEqual({ value: '0', currency: 'USD' });
    expect(salePrice(product({ productType: 1, variants: [{ priceMoney: usd('1') }] }))).toEqual({
      value: '0',
      currency: 'USD',
    });
  });
  it('finds the pricing options of the cheapest variant', () => {
    const options = [{ priceMoney: usd('4'), onSale: true, salePriceMoney: usd('3') }];
    const sub = product({
      productType: 1,
      variants: [
        { priceMoney: usd('10'), pricingOptions: [{ priceMoney: usd('9') }] },
        { priceMoney: usd('5'), pricingOptions: options },
      ],
    });
    expect(lowestVariantPricingOptions(sub)).toBe(options);
    expect(pricingOptionPrice(options[0])).toEqual(usd('3'));
    expect(lowestVariantPricingOptions(product({ productType: 2 }))).toBeUndefined();
  });
});

describe('schemas', () => {
  it('parses a product item with defaults and rejects unknown product types', () => {
    const parsed = ProductItemSchema.parse({
      id: 'p1',
      collectionId: 'c1',
      structuredContent: { productType: 1, variants: [{ sku: 'S1', priceMoney: { value: '10' } }] },
    });
    expect(parsed.structuredContent.variants[0]).toMatchObject({
      sku: 'S1',
      qtyInStock: 0,
      unlimited: false,
      onSale: false,
    });
    expect(
      ProductItemSchema.safeParse({ id: 'p', collectionId: 'c', structuredContent: { productType: 9 } })
        .success,
    ).toBe(false);
    expect(StockResultSchema.safeParse({ unlimited: false, qtyInStock: -1 }).success).toBe(false);
  });
});
