import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createItemSchema, eventDataSchema } from './collection-items';
import { eventAddress, eventIcs, nextEventChange, splitEvents } from './events';

const h = 3600_000;
const now = Date.UTC(2026, 5, 1, 12);
const ev = (id: string, startH: number, lengthH: number) => ({
  id,
  startDate: now + startH * h,
  endDate: now + (startH + lengthH) * h,
});
const events = [
  ev('past-old', -100, 2),
  ev('past-new', -10, 2),
  ev('running', -1, 3),
  ev('soon', 5, 1),
  ev('later', 50, 1),
];

describe('showPastOrUpcomingEvents', () => {
  it.each([
    ['upcoming', ['running', 'soon', 'later'], []],
    ['past', [], ['past-new', 'past-old']],
    ['both', ['running', 'soon', 'later'], ['past-new', 'past-old']],
  ] as const)('%s shows upcoming %j and past %j', (show, upcoming, past) => {
    const split = splitEvents(events, now, show);
    expect(split.upcoming.map((e) => e.id)).toEqual(upcoming);
    expect(split.past.map((e) => e.id)).toEqual(past);
  });

  it('a cached list changes when the first upcoming event ends', () => {
    expect(nextEventChange(events, now)).toBe(now + 2 * h + 1);
    expect(nextEventChange([], now)).toBeUndefined();
  });
});

describe('event data', () => {
  it('refuses an event that ends before it starts', () => {
    const r = eventDataSchema.safeParse({
      startDate: '2026-06-01T10:00:00Z',
      endDate: '2026-06-01T09:00:00Z',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('The event must end after it starts');
  });
  it('refuses a blank title and a bad URL id', () => {
    expect(createItemSchema.safeParse({ collectionId: 'c', title: '  ', data: {} }).success).toBe(false);
    expect(
      createItemSchema.safeParse({ collectionId: 'c', title: 'x', urlId: 'Not A Slug', data: {} }).success,
    ).toBe(false);
  });
  it('joins the address parts that are present with commas', () => {
    expect(
      eventAddress({
        addressTitle: 'Studio',
        addressLine1: '148 Lafayette St',
        addressLine2: '',
        addressCountry: 'USA',
      }),
    ).toBe('Studio, 148 Lafayette St, USA');
    expect(eventAddress(undefined)).toBe('');
  });
});

describe('iCalendar file', () => {
  const ics = eventIcs(
    {
      id: 'e1',
      title: 'Bookbinding; a class, for all',
      startDate: Date.UTC(2026, 5, 6, 14),
      endDate: Date.UTC(2026, 5, 6, 16),
      location: { addressLine1: '148 Lafayette St', addressCountry: 'USA' },
      description: 'Line one\nLine two',
    },
    'shop.example',
    Date.UTC(2026, 0, 1),
  );
  it('carries UTC basic-format times, escaped text and the comma-joined address', () => {
    expect(ics).toContain('DTSTART:20260606T140000Z\r\n');
    expect(ics).toContain('DTEND:20260606T160000Z\r\n');
    expect(ics).toContain('SUMMARY:Bookbinding\\; a class\\, for all\r\n');
    expect(ics).toContain('DESCRIPTION:Line one\\nLine two\r\n');
    expect(ics).toContain('LOCATION:148 Lafayette St\\, USA\r\n');
    expect(ics).toContain('UID:e1@shop.example');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0')).toBe(true);
  });

  it('folds every line to at most 75 octets without splitting a character, and unfolds to the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (title) => {
        const file = eventIcs({ id: 'x', title, startDate: 0, endDate: 0 }, 'h', 0);
        for (const line of file.split('\r\n'))
          expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
        const unfolded = file.replace(/\r\n /g, '');
        const summary = unfolded.split('\r\n').find((l) => l.startsWith('SUMMARY:'))!;
        expect(summary.slice(8).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c))).toBe(
          title.replace(/\r\n/g, '\n'),
        );
      }),
    );
  });
});
