import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_CODES, currencyForRegion, currencyInfo } from './currencies';
import {
  compareDecimal,
  legacyCents,
  movePoint,
  parseDecimal,
  scaledToString,
  toScaledInteger,
} from './decimal';
import {
  maxBigint,
  minBigint,
  multiplyMinor,
  percentOf,
  roundDiv,
  splitMinor,
  sumMinor,
  toSafeNumber,
} from './arithmetic';
import {
  formatAmount,
  formatDecimalIntl,
  formatMinorAmount,
  formatMinorWithSymbol,
  formatMoneyIntl,
  formatMoneyWithSymbol,
  groupThousands,
  localeRegion,
} from './format';
import {
  DEFAULT_MONEY,
  MoneySchema,
  compareMoney,
  legacyCentsOf,
  minorToMoney,
  moneyAmount,
  moneyCurrency,
  toMinor,
} from './money';

const d = (s: string) => {
  const p = parseDecimal(s);
  if (p === undefined) throw new Error(`bad decimal ${s}`);
  return p;
};

describe('currencies', () => {
  it('lists the 27 store currencies of the spec and three with thousandths: JPY 0 decimals, KWD BHD OMR 3, the rest 2', () => {
    expect(CURRENCY_CODES).toHaveLength(30);
    const thousandths = ['KWD', 'BHD', 'OMR'];
    for (const code of CURRENCY_CODES)
      expect(CURRENCIES[code].decimals).toBe(code === 'JPY' ? 0 : thousandths.includes(code) ? 3 : 2);
  });
  it.each([
    ['KWD', 1250n, 'KD 1.250'],
    ['BHD', 5n, 'BD 0.005'],
    ['OMR', 100000n, 'OMR 100.000'],
    ['KWD', -1999n, '-KD 1.999'],
  ] as const)('%s %s minor units format as %s and read back', (currency, minor, text) => {
    expect(formatMinorWithSymbol(minor, currency)).toBe(text);
    expect(toMinor(minorToMoney({ minor, currency }))).toEqual({ minor, currency });
  });
  it.each([
    ['NOK', 'after'],
    ['DKK', 'after'],
    ['SEK', 'after'],
    ['CZK', 'after'],
    ['PLN', 'after'],
    ['RUB', 'after'],
    ['USD', 'before'],
    ['EUR', 'before'],
    ['ILS', 'before'],
    ['JPY', 'before'],
  ] as const)('%s puts its symbol %s the amount', (code, placement) => {
    expect(CURRENCIES[code].placement).toBe(placement);
  });
  it('falls back to USD for unknown or missing codes and normalizes case', () => {
    expect(currencyInfo('XYZ').code).toBe('USD');
    expect(currencyInfo(undefined).code).toBe('USD');
    expect(currencyInfo(' eur ').code).toBe('EUR');
  });
  it.each([
    ['US', 'USD'],
    ['DE', 'EUR'],
    ['JP', 'JPY'],
    ['GB', 'GBP'],
    ['PR', 'USD'],
    ['KE', 'USD'],
    [undefined, 'USD'],
  ])('region %s uses %s', (region, code) => expect(currencyForRegion(region)).toBe(code));
});

describe('parseDecimal', () => {
  it.each([
    ['12.50', false, '12', '50'],
    ['-3', true, '3', ''],
    ['.5', false, '0', '5'],
    ['007.10', false, '7', '10'],
    ['1e3', false, '1000', ''],
    ['1.5e-2', false, '0', '015'],
    ['-0.00', false, '0', '00'],
    [' 42 ', false, '42', ''],
  ])('%s', (input, negative, int, frac) => {
    expect(parseDecimal(input)).toEqual({ negative, int, frac });
  });
  it.each([
    '',
    'abc',
    '1.2.3',
    '.',
    '--1',
    '1,000',
    null,
    undefined,
    {},
    Number.NaN,
    Number.POSITIVE_INFINITY,
  ])('rejects %s', (input) => expect(parseDecimal(input)).toBeUndefined());
  it('accepts numbers and bigints', () => {
    expect(parseDecimal(15000)).toEqual({ negative: false, int: '15000', frac: '' });
    expect(parseDecimal(12n)).toEqual({ negative: false, int: '12', frac: '' });
  });
});

describe('exact scaling', () => {
  it.each([
    ['12.345', 2, 1235n],
    ['12.344', 2, 1234n],
    ['-12.345', 2, -1235n],
    ['0.005', 2, 1n],
    ['2500', 0, 2500n],
    ['2500.5', 0, 2501n],
    ['123456789012345.67', 2, 12345678901234567n],
  ])('%s at scale %i is %s', (s, scale, minor) => expect(toScaledInteger(d(s), scale)).toBe(minor));

  it.each([
    [1234n, 2, '12.34'],
    [5n, 2, '0.05'],
    [-5n, 2, '-0.05'],
    [2500n, 0, '2500'],
    [0n, 2, '0.00'],
  ])('%s at scale %i prints %s', (minor, scale, s) => expect(scaledToString(minor, scale)).toBe(s));

  it.each([
    ['7.50', '750'],
    ['100', '10000'],
    ['7.505', '750.5'],
    ['0', '0'],
    ['0.01', '1'],
    ['-1.2', '-120'],
  ])('legacy cents of %s is %s', (s, cents) => expect(legacyCents(d(s))).toBe(cents));

  it.each([
    ['12345', -2, '123.45'],
    ['5', -2, '0.05'],
    ['1.5', 2, '150'],
    ['1.234', 1, '12.34'],
  ])('moving the point of %s by %i gives %s', (s, places, out) => {
    const p = movePoint(d(s), places);
    expect(p.int + (p.frac ? '.' + p.frac : '')).toBe(out);
  });

  it('round-trips every safe minor amount through its decimal string', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }),
        fc.constantFrom(0, 2),
        (minor, scale) => {
          expect(toScaledInteger(d(scaledToString(minor, scale)), scale)).toBe(minor);
        },
      ),
    );
  });

  it('compares decimals exactly as their scaled integers compare', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        (a, b) => {
          const expected = a < b ? -1 : a > b ? 1 : 0;
          expect(compareDecimal(d(scaledToString(a, 4)), d(scaledToString(b, 2) + '00'))).toBe(
            a < b * 100n ? -1 : a > b * 100n ? 1 : 0,
          );
          expect(compareDecimal(d(scaledToString(a, 2)), d(scaledToString(b, 2)))).toBe(expected);
        },
      ),
    );
  });
});

describe('arithmetic on minor units', () => {
  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [4n, 3n, 1n],
    [7n, 7n, 1n],
  ])('roundDiv(%s, %s) = %s', (a, b, q) => expect(roundDiv(a, b)).toBe(q));

  it('roundDiv never strays more than half a unit from the exact quotient', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        (a, b) => {
          const q = roundDiv(a, b);
          const diff = q * b - a;
          expect(2n * (diff < 0n ? -diff : diff) <= b).toBe(true);
        },
      ),
    );
  });

  it.each([
    [10000n, 825, 825n],
    [999n, 825, 82n],
    [1n, 5000, 1n],
    [0n, 1234, 0n],
  ])('%s at %i basis points is %s', (amount, bp, out) => expect(percentOf(amount, bp)).toBe(out));

  it('splits amounts into parts that add up exactly and differ by at most one unit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.integer({ min: 1, max: 12 }),
        (amount, parts) => {
          const split = splitMinor(amount, parts);
          expect(split).toHaveLength(parts);
          expect(sumMinor(split)).toBe(amount);
          const hi = split.reduce(maxBigint);
          const lo = split.reduce(minBigint);
          expect(hi - lo <= 1n).toBe(true);
        },
      ),
    );
  });

  it('refuses fractional quantities and unsafe numbers', () => {
    expect(() => multiplyMinor(100n, 1.5)).toThrow(RangeError);
    expect(() => splitMinor(100n, 0)).toThrow(RangeError);
    expect(() => roundDiv(1n, 0n)).toThrow(RangeError);
    expect(() => toSafeNumber(2n ** 60n)).toThrow(RangeError);
    expect(multiplyMinor(1999n, 3)).toBe(5997n);
    expect(toSafeNumber(123n)).toBe(123);
  });
});

describe('money values', () => {
  it('reads both shapes and defaults to 0 USD', () => {
    expect(toMinor({ value: '12.5', currency: 'EUR' })).toEqual({ minor: 1250n, currency: 'EUR' });
    expect(toMinor({ decimalValue: '1000', currencyCode: 'JPY' })).toEqual({ minor: 1000n, currency: 'JPY' });
    expect(toMinor(undefined)).toEqual({ minor: 0n, currency: 'USD' });
    expect(moneyCurrency({ value: '1' })).toBe('USD');
    expect(moneyAmount({ value: 'oops' })).toEqual({ negative: false, int: '0', frac: '' });
    expect(DEFAULT_MONEY).toEqual({ value: '0', currency: 'USD' });
  });
  it('converts minor units back to a money value in the currency decimals', () => {
    expect(minorToMoney({ minor: 1250n, currency: 'USD' })).toEqual({ value: '12.50', currency: 'USD' });
    expect(minorToMoney({ minor: 1250n, currency: 'JPY' })).toEqual({ value: '1250', currency: 'JPY' });
  });
  it('gives legacy cents and comparisons', () => {
    expect(legacyCentsOf({ value: '7.50' })).toBe('750');
    expect(compareMoney({ value: '10' }, { decimalValue: '9.999' })).toBe(1);
    expect(compareMoney({ value: '1.10' }, { value: '1.1' })).toBe(0);
  });
  it('validates both money shapes at the edges', () => {
    expect(MoneySchema.parse({ value: 12.5 })).toEqual({ value: '12.5', currency: 'USD' });
    expect(MoneySchema.parse({ decimalValue: '3', currencyCode: 'GBP' })).toEqual({
      decimalValue: '3',
      currencyCode: 'GBP',
    });
    expect(MoneySchema.safeParse({ value: 'abc' }).success).toBe(false);
    expect(MoneySchema.safeParse({ value: '1', currency: 'XYZ' }).success).toBe(false);
  });
});

describe('legacy money format', () => {
  it.each([
    ['0', '0'],
    ['123', '123'],
    ['1234', '1,234'],
    ['1234567', '1,234,567'],
    ['1234567890123456789', '567,890,123,456,789'],
  ])('groups %s as %s, keeping at most 15 integer digits', (digits, out) =>
    expect(groupThousands(digits)).toBe(out),
  );

  it('grouping only inserts commas every three digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9][0-9]{0,14}$/), (digits) => {
        const g = groupThousands(digits);
        expect(g.replace(/,/g, '')).toBe(digits);
        expect(
          g
            .split(',')
            .slice(1)
            .every((part) => part.length === 3),
        ).toBe(true);
      }),
    );
  });

  it.each([
    [123456n, 'USD', '$1,234.56'],
    [-500n, 'USD', '-$5.00'],
    [123456n, 'NOK', '1,234.56 kr'],
    [123456n, 'CZK', '1,234.56 Kč'],
    [123456n, 'PLN', '1,234.56 zł'],
    [123456n, 'RUB', '1,234.56 p.'],
    [123456n, 'ILS', '₪ 1,234.56'],
    [123456n, 'JPY', '¥123,456'],
    [5n, 'EUR', '€0.05'],
  ] as const)('%s %s shows as %s', (minor, code, out) =>
    expect(formatMinorWithSymbol(minor, code)).toBe(out),
  );

  it('formats amounts in the currency decimals', () => {
    expect(formatMinorAmount(123456n, 'USD')).toBe('1,234.56');
    expect(formatMinorAmount(123456n, 'JPY')).toBe('123,456');
    expect(formatAmount(d('0.125'), 2)).toBe('0.13');
    expect(formatMoneyWithSymbol({ value: '99', currency: 'SEK' })).toBe('99.00 kr');
  });

  it('the formatted amount always parses back to the rounded value', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 17n - 1n }), (minor) => {
        const text = formatMinorAmount(minor, 'USD').replace(/,/g, '');
        expect(toScaledInteger(d(text), 2)).toBe(minor);
      }),
    );
  });
});

describe('Intl money format', () => {
  it.each([
    [{}, '$123,456.79'],
    [{ style: 'short' as const }, '$123K'],
    [{ style: 'name' as const }, '123,456.79 US dollars'],
    [{ style: 'code' as const }, 'USD 123,456.79'],
  ])('formats with %o', (options, out) => {
    expect(formatMoneyIntl(d('123456.7890'), 'USD', 'en', options).replace(/\u00a0/g, ' ')).toBe(out);
  });
  it('keeps digits beyond float precision exact', () => {
    expect(formatMoneyIntl(d('12345678901234567.89'), 'USD', 'en')).toBe('$12,345,678,901,234,567.89');
  });
  it('falls back to English for a bad locale tag and to a code for an unknown currency', () => {
    expect(formatMoneyIntl(d('1'), 'EUR', 'not a locale!!')).toBe('€1.00');
    expect(formatMoneyIntl(d('1'), 'ZZZZ', 'en')).toContain('1.00');
  });
  it('formats decimals and finds locale regions', () => {
    expect(formatDecimalIntl(d('123456'), 'en', { minimumFractionDigits: 2, maximumFractionDigits: 3 })).toBe(
      '123,456.00',
    );
    expect(formatDecimalIntl(d('1234.5'), 'de', { minimumFractionDigits: 0 })).toBe('1.234,5');
    expect(localeRegion('en')).toBe('US');
    expect(localeRegion('fr-CA')).toBe('CA');
  });
});
