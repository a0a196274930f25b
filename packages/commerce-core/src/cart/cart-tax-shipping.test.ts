import { describe, expect, it } from 'vitest';
import { StoreSettingsSchema, type StoreSettingsInput } from '../store/schema';
import { computeCart, type CartLine } from './compute';
import { ShoppingCartSchema } from './schema';
import { testDiscount } from '../discount/testing';

const eur = (value: string) => ({ value, currency: 'EUR' });
const physical = (id: string, price: string, extra: Record<string, unknown> = {}) => [
  id,
  {
    id,
    title: id,
    structuredContent: { productType: 1, variants: [{ sku: id, priceMoney: eur(price) }], ...extra },
  },
];
const products = new Map<string, unknown>([
  physical('mug', '11.90', { shippingWeightGrams: 400 }),
  physical('print', '20.00', { shippingWeightGrams: 150, taxExempt: true }),
  [
    'card',
    {
      id: 'card',
      title: 'Gift card',
      structuredContent: { productType: 4, variants: [{ sku: 'G', priceMoney: eur('50') }] },
    },
  ],
  ['ebook', { id: 'ebook', title: 'E-book', structuredContent: { productType: 2, priceMoney: eur('5.95') } }],
  [
    'lesson',
    {
      id: 'lesson',
      title: 'Lesson',
      structuredContent: { productType: 3, variants: [{ sku: 'lesson', priceMoney: eur('30') }] },
    },
  ],
] as [string, unknown][]);

/** The e2e store: VAT in the prices for Germany, California's tax on top, a weight zone and pickup. */
const STORE: StoreSettingsInput = {
  selectedCurrency: 'EUR',
  taxOriginCountry: 'DE',
  taxRates: [
    { country: 'DE', name: 'VAT', rate: '19', included: true, shipping: true },
    { country: 'US', region: 'CA', name: 'CA sales tax', rate: '7.25' },
  ],
  shippingZones: [
    {
      id: 'de',
      name: 'Germany',
      areas: ['DE'],
      rates: [
        {
          kind: 'weight',
          id: 'dhl',
          name: 'DHL',
          brackets: [
            { minGrams: 0, amountCents: 490 },
            { minGrams: 1000, amountCents: 690 },
          ],
        },
        { kind: 'pickup', id: 'pickup', name: 'Pick up in Berlin', instructions: 'Shop hours' },
      ],
    },
    {
      id: 'us',
      name: 'United States',
      areas: ['US'],
      rates: [{ kind: 'flat', id: 'usps', name: 'USPS', amountCents: 1500 }],
    },
  ],
};
const line = (id: string, itemId: string, quantity: number): CartLine => ({
  id,
  itemId,
  sku: itemId,
  quantity,
});
const price = (lines: CartLine[], extra: Partial<Parameters<typeof computeCart>[0]> = {}, store = STORE) =>
  computeCart({
    cart: { id: 'c', websiteId: 'w', created: 0 },
    products,
    settings: StoreSettingsSchema.parse(store),
    lines,
    ...extra,
  });

describe('taxes and shipping by address', () => {
  it('a shopper in Germany pays the prices as shown, with the VAT in them broken out', () => {
    // 3 mugs, 1.2 kg: DHL's second bracket. 35.70 + 6.90; VAT in it 5.70 + 1.10.
    const c = price([line('a', 'mug', 3)], { shippingLocation: { country: 'DE', region: '' } });
    expect(c.shippingOptions).toEqual([
      { id: 'dhl', name: 'DHL', costCents: 690 },
      { id: 'pickup', name: 'Pick up in Berlin', costCents: 0, pickup: true, instructions: 'Shop hours' },
    ]);
    expect(c.selectedShippingOption?.id).toBe('pickup');
    const shipped = price([line('a', 'mug', 3)], {
      shippingLocation: { country: 'DE' },
      selectedShippingOptionId: 'dhl',
    });
    expect(shipped.shippingCostCents).toBe(690);
    expect(shipped.taxLines).toEqual([
      {
        name: 'VAT',
        rate: '19',
        country: 'DE',
        region: '',
        included: true,
        taxCents: 680,
        taxableCents: 3580,
      },
    ]);
    expect(shipped.taxCents).toBe(680);
    expect(shipped.taxIncludedCents).toBe(680);
    expect(shipped.grandTotalCents).toBe(3570 + 690);
    expect(ShoppingCartSchema.safeParse(shipped).success).toBe(true);
  });

  it('a shopper in California pays the state tax on top and gets the US options', () => {
    const c = price([line('a', 'mug', 3)], { shippingLocation: { country: 'US', region: 'California' } });
    expect(c.shippingOptions.map((o) => o.id)).toEqual(['usps']);
    // 7.25 % of 35.70 = 2.588 → 2.59; shipping untaxed.
    expect(c.taxLines).toMatchObject([
      { name: 'CA sales tax', rate: '7.25', included: false, taxCents: 259 },
    ]);
    expect(c.taxIncludedCents).toBe(0);
    expect(c.grandTotalCents).toBe(3570 + 1500 + 259);
  });

  it('a shopper elsewhere in the US or outside every zone gets no tax, and no options outside the zones', () => {
    const ny = price([line('a', 'mug', 1)], { shippingLocation: { country: 'US', region: 'NY' } });
    expect(ny.taxCents).toBe(0);
    expect(ny.shippingOptions).toHaveLength(1);
    const jp = price([line('a', 'mug', 1)], { shippingLocation: { country: 'JP' } });
    expect(jp.shippingOptions).toEqual([]);
    expect(jp.selectedShippingOption).toBeNull();
    expect(jp.grandTotalCents).toBe(1190);
  });

  it('before an address, the prices show the store country’s VAT and no shipping options yet', () => {
    const c = price([line('a', 'mug', 1)]);
    expect(c.shippingOptions).toEqual([]);
    expect(c.taxLines).toMatchObject([{ name: 'VAT', taxCents: 190, included: true }]);
    expect(c.grandTotalCents).toBe(1190);
  });

  it('gift cards and exempt products bear no tax', () => {
    const c = price(
      [line('a', 'mug', 1), line('b', 'print', 1), { id: 'g', itemId: 'card', sku: 'G', quantity: 1 }],
      {
        shippingLocation: { country: 'US', region: 'CA' },
      },
    );
    // Only the mug: 7.25 % of 11.90 = 0.86.
    expect(c.taxCents).toBe(86);
    expect(c.taxLines[0]?.taxableCents).toBe(1190);
  });

  it('a cart of downloads and services asks for no address and has no shipping', () => {
    const c = price([line('a', 'ebook', 1), line('b', 'lesson', 1)], { shippingLocation: { country: 'DE' } });
    expect(c.requiresShipping).toBe(false);
    expect(c.shippingOptions).toEqual([]);
    expect(c.taxLines).toMatchObject([{ name: 'VAT', taxCents: 574 }]);
  });

  it('taxes what was paid after a discount, spread over the lines', () => {
    // 11.90 + 20.00 (exempt) − 5.00: the mug's share of the discount is 1.87, so 10.03 is taxed.
    const c = price([line('a', 'mug', 1), line('b', 'print', 1)], {
      couponCodes: ['FIVE'],
      discounts: [testDiscount({ id: 'five', effect: { type: 'fixed-amount', amountCents: 500 } })],
      shippingLocation: { country: 'US', region: 'CA' },
    });
    expect(c.discountCents).toBe(500);
    expect(c.taxLines[0]?.taxableCents).toBe(1003);
    expect(c.taxCents).toBe(73);
  });

  it('rounds per line or per order as the owner chose', () => {
    const cheap = new Map(products);
    const lines = ['a', 'b', 'c'].map((id) => {
      cheap.set(id, physical(id, '1.05')[1]);
      return line(id, id, 1);
    });
    const tenPercent = (taxRounding: 'line' | 'order') =>
      computeCart({
        cart: { id: 'c', websiteId: 'w', created: 0 },
        products: cheap,
        settings: StoreSettingsSchema.parse({
          selectedCurrency: 'EUR',
          taxRateBasisPoints: 1000,
          taxRounding,
        }),
        lines,
      }).taxCents;
    expect(tenPercent('order')).toBe(32);
    expect(tenPercent('line')).toBe(33);
  });
});
