import { describe, expect, it } from 'vitest';
import { billingDate, isCycleBilled } from './period';
import type { BillingPeriod } from './schema';

const at = (iso: string) => new Date(iso);

describe('billingDate', () => {
  const cases: [string, BillingPeriod, number, string][] = [
    ['2026-01-15T10:00:00.000Z', { value: 1, unit: 'WEEK' }, 1, '2026-01-22T10:00:00.000Z'],
    ['2026-01-15T10:00:00.000Z', { value: 2, unit: 'WEEK' }, 3, '2026-02-26T10:00:00.000Z'],
    ['2026-12-28T00:00:00.000Z', { value: 1, unit: 'WEEK' }, 1, '2027-01-04T00:00:00.000Z'],
    ['2026-01-15T10:00:00.000Z', { value: 1, unit: 'MONTH' }, 1, '2026-02-15T10:00:00.000Z'],
    // Month ends clamp to the shorter month, then come back to the anchor day.
    ['2026-01-31T09:30:00.000Z', { value: 1, unit: 'MONTH' }, 1, '2026-02-28T09:30:00.000Z'],
    ['2026-01-31T09:30:00.000Z', { value: 1, unit: 'MONTH' }, 2, '2026-03-31T09:30:00.000Z'],
    ['2026-01-31T09:30:00.000Z', { value: 1, unit: 'MONTH' }, 3, '2026-04-30T09:30:00.000Z'],
    ['2028-01-31T00:00:00.000Z', { value: 1, unit: 'MONTH' }, 1, '2028-02-29T00:00:00.000Z'],
    ['2026-03-31T00:00:00.000Z', { value: 1, unit: 'MONTH' }, 1, '2026-04-30T00:00:00.000Z'],
    ['2026-08-31T00:00:00.000Z', { value: 3, unit: 'MONTH' }, 1, '2026-11-30T00:00:00.000Z'],
    ['2026-11-30T00:00:00.000Z', { value: 1, unit: 'MONTH' }, 2, '2027-01-30T00:00:00.000Z'],
    ['2026-12-15T00:00:00.000Z', { value: 1, unit: 'MONTH' }, 1, '2027-01-15T00:00:00.000Z'],
    ['2026-05-10T00:00:00.000Z', { value: 6, unit: 'MONTH' }, 4, '2028-05-10T00:00:00.000Z'],
    ['2026-05-10T00:00:00.000Z', { value: 1, unit: 'YEAR' }, 1, '2027-05-10T00:00:00.000Z'],
    ['2028-02-29T12:00:00.000Z', { value: 1, unit: 'YEAR' }, 1, '2029-02-28T12:00:00.000Z'],
    ['2028-02-29T12:00:00.000Z', { value: 1, unit: 'YEAR' }, 4, '2032-02-29T12:00:00.000Z'],
    ['2026-05-10T00:00:00.000Z', { value: 2, unit: 'YEAR' }, 0, '2026-05-10T00:00:00.000Z'],
  ];
  it.each(cases)('%s every %o, cycle %i → %s', (start, period, cycle, expected) => {
    expect(billingDate(at(start), period, cycle).toISOString()).toBe(expected);
  });
});

describe('isCycleBilled', () => {
  it.each([
    [0, 1, true],
    [0, 500, true],
    [3, 0, true],
    [3, 2, true],
    [3, 3, false],
    [1, 1, false],
    [0, -1, false],
  ])('%i cycles, cycle %i → %s', (cycles, cycle, expected) => {
    expect(isCycleBilled(cycles, cycle)).toBe(expected);
  });
});
