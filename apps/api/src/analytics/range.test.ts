import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AnalyticsQuerySchema,
  addDays,
  dayNumber,
  dayOf,
  daysBetween,
  localDay,
  nextMonth,
  planRange,
} from './range';

const NOON = (day: string) => new Date(`${day}T12:00:00Z`);

describe('planRange', () => {
  it.each([
    {
      name: 'a year: whole months, the weeks and days around them, today live',
      from: '2025-11-25',
      to: '2026-11-24',
      now: '2026-11-24',
      plan: {
        liveFrom: '2026-11-24',
        months: [
          '2025-12-01',
          '2026-01-01',
          '2026-02-01',
          '2026-03-01',
          '2026-04-01',
          '2026-05-01',
          '2026-06-01',
          '2026-07-01',
          '2026-08-01',
          '2026-09-01',
          '2026-10-01',
        ],
        weeks: ['2026-11-02', '2026-11-09', '2026-11-16'],
        days: [
          ['2025-11-25', '2025-12-01'],
          ['2026-11-01', '2026-11-02'],
          ['2026-11-23', '2026-11-24'],
        ],
      },
    },
    {
      name: 'thirty days: weeks, a day before them, today live',
      from: '2026-10-26',
      to: '2026-11-24',
      now: '2026-11-24',
      plan: {
        liveFrom: '2026-11-24',
        months: [],
        weeks: ['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16'],
        days: [['2026-11-23', '2026-11-24']],
      },
    },
    {
      name: 'a closed range in the past: nothing live',
      from: '2026-02-01',
      to: '2026-02-10',
      now: '2026-11-24',
      plan: {
        liveFrom: '2026-02-11',
        months: [],
        weeks: ['2026-02-02'],
        days: [
          ['2026-02-01', '2026-02-02'],
          ['2026-02-09', '2026-02-11'],
        ],
      },
    },
    {
      name: 'today only',
      from: '2026-11-24',
      to: '2026-11-24',
      now: '2026-11-24',
      plan: { liveFrom: '2026-11-24', months: [], weeks: [], days: [] },
    },
  ])('$name', ({ from, to, now, plan }) => {
    expect(planRange({ from, to, tz: 'UTC' }, NOON(now))).toEqual(plan);
  });

  it('covers every closed day exactly once, with whole Monday weeks and whole months', () => {
    const day = fc.integer({ min: dayNumber('2024-01-01'), max: dayNumber('2026-12-31') }).map(dayOf);
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 399 }), day, (from, length, today) => {
        const to = addDays(from, length);
        const { liveFrom, months, weeks, days } = planRange({ from, to, tz: 'UTC' }, NOON(today));
        const covered = [
          ...months.flatMap((m) => daysBetween(m, nextMonth(m))),
          ...weeks.flatMap((w) => daysBetween(w, addDays(w, 7))),
          ...days.flatMap(([a, b]) => daysBetween(a, b)),
        ].sort();
        expect(covered).toEqual(daysBetween(from, liveFrom));
        for (const w of weeks) expect(new Date(`${w}T00:00:00Z`).getUTCDay()).toBe(1);
        for (const m of months) expect(m.endsWith('-01')).toBe(true);
      }),
    );
  });
});

describe('zones', () => {
  it('names each zone canonically however it is spelt first, and tells its calendar day', () => {
    const zoneOf = (tz: string) =>
      AnalyticsQuerySchema.parse({ from: '2026-03-01', to: '2026-03-02', tz }).tz;
    expect(['europe/paris', 'Europe/Paris', 'EUROPE/PARIS'].map(zoneOf)).toEqual(
      Array(3).fill('Europe/Paris'),
    );
    expect(() => zoneOf('Mars/Olympus_Mons')).toThrow(/unknown time zone/);
    const instant = new Date('2026-03-01T10:30:00Z');
    expect(localDay(instant, 'Pacific/Kiritimati')).toBe('2026-03-02');
    expect(localDay(instant, 'Pacific/Pago_Pago')).toBe('2026-02-28');
    expect(localDay(instant, 'europe/paris')).toBe('2026-03-01');
    expect(localDay(instant, 'UTC')).toBe('2026-03-01');
  });
});
