import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  businessHoursMessages,
  businessHoursSchema,
  DEFAULT_WEEK,
  hoursRows,
  openingHoursSpecification,
  storedBusinessHours,
  type DayHours,
} from './business-hours';

const open = (opens: string, closes: string): DayHours => ({ closed: false, opens, closes });
const closed: DayHours = { closed: true, opens: '09:00', closes: '17:00' };
/** Bistro's week: Monday closed, Tuesday–Thursday evenings, Friday–Saturday all day, Sunday lunch. */
const bistro = [
  closed,
  open('17:30', '22:00'),
  open('17:30', '22:00'),
  open('17:30', '22:00'),
  open('12:00', '23:00'),
  open('12:00', '23:00'),
  open('12:00', '16:00'),
];

describe('business hours', () => {
  it.each([
    ['a time without a colon', '0900', businessHoursMessages.timeInvalid],
    ['an hour past 23', '24:00', businessHoursMessages.timeInvalid],
    ['minutes past 59', '09:60', businessHoursMessages.timeInvalid],
    ['a NUL byte', '09:00\u0000', businessHoursMessages.timeInvalid],
    ['a number', 900, businessHoursMessages.timeInvalid],
  ])('refuses %s with the message', (_name, opens, message) => {
    const week = [...DEFAULT_WEEK];
    week[2] = { closed: false, opens: opens as string, closes: '17:00' };
    const result = businessHoursSchema.safeParse({ hours: week });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
    expect(result.error?.issues[0]?.path).toEqual(['hours', 2, 'opens']);
  });

  it('refuses an open day that opens and closes at once, and a week that is not seven days', () => {
    const same = [...DEFAULT_WEEK];
    same[0] = open('09:00', '09:00');
    expect(businessHoursSchema.safeParse({ hours: same }).error?.issues[0]).toMatchObject({
      message: businessHoursMessages.sameTimes,
      path: ['hours', 0, 'closes'],
    });
    expect(businessHoursSchema.safeParse({ hours: DEFAULT_WEEK.slice(1) }).error?.issues[0]?.message).toBe(
      businessHoursMessages.everyDay,
    );
    // A closed day's times are kept for when it opens again, even if equal.
    expect(
      businessHoursSchema.safeParse({ hours: [{ ...closed, closes: '09:00' }, ...DEFAULT_WEEK.slice(1)] })
        .success,
    ).toBe(true);
    expect(businessHoursSchema.parse({ hours: null })).toEqual({ hours: null });
  });

  it('joins runs of days with the same hours, in the site’s locale', () => {
    expect(hoursRows(bistro, 'en-US')).toEqual([
      { days: 'Monday', closed: true, hours: '' },
      { days: 'Tuesday – Thursday', closed: false, hours: '5:30 PM – 10:00 PM' },
      { days: 'Friday – Saturday', closed: false, hours: '12:00 PM – 11:00 PM' },
      { days: 'Sunday', closed: false, hours: '12:00 PM – 4:00 PM' },
    ]);
    expect(hoursRows(bistro, 'en-GB')[1]).toEqual({
      days: 'Tuesday – Thursday',
      closed: false,
      hours: '17:30 – 22:00',
    });
    expect(hoursRows(bistro, 'fr-FR')[0]!.days).toBe('lundi');
    expect(hoursRows(DEFAULT_WEEK, 'en-GB')).toEqual([
      { days: 'Monday – Friday', closed: false, hours: '09:00 – 17:00' },
      { days: 'Saturday – Sunday', closed: true, hours: '' },
    ]);
  });

  it('tells search engines each run of open days', () => {
    expect(openingHoursSpecification(bistro)).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [
          'https://schema.org/Tuesday',
          'https://schema.org/Wednesday',
          'https://schema.org/Thursday',
        ],
        opens: '17:30',
        closes: '22:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Friday', 'https://schema.org/Saturday'],
        opens: '12:00',
        closes: '23:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Sunday'],
        opens: '12:00',
        closes: '16:00',
      },
    ]);
  });

  it('reads stored hours, and nothing from settings that never had them or hold junk', () => {
    expect(storedBusinessHours({ businessHours: bistro })).toEqual(bistro);
    expect(storedBusinessHours({})).toBeNull();
    expect(storedBusinessHours(undefined)).toBeNull();
    expect(storedBusinessHours({ businessHours: 'always' })).toBeNull();
  });

  it('covers every day exactly once in its rows, whatever the week', () => {
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    const day = fc.record({ closed: fc.boolean(), opens: time, closes: time });
    fc.assert(
      fc.property(fc.array(day, { minLength: 7, maxLength: 7 }), (week) => {
        const rows = hoursRows(week, 'en-GB');
        const days = rows.flatMap((r) => {
          const [from, to] = r.days.split(' – ');
          const names = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
          return names.slice(names.indexOf(from!), names.indexOf(to ?? from!) + 1);
        });
        expect(days).toHaveLength(7);
        expect(rows.filter((r) => r.closed).every((r) => r.hours === '')).toBe(true);
        const openDays = openingHoursSpecification(week).flatMap((s) => s.dayOfWeek);
        expect(openDays).toHaveLength(week.filter((d) => !d.closed).length);
      }),
    );
  });
});
