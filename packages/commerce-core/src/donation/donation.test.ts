import { describe, expect, it } from 'vitest';
import { chooseDonationAmount, DonationRequestSchema, readDonationRules, type DonationRules } from './index';
import { messages } from '../messages';

const usd = { currency: 'USD' as const, locale: 'en-US' };
const eur = { currency: 'EUR' as const, locale: 'fr-FR' };

describe('readDonationRules', () => {
  it.each([
    ['plain numbers', ['10', '25', '50'], usd, [1000n, 2500n, 5000n]],
    ['symbols and cents', ['$10', '25.50', '100 USD'], usd, [1000n, 2550n, 10000n]],
    ['a French owner’s decimal comma', ['10', '12,50', '1 000'], eur, [1000n, 1250n, 100000n]],
    ['blanks left out', ['', '20', '  '], usd, [2000n]],
    ['the same amount once', ['20', '$20.00'], usd, [2000n]],
  ])('reads %s', (_, amounts, money, suggested) => {
    const { rules, problems } = readDonationRules({ amounts, allowCustom: true, minimum: '' }, money);
    expect(rules.suggested).toEqual(suggested);
    expect(problems).toEqual([]);
  });

  it.each([
    ['words', 'ten'],
    ['zero', '0'],
    ['a negative amount', '-5'],
  ])('names an amount the owner typed as %s', (_, typed) => {
    const { rules, problems } = readDonationRules(
      { amounts: ['10', typed], allowCustom: true, minimum: '' },
      usd,
    );
    expect(rules.suggested).toEqual([1000n]);
    expect(problems).toEqual([`“${typed}” is not an amount: type it as you would a price, like 8.50.`]);
  });

  it('takes the typed minimum, or one cent when there is none', () => {
    expect(readDonationRules({ amounts: [], allowCustom: true, minimum: '5' }, usd).rules.minimum).toBe(500n);
    expect(readDonationRules({ amounts: [], allowCustom: true, minimum: '' }, usd).rules.minimum).toBe(1n);
  });
});

describe('chooseDonationAmount', () => {
  const rules: DonationRules = { suggested: [1000n, 2500n, 300n], allowCustom: true, minimum: 500n };
  const fixed: DonationRules = { ...rules, allowCustom: false };

  it.each<[string, string, DonationRules, typeof usd | typeof eur, bigint]>([
    ['a suggested amount', '25', rules, usd, 2500n],
    ['a suggested amount under the minimum', '3', rules, usd, 300n],
    ['a custom amount at the minimum', '5.00', rules, usd, 500n],
    ['a custom amount with its symbol', '$42.50', rules, usd, 4250n],
    ['a custom amount in French', '42,50 €', rules, eur, 4250n],
    ['a suggested amount when custom is off', '10', fixed, usd, 1000n],
  ])('takes %s', (_, typed, r, money, minor) => {
    expect(chooseDonationAmount(typed, r, money)).toEqual({ ok: true, minor });
  });

  it.each<[string, string, DonationRules, string]>([
    ['nothing', '  ', rules, messages.donationAmountMissing],
    ['words', 'lots', rules, 'Type the amount as a number, like 8.50.'],
    ['two decimal marks', '1.2.3', rules, 'Type the amount as a number, like 8.50.'],
    ['too many decimals', '5.555', rules, 'Type the amount as a number, like 8.50.'],
    ['zero', '0', rules, messages.donationAmountZero],
    ['a negative amount', '-20', rules, messages.donationAmountZero],
    ['under the minimum', '4.99', rules, 'The smallest donation is $5.00.'],
    ['a custom amount when custom is off', '12', fixed, messages.donationCustomOff],
    [
      'more than can be charged',
      '99999999999',
      rules,
      'The largest donation we can take online is $21,474,836.47.',
    ],
  ])('refuses %s', (_, typed, r, message) => {
    expect(chooseDonationAmount(typed, r, usd)).toEqual({ ok: false, message });
  });
});

describe('DonationRequestSchema', () => {
  const valid = {
    blockId: 'b1',
    amount: '25',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    payment: { provider: 'test', cardNumber: '4242424242424242' },
  };
  const issues = (body: unknown) => {
    const parsed = DonationRequestSchema.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };

  it('keeps the provider’s card fields', () => {
    expect(DonationRequestSchema.parse(valid).payment).toMatchObject({ cardNumber: '4242424242424242' });
  });

  it.each([
    ['a missing email', { ...valid, email: ' ' }, messages.donationEmailMissing],
    ['a missing name', { ...valid, name: '' }, messages.donationNameMissing],
    ['a pasted essay as the amount', { ...valid, amount: '9'.repeat(41) }, messages.donationAmountNotANumber],
  ])('refuses %s with its message', (_, body, message) => {
    expect(issues(body)).toContain(message);
  });

  it('refuses fields it does not know and wrong types', () => {
    expect(issues({ ...valid, shippingAddress: {} })).not.toEqual([]);
    expect(issues({ ...valid, amount: 25 })).not.toEqual([]);
  });
});
