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

  it('measures between two values when given both', () => {
    expect(run(f['relative-time'], 0, [], ctx, [0, 2 * H])).toBe('in 2 hours');
    expect(run(f['relative-time'], 0, [], ctx, [0, 'x'])).toBe('');
  });

  it('uses the render locale', () => {
    expect(run(f['relative-time'], NOW - 2 * D, [], fakeContext({ now: NOW, locale: 'fr' }))).toBe(
      'avant-hier',
    );
  });
});
