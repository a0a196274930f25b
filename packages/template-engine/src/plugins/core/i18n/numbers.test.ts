import { describe, expect, it } from 'vitest';
import { fakeContext, run } from '../test-context';
import { decimalSpec, numberI18nFormatters as f, toDecimal } from './numbers';

describe('decimal', () => {
  it.each([
    ['9876.54321', [], '9,876.543'],
    ['9876.54321', ['style:percent'], '987,654%'],
    ['0.25', ['style:percent-scaled'], '0%'],
    ['25', ['style:percent-scaled'], '25%'],
    ['0.0125', ['style:permille'], '12.5‰'],
    ['9876.54321', ['style:short'], '9.9K'],
    ['9876.54321', ['style:long'], '9.9 thousand'],
    ['9876.54321', ['no-group'], '9876.543'],
    ['9876.54321', ['maxfrac:2', 'round:down'], '9,876.54'],
    ['9876.555', ['maximumFractionDigits:2', 'round:half-even'], '9,876.56'],
    ['1.5', ['minfrac:3'], '1.500'],
    ['1.5', ['minfrac:4', 'maxfrac:1'], '1.5'],
    ['7', ['minint:3'], '007'],
    ['12345', ['maxsig:2'], '12,000'],
    ['123456789012345678901234567890.5', ['maxfrac:1'], '123,456,789,012,345,678,901,234,567,890.5'],
    ['abc', [], ''],
    [12, ['maxfrac:99'], '12'],
    // Scientific: one significant digit by default, half to even, `E+n`, no `E0`.
    [-4, ['style:scientific'], '-4'],
    [0, ['style:scientific'], '0'],
    [12345, ['style:scientific'], '1E+4'],
    [95, ['style:scientific'], '1E+2'],
    [1.5, ['style:scientific'], '2'],
    [0.00123, ['style:scientific'], '1E-3'],
    [12345, ['style:scientific', 'maxfrac:2'], '1.23E+4'],
    [12345, ['style:scientific', 'minfrac:2'], '1.23E+4'],
    [1, ['style:scientific', 'minfrac:2'], '1.00'],
    [0.00123, ['style:scientific', 'maxfrac:2'], '0'],
    [12345, ['style:scientific', 'maxsig:3'], '1.23E+4'],
    [1, ['style:scientific', 'minsig:3'], '1.00'],
  ])('%j %j', (value, args, expected) => expect(run(f.decimal, value, args)).toBe(expected));

  it('formats for the render locale', () => {
    expect(run(f.decimal, '1234.5', [], fakeContext({ locale: 'de-DE' }))).toBe('1.234,5');
    expect(run(f.decimal, '1234.5', [], fakeContext({ locale: 'none' }))).toBe('1,234.5');
  });

  it('caps digit options at 50 and reuses parsed options', () => {
    expect(decimalSpec(['maxfrac:400']).intl.maximumFractionDigits).toBe(50);
    expect(decimalSpec(['maxfrac:2'])).toBe(decimalSpec(['maxfrac:2']));
  });

  it('accepts numbers and decimal strings only', () => {
    // Spaces around the digits make it text, as in the reference (money output is no number).
    expect([toDecimal(3), toDecimal(' 4.5 '), toDecimal('1e3'), toDecimal('4px'), toDecimal({})]).toEqual([
      '3',
      undefined,
      '1e3',
      undefined,
      undefined,
    ]);
  });
});

describe('unit', () => {
  it.each([
    [3, ['in:kilometer'], '3 km'],
    [3, ['in:kilometer', 'width:long'], '3 kilometers'],
    [1024, ['unit:byte'], '1,024 byte'],
    [3, ['in:parsec'], ''],
    [{}, [], ''],
    [3, [], ''],
  ])('%j %j', (value, args, expected) => expect(run(f.unit, value, args)).toBe(expected));
});
