import { describe, expect, it } from 'vitest';
import { checkForm, describeEffect, EMPTY_FORM, formOf, minorOf, type DiscountForm } from './discount-form';

describe('amounts as the owner types them', () => {
  it.each([
    ['20', 2, 2000],
    ['5.50', 2, 550],
    ['5.5', 2, 550],
    [' 12 ', 2, 1200],
    ['500', 0, 500],
    ['1.250', 3, 1250],
  ])('%s with %i decimals is %i', (text, decimals, minor) => {
    expect(minorOf(text, decimals)).toBe(minor);
  });
  it.each([['5.555'], ['abc'], [''], ['-5'], ['1,000'], ['5.5.5']])('refuses %s', (text) => {
    expect(minorOf(text, 2)).toBeNaN();
  });
});

const form = (over: Partial<DiscountForm>): DiscountForm => ({
  ...EMPTY_FORM,
  name: 'Spring',
  code: 'SPRING',
  ...over,
});

describe('the form to the saved draft', () => {
  it('makes a 20 % code limited to 5 uses', () => {
    const r = checkForm(form({ percent: '20', usageLimit: '5' }), 'USD');
    expect(r).toMatchObject({
      ok: true,
      draft: {
        code: 'SPRING',
        effect: { type: 'percentage', basisPoints: 2000 },
        usageLimit: 5,
        perCustomerLimit: null,
      },
    });
  });

  it('makes an automatic free shipping over 50, dropping combinable', () => {
    const r = checkForm(
      form({
        automatic: true,
        effect: 'free-shipping',
        minimum: 'subtotal',
        minimumAmount: '50',
        combinable: true,
      }),
      'USD',
    );
    expect(r).toMatchObject({
      ok: true,
      draft: {
        code: null,
        effect: { type: 'free-shipping' },
        minimum: { type: 'subtotal', amountCents: 5000 },
        combinable: false,
      },
    });
  });

  it.each<[string, Partial<DiscountForm>, keyof DiscountForm, string]>([
    ['no percentage', { percent: '' }, 'percent', 'Enter a percentage from 0.01 to 100, like 20 or 12.5.'],
    ['over 100 %', { percent: '120' }, 'percent', 'Enter a percentage from 0.01 to 100, like 20 or 12.5.'],
    [
      'a half cent',
      { effect: 'fixed-amount', amount: '5.555' },
      'amount',
      'Type at most 2 digits after the decimal mark, like 8.50.',
    ],
    [
      'a code with a space',
      { percent: '10', code: 'SPRING 20' },
      'code',
      'Use letters, digits, - and _ only.',
    ],
    [
      'a usage limit of 2.5',
      { percent: '10', usageLimit: '2.5' },
      'usageLimit',
      'Enter a whole number of uses, or leave it empty for no limit.',
    ],
    [
      'no category',
      { percent: '10', scope: 'categories', categories: ' , ' },
      'categories',
      'Name at least one category.',
    ],
    [
      'an end before the start',
      { percent: '10', startsOn: '2026-06-10', endsOn: '2026-06-01' },
      'endsOn',
      'The end date comes before the start date.',
    ],
    [
      'a free-items percentage of 0',
      { effect: 'buy-x-get-y', getPercent: '0' },
      'getPercent',
      'Enter a percentage from 0.01 to 100; 100 makes them free.',
    ],
  ])('shows %s at its box', (_, over, field, message) => {
    const r = checkForm(form(over), 'USD', 'en-US');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[field]).toBe(message);
  });

  it('reads a saved discount back into the same form', () => {
    const saved = checkForm(
      form({ effect: 'fixed-amount', amount: '5.50', minimum: 'quantity', minimumQuantity: '3' }),
      'USD',
    );
    if (!saved.ok) throw new Error('expected a draft');
    const back = formOf(
      { ...saved.draft, id: 'd', archived: false, usedCount: 0, revenueCents: 0, createdAt: '' },
      'USD',
    );
    expect(back).toMatchObject({ amount: '5.50', minimum: 'quantity', minimumQuantity: '3', code: 'SPRING' });
    expect(describeEffect(saved.draft.effect, 'USD')).toBe('$5.50 off');
  });
});

describe('amounts in the store currency, as the owner types them in their locale', () => {
  const fixed = (amount: string) => form({ effect: 'fixed-amount', amount });
  it.each([
    ['5.50', 'USD', 'en-US', 550],
    ['5,50', 'EUR', 'fr-FR', 550],
    ['1.234,50', 'EUR', 'de-DE', 123450],
    ['500', 'JPY', 'en-US', 500],
    ['8', 'GBP', 'en-GB', 800],
  ] as const)('%s in %s (%s) is %i minor units', (amount, currency, locale, minor) => {
    expect(checkForm(fixed(amount), currency, locale)).toMatchObject({
      ok: true,
      draft: { effect: { type: 'fixed-amount', amountCents: minor } },
    });
  });

  it('refuses what the currency cannot hold, saying so at the field', () => {
    const yen = checkForm(fixed('5.5'), 'JPY', 'en-US');
    expect(yen.ok).toBe(false);
    if (!yen.ok) expect(yen.issues.amount).toMatch(/JPY/);
    const minimum = checkForm(form({ minimum: 'subtotal', minimumAmount: 'fifty' }), 'EUR', 'fr-FR');
    expect(minimum.ok).toBe(false);
    if (!minimum.ok) expect(minimum.issues.minimumAmount).toMatch(/EUR/);
  });

  it('shows a saved amount back as typed in the owner’s locale', () => {
    const saved = checkForm(fixed('5,50'), 'EUR', 'fr-FR');
    if (!saved.ok) throw new Error('refused');
    const item = { ...saved.draft, id: 'd', archived: false, usedCount: 0, revenueCents: '0' } as never;
    expect(formOf(item, 'EUR', 'fr-FR').amount).toBe('5,50');
    expect(formOf(item, 'EUR', 'en-GB').amount).toBe('5.50');
    expect(describeEffect(saved.draft.effect, 'EUR')).toBe('€5.50 off');
  });
});
