import { field, num, str } from '../loose/index';
import { fillMessage, messages } from '../messages';
import type { BillingPeriodUnit } from './schema';

/** Billing periods in one year (storefront.md §9). */
export const PERIODS_PER_YEAR: Readonly<Record<BillingPeriodUnit, number>> = { WEEK: 52, MONTH: 12, YEAR: 1 };

export function isBillingPeriodUnit(v: unknown): v is BillingPeriodUnit {
  return v === 'WEEK' || v === 'MONTH' || v === 'YEAR';
}

export interface SubscriptionDuration {
  readonly value: number;
  readonly unit: BillingPeriodUnit;
}

/**
 * How long a finite subscription runs: period × cycles, expressed in years when it divides evenly
 * into years unless `keepUnit` is set. Undefined for an indefinite plan (0 cycles).
 */
export function subscriptionDuration(
  period: { value: number; unit: BillingPeriodUnit },
  numBillingCycles: number,
  keepUnit = false,
): SubscriptionDuration | undefined {
  const value = period.value * numBillingCycles;
  if (!(value > 0)) return undefined;
  const perYear = PERIODS_PER_YEAR[period.unit];
  if (!keepUnit && value % perYear === 0) return { value: value / perYear, unit: 'YEAR' };
  return { value, unit: period.unit };
}

export interface SubscriptionWording {
  /** Key of the translated sentence in the page's localized strings. */
  readonly key: string;
  /** The English sentence with {price}, {billingPeriodValue} and {duration} left to fill. */
  readonly template: string;
  readonly billingPeriodValue: number;
  /** 0 for an indefinite plan. */
  readonly duration: number;
}

const UNIT_WORDS: Readonly<Record<BillingPeriodUnit, readonly [string, string]>> = {
  WEEK: [messages.unitWeek, messages.unitWeeks],
  MONTH: [messages.unitMonth, messages.unitMonths],
  YEAR: [messages.unitYear, messages.unitYears],
};

const capitalized = (unit: BillingPeriodUnit): string => unit.charAt(0) + unit.slice(1).toLowerCase();

/**
 * The price sentence of a subscription plan (raw plan JSON). Undefined when the billing period is
 * missing or its unit is not recognised: the caller shows "Unavailable".
 */
export function subscriptionWording(
  plan: unknown,
  options: { multiplePrices?: boolean; keepUnit?: boolean } = {},
): SubscriptionWording | undefined {
  const period = field(plan, 'billingPeriod');
  const unit = str(field(period, 'unit'));
  if (!isBillingPeriodUnit(unit)) return undefined;
  const periodValue = num(field(period, 'value'));
  const billingPeriodValue = Number.isFinite(periodValue) ? periodValue : 0;
  const cyclesRaw = num(field(plan, 'numBillingCycles'));
  const cycles = Number.isFinite(cyclesRaw) ? cyclesRaw : 0;
  const duration = subscriptionDuration({ value: billingPeriodValue, unit }, cycles, options.keepUnit);

  const [one, many] = UNIT_WORDS[unit];
  let template =
    billingPeriodValue > 1
      ? fillMessage(messages.subscriptionEveryMany, { units: many })
      : fillMessage(messages.subscriptionEveryOne, { unit: one });
  let key = `productPrice__${options.multiplePrices ? 'multiplePrices' : 'singlePrice'}__${billingPeriodValue === 1 ? '1' : 'n'}${capitalized(unit)}ly__`;
  if (duration === undefined) {
    key += 'indefinite';
  } else {
    const [dOne, dMany] = UNIT_WORDS[duration.unit];
    template = fillMessage(messages.subscriptionForDuration, {
      wording: template,
      units: duration.value === 1 ? dOne : dMany,
    });
    key += `limited__${duration.value === 1 ? '1' : 'n'}${capitalized(duration.unit)}s`;
  }
  if (options.multiplePrices) template = fillMessage(messages.subscriptionFrom, { wording: template });
  return { key, template, billingPeriodValue, duration: duration?.value ?? 0 };
}

/** A finished subscription price sentence, or "Unavailable" for an unrecognised plan. */
export function describeSubscriptionPrice(
  plan: unknown,
  price: string,
  options: { multiplePrices?: boolean; keepUnit?: boolean; translated?: string } = {},
): string {
  const w = subscriptionWording(plan, options);
  if (w === undefined) return messages.unavailable;
  return fillMessage(options.translated ?? w.template, {
    price,
    fromPrice: price,
    billingPeriodValue: w.billingPeriodValue,
    duration: w.duration,
  });
}
