import { describe, expect, it } from 'vitest';
import { fakeContext, run } from '../test-context';
import { strftime, strftimeFormatters } from './strftime';
import { zoneAbbreviation, zonedFields } from './zoned';

// 2024-03-10T06:30:07.250Z: 01:30:07 EST, one hour before New York's spring-forward.
const T = Date.UTC(2024, 2, 10, 6, 30, 7, 250);

describe('strftime', () => {
  it.each([
    ['%Y-%m-%d %H:%M:%S', 'America/New_York', '2024-03-10 01:30:07'],
    ['%A %a %B %b %h', 'America/New_York', 'Sunday Sun March Mar Mar'],
    ['%I %l %k %p %P', 'America/New_York', '01  1  1 AM am'],
    ['%z %Z', 'America/New_York', '-05:00 EST'],
    ['%z %Z', 'Asia/Kolkata', '+05:30 IST'],
    ['%z', 'UTC', '+00:00'],
    ['%j %u %w %q', 'America/New_York', '070 7 0 1'],
    ['%D %F %x', 'America/New_York', '03/10/24 2024-03-10 03/10/2024'],
    ['%r|%R|%T|%X', 'Asia/Tokyo', '3:30:07 PM|15:30|15:30:07|03:30:07 PM'],
    ['%N %s', 'UTC', `250000000 ${Math.trunc(T / 1000)}`],
    ['%e|%v|%C|%y', 'UTC', '10|10-Mar-2024|20|24'],
    ['100%% %n%t', 'UTC', '100% \n\t'],
    ['%c', 'Asia/Tokyo', 'Sun, Mar 10, 2024 3:30:07 PM JST'],
    ['%Q', 'UTC', ''],
  ])('%s in %s', (pattern, zone, expected) => expect(strftime(T, pattern, zone)).toBe(expected));

  it.each([
    // Jan 1 2021 was a Friday: ISO week 53 of 2020, US week 1.
    [Date.UTC(2021, 0, 1, 12), '%U %W %V %G %g', '01 01 53 2020 20'],
    [Date.UTC(2021, 0, 4, 12), '%U %V %G', '02 01 2021'],
    [Date.UTC(2024, 11, 31, 12), '%U %V %G', '53 01 2025'],
  ])('week numbers of %d', (t, pattern, expected) => expect(strftime(t, pattern, 'UTC')).toBe(expected));

  it('follows daylight saving in the zone', () => {
    const after = zonedFields(T + 3 * 3600_000, 'America/New_York');
    expect([after.hour, after.offset]).toEqual([5, -4 * 3600_000]);
    expect(zoneAbbreviation(T + 3 * 3600_000, 'America/New_York')).toBe('EDT');
  });

  it('handles instants before 1970 and BC years', () => {
    expect(strftime(Date.UTC(1900, 5, 1), '%Y-%m-%d', 'UTC')).toBe('1900-06-01');
    const bc = new Date(0);
    bc.setUTCFullYear(-100, 0, 1);
    expect(strftime(bc.getTime(), '%Y', 'UTC')).toBe('-100');
  });
});

describe('date formatter', () => {
  it('uses the render time zone', () => {
    const ctx = fakeContext({ timeZone: 'Asia/Tokyo' });
    expect(run(strftimeFormatters.date, T, ['%H:%M'], ctx)).toBe('15:30');
    expect(run(strftimeFormatters.date, T, [], ctx)).toBe('');
  });

  it('reports instants outside the Julian day range', () => {
    const ctx = fakeContext();
    expect(run(strftimeFormatters.date, Date.UTC(9000, 0, 1), ['%Y'], ctx)).toBe('');
    const early = new Date(0);
    early.setUTCFullYear(-5000, 0, 1);
    expect(run(strftimeFormatters.date, early.getTime(), ['%Y'], ctx)).toBe('');
    expect(ctx.errors.map((e) => e.kind)).toEqual(['JULIAN_DAY_OUT_OF_RANGE', 'JULIAN_DAY_OUT_OF_RANGE']);
    expect(run(strftimeFormatters.date, Date.UTC(8652, 6, 1), ['%Y'], ctx)).toBe('8652');
  });

  it('gives each zone and instant its own text when one call site runs many times', () => {
    const args = ['%Y-%m-%d', '%H:%M', '%Z'];
    const tokyo = fakeContext({ timeZone: 'Asia/Tokyo' });
    const utc = fakeContext({ timeZone: 'UTC' });
    for (let round = 0; round < 2; round++) {
      expect(run(strftimeFormatters.date, T, args, tokyo)).toBe(
        strftime(T, '%Y-%m-%d %H:%M %Z', 'Asia/Tokyo'),
      );
      expect(run(strftimeFormatters.date, T, args, utc)).toBe(strftime(T, '%Y-%m-%d %H:%M %Z', 'UTC'));
      expect(run(strftimeFormatters.date, T + 86_400_000, args, utc)).toBe(
        strftime(T + 86_400_000, '%Y-%m-%d %H:%M %Z', 'UTC'),
      );
      expect(run(strftimeFormatters.date, String(T), ['%H:%M'], tokyo)).toBe('15:30');
    }
  });

  it('follows a reused arguments array whose contents change', () => {
    const args = ['%Y'];
    const ctx = fakeContext({ timeZone: 'UTC' });
    expect(run(strftimeFormatters.date, T, args, ctx)).toBe('2024');
    args[0] = '%m';
    expect(run(strftimeFormatters.date, T, args, ctx)).toBe('03');
    args.push('%d');
    expect(run(strftimeFormatters.date, T, args, ctx)).toBe('03 10');
  });
});
