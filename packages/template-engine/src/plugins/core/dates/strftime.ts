/**
 * `date %Y-%m-%d …`: UNIX strftime-style patterns in the site's time zone. Names are English, as
 * the legacy format always was; locale-aware output is `datetime`'s job.
 */
import type { Formatter } from '../../types';
import { coreMessages } from '../messages';
import { asNumber, padStart } from '../values';
import { ZoneMemo } from '../memo';
import { inJulianRange, zoneAbbreviation, zonedFields, type ZonedFields } from './zoned';

const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const hour12 = (h: number): number => (h % 12 === 0 ? 12 : h % 12);

/** Week of the year with weeks starting on Sunday and week 1 holding January 1st. */
const weekOfYear = (f: ZonedFields): number => {
  const jan1Weekday = (f.weekday - ((f.dayOfYear - 1) % 7) + 7) % 7;
  return Math.floor((f.dayOfYear - 1 + jan1Weekday) / 7) + 1;
};

/** ISO 8601 week number and its year (weeks start Monday; week 1 holds the first Thursday). */
const isoWeek = (f: ZonedFields): [week: number, year: number] => {
  const d = new Date(0);
  d.setUTCFullYear(f.year, f.month - 1, f.day);
  const dow = f.weekday === 0 ? 7 : f.weekday;
  d.setUTCDate(d.getUTCDate() + 4 - dow);
  const year = d.getUTCFullYear();
  const jan1 = new Date(0);
  jan1.setUTCFullYear(year, 0, 1);
  return [Math.ceil(((d.getTime() - jan1.getTime()) / 86_400_000 + 1) / 7), year];
};

const offsetText = (offset: number): string => {
  const mins = Math.round(Math.abs(offset) / 60_000);
  return `${offset < 0 ? '-' : '+'}${padStart(Math.floor(mins / 60), 2)}:${padStart(mins % 60, 2)}`;
};

const field = (f: ZonedFields, code: string, timeZone: string): string | undefined => {
  switch (code) {
    case 'a':
      return SHORT_DAYS[f.weekday];
    case 'A':
      return LONG_DAYS[f.weekday];
    case 'b':
    case 'h':
      return SHORT_MONTHS[f.month - 1];
    case 'B':
      return LONG_MONTHS[f.month - 1];
    case 'c':
      return format(f, `%a, %b ${f.day}, %Y %i:%M:%S %p %Z`, timeZone);
    case 'C':
      return padStart(Math.trunc(f.year / 100), 2);
    case 'd':
      return padStart(f.day, 2);
    case 'D':
      return format(f, '%m/%d/%y', timeZone);
    case 'e':
      return padStart(f.day, 2, ' ');
    case 'F':
      return format(f, '%Y-%m-%d', timeZone);
    case 'g':
      return padStart(isoWeek(f)[1] % 100, 2);
    case 'G':
      return padStart(isoWeek(f)[1], 4);
    case 'H':
      return padStart(f.hour, 2);
    case 'i':
      return String(hour12(f.hour));
    case 'I':
      return padStart(hour12(f.hour), 2);
    case 'j':
      return padStart(f.dayOfYear, 3);
    case 'k':
      return padStart(f.hour, 2, ' ');
    case 'l':
      return padStart(hour12(f.hour), 2, ' ');
    case 'm':
      return padStart(f.month, 2);
    case 'M':
      return padStart(f.minute, 2);
    case 'n':
      return '\n';
    case 'N':
      return padStart(f.millisecond * 1_000_000, 9);
    case 'p':
      return f.hour < 12 ? 'AM' : 'PM';
    case 'P':
      return f.hour < 12 ? 'am' : 'pm';
    case 'q':
      return String(Math.floor((f.month - 1) / 3) + 1);
    case 'r':
      return format(f, `${hour12(f.hour)}:%M:%S %p`, timeZone);
    case 'R':
      return format(f, '%H:%M', timeZone);
    case 's':
      return String(Math.trunc(f.epoch / 1000));
    case 'S':
      return padStart(f.second, 2);
    case 't':
      return '\t';
    case 'T':
      return format(f, '%H:%M:%S', timeZone);
    case 'u':
      return String(f.weekday === 0 ? 7 : f.weekday);
    case 'U':
    case 'W':
      return padStart(weekOfYear(f), 2);
    case 'v':
      return format(f, '%e-%b-%Y', timeZone);
    case 'V':
      return padStart(isoWeek(f)[0], 2);
    case 'w':
      return String(f.weekday);
    case 'x':
      return format(f, '%m/%d/%Y', timeZone);
    case 'X':
      return format(f, '%I:%M:%S %p', timeZone);
    case 'y':
      return padStart(((f.year % 100) + 100) % 100, 2);
    case 'Y':
      return String(f.year);
    case 'z':
      return offsetText(f.offset);
    case 'Z':
      return zoneAbbreviation(f.epoch, timeZone);
    default:
      return undefined;
  }
};

/** Expands `%x` codes; `%%` is a literal percent and unknown codes print nothing. */
const format = (f: ZonedFields, pattern: string, timeZone: string): string => {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch !== '%') {
      out += ch;
      continue;
    }
    i++;
    if (i >= pattern.length) {
      out += '%';
      break;
    }
    const code = pattern[i] ?? '';
    out += code === '%' ? '%' : (field(f, code, timeZone) ?? '');
  }
  return out;
};

export const strftime = (instant: number, pattern: string, timeZone: string): string =>
  format(zonedFields(instant, timeZone), pattern, timeZone);

/**
 * Finished texts of one `date` call site (its arguments array, which the engine compiles once)
 * by zone and instant: the output depends on nothing else, and a page shows the same dates
 * render after render. Keyed by the array, so no pattern is joined per call; a copy of the
 * arguments guards against a caller that reuses the array with other contents.
 */
interface DateSite {
  readonly args: readonly string[];
  readonly pattern: string;
  readonly texts: ZoneMemo<string>;
}
const dateSites = new WeakMap<readonly string[], DateSite>();

const sameArgs = (a: readonly string[], b: readonly string[]): boolean => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

const dateSite = (args: readonly string[]): DateSite => {
  let site = dateSites.get(args);
  if (site === undefined || !sameArgs(site.args, args)) {
    site = { args: args.slice(), pattern: args.join(' '), texts: new ZoneMemo<string>(1000) };
    dateSites.set(args, site);
  }
  return site;
};

const date: Formatter = (value, args, ctx) => {
  if (args.length === 0) return '';
  const instant = asNumber(value);
  if (!Number.isFinite(instant)) return '';
  if (!inJulianRange(instant)) {
    ctx.error('JULIAN_DAY_OUT_OF_RANGE', coreMessages.errors.julianDayOutOfRange(instant));
    return '';
  }
  const { pattern, texts } = dateSite(args);
  return (
    texts.get(ctx.timeZone, instant) ??
    texts.set(ctx.timeZone, instant, strftime(instant, pattern, ctx.timeZone))
  );
};

export const strftimeFormatters = { date } satisfies Record<string, Formatter>;
