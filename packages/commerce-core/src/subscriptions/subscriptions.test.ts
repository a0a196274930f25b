import { describe, expect, it } from 'vitest';
import { SubscriptionPlanSchema } from './schema';
import {
  PERIODS_PER_YEAR,
  describeSubscriptionPrice,
  subscriptionDuration,
  subscriptionWording,
} from './wording';

const plan = (unit: string, value: number, numBillingCycles?: number) => ({
  billingPeriod: { unit, value },
  numBillingCycles,
});

describe('subscription duration', () => {
  it('has 52 weeks, 12 months and 1 year per year', () =>
    expect(PERIODS_PER_YEAR).toEqual({ WEEK: 52, MONTH: 12, YEAR: 1 }));
  it.each([
    [{ value: 2, unit: 'WEEK' as const }, 26, false, { value: 1, unit: 'YEAR' }],
    [{ value: 1, unit: 'MONTH' as const }, 36, false, { value: 3, unit: 'YEAR' }],
    [{ value: 1, unit: 'MONTH' as const }, 36, true, { value: 36, unit: 'MONTH' }],
    [{ value: 2, unit: 'MONTH' as const }, 4, false, { value: 8, unit: 'MONTH' }],
    [{ value: 1, unit: 'YEAR' as const }, 2, false, { value: 2, unit: 'YEAR' }],
    [{ value: 1, unit: 'WEEK' as const }, 0, false, undefined],
  ])('%o × %i (keep unit %s)', (period, cycles, keep, expected) =>
    expect(subscriptionDuration(period, cycles, keep)).toEqual(expected),
  );
});

describe('subscription wording', () => {
  it.each([
    [plan('WEEK', 1), false, '{price} every week', 'productPrice__singlePrice__1Weekly__indefinite'],
    [
      plan('WEEK', 2),
      false,
      '{price} every {billingPeriodValue} weeks',
      'productPrice__singlePrice__nWeekly__indefinite',
    ],
    [
      plan('MONTH', 1, 6),
      false,
      '{price} every month for {duration} months',
      'productPrice__singlePrice__1Monthly__limited__nMonths',
    ],
    [
      plan('WEEK', 2, 26),
      false,
      '{price} every {billingPeriodValue} weeks for {duration} year',
      'productPrice__singlePrice__nWeekly__limited__1Years',
    ],
    [
      plan('MONTH', 2, 5),
      true,
      'from {price} every {billingPeriodValue} months for {duration} months',
      'productPrice__multiplePrices__nMonthly__limited__nMonths',
    ],
    [plan('YEAR', 1), false, '{price} every year', 'productPrice__singlePrice__1Yearly__indefinite'],
  ])('%o (multiple %s)', (p, multiplePrices, template, key) => {
    const w = subscriptionWording(p, { multiplePrices });
    expect(w?.template).toBe(template);
    expect(w?.key).toBe(key);
  });

  it.each([[undefined], [{}], [plan('DAY', 1)], [{ billingPeriod: { value: 1 } }]])(
    '%o is unavailable',
    (p) => {
      expect(subscriptionWording(p)).toBeUndefined();
      expect(describeSubscriptionPrice(p, '$1.00')).toBe('Unavailable');
    },
  );

  it('fills the sentence with price, period and duration', () => {
    expect(describeSubscriptionPrice(plan('WEEK', 2, 6), '$10.00')).toBe('$10.00 every 2 weeks for 12 weeks');
    expect(describeSubscriptionPrice(plan('MONTH', 1, 36), '$5.00', { keepUnit: true })).toBe(
      '$5.00 every month for 36 months',
    );
    expect(
      describeSubscriptionPrice(plan('WEEK', 5, 3), '$1.00', {
        translated: '{price} / {billingPeriodValue} sem. ({duration})',
      }),
    ).toBe('$1.00 / 5 sem. (15)');
  });

  it('validates plans at the edges', () => {
    expect(SubscriptionPlanSchema.parse({ billingPeriod: { value: 1, unit: 'WEEK' } }).numBillingCycles).toBe(
      0,
    );
    expect(SubscriptionPlanSchema.safeParse({ billingPeriod: { value: 0, unit: 'WEEK' } }).success).toBe(
      false,
    );
    expect(SubscriptionPlanSchema.safeParse({ billingPeriod: { value: 1, unit: 'DAY' } }).success).toBe(
      false,
    );
  });
});
