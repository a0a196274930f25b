import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StoreSettingsSchema, type StoreSettingsInput } from '../store/schema';
import { CartComputationError, computeCart, shippingCost, type CartLine } from './compute';
import {
  cartCountDisplay,
  cartItemCountLabel,
  checkCheckoutMinimum,
  displayedSubtotal,
  isCartEmpty,
  shouldLoadCartAtStart,
} from './display';
import { ShoppingCartSchema } from './schema';
import { testDiscount } from '../discount/testing';

const usd = (value: string) => ({ value, currency: 'USD' });
const products = new Map<string, unknown>([
  [
    'shirt',
    {
      id: 'shirt',
      title: 'Shirt',
      structuredContent: {
        productType: 1,
        variants: [
          {
            sku: 'S',
            attributes: { Size: 'S' },
            priceMoney: usd('20.00'),
            salePriceMoney: usd('15.00'),
            onSale: false,
          },
          {
            sku: 'L',
            attributes: { Size: 'L' },
            priceMoney: usd('25.00'),
            salePriceMoney: usd('19.99'),
            onSale: true,
          },
        ],
      },
    },
  ],
  ['ebook', { id: 'ebook', title: 'E-book', structuredContent: { productType: 2, priceMoney: usd('9.99') } }],
  [
    'card',
    {
      id: 'card',
      title: 'Gift card',
      structuredContent: { productType: 4, variants: [{ sku: 'G25', priceMoney: usd('25') }] },
    },
  ],
  [
    'class',
    {
      id: 'class',
      title: 'Class',
      structuredContent: { productType: 3, variants: [{ sku: 'C', priceMoney: usd('40') }] },
    },
  ],
  [
    'euro',
    {
      id: 'euro',
      title: 'Euro thing',
      structuredContent: { productType: 2, priceMoney: { value: '1', currency: 'EUR' } },
    },
  ],
]);
const settings = (s: StoreSettingsInput = {}) => StoreSettingsSchema.parse(s);
const cart = { id: 'c1', websiteId: 'w1', created: 1700000000000 };
const line = (id: string, itemId: string, sku: string, quantity: number): CartLine => ({
  id,
  itemId,
  sku,
  quantity,
});

describe('computeCart', () => {
  it('prices lines in minor units with sale prices', () => {
    const c = computeCart({
      cart,
      products,
      settings: settings(),
      lines: [line('e1', 'shirt', 'S', 2), line('e2', 'shirt', 'L', 1)],
    });
    expect(c.subtotalCents).toBe(5999);
    expect(c.grandTotalCents).toBe(5999);
    expect(c.totalQuantity).toBe(3);
    expect(c.entries[1]).toMatchObject({
      purchasePriceCents: 1999,
      subTotal: usd('19.99'),
      chosenVariant: { sku: 'L', attributes: { Size: 'L' } },
    });
    expect(c).toMatchObject({ requiresShipping: true, hasDigital: false, purelyDigital: false });
    expect(ShoppingCartSchema.safeParse(c).success).toBe(true);
  });

  it('applies coupons, shipping and tax in that order', () => {
    const c = computeCart({
      cart,
      products,
      settings: settings({
        taxRateBasisPoints: 825,
        shippingOptions: [
          { kind: 'flat', id: 'std', name: 'Standard', amountCents: 500 },
          {
            kind: 'table',
            id: 'tbl',
            name: 'Table',
            rates: [
              { minSubtotalCents: 0, amountCents: 900 },
              { minSubtotalCents: 5000, amountCents: 0 },
            ],
          },
        ],
      }),
      discounts: [
        testDiscount({ id: 'ten', code: 'TEN', effect: { type: 'percentage', basisPoints: 1000 } }),
        testDiscount({
          id: 'big',
          code: 'BIG',
          effect: { type: 'fixed-amount', amountCents: 1000 },
          minimum: { type: 'subtotal', amountCents: 100000 },
        }),
      ],
      couponCodes: ['ten', 'BIG', 'NOPE'],
      lines: [line('e1', 'shirt', 'S', 3)],
    });
    expect(c.subtotalCents).toBe(6000);
    expect(c.discountCents).toBe(600);
    expect(c.validCoupons).toEqual(['TEN']);
    expect(c.invalidCoupons).toEqual(['BIG', 'NOPE']);
    expect(c.shippingOptions).toEqual([
      { id: 'std', name: 'Standard', costCents: 500 },
      { id: 'tbl', name: 'Table', costCents: 0 },
    ]);
    expect(c.selectedShippingOption?.id).toBe('tbl');
    expect(c.taxCents).toBe(446); // 8.25 % of 54.00 = 4.455 → 4.46
    expect(c.grandTotalCents).toBe(6000 - 600 + 0 + 446);
    expect(c.applicableTaxRules).toEqual([{ name: 'Sales tax', rateBasisPoints: 825, taxCents: 446 }]);
  });

  it('honours a chosen shipping option and taxes shipping when asked', () => {
    const c = computeCart({
      cart,
      products,
      settings: settings({
        taxRateBasisPoints: 1000,
        taxShipping: true,
        shippingOptions: [
          { kind: 'flat', id: 'a', name: 'A', amountCents: 300 },
          { kind: 'flat', id: 'b', name: 'B', amountCents: 700 },
        ],
      }),
      selectedShippingOptionId: 'b',
      lines: [line('e1', 'shirt', 'S', 1)],
    });
    expect(c.shippingCostCents).toBe(700);
    expect(c.taxCents).toBe(270);
    expect(c.grandTotalCents).toBe(2000 + 700 + 270);
  });

  it('never discounts below zero', () => {
    const c = computeCart({
      cart,
      products,
      settings: settings({}),
      discounts: [testDiscount({ id: 'all', effect: { type: 'fixed-amount', amountCents: 99999 } })],
      couponCodes: ['ALL'],
      lines: [line('e1', 'ebook', 'x', 1)],
    });
    expect(c.discountCents).toBe(999);
    expect(c.grandTotalCents).toBe(0);
  });

  it.each([
    [['ebook'], true, true, false],
    [['ebook', 'card'], true, true, false],
    [['ebook', 'shirt'], true, false, true],
    [['class'], false, false, false],
    [[], false, false, false],
  ])('flags digital and shipping for %o', (items, hasDigital, purelyDigital, requiresShipping) => {
    const skus: Record<string, string> = { ebook: 'x', card: 'G25', shirt: 'S', class: 'C' };
    const c = computeCart({
      cart,
      products,
      settings: settings(),
      lines: items.map((i, n) => line(`e${n}`, i, skus[i] ?? '', 1)),
    });
    expect({
      hasDigital: c.hasDigital,
      purelyDigital: c.purelyDigital,
      requiresShipping: c.requiresShipping,
    }).toEqual({
      hasDigital,
      purelyDigital,
      requiresShipping,
    });
  });

  it.each([
    [line('e1', 'missing', 'S', 1), 'unknown-item'],
    [line('e1', 'shirt', 'XL', 1), 'unknown-variant'],
    [line('e1', 'euro', 'x', 1), 'currency-mismatch'],
    [line('e1', 'shirt', 'S', 0), 'invalid-quantity'],
  ])('rejects %o with %s', (l, code) => {
    let caught: unknown;
    try {
      computeCart({ cart, products, settings: settings(), lines: [l] });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(CartComputationError);
    expect((caught as CartComputationError).code).toBe(code);
  });

  it('totals always add up: grand = subtotal − discount + shipping + tax', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom('shirt:S', 'shirt:L', 'ebook:x', 'class:C'),
            fc.integer({ min: 1, max: 9999 }),
          ),
          { maxLength: 8 },
        ),
        fc.integer({ min: 0, max: 10000 }),
        fc.integer({ min: 0, max: 10000 }),
        (items, bp, pct) => {
          const c = computeCart({
            cart,
            products,
            settings: settings({
              taxRateBasisPoints: bp,
              shippingOptions: [{ kind: 'flat', id: 'f', name: 'F', amountCents: 450 }],
            }),
            discounts: [testDiscount({ id: 'p', effect: { type: 'percentage', basisPoints: pct } })],
            couponCodes: ['P'],
            lines: items.map(([key, q], n) => {
              const [itemId = '', sku = ''] = key.split(':');
              return line(`e${n}`, itemId, sku, q);
            }),
          });
          expect(c.grandTotalCents).toBe(
            c.subtotalCents - c.discountCents + c.shippingCostCents + c.taxCents,
          );
          expect(c.discountCents).toBeLessThanOrEqual(c.subtotalCents);
          expect(c.totalQuantity).toBe(items.reduce((s, [, q]) => s + q, 0));
          expect(c.subtotalCents).toBe(c.entries.reduce((s, e) => s + e.purchasePriceCents * e.quantity, 0));
        },
      ),
    );
  });
});

describe('discounts in a cart', () => {
  const freeOver50 = testDiscount({
    id: 'ship',
    code: null,
    name: 'Free shipping over $50',
    effect: { type: 'free-shipping' },
    minimum: { type: 'subtotal', amountCents: 5000 },
  });
  const shipping = {
    shippingOptions: [{ kind: 'flat' as const, id: 'std', name: 'Standard', amountCents: 800 }],
  };

  it('names an automatic free shipping in the cart and takes the shipping off the total', () => {
    const c = computeCart({
      cart,
      products,
      settings: settings({ ...shipping, taxRateBasisPoints: 1000, taxShipping: true }),
      discounts: [
        freeOver50,
        testDiscount({ id: 'twenty', effect: { type: 'percentage', basisPoints: 2000 } }),
      ],
      couponCodes: ['twenty'],
      lines: [line('e1', 'shirt', 'S', 3)],
    });
    expect(c).toMatchObject({
      subtotalCents: 6000,
      discountCents: 1200,
      shippingCostCents: 0,
      taxCents: 480,
    });
    expect(c.selectedShippingOption?.costCents).toBe(800);
    expect(c.grandTotalCents).toBe(6000 - 1200 + 0 + 480);
    expect(c.discounts.map((d) => [d.name, d.amountCents, d.freeShipping])).toEqual([
      ['Free shipping over $50', 800, true],
      ['TWENTY', 1200, false],
    ]);
  });

  it('keeps shipping below the minimum and says why a code does not apply', () => {
    const c = computeCart({
      cart,
      products,
      settings: settings(shipping),
      discounts: [freeOver50, testDiscount({ id: 'big', minimum: { type: 'subtotal', amountCents: 10000 } })],
      couponCodes: ['big'],
      lines: [line('e1', 'shirt', 'S', 2)],
    });
    expect(c).toMatchObject({
      shippingCostCents: 800,
      discountCents: 0,
      discounts: [],
      invalidCoupons: ['big'],
    });
    expect(c.refusedCoupons).toEqual([
      { code: 'big', message: 'The code "big" needs $100.00 of eligible items in your cart.' },
    ]);
  });
});

describe('gift cards in a cart', () => {
  it('are neither discounted by coupons nor taxed', () => {
    const c = computeCart({
      cart,
      products,
      settings: settings({
        taxRateBasisPoints: 1000,
      }),
      discounts: [testDiscount({ id: 'half', effect: { type: 'percentage', basisPoints: 5000 } })],
      couponCodes: ['HALF'],
      lines: [line('e1', 'card', 'G25', 2), line('e2', 'shirt', 'S', 1)],
    });
    expect(c.subtotalCents).toBe(7000);
    expect(c.discountCents).toBe(1000);
    expect(c.taxCents).toBe(100);
    expect(c.grandTotalCents).toBe(7000 - 1000 + 100);
  });

  it('alone bear no tax and meet no coupon minimum', () => {
    const c = computeCart({
      cart,
      products,
      settings: settings({
        taxRateBasisPoints: 1000,
      }),
      discounts: [
        testDiscount({
          id: 'five',
          effect: { type: 'fixed-amount', amountCents: 500 },
          minimum: { type: 'subtotal', amountCents: 100 },
        }),
      ],
      couponCodes: ['FIVE'],
      lines: [line('e1', 'card', 'G25', 1)],
    });
    expect(c).toMatchObject({
      subtotalCents: 2500,
      discountCents: 0,
      taxCents: 0,
      grandTotalCents: 2500,
      invalidCoupons: ['FIVE'],
    });
  });
});

describe('shipping cost', () => {
  const table = {
    kind: 'table' as const,
    id: 't',
    name: 'T',
    rates: [
      { minSubtotalCents: 1000, amountCents: 500 },
      { minSubtotalCents: 5000, amountCents: 200 },
    ],
  };
  it.each([
    [0n, 500n],
    [1000n, 500n],
    [4999n, 500n],
    [5000n, 200n],
    [10n ** 12n, 200n],
  ])('table rate at %s is %s', (subtotal, cost) => expect(shippingCost(table, subtotal)).toBe(cost));
});

describe('cart display', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [100, '100'],
    [101, '100+'],
    [5000, '100+'],
  ])('count %i shows %s', (n, s) => expect(cartCountDisplay(n)).toBe(s));
  it.each([
    [1, '1 item'],
    [0, '0 items'],
    [2, '2 items'],
    [150, '100+ items'],
  ])('label for %i is %s', (n, s) => expect(cartItemCountLabel(n)).toBe(s));
  it('derives the subtotal text and emptiness', () => {
    expect(displayedSubtotal({ subtotalCents: 123456 }, 'USD')).toBe('$1,234.56');
    expect(displayedSubtotal({ subtotalCents: 500 }, 'SEK')).toBe('5.00 kr');
    expect(isCartEmpty({ totalQuantity: 0 })).toBe(true);
    expect(isCartEmpty({ totalQuantity: 2 })).toBe(false);
  });
  it('checks the checkout minimum subtotal', () => {
    expect(checkCheckoutMinimum(1000, 1000, 'USD')).toEqual({ ok: true });
    expect(checkCheckoutMinimum(999, 1000, 'USD')).toEqual({
      ok: false,
      message: 'Your order subtotal must be at least $10.00 to check out.',
    });
    expect(checkCheckoutMinimum(0, 0, 'USD')).toEqual({ ok: true });
  });
  it.each([
    [{ signedIn: true }, true],
    [{ signedIn: false, hasCartCookie: 'true' }, true],
    [{ signedIn: false, hasCartCookie: 'false' }, false],
    [{ signedIn: false, cartCookie: 'abc' }, true],
    [{ signedIn: false }, false],
  ])('loads the cart at start for %o: %s', (state, expected) =>
    expect(shouldLoadCartAtStart(state)).toBe(expected),
  );
});
