/**
 * Calendar fields of an instant in an IANA time zone, read from the platform's Intl (ICU) time
 * zone data. One formatter per zone is built once and reused: constructing Intl objects is the
 * expensive part, formatting with them is cheap.
 */

import { Memo, ZoneMemo } from '../memo';

export interface ZonedFields {
  /** Astronomical year: 1 BC is 0. */
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** 1-366. */
  dayOfYear: number;
  /** Milliseconds to add to UTC to get local wall time. */
  offset: number;
  epoch: number;
}

export const DEFAULT_TIME_ZONE = 'America/New_York';

/** Spec §8: Julian day numbers exist from 4713 BC to 8652 AD. */
const MIN_INSTANT = Date.UTC(-4712, 0, 1);
const MAX_INSTANT = Date.UTC(8652, 11, 31, 23, 59, 59, 999);
export const inJulianRange = (instant: number): boolean => instant >= MIN_INSTANT && instant <= MAX_INSTANT;

const fieldFormatters = new Map<string, Intl.DateTimeFormat>();

const fieldFormatter = (timeZone: string): Intl.DateTimeFormat => {
  let f = fieldFormatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        era: 'short',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      // An unknown zone id means UTC (as the engine resolves website.timeZone) rather than failing the page.
      f = fieldFormatter('UTC');
    }
    fieldFormatters.set(timeZone, f);
  }
  return f;
};

// Zone transitions fall on quarter hours of UTC, so the offset is constant within one.
const QUARTER_HOUR = 900_000;
const offsets = new ZoneMemo<number>(5000);

/** Wall-clock offset of `timeZone` at `instant`, in milliseconds. */
export const zoneOffset = (instant: number, timeZone: string): number => {
  if (timeZone === 'UTC') return 0;
  const quarter = Math.floor(instant / QUARTER_HOUR);
  return offsets.get(timeZone, quarter) ?? offsets.set(timeZone, quarter, readOffset(instant, timeZone));
};

const readOffset = (instant: number, timeZone: string): number => {
  let year = 0;
  let month = 1;
  let day = 1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let bc = false;
  for (const p of fieldFormatter(timeZone).formatToParts(instant)) {
    const n = Number(p.value);
    switch (p.type) {
      case 'year':
        year = n;
        break;
      case 'month':
        month = n;
        break;
      case 'day':
        day = n;
        break;
      case 'hour':
        hour = n;
        break;
      case 'minute':
        minute = n;
        break;
      case 'second':
        second = n;
        break;
      case 'era':
        bc = p.value.startsWith('B');
        break;
      default:
        break;
    }
  }
  const wall = new Date(0);
  wall.setUTCFullYear(bc ? 1 - year : year, month - 1, day);
  wall.setUTCHours(hour, minute, second, 0);
  const seconds = Math.floor(instant / 1000) * 1000;
  return wall.getTime() - seconds;
};

// The fields of the instants a site shows (post dates, event times) recur on every render.
const fieldsCache = new ZoneMemo<Readonly<ZonedFields>>(5000);

/** Calendar fields of `instant` in `timeZone`; the object is shared and frozen. */
export const zonedFields = (instant: number, timeZone: string): Readonly<ZonedFields> =>
  fieldsCache.get(timeZone, instant) ?? fieldsCache.set(timeZone, instant, readFields(instant, timeZone));

const readFields = (instant: number, timeZone: string): Readonly<ZonedFields> => {
  const offset = zoneOffset(instant, timeZone);
  const d = new Date(instant + offset);
  const year = d.getUTCFullYear();
  const jan1 = new Date(0);
  jan1.setUTCFullYear(year, 0, 1);
  return Object.freeze({
    year,
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
    weekday: d.getUTCDay(),
    dayOfYear: Math.floor((d.getTime() - jan1.getTime()) / 86_400_000) + 1,
    offset,
    epoch: instant,
  });
};

// Locales whose CLDR data carries a commonly used abbreviation for some zones (EST, CET, AEDT,
// IST, JST…); the first one that does not fall back to "GMT+x" names the zone.
const ABBREVIATION_LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-IN', 'ja'];
const abbreviationFormatters = new Map<string, Intl.DateTimeFormat[]>();

const abbreviations = new Memo<string>(1000);

/** Short zone name such as "EST" or "JST", else the GMT offset form ICU gives. */
export const zoneAbbreviation = (instant: number, timeZone: string): string =>
  abbreviations.get(`${timeZone}\u0000${zoneOffset(instant, timeZone)}`, () =>
    readAbbreviation(instant, timeZone),
  );

const readAbbreviation = (instant: number, timeZone: string): string => {
  let fs = abbreviationFormatters.get(timeZone);
  if (!fs) {
    try {
      fs = ABBREVIATION_LOCALES.map((l) => new Intl.DateTimeFormat(l, { timeZone, timeZoneName: 'short' }));
    } catch {
      fs = [];
    }
    abbreviationFormatters.set(timeZone, fs);
  }
  let fallback = '';
  for (const f of fs) {
    const name = f.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? '';
    if (!/^GMT[+-−]/.test(name)) return name;
    fallback ||= name;
  }
  return fallback;
};
