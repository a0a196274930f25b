import { describe, expect, it } from 'vitest';
import { check, fakeContext, run } from '../test-context';
import { eventFormatters as f, eventPredicates as p, humanizeElapsed } from './events';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('time since (spec §9)', () => {
  it.each([
    [30_000, 'less than a minute ago'],
    [MIN, 'about a minute ago'],
    [5 * MIN, 'about 5 minutes ago'],
    [HOUR, 'about an hour ago'],
    [3 * HOUR + 59 * MIN, 'about 3 hours ago'],
    [DAY, 'about a day ago'],
    [13 * DAY, 'about a week ago'],
    [45 * DAY, 'about a month ago'],
    [364 * DAY, 'about 12 months ago'],
    [800 * DAY, 'about 2 years ago'],
    [-5 * DAY, 'less than a minute ago'],
  ])('%d ms', (delta, text) => expect(humanizeElapsed(delta)).toBe(text));

  it('wraps the text with the instant, against the render clock', () => {
    const now = Date.UTC(2020, 0, 10);
    const ctx = fakeContext({ now });
    expect(run(f.timesince, now - 2 * DAY, [], ctx)).toBe(
      `<span class="timesince" data-date="${now - 2 * DAY}">about 2 days ago</span>`,
    );
    expect(run(f.timesince, 'not a date', [], ctx)).toBe('Invalid date.');
  });
});

describe('event helpers', () => {
  it.each([
    [0, '0:00'],
    [59_999, '0:59'],
    [61_000, '1:01'],
    [3_725_000, '62:05'],
    ['x', '0:00'],
    [Infinity, '0:00'],
    [NaN, '0:00'],
  ])('humanizeDuration %d', (ms, out) => expect(run(f.humanizeDuration, ms)).toBe(out));

  it('builds a calendar link in UTC basic format with the address', () => {
    const event = {
      title: 'Team lunch & talk',
      startDate: Date.UTC(2022, 6, 4, 17, 5, 9),
      endDate: Date.UTC(2022, 6, 4, 18, 0, 0),
      location: { addressLine1: ' 1 Main St ', addressLine2: '', addressCountry: 'US' },
    };
    expect(run(f['google-calendar-url'], event)).toBe(
      'http://www.google.com/calendar/event?action=TEMPLATE&text=Team%20lunch%20%26%20talk' +
        '&dates=20220704T170509Z/20220704T180000Z&location=1%20Main%20St%2C%20US',
    );
    expect(run(f['google-calendar-url'], { startDate: 0, endDate: 0, location: {} })).toBe(
      'http://www.google.com/calendar/event?action=TEMPLATE&text=&dates=19700101T000000Z/19700101T000000Z',
    );
  });

  it.each([
    [Date.UTC(2022, 0, 1, 0, 0), Date.UTC(2022, 0, 1, 23, 59), true],
    [Date.UTC(2022, 0, 1, 23, 0), Date.UTC(2022, 0, 2, 0, 30), false],
    [Date.UTC(2022, 0, 1), Date.UTC(2023, 0, 1), false],
  ])('same-day? %d %d (UTC)', (startDate, endDate, same) =>
    expect(check(p['same-day?'], { startDate, endDate })).toBe(same),
  );
});
