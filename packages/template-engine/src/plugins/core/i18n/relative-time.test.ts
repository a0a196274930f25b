import { describe, expect, it } from 'vitest';
import { fakeContext, run } from '../test-context';
import { relativeTimeFormatters as f } from './relative-time';

const NOW = Date.UTC(2022, 3, 1, 12);
const H = 3600_000;
const D = 24 * H;
const ctx = fakeContext({ now: NOW });

describe('relative-time', () => {
  it.each([
    [NOW + 3 * H, [], 'in 3 hours'],
    [NOW - 5 * H, [], '5 hours ago'],
    [NOW + 10 * D, [], 'in 10 days'],
    [NOW + 10 * D, ['allowWeeks:true'], 'next week'],
    [NOW + 20 * D, ['allowWeeks:true'], 'in 3 weeks'],
    [NOW - 70 * D, [], '2 months ago'],
    [NOW + 800 * D, [], 'in 2 years'],
    [NOW + D, [], 'tomorrow'],
    [NOW + D, ['numericOnly:true'], 'in 1 day'],
    [NOW + 3 * H, ['context:begin-sentence'], 'In 3 hours'],
    [NOW + 3 * H, ['field:minute'], 'in 180 minutes'],
    [NOW + 3 * H, ['width:short'], 'in 3 hr.'],
    [NOW + 10_000, ['alwaysNow:true'], 'now'],
  ])('%d %j', (value, args, expected) => expect(run(f['relative-time'], value, args, ctx)).toBe(expected));

  // Months and years are counted on the calendar (as the reference engine does), the rest of the
  // gap a fraction of the unit, rounded half to even.
  it.each([
    [NOW - 30 * D, [], '30 days ago'], // 2 March: not a whole month before 1 April
    [NOW - 31 * D, [], 'last month'],
    [NOW - 46 * D, [], 'last month'], // 1 month and 15 days: 1.49 months
    [NOW - 61 * D, [], '2 months ago'],
    [Date.UTC(2022, 1, 28, 12), [], 'in 28 days', Date.UTC(2022, 0, 31, 12)], // day 28 < day 31
    [Date.UTC(2022, 1, 28, 12), [], 'last month', Date.UTC(2022, 2, 31, 12)],
    [Date.UTC(2022, 0, 31, 12), [], 'next month', Date.UTC(2021, 11, 31, 12)],
    [Date.UTC(2022, 2, 1, 11), [], 'in 29 days', Date.UTC(2022, 0, 31, 12)], // an hour short: Feb 28

    [Date.UTC(2022, 9, 1, 12), ['field:year'], 'this year'], // exactly half a year: rounds to 0
    [Date.UTC(2023, 9, 1, 12), ['field:year'], 'in 2 years'], // 1.5 years: rounds to 2
    [NOW + 364 * D, [], 'in 12 months'],
  ])('%d %j on the calendar', (value, args, expected, now = NOW) =>
    expect(run(f['relative-time'], value, args, fakeContext({ now }))).toBe(expected),
  );

  it('measures between two values when given both', () => {
    expect(run(f['relative-time'], 0, [], ctx, [0, 2 * H])).toBe('in 2 hours');
    expect(run(f['relative-time'], 0, [], ctx, [0, 'x'])).toBe('');
  });

  it('prints nothing and reports an instant no Date holds, as datetime does', () => {
    const c = fakeContext({ now: NOW });
    expect(run(f['relative-time'], 1e21, [], c)).toBe('');
    expect(c.errors.map((e) => e.kind)).toEqual(['JULIAN_DAY_OUT_OF_RANGE']);
  });

  it('uses the render locale', () => {
    expect(run(f['relative-time'], NOW - 2 * D, [], fakeContext({ now: NOW, locale: 'fr' }))).toBe(
      'avant-hier',
    );
  });
});
