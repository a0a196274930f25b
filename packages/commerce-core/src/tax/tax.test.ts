import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateDiscount, computeTax, effectiveTaxRates, ratesFor, type TaxableLine } from './compute';
import { DEFAULT_TAX_RATES } from './defaults';
import { normaliseRegion } from './regions';
import {
  canonicalRate,
  rateUnits,
  TaxRateSchema,
  TaxSettingsSchema,
  type TaxRate,
  type TaxRounding,
} from './schema';
import { taxMessages } from './messages';

const rate = (country: string, region: string, r: string, extra: Partial<TaxRate> = {}): TaxRate => ({
  country,
  region,
  name: `${country}${region} tax`,
  rate: r,
  shipping: false,
  included: false,
  ...extra,
});
const lines = (...cents: number[]): TaxableLine[] =>
  cents.map((c, i) => ({ id: `l${i}`, amount: BigInt(c), exempt: false }));
const tax = (ls: TaxableLine[], rates: TaxRate[], rounding: TaxRounding = 'order', shipping = 0n) =>
  computeTax({ lines: ls, shipping, rates, rounding });

const TABLE: TaxRate[] = [
  rate('DE', '', '19', { name: 'VAT', included: true, shipping: true }),
  rate('US', 'CA', '7.25'),
  rate('US', 'NY', '4', { shipping: true }),
  rate('CA', '', '5', { name: 'GST', shipping: true }),
  rate('CA', 'BC', '7', { name: 'PST' }),
  rate('*', '', '10'),
];

describe('rates at an address', () => {
  it.each([
    ['DE', '', ['VAT']],
    ['de', 'Bayern', ['VAT']],
    ['US', 'CA', ['USCA tax']],
    ['US', 'California', ['USCA tax']],
    ['US', ' california ', ['USCA tax']],
    ['US', 'NV', []],
    ['US', '', []],
    ['CA', 'BC', ['GST', 'PST']],
    ['CA', 'British Columbia', ['GST', 'PST']],
    ['CA', 'ON', ['GST']],
    ['FR', '', ['* tax']],
  ])('%s / %s → %o', (country, region, names) => {
    expect(ratesFor(TABLE, { country, region }).map((r) => r.name)).toEqual(names);
  });

  it('without an address only the rate for every country applies', () => {
    expect(ratesFor(TABLE, undefined).map((r) => r.country)).toEqual(['*']);
    expect(ratesFor(TABLE.slice(0, 5), undefined)).toEqual([]);
  });

  it('reads region names in the countries that tax by region, and codes elsewhere as typed', () => {
    expect(normaliseRegion('US', 'New York')).toBe('NY');
    expect(normaliseRegion('CA', 'Québec')).toBe('QC');
    expect(normaliseRegion('AU', 'victoria')).toBe('VIC');
    expect(normaliseRegion('DE', 'by')).toBe('BY');
  });

  it('turns the one store-wide rate of older stores into a rate for every country', () => {
    expect(effectiveTaxRates({ taxRates: [], taxRateBasisPoints: 825, taxShipping: true })).toEqual([
      { country: '*', region: '', name: 'Sales tax', rate: '8.25', shipping: true, included: false },
    ]);
    expect(effectiveTaxRates({ taxRates: [], taxRateBasisPoints: 1050, taxShipping: false })[0]?.rate).toBe(
      '10.5',
    );
    expect(effectiveTaxRates({ taxRates: [], taxRateBasisPoints: 0, taxShipping: false })).toEqual([]);
    expect(effectiveTaxRates({ taxRates: TABLE, taxRateBasisPoints: 825, taxShipping: false })).toBe(TABLE);
  });
});

describe('worked examples', () => {
  // Each row: what is bought (minor units), the rates, rounding, shipping → tax per rate and total.
  it.each<[string, number[], TaxRate[], TaxRounding, number, number[], number]>([
    // 3 × 1.05 at 10 %: each line 0.105 → 0.11, so 0.33 by line; the order's 0.315 → 0.32.
    ['three 1.05 lines at 10 %, by order', [105, 105, 105], [rate('X', '', '10')], 'order', 0, [32], 32],
    ['three 1.05 lines at 10 %, by line', [105, 105, 105], [rate('X', '', '10')], 'line', 0, [33], 33],
    // Five 0.10 lines with 19 % VAT in the price: 10 × 19/119 = 1.597 → 0.02 each, 0.10 by line;
    // the order's 50 × 19/119 = 7.98 → 0.08.
    [
      'five 0.10 lines incl. 19 %, by order',
      [10, 10, 10, 10, 10],
      [rate('DE', '', '19', { included: true })],
      'order',
      0,
      [8],
      8,
    ],
    [
      'five 0.10 lines incl. 19 %, by line',
      [10, 10, 10, 10, 10],
      [rate('DE', '', '19', { included: true })],
      'line',
      0,
      [10],
      10,
    ],
    // €119.00 with 19 % VAT in it: €19.00 of it is VAT.
    ['119.00 incl. 19 %', [11900], [rate('DE', '', '19', { included: true })], 'order', 0, [1900], 1900],
    // 54.00 at California's 7.25 %: 3.915 → 3.92.
    ['54.00 at 7.25 %', [5400], [rate('US', 'CA', '7.25')], 'order', 0, [392], 392],
    // 100.00 in Quebec at 9.975 %: 9.975 → 9.98.
    ['100.00 at 9.975 %', [10000], [rate('CA', 'QC', '9.975')], 'order', 0, [998], 998],
    // BC: GST 5 % on goods and shipping, PST 7 % on goods only; 100.00 + 10.00 shipping.
    [
      'GST and PST, shipping taxed by GST only',
      [10000],
      [rate('CA', '', '5', { shipping: true }), rate('CA', 'BC', '7')],
      'order',
      1000,
      [550, 700],
      1250,
    ],
    // Two included rates split one price: 112.00 with 5 % and 7 % in it holds 5.00 and 7.00.
    [
      'two included rates',
      [11200],
      [rate('X', '', '5', { included: true }), rate('X', 'Y', '7', { included: true })],
      'order',
      0,
      [500, 700],
      1200,
    ],
    // Shipping with VAT in it: 4.90 shipping holds 0.78 of 19 % VAT.
    [
      'VAT on shipping',
      [0],
      [rate('DE', '', '19', { included: true, shipping: true })],
      'order',
      490,
      [78],
      78,
    ],
    ['untaxed shipping', [1000], [rate('US', 'CA', '7.25')], 'order', 490, [73], 73],
  ])('%s', (_label, cents, rates, rounding, shipping, perRate, total) => {
    const result = tax(lines(...cents), rates, rounding, BigInt(shipping));
    expect(result.charges.map((c) => Number(c.tax))).toEqual(perRate);
    expect(result.total).toBe(BigInt(total));
  });

  it('breaks out the tax in the prices from the tax added on top', () => {
    const result = tax(lines(11900), [rate('DE', '', '19', { included: true })]);
    expect(result.included).toBe(1900n);
    expect(result.charges[0]).toMatchObject({ taxable: 10000n, included: true, rate: '19' });
    const added = tax(lines(5400), [rate('US', 'CA', '7.25')]);
    expect(added.included).toBe(0n);
    expect(added.charges[0]).toMatchObject({ taxable: 5400n, included: false });
  });

  it('charges nothing on exempt lines (gift cards, exempt products) and skips 0 % rates', () => {
    const result = tax(
      [
        { id: 'a', amount: 1000n, exempt: false },
        { id: 'gift', amount: 5000n, exempt: true },
      ],
      [rate('X', '', '10'), rate('X', 'Y', '0')],
    );
    expect(result.charges).toHaveLength(1);
    expect(result.total).toBe(100n);
    expect(result.charges[0]?.taxable).toBe(1000n);
  });
});

const amounts = fc.array(fc.bigInt({ min: 0n, max: 10n ** 9n }), { minLength: 1, maxLength: 12 });
const rateText = fc
  .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 999 }))
  .map(([i, f]) => canonicalRate(i === 100 ? '100' : `${i}.${String(f).padStart(3, '0')}`));

describe('tax properties', () => {
  it('rounding by line differs from rounding by order by at most half a unit per line', () => {
    fc.assert(
      fc.property(amounts, rateText, fc.boolean(), (as, r, included) => {
        const rates = [rate('X', '', r, { included })];
        const ls = as.map((a, i) => ({ id: String(i), amount: a, exempt: false }));
        const byLine = tax(ls, rates, 'line').total;
        const byOrder = tax(ls, rates, 'order').total;
        const diff = byLine > byOrder ? byLine - byOrder : byOrder - byLine;
        expect(diff * 2n <= BigInt(ls.length) + 1n).toBe(true);
      }),
    );
  });

  it('tax in a price never exceeds it, and the price without it taxed again gives it back within a unit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), rateText, (gross, r) => {
        const t = tax(
          [{ id: 'a', amount: gross, exempt: false }],
          [rate('X', '', r, { included: true })],
        ).total;
        expect(t <= gross).toBe(true);
        const again = tax([{ id: 'a', amount: gross - t, exempt: false }], [rate('X', '', r)]).total;
        const diff = again > t ? again - t : t - again;
        expect(diff <= 1n).toBe(true);
      }),
    );
  });

  it('per-order tax does not depend on how the goods are split into lines', () => {
    fc.assert(
      fc.property(amounts, fc.bigInt({ min: 0n, max: 10n ** 9n }), rateText, (as, cut, r) => {
        const rates = [rate('X', '', r)];
        const whole = as.map((a, i) => ({ id: String(i), amount: a, exempt: false }));
        const first = as[0]!;
        const part = cut > first ? first : cut;
        const split = [
          { id: 's', amount: part, exempt: false },
          { ...whole[0]!, amount: first - part },
          ...whole.slice(1),
        ];
        expect(tax(split, rates).total).toBe(tax(whole, rates).total);
      }),
    );
  });

  it('adding an exempt line never changes the tax', () => {
    fc.assert(
      fc.property(
        amounts,
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        rateText,
        fc.constantFrom<TaxRounding>('line', 'order'),
        (as, gift, r, rounding) => {
          const rates = [rate('X', '', r)];
          const ls = as.map((a, i) => ({ id: String(i), amount: a, exempt: false }));
          const withGift = [...ls, { id: 'gift', amount: gift, exempt: true }];
          expect(tax(withGift, rates, rounding).total).toBe(tax(ls, rates, rounding).total);
        },
      ),
    );
  });

  it('a discount is spread over the lines exactly, never more than a line costs', () => {
    fc.assert(
      fc.property(amounts, fc.bigInt({ min: 0n, max: 2n * 10n ** 10n }), (as, discount) => {
        const shares = allocateDiscount(as, discount);
        const total = as.reduce((s, a) => s + a, 0n);
        const expected = total === 0n ? 0n : discount > total ? total : discount;
        expect(shares.reduce((s, a) => s + a, 0n)).toBe(expected);
        shares.forEach((s, i) => expect(s >= 0n && s <= as[i]!).toBe(true));
      }),
    );
  });
});

describe('tax settings', () => {
  it('reads rates as typed percentages', () => {
    expect(canonicalRate('07.250')).toBe('7.25');
    expect(canonicalRate('19.0')).toBe('19');
    expect(rateUnits('9.975')).toBe(9975n);
    expect(rateUnits('19')).toBe(19000n);
    expect(TaxRateSchema.parse({ country: 'de', name: 'VAT', rate: '19.00' })).toEqual({
      country: 'DE',
      region: '',
      name: 'VAT',
      rate: '19',
      shipping: false,
      included: false,
    });
  });

  it.each([
    [{ country: 'Germany', name: 'VAT', rate: '19' }, taxMessages.countryCode],
    [{ country: 'US', region: 'California', name: 'Tax', rate: '7' }, taxMessages.regionCode],
    [{ country: 'US', name: ' ', rate: '7' }, taxMessages.nameMissing],
    [{ country: 'US', name: 'Tax', rate: '7,25' }, taxMessages.rateFormat],
    [{ country: 'US', name: 'Tax', rate: '-1' }, taxMessages.rateFormat],
    [{ country: 'US', name: 'Tax', rate: '101' }, taxMessages.rateRange],
    [{ country: 'US', name: 'Tax', rate: '7.2501' }, taxMessages.rateFormat],
  ])('refuses %o with its message', (input, message) => {
    const result = TaxRateSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('refuses two rates for the same place and defaults to rounding by order', () => {
    const twice = TaxSettingsSchema.safeParse({
      taxRates: [rate('DE', '', '19'), { ...rate('de', '', '7'), country: 'de' }],
    });
    expect(twice.error?.issues[0]?.message).toBe(taxMessages.duplicatePlace);
    expect(TaxSettingsSchema.parse({})).toEqual({ taxRounding: 'order', taxRates: [] });
  });

  it('ships a defaults table that the settings accept as it is', () => {
    const parsed = TaxSettingsSchema.parse({ taxRates: DEFAULT_TAX_RATES });
    expect(parsed.taxRates).toHaveLength(DEFAULT_TAX_RATES.length);
    expect(DEFAULT_TAX_RATES.find((r) => r.country === 'DE')).toMatchObject({ rate: '19', included: true });
    expect(DEFAULT_TAX_RATES.find((r) => r.country === 'US' && r.region === 'CA')).toMatchObject({
      rate: '7.25',
      included: false,
    });
  });
});
