import { describe, expect, it } from 'vitest';
import { fakeContext, run } from '../test-context';
import { datetimeFormatters as f } from './datetime';
import { parseSkeleton } from './skeleton';

// ICU separates times from day periods with U+202F and range ends with U+2009.
const nb = '\u202f';
const thin = '\u2009';
// 2021-07-04T18:45:30Z
const T = Date.UTC(2021, 6, 4, 18, 45, 30);
const ny = fakeContext({ timeZone: 'America/New_York' });

describe('datetime', () => {
  it.each([
    [[], 'July 4, 2021'],
    [['date:short'], '7/4/21'],
    [['date'], '7/4/21'],
    [['time'], `2:45${nb}PM`],
    [['medium'], `Jul 4, 2021, 2:45:30${nb}PM`],
    [['datetime:long'], `July 4, 2021 at 2:45:30${nb}PM EDT`],
    [['yMMMd'], 'Jul 4, 2021'],
    [['date:yMMMM'], 'July 2021'],
    [['EEEE'], 'Sunday'],
    [['skeleton:Hm'], '14:45'],
    [['MMMd', 'context:begin-sentence'], 'Jul 4'],
    // A width for both parts wins over `date`/`time`; with both parts standard, other words are
    // no skeleton (`{x|datetime:date:full:calendar:japanese}` splits on colons).
    [
      ['date', 'full', 'calendar', 'japanese'],
      `Sunday, July 4, 2021 at 2:45:30${nb}PM Eastern Daylight Time`,
    ],
    [['date:short', 'full'], `Sunday, July 4, 2021 at 2:45:30${nb}PM Eastern Daylight Time`],
    [['date:full', 'time:short', 'yMMMd'], `Sunday, July 4, 2021 at 2:45${nb}PM`],
    // One standard part takes the other part's fields from the skeleton.
    [['date:long', 'hm'], `July 4, 2021 at 2:45${nb}PM`],
    [['time:short', 'yMMMd'], `Jul 4, 2021, 2:45${nb}PM`],
    [['date:long', 'yMMMd'], 'July 4, 2021'],
  ])('%j', (args, expected) => expect(run(f.datetime, T, args, ny)).toBe(expected));

  it('uses the locale, calendar and time zone of the render', () => {
    const ja = fakeContext({ locale: 'ja', timeZone: 'Asia/Tokyo' });
    expect(run(f.datetime, T, ['date:long'], ja)).toBe('2021年7月5日');
    expect(run(f.datetime, T, ['date:long', 'calendar:japanese'], ja)).toBe('令和3年7月5日');
    expect(run(f.datetime, T, ['date:long', 'calendar:unknown'], ja)).toBe('2021年7月5日');
    // Gregorian unless a calendar is named, whatever the locale prefers.
    const th = fakeContext({ locale: 'th', timeZone: 'Asia/Bangkok' });
    expect(run(f.datetime, T, ['date:long'], th)).toContain('2021');
    expect(run(f.datetime, T, ['date:long', 'calendar:buddhist'], th)).toContain('2564');
  });

  it('keeps finished texts apart per locale and zone of the render', () => {
    const args = ['date:long', 'time:short'];
    const first = run(f.datetime, T, args, ny);
    expect(first).toBe(`July 4, 2021 at 2:45${nb}PM`);
    expect(run(f.datetime, T, args, fakeContext({ timeZone: 'Asia/Tokyo' }))).toBe(
      `July 5, 2021 at 3:45${nb}AM`,
    );
    expect(run(f.datetime, T, args, fakeContext({ locale: 'de', timeZone: 'America/New_York' }))).toBe(
      '4. Juli 2021 um 14:45',
    );
    expect(run(f.datetime, T, args, ny)).toBe(first);
    expect(run(f.datetime, T + 60_000, args, ny)).toBe(`July 4, 2021 at 2:46${nb}PM`);
  });

  it('prints nothing for values that are not instants', () => {
    expect(run(f.datetime, 'soon', [], ny)).toBe('');
  });

  it('maps skeleton letters to fields', () => {
    expect(parseSkeleton('yMMMdEEEE')).toMatchObject({
      options: { year: 'numeric', month: 'short', day: 'numeric', weekday: 'long' },
      hasDate: true,
      hasTime: false,
    });
    expect(parseSkeleton('hms').largestTime).toBe('h');
    expect(parseSkeleton('ms').largestTime).toBe('m');
  });
});

describe('datetime-interval', () => {
  const interval = (a: number, b: number, args: string[] = []): unknown =>
    run(f['datetime-interval'], a, args, ny, [a, b]);

  it('picks times within a day and dates across days', () => {
    expect(interval(T, T + 2 * 3600_000)).toBe(`2:45${thin}–${thin}4:45${nb}PM`);
    expect(interval(T, T + 9 * 86_400_000)).toBe(`Jul 4${thin}–${thin}13, 2021`);
    expect(interval(T, T + 400 * 86_400_000)).toBe(`Jul 4, 2021${thin}–${thin}Aug 8, 2022`);
  });

  it('honours a skeleton, widening time-only ones across days', () => {
    expect(interval(T, T + 400 * 86_400_000, ['yMMM'])).toBe(`Jul 2021${thin}–${thin}Aug 2022`);
    expect(interval(T, T + 86_400_000, ['hm'])).toBe(
      `Jul 4, 2021, 2:45${nb}PM${thin}–${thin}Jul 5, 2021, 2:45${nb}PM`,
    );
    expect(interval(T, T + 86_400_000, ['EEE'])).toBe(`Sun, 2:45${nb}PM${thin}–${thin}Mon, 2:45${nb}PM`);
  });

  it('needs two instants', () => {
    expect(run(f['datetime-interval'], T, [], ny, [T])).toBe('');
    expect(interval(T, Number.NaN)).toBe('');
  });
});

describe('instants a Date cannot hold', () => {
  it.each([
    ['datetime', [1e17], 1],
    ['datetime', [-8.64e15 - 1], 1],
    ['datetime-interval', [0, 1e17], 1],
    ['datetime-interval', [1e17, 0], 1],
    ['datetime', [8.64e15], 0],
  ] as const)('%s %j: a render error, no exception', (name, vars, errors) => {
    const c = fakeContext({ timeZone: 'UTC' });
    const out = run(f[name], vars[0], [], c, vars);
    expect(typeof out).toBe('string');
    expect(c.errors.map((e) => e.kind)).toEqual(errors ? ['JULIAN_DAY_OUT_OF_RANGE'] : []);
  });
});
