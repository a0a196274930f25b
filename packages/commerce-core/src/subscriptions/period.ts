import type { BillingPeriod } from './schema';

const DAY_MS = 86_400_000;

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The instant billing cycle `cycle` starts (cycle 0 is the purchase). Counted from the start, not
 * from the previous date, so a subscription bought on 31 January bills on 28/29 February and then
 * on 31 March again instead of drifting to the 28th. Calendar arithmetic is in UTC.
 */
export function billingDate(start: Date, period: BillingPeriod, cycle: number): Date {
  if (period.unit === 'WEEK') return new Date(start.getTime() + cycle * period.value * 7 * DAY_MS);
  const months = cycle * period.value * (period.unit === 'YEAR' ? 12 : 1);
  const total = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const day = Math.min(start.getUTCDate(), daysInMonth(year, month));
  const d = new Date(start.getTime());
  d.setUTCFullYear(year, month, day);
  return d;
}

/**
 * Whether billing cycle `cycle` is still charged: with `numBillingCycles` 0 the plan renews until
 * cancelled, otherwise cycles 0 … numBillingCycles − 1 are charged and the plan then ends.
 */
export function isCycleBilled(numBillingCycles: number, cycle: number): boolean {
  return cycle >= 0 && (numBillingCycles === 0 || cycle < numBillingCycles);
}
