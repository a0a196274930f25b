import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillMessage, messages } from '../messages';
import { applyDiscounts, type ApplyDiscountsInput, type DiscountLine } from './apply';
import { dayInZone, discountWindow } from './dates';
import { DiscountDraftSchema, type Discount } from './schema';
import { testDiscount } from './testing';

const line = (
  id: string,
  unitCents: number,
  quantity = 1,
  over: Partial<DiscountLine> = {},
): DiscountLine => ({
  id,
  productId: `p-${id}`,
  categories: [],
  unitCents: BigInt(unitCents),
  quantity,
  discountable: true,
  ...over,
});

const base: ApplyDiscountsInput = {
  lines: [line('a', 2000, 2), line('b', 1000, 1, { categories: ['Mugs'] })],
  discounts: [],
  codes: [],
  shippingCents: 700n,
  requiresShipping: true,
  today: '2026-06-15',
  usage: new Map(),
  currency: 'USD',
};
const run = (over: Partial<ApplyDiscountsInput>) => applyDiscounts({ ...base, ...over });
const code = (over: Partial<Discount> = {}) => testDiscount({ id: 'save', code: 'SAVE', ...over });

describe('what a code takes off (cart: 2 × $20 + 1 × $10 mug, $7 shipping)', () => {
  it.each<[string, Partial<Discount>, number, number]>([
    ['20 % off everything', { effect: { type: 'percentage', basisPoints: 2000 } }, 1000, 0],
    ['$5.50 off the order', { effect: { type: 'fixed-amount', amountCents: 550 } }, 550, 0],
    [
      'a fixed amount above the total stops at the total',
      { effect: { type: 'fixed-amount', amountCents: 999_999 } },
      5000,
      0,
    ],
    ['free shipping', { effect: { type: 'free-shipping' } }, 0, 700],
    [
      'buy 2 get 1 free: the cheapest unit',
      { effect: { type: 'buy-x-get-y', buyQuantity: 2, getQuantity: 1, basisPoints: 10_000 } },
      1000,
      0,
    ],
    [
      'buy 1 get 1 half price: one pair, the cheaper unit',
      { effect: { type: 'buy-x-get-y', buyQuantity: 1, getQuantity: 1, basisPoints: 5000 } },
      500,
      0,
    ],
    [
      'a category scope',
      {
        scope: { type: 'categories', categories: ['Mugs'] },
        effect: { type: 'percentage', basisPoints: 5000 },
      },
      500,
      0,
    ],
    [
      'a product scope',
      { scope: { type: 'products', productIds: ['p-a'] }, effect: { type: 'percentage', basisPoints: 1000 } },
      400,
      0,
    ],
    ['a minimum subtotal met', { minimum: { type: 'subtotal', amountCents: 5000 } }, 500, 0],
    ['a minimum quantity met', { minimum: { type: 'quantity', quantity: 3 } }, 500, 0],
    ['on its first day', { startsOn: '2026-06-15' }, 500, 0],
    ['on its last day', { endsOn: '2026-06-15' }, 500, 0],
  ])('%s', (_, over, lines, shipping) => {
    const r = run({ discounts: [code(over)], codes: ['save'] });
    expect(r.refused).toEqual([]);
    expect(r.validCodes).toEqual(['SAVE']);
    expect(r.linesCents).toBe(BigInt(lines));
    expect(r.shippingCents).toBe(BigInt(shipping));
    expect(r.applied).toEqual([
      { id: 'save', name: 'SAVE', code: 'SAVE', amountCents: lines + shipping, freeShipping: shipping > 0 },
    ]);
  });

  it('spreads a fixed amount over the lines in proportion, to the cent', () => {
    const r = run({
      discounts: [code({ effect: { type: 'fixed-amount', amountCents: 1001 } })],
      codes: ['SAVE'],
    });
    expect(Object.fromEntries(r.lineDiscounts)).toEqual({ a: 801n, b: 200n });
  });
});

describe('why a code is refused, in the shopper’s words', () => {
  const usage = (total: number, byCustomer?: number) => new Map([['save', { total, byCustomer }]]);
  it.each<[string, Partial<Discount>, Partial<ApplyDiscountsInput>, string, Record<string, string | number>]>(
    [
      ['unknown', {}, { codes: ['NOPE'] }, messages.discountCodeUnknown, { code: 'NOPE' }],
      ['expired', { endsOn: '2026-06-14' }, {}, messages.discountExpired, {}],
      ['archived', { archived: true }, {}, messages.discountExpired, {}],
      [
        'not yet valid',
        { startsOn: '2026-07-01' },
        {},
        messages.discountNotYetValid,
        { date: 'July 1, 2026' },
      ],
      ['used up', { usageLimit: 5 }, { usage: usage(5) }, messages.discountUsedUp, {}],
      [
        'used by this customer',
        { perCustomerLimit: 1 },
        { usage: usage(1, 1) },
        messages.discountUsedByCustomer,
        {},
      ],
      [
        'minimum subtotal not met',
        { minimum: { type: 'subtotal', amountCents: 5001 } },
        {},
        messages.discountMinimumSubtotal,
        { amount: '$50.01' },
      ],
      [
        'minimum subtotal counts only the lines in scope',
        {
          minimum: { type: 'subtotal', amountCents: 2000 },
          scope: { type: 'categories', categories: ['Mugs'] },
        },
        {},
        messages.discountMinimumSubtotal,
        { amount: '$20.00' },
      ],
      [
        'minimum quantity not met',
        { minimum: { type: 'quantity', quantity: 4 } },
        {},
        messages.discountMinimumQuantity,
        { quantity: 4 },
      ],
      [
        'buy X get Y below X + Y units',
        { effect: { type: 'buy-x-get-y', buyQuantity: 3, getQuantity: 1, basisPoints: 10_000 } },
        {},
        messages.discountMinimumQuantity,
        { quantity: 4 },
      ],
      [
        'no item in scope',
        { scope: { type: 'categories', categories: ['Hats'] } },
        {},
        messages.discountNotApplicable,
        {},
      ],
      [
        'free shipping on a cart that does not ship',
        { effect: { type: 'free-shipping' } },
        { requiresShipping: false, shippingCents: 0n },
        messages.discountNotApplicable,
        {},
      ],
      [
        'only gift cards in the cart',
        {},
        { lines: [line('g', 2500, 1, { discountable: false })] },
        messages.discountNotApplicable,
        {},
      ],
    ],
  )('%s', (_, over, input, message, values) => {
    const r = run({ discounts: [code(over)], codes: ['save'], ...input });
    const typed = input.codes?.[0] ?? 'save';
    expect(r.refused).toEqual([
      { code: typed, reason: expect.any(String), message: fillMessage(message, { code: typed, ...values }) },
    ]);
    expect(r.linesCents + r.shippingCents).toBe(0n);
    expect(r.validCodes).toEqual([]);
  });

  it('lets the usage limit through while uses remain, and per customer only when the customer is known', () => {
    expect(
      run({ discounts: [code({ usageLimit: 5 })], codes: ['save'], usage: usage(4) }).validCodes,
    ).toEqual(['SAVE']);
    expect(
      run({ discounts: [code({ perCustomerLimit: 1 })], codes: ['save'], usage: usage(3) }).validCodes,
    ).toEqual(['SAVE']);
  });
});

describe('stacking', () => {
  const auto = (over: Partial<Discount> = {}) =>
    testDiscount({ id: 'auto', code: null, name: 'Summer sale', ...over });

  it('applies automatic discounts by name, with no code', () => {
    const r = run({ discounts: [auto()] });
    expect(r.applied).toEqual([
      { id: 'auto', name: 'Summer sale', code: null, amountCents: 500, freeShipping: false },
    ]);
    expect(r.refused).toEqual([]);
  });

  it('skips an automatic discount whose conditions do not hold, silently', () => {
    const r = run({ discounts: [auto({ minimum: { type: 'subtotal', amountCents: 5001 } })] });
    expect(r.applied).toEqual([]);
    expect(r.refused).toEqual([]);
  });

  it('takes a code on what the automatic discounts left, so 10 % then 10 % is 19 %', () => {
    const r = run({ discounts: [code(), auto()], codes: ['SAVE'] });
    expect(r.applied.map((a) => [a.id, a.amountCents])).toEqual([
      ['auto', 500],
      ['save', 450],
    ]);
  });

  it('counts minimums at full price, so an automatic discount never disqualifies a code', () => {
    const r = run({
      discounts: [
        auto({ effect: { type: 'percentage', basisPoints: 5000 } }),
        code({ minimum: { type: 'subtotal', amountCents: 5000 } }),
      ],
      codes: ['SAVE'],
    });
    expect(r.validCodes).toEqual(['SAVE']);
  });

  it('allows one code per order unless both are combinable', () => {
    const second = testDiscount({ id: 'more', code: 'MORE', combinable: true });
    const one = run({ discounts: [code(), second], codes: ['SAVE', 'more'] });
    expect(one.validCodes).toEqual(['SAVE']);
    expect(one.refused).toEqual([
      {
        code: 'more',
        reason: 'not-combinable',
        message: fillMessage(messages.discountNotCombinable, { code: 'more' }),
      },
    ]);
    const both = run({ discounts: [code({ combinable: true }), second], codes: ['SAVE', 'more'] });
    expect(both.validCodes).toEqual(['SAVE', 'MORE']);
  });

  it('takes free shipping once, however many apply', () => {
    const r = run({
      discounts: [auto({ effect: { type: 'free-shipping' } }), code({ effect: { type: 'free-shipping' } })],
      codes: ['SAVE'],
    });
    expect(r.shippingCents).toBe(700n);
    expect(r.applied.map((a) => a.amountCents)).toEqual([700, 0]);
  });

  it('matches codes whatever the case and counts a code typed twice once', () => {
    const r = run({ discounts: [code()], codes: ['save', 'SAVE'] });
    expect(r.validCodes).toEqual(['SAVE']);
    expect(r.linesCents).toBe(500n);
  });
});

describe('dates in the site’s time zone', () => {
  it.each([
    ['2026-06-15T03:30:00Z', 'America/New_York', '2026-06-14'],
    ['2026-06-15T04:30:00Z', 'America/New_York', '2026-06-15'],
    ['2026-06-14T22:30:00Z', 'Asia/Tokyo', '2026-06-15'],
    ['2026-03-08T07:30:00Z', 'America/Los_Angeles', '2026-03-07'],
  ])('%s is %s there', (instant, zone, day) => {
    expect(dayInZone(new Date(instant), zone)).toBe(day);
  });

  it.each([
    [null, null, 'open'],
    ['2026-06-16', null, 'not-yet-valid'],
    [null, '2026-06-14', 'expired'],
    ['2026-06-15', '2026-06-15', 'open'],
  ] as const)('from %s to %s', (startsOn, endsOn, expected) => {
    expect(discountWindow({ startsOn, endsOn }, '2026-06-15')).toBe(expected);
  });
});

describe('the owner’s draft', () => {
  const draft = {
    name: '20 % off',
    code: 'TWENTY',
    effect: { type: 'percentage', basisPoints: 2000 },
    scope: { type: 'all' },
    minimum: { type: 'none' },
    startsOn: null,
    endsOn: null,
    usageLimit: 5,
    perCustomerLimit: null,
    combinable: false,
  };
  it.each([
    ['a code with spaces', { code: 'TWENTY OFF' }, 'Use letters, digits, - and _ only.'],
    ['no name', { name: '  ' }, 'Enter a name.'],
    [
      'an end before the start',
      { startsOn: '2026-06-10', endsOn: '2026-06-01' },
      'The end date comes before the start date.',
    ],
    ['a date that does not exist', { startsOn: '2026-02-30' }, 'Enter a real date.'],
    ['over 100 %', { effect: { type: 'percentage', basisPoints: 10_001 } }, undefined],
    ['a zero usage limit', { usageLimit: 0 }, undefined],
  ])('refuses %s', (_, over, message) => {
    const r = DiscountDraftSchema.safeParse({ ...draft, ...over });
    expect(r.success).toBe(false);
    if (message) expect(r.error?.issues.map((i) => i.message)).toContain(message);
  });
  it('accepts an automatic discount (no code)', () => {
    expect(DiscountDraftSchema.safeParse({ ...draft, code: null }).success).toBe(true);
  });
});

describe('whatever the discounts', () => {
  const effect = fc.oneof(
    fc.record({ type: fc.constant('percentage' as const), basisPoints: fc.integer({ min: 1, max: 10_000 }) }),
    fc.record({
      type: fc.constant('fixed-amount' as const),
      amountCents: fc.integer({ min: 1, max: 1_000_000 }),
    }),
    fc.record({ type: fc.constant('free-shipping' as const) }),
    fc.record({
      type: fc.constant('buy-x-get-y' as const),
      buyQuantity: fc.integer({ min: 1, max: 5 }),
      getQuantity: fc.integer({ min: 1, max: 5 }),
      basisPoints: fc.integer({ min: 1, max: 10_000 }),
    }),
  );
  const discount = fc.record({
    auto: fc.boolean(),
    effect,
    scope: fc.constantFrom<Discount['scope']>(
      { type: 'all' },
      { type: 'categories', categories: ['Mugs'] },
      { type: 'products', productIds: ['p-0', 'p-2'] },
    ),
    combinable: fc.boolean(),
  });
  const lines = fc.array(
    fc.record({
      unit: fc.integer({ min: 0, max: 100_000 }),
      quantity: fc.integer({ min: 1, max: 50 }),
      mug: fc.boolean(),
      discountable: fc.boolean(),
    }),
    { maxLength: 6 },
  );

  it('never takes a line or the shipping below zero, and the parts add up', () => {
    fc.assert(
      fc.property(
        lines,
        fc.array(discount, { maxLength: 5 }),
        fc.integer({ min: 0, max: 5000 }),
        (ls, ds, ship) => {
          const discounts = ds.map((d, i) =>
            testDiscount({
              id: `d${i}`,
              code: d.auto ? null : `C${i}`,
              effect: d.effect,
              scope: d.scope,
              combinable: d.combinable,
            }),
          );
          const input = ls.map((l, i) =>
            line(String(i), l.unit, l.quantity, {
              productId: `p-${i}`,
              categories: l.mug ? ['Mugs'] : [],
              discountable: l.discountable,
            }),
          );
          const r = run({
            lines: input,
            discounts,
            codes: discounts.flatMap((d) => (d.code ? [d.code] : [])),
            shippingCents: BigInt(ship),
          });
          for (const l of input) {
            const off = r.lineDiscounts.get(l.id) ?? 0n;
            expect(off).toBeGreaterThanOrEqual(0n);
            expect(off).toBeLessThanOrEqual(l.discountable ? l.unitCents * BigInt(l.quantity) : 0n);
          }
          expect(r.shippingCents).toBeGreaterThanOrEqual(0n);
          expect(r.shippingCents).toBeLessThanOrEqual(BigInt(ship));
          const sumLines = [...r.lineDiscounts.values()].reduce((s, v) => s + v, 0n);
          expect(r.linesCents).toBe(sumLines);
          expect(BigInt(r.applied.reduce((s, a) => s + a.amountCents, 0))).toBe(
            r.linesCents + r.shippingCents,
          );
          expect(r.validCodes.length + r.refused.length).toBe(discounts.filter((d) => d.code).length);
        },
      ),
    );
  });
});
