import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES } from '../money/currencies';
import { MAX_MINOR_UNITS } from './money-input';
import { currencyAffix, currencyDigits, formatMoneyText, moneyExample, parseMoneyText } from './money-text';

const parsed = (text: string, currency: string, locale: string) => {
  const r = parseMoneyText(text, { currency, locale });
  return r.ok ? r.minor : r.message;
};

describe('currencyDigits', () => {
  it.each([
    ['JPY', 0],
    ['USD', 2],
    ['EUR', 2],
    ['KWD', 3],
    ['BHD', 3],
    ['usd', 2],
  ])('%s has %i', (code, digits) => expect(currencyDigits(code)).toBe(digits));

  it('keeps the digits the store currencies are stored with', () => {
    const thousandths = ['KWD', 'BHD', 'OMR'];
    for (const code of CURRENCY_CODES)
      expect(currencyDigits(code)).toBe(code === 'JPY' ? 0 : thousandths.includes(code) ? 3 : 2);
  });
});

describe('parseMoneyText', () => {
  it.each([
    // What owners type, in their locale.
    ['8', 'USD', 'en-US', 800n],
    ['8.00', 'USD', 'en-US', 800n],
    ['8.5', 'USD', 'en-US', 850n],
    ['8.50', 'USD', 'en-US', 850n],
    ['.5', 'USD', 'en-US', 50n],
    ['8.', 'USD', 'en-US', 800n],
    ['1,234.50', 'USD', 'en-US', 123450n],
    ['$8.50', 'USD', 'en-US', 850n],
    ['8.50 USD', 'USD', 'en-US', 850n],
    ['usd 8', 'USD', 'en-US', 800n],
    ['  8.50  ', 'USD', 'en-US', 850n],
    ['8.500', 'USD', 'en-US', 850n],
    ['0', 'USD', 'en-US', 0n],
    ['', 'USD', 'en-US', null],
    ['   ', 'USD', 'en-US', null],
    ['8,00', 'EUR', 'fr-FR', 800n],
    ['8,5', 'EUR', 'fr-FR', 850n],
    ['8.50', 'EUR', 'fr-FR', 850n],
    ['1 234,50', 'EUR', 'fr-FR', 123450n],
    ['1\u202f234,50 €', 'EUR', 'fr-FR', 123450n],
    ['1.234,50', 'EUR', 'de-DE', 123450n],
    ['8,50 €', 'EUR', 'de-DE', 850n],
    ["1'234.50", 'CHF', 'de-CH', 123450n],
    ['12,34,567.50', 'INR', 'en-IN', 1234567_50n],
    ['٨٫٥٠', 'USD', 'ar-EG', 850n],
    ['８.５０', 'USD', 'en-US', 850n],
    ['850', 'JPY', 'ja-JP', 850n],
    ['¥1,000', 'JPY', 'ja-JP', 1000n],
    ['1000.0', 'JPY', 'en-US', 1000n],
    ['8.125', 'KWD', 'en-US', 8125n],
    ['8.1', 'KWD', 'en-US', 8100n],
    ['21474836.47', 'USD', 'en-US', BigInt(MAX_MINOR_UNITS)],
    // Refused, with what to type instead.
    ['8,50', 'USD', 'en-US', 'Type an amount in USD with digits, like 8.50.'],
    ['8.50', 'EUR', 'de-DE', 'Type an amount in EUR with digits, like 8,50.'],
    ['abc', 'USD', 'en-US', 'Type an amount in USD with digits, like 8.50.'],
    ['8.5.0', 'USD', 'en-US', 'Type an amount in USD with digits, like 8.50.'],
    ['1,2,3', 'USD', 'en-US', 'Type an amount in USD with digits, like 8.50.'],
    ['8 50', 'USD', 'en-US', 'Type an amount in USD with digits, like 8.50.'],
    ['.', 'USD', 'en-US', 'Type an amount in USD with digits, like 8.50.'],
    ['1e3', 'USD', 'en-US', 'Type an amount in USD with digits, like 8.50.'],
    ['0x10', 'USD', 'en-US', 'Type an amount in USD with digits, like 8.50.'],
    ['8\u00000', 'USD', 'en-US', 'Type an amount in USD with digits, like 8.50.'],
    ['€8', 'USD', 'en-US', 'Type an amount in USD with digits, like 8.50.'],
    ['8.505', 'USD', 'en-US', 'Type at most 2 digits after the decimal mark, like 8.50.'],
    ['8,505', 'EUR', 'fr-FR', 'Type at most 2 digits after the decimal mark, like 8,50.'],
    ['8.5', 'JPY', 'en-US', 'JPY has no decimals: type a whole amount, like 850.'],
    ['8.1255', 'KWD', 'en-US', 'Type at most 3 digits after the decimal mark, like 8.500.'],
    ['-8', 'USD', 'en-US', 'Type an amount of zero or more, like 8.50.'],
    ['−8,00', 'EUR', 'fr-FR', 'Type an amount of zero or more, like 8,50.'],
    ['21474836.48', 'USD', 'en-US', 'Type an amount up to 21,474,836.47.'],
    ['99999999999999999999', 'USD', 'en-US', 'Type an amount up to 21,474,836.47.'],
  ])('%j in %s (%s) → %s', (text, currency, locale, expected) =>
    expect(parsed(text, currency, locale)).toBe(expected),
  );

  it('refuses an empty required amount, saying what to type', () => {
    expect(parseMoneyText(' ', { currency: 'EUR', locale: 'fr-FR', required: true })).toEqual({
      ok: false,
      message: 'Type an amount, like 8,50.',
    });
  });
});

describe('formatMoneyText', () => {
  it.each([
    [850n, 'USD', 'en-US', '8.50'],
    [800n, 'USD', 'en-US', '8.00'],
    [5n, 'USD', 'en-US', '0.05'],
    [850n, 'EUR', 'fr-FR', '8,50'],
    [850n, 'JPY', 'ja-JP', '850'],
    [8125n, 'KWD', 'en-US', '8.125'],
    [123450n, 'USD', 'en-US', '1234.50'],
    [850n, 'USD', 'ar-EG', '٨٫٥٠'],
  ])('%s %s in %s → %s', (minor, currency, locale, text) =>
    expect(formatMoneyText(minor, { currency, locale })).toBe(text),
  );

  it('groups thousands on request, the way the locale does', () => {
    expect(formatMoneyText(123456789n, { currency: 'USD', locale: 'en-US' }, { grouping: true })).toBe(
      '1,234,567.89',
    );
    expect(formatMoneyText(123456789n, { currency: 'EUR', locale: 'de-DE' }, { grouping: true })).toBe(
      '1.234.567,89',
    );
  });

  it('gives the example in the currency digits', () => {
    expect(moneyExample({ currency: 'KWD', locale: 'en-US' })).toBe('8.500');
    expect(moneyExample({ currency: 'JPY', locale: 'en-US' })).toBe('850');
  });
});

describe('currencyAffix', () => {
  it.each([
    ['USD', 'en-US', '$', 'before'],
    ['EUR', 'fr-FR', '€', 'after'],
    ['JPY', 'ja-JP', '￥', 'before'],
  ])('%s in %s', (currency, locale, symbol, position) =>
    expect(currencyAffix({ currency, locale })).toEqual({ symbol, position }),
  );
});

const LOCALES = ['en-US', 'en-IN', 'fr-FR', 'de-DE', 'de-CH', 'pt-BR', 'ar-EG', 'ja-JP', 'hi-IN', 'nb-NO'];
const CURRENCIES = ['USD', 'EUR', 'JPY', 'KWD', 'CHF', 'INR', 'SEK'];

// Strings made of what amounts are made of, so the generator reaches the separator rules.
const typed = fc
  .array(fc.constantFrom(..."0123456789.,, \u00a0\u202f'’-−$€¥٫٬٠٥abc\u0000\ud800".split('')), {
    maxLength: 16,
  })
  .map((chars) => chars.join(''));

describe('round trip', () => {
  it('reads back every amount it writes, with or without grouping', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: BigInt(MAX_MINOR_UNITS) }),
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom(...LOCALES),
        fc.boolean(),
        (minor, currency, locale, grouping) => {
          const text = formatMoneyText(minor, { currency, locale }, { grouping });
          expect(parseMoneyText(text, { currency, locale })).toEqual({ ok: true, minor });
        },
      ),
    );
  });

  it('reads what Intl writes for the currency, symbol and all', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: BigInt(MAX_MINOR_UNITS) }),
        // Currencies whose Intl digits are the stored digits.
        fc.constantFrom('USD', 'EUR', 'JPY', 'KWD', 'CHF', 'GBP'),
        fc.constantFrom(...LOCALES),
        (minor, currency, locale) => {
          const digits = currencyDigits(currency);
          const text = new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
            Number(minor) / 10 ** digits,
          );
          expect(parseMoneyText(text, { currency, locale })).toEqual({ ok: true, minor });
        },
      ),
    );
  });

  it('never throws, and what it accepts is a whole amount in range', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), typed), fc.constantFrom(...LOCALES), (text, locale) => {
        const r = parseMoneyText(text, { currency: 'USD', locale });
        if (r.ok && r.minor !== null) {
          expect(r.minor >= 0n && r.minor <= BigInt(MAX_MINOR_UNITS)).toBe(true);
        }
      }),
    );
  });
});

describe('three-decimal currencies as owners type them', () => {
  it.each([
    ['1.250', 'KWD', 'en-US', 1250n, '1.250'],
    ['1.25', 'KWD', 'en-US', 1250n, '1.250'],
    ['8', 'BHD', 'en-GB', 8000n, '8.000'],
    ['0.005', 'OMR', 'en-US', 5n, '0.005'],
    ['12,345', 'KWD', 'fr-FR', 12345n, '12,345'],
    ['1,234.567', 'KWD', 'en-US', 1234567n, '1234.567'],
  ] as const)('%s in %s (%s) is %s thousandths, shown back as %s', (text, currency, locale, minor, back) => {
    const read = parseMoneyText(text, { currency, locale });
    expect(read).toEqual({ ok: true, minor });
    expect(formatMoneyText(minor, { currency, locale })).toBe(back);
  });

  it('refuses a fourth decimal, saying how many the currency has', () => {
    const read = parseMoneyText('1.2345', { currency: 'KWD', locale: 'en-US' });
    expect(read).toEqual({ ok: false, message: 'Type at most 3 digits after the decimal mark, like 8.500.' });
  });
});
