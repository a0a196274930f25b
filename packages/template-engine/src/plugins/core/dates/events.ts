/** Event helpers: calendar links, durations, "time since" and same-day events. */
import type { Formatter, Predicate } from '../../types';
import { coreMessages, type TimeSinceUnit } from '../messages';
import { asNumber, asString, getPath, padStart } from '../values';
import { urlEncode } from '../html/escaping';
import { strftime } from './strftime';

const DAY_SECONDS = 86_400;

/**
 * Spec §9: "about N units ago" in years (365 days), months (30 days), weeks, days, hours and
 * minutes, else "less than a minute ago".
 */
export const humanizeElapsed = (deltaMs: number): string => {
  const secs = Math.trunc(deltaMs / 1000);
  const days = Math.trunc(secs / DAY_SECONDS);
  const steps: [number, TimeSinceUnit][] = [
    [Math.trunc(days / 365), 'year'],
    [Math.trunc(days / 30), 'month'],
    [Math.trunc(days / 7), 'week'],
    [days, 'day'],
    [Math.trunc((secs - days * DAY_SECONDS) / 3600), 'hour'],
    [Math.trunc((secs - days * DAY_SECONDS) / 60), 'minute'],
  ];
  for (const [n, unit] of steps) {
    if (n > 0) return coreMessages.timeSince.about(n, unit);
  }
  return coreMessages.timeSince.lessThanAMinute;
};

const timesince: Formatter = (value, _args, ctx) => {
  const n = asNumber(value);
  if (!Number.isFinite(n)) return coreMessages.timeSince.invalidDate;
  return `<span class="timesince" data-date="${n}">${humanizeElapsed(ctx.now - n)}</span>`;
};

/** Milliseconds as "m:ss". */
const humanizeDuration: Formatter = (value) => {
  const ms = asNumber(value);
  // No number (or no finite one) reads as zero, as in the reference, rather than "NaN:NaN".
  const secs = Number.isFinite(ms) ? Math.trunc(ms / 1000) : 0;
  const mins = Math.trunc(secs / 60);
  return `${mins}:${padStart(secs - mins * 60, 2)}`;
};

const CALENDAR_STAMP = '%Y%m%dT%H%M%SZ';

/** Spec §7: an event link to the public calendar with UTC basic-format dates and the address. */
const googleCalendarUrl: Formatter = (value) => {
  const start = strftime(asNumber(getPath(value, 'startDate')), CALENDAR_STAMP, 'UTC');
  const end = strftime(asNumber(getPath(value, 'endDate')), CALENDAR_STAMP, 'UTC');
  let url =
    `http://www.google.com/calendar/event?action=TEMPLATE&text=${urlEncode(asString(getPath(value, 'title')))}` +
    `&dates=${start}/${end}`;
  const location = getPath(value, 'location');
  if (location !== undefined) {
    const address = ['addressLine1', 'addressLine2', 'addressCountry']
      .map((k) => asString(getPath(location, k)).trim())
      .filter((s) => s.length > 0)
      .join(', ');
    if (address !== '') url += `&location=${encodeURIComponent(address)}`;
  }
  return url;
};

/** Spec §5: same UTC calendar day (year and day of year). */
const sameDay: Predicate = (_args, ctx) => {
  const a = new Date(asNumber(getPath(ctx.node, 'startDate')));
  const b = new Date(asNumber(getPath(ctx.node, 'endDate')));
  return (
    a.getUTCFullYear() === b.getUTCFullYear() &&
    a.getUTCMonth() === b.getUTCMonth() &&
    a.getUTCDate() === b.getUTCDate()
  );
};

export const eventFormatters = {
  'google-calendar-url': googleCalendarUrl,
  humanizeDuration,
  timesince,
} satisfies Record<string, Formatter>;

export const eventPredicates = { 'same-day?': sameDay } satisfies Record<string, Predicate>;
