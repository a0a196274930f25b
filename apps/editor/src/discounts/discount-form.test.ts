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
    ['a half cent', { effect: 'fixed-amount', amount: '5.555' }, 'amount', 'Enter an amount like 5 or 5.50.'],
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
    const r = checkForm(form(over), 'USD');
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
