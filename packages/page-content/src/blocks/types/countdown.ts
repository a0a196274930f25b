import { z } from 'zod';
import { LIMITS } from '../../limits';
import { messages } from '../../messages';
import { text } from '../../text';
import { defineBlock } from '../define-block';

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A wall-clock date and time as `<input type="datetime-local">` gives it, minutes included. */
export const localDateTimeSchema = z.string().refine((value) => {
  if (value === '') return true;
  const m = LOCAL_DATE_TIME.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60;
}, messages.blocks.countdownDateInvalid);

function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

function knownZone(timeZone: string | undefined): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timeZone || 'UTC' });
    return timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * The instant a wall-clock time names in a time zone. The zone's offset is read at a first guess
 * and again at the result, so a time next to a daylight-saving change lands on the right side.
 */
export function zonedTimeToInstant(local: string, timeZone: string | undefined): number | undefined {
  const m = LOCAL_DATE_TIME.exec(local);
  if (!m) return undefined;
  const zone = knownZone(timeZone);
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const first = wall - zoneOffsetMs(wall, zone);
  return wall - zoneOffsetMs(first, zone);
}

/** Days, hours, minutes and seconds left (never below zero). */
export function timeLeft(ms: number): { days: number; hours: number; minutes: number; seconds: number } {
  const s = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
    seconds: s % 60,
  };
}

export const countdownBlock = defineBlock({
  type: 'countdown',
  code: 70,
  label: 'Countdown',
  category: 'more',
  description: 'The days, hours and minutes left until a date: an opening, a sale, an event.',
  settings: z.object({
    title: text(LIMITS.maxShortText).default('Our doors open in'),
    endsAt: localDateTimeSchema.default(''),
    afterEnd: z.enum(['message', 'hide']).default('message'),
    endedMessage: text(LIMITS.maxShortText).default('We are open. Come and see us!'),
  }),
  fields: [
    { key: 'title', label: 'Title', kind: 'text', maxLength: LIMITS.maxShortText },
    {
      key: 'endsAt',
      label: 'Counts down to',
      kind: 'datetime',
      hint: 'In the site’s time zone, chosen under Site › Time zone.',
    },
    {
      key: 'afterEnd',
      label: 'When the time comes',
      kind: 'select',
      options: [
        { value: 'message', label: 'Show a message' },
        { value: 'hide', label: 'Hide the block' },
      ],
    },
    { key: 'endedMessage', label: 'Message', kind: 'text', maxLength: LIMITS.maxShortText },
  ],
  summary: (s) => (s.endsAt ? `Until ${s.endsAt.replace('T', ' ')}` : s.title),
  view: (s, _data, options) => {
    const endsAt = zonedTimeToInstant(s.endsAt, options.timeZone);
    if (endsAt === undefined) return { empty: true, emptyText: messages.blocks.countdownEmpty };
    const left = endsAt - (options.now ?? Date.now());
    const ended = left <= 0;
    return {
      ...s,
      endsAtIso: new Date(endsAt).toISOString(),
      ended,
      hidden: ended && s.afterEnd === 'hide',
      showMessage: s.afterEnd === 'message',
      ...timeLeft(left),
    };
  },
  // The storefront's countdown script ticks the numbers from data-ends-at; the server's are right
  // when the page is rendered, so the block reads well before (or without) the script.
  template:
    '{.if empty}<div class="countdown-block"><div class="block-empty">{emptyText}</div></div>{.or}' +
    '<div class="countdown-block" data-countdown data-ends-at="{endsAtIso}" data-after-end="{afterEnd}"{.if hidden} hidden{.end}>' +
    '<div class="countdown-block__running"{.if ended} hidden{.end}>{.section title}<h2 class="countdown-block__title">{@|htmltag}</h2>{.end}' +
    '<p class="countdown-block__clock" role="timer">' +
    '<span class="countdown-block__unit"><span class="countdown-block__value" data-unit="days">{days}</span> <span class="countdown-block__label">days</span></span> ' +
    '<span class="countdown-block__unit"><span class="countdown-block__value" data-unit="hours">{hours}</span> <span class="countdown-block__label">hours</span></span> ' +
    '<span class="countdown-block__unit"><span class="countdown-block__value" data-unit="minutes">{minutes}</span> <span class="countdown-block__label">minutes</span></span> ' +
    '<span class="countdown-block__unit"><span class="countdown-block__value" data-unit="seconds">{seconds}</span> <span class="countdown-block__label">seconds</span></span>' +
    '</p></div>' +
    '{.if showMessage}<p class="countdown-block__ended"{.if ended}{.or} hidden{.end}>{endedMessage|htmltag}</p>{.end}' +
    '</div>{.end}',
});
