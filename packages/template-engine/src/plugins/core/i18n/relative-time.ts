/** `relative-time`: "in 2 hours", "11 hours ago" on Intl.RelativeTimeFormat. */
import type { Formatter } from '../../types';
import { asNumber } from '../values';
import { capitalizeFirst, safeLocale, splitOption } from './options';
import { inDateRange } from './datetime';
import { Memo } from '../memo';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second';
const UNIT_MS: Readonly<Record<Unit, number>> = {
  year: 365 * DAY,
  month: 30 * DAY,
  week: 7 * DAY,
  day: DAY,
  hour: HOUR,
  minute: MINUTE,
  second: SECOND,
};
const FIELDS = new Set<string>(['year', 'month', 'week', 'day', 'hour', 'minute', 'second']);

interface RelativeSpec {
  field?: Unit;
  allowWeeks: boolean;
  numericOnly: boolean;
  alwaysNow: boolean;
  width: 'long' | 'short' | 'narrow';
  beginSentence: boolean;
}

const specs = new Memo<RelativeSpec>();

const relativeSpec = (args: readonly string[]): RelativeSpec =>
  specs.get(args.join('\u0000'), () => {
    const spec: RelativeSpec = {
      allowWeeks: false,
      numericOnly: false,
      alwaysNow: false,
      width: 'long',
      beginSentence: false,
    };
    for (const arg of args) {
      const [key, val] = splitOption(arg);
      switch (key) {
        case 'context':
          spec.beginSentence = val === 'begin-sentence';
          break;
        case 'field':
          if (FIELDS.has(val)) spec.field = val as Unit;
          break;
        case 'allowWeeks':
          spec.allowWeeks = val === 'true';
          break;
        case 'numericOnly':
          spec.numericOnly = val === 'true';
          break;
        case 'alwaysNow':
          spec.alwaysNow = val === 'true';
          break;
        case 'width':
          if (val === 'wide') spec.width = 'long';
          else if (val === 'short' || val === 'narrow') spec.width = val;
          break;
        default:
          break;
      }
    }
    return spec;
  });

/** `t` moved by `n` calendar months in UTC, the day kept or clamped to the month's last. */
const addMonths = (t: number, n: number): number => {
  const d = new Date(t);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + n;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), last);
  const time = t - Date.UTC(y, d.getUTCMonth(), d.getUTCDate());
  return Date.UTC(y, m, day) + time;
};

/** Milliseconds since midnight UTC. */
const timeOfDay = (t: number): number => ((t % DAY) + DAY) % DAY;

/**
 * Whole calendar months from start to end, counted as a calendar does: the time of day first
 * (a later hour of the start's day moves the end's date one day back), then the dates, a month
 * counting only once its day of the month is reached (Jan 31 to Feb 28 is no month yet, Mar 31
 * back to Feb 28 is one). Also the milliseconds left over from start moved by those months.
 */
const monthsBetween = (start: number, end: number): [number, number] => {
  const a = new Date(start);
  const ta = timeOfDay(start);
  const tb = timeOfDay(end);
  const forward = end >= start;
  const shift = forward ? (tb < ta ? -DAY : 0) : tb > ta ? DAY : 0;
  const b = new Date(end - tb + shift);
  let m = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
  if (m > 0 && b.getUTCDate() < a.getUTCDate()) m--;
  else if (m < 0 && b.getUTCDate() > a.getUTCDate()) m++;
  return [m, end - addMonths(start, m)];
};

/**
 * The unit and amount as the reference engine counts them: the largest calendar field that is
 * not zero (years and months by the calendar, not by 365 or 30 days; weeks only when asked
 * for), then the gap in that unit with the rest as a fraction (of 12 months, 365.25 or 30.44
 * days), rounded half to even.
 */
const unitAndAmount = (start: number, end: number, spec: RelativeSpec): [Unit, number] => {
  const gap = end - start;
  let unit = spec.field;
  const [months, rest] = monthsBetween(start, end);
  if (unit === undefined) {
    const abs = Math.abs(gap);
    if (Math.trunc(months / 12) !== 0) unit = 'year';
    else if (months !== 0) unit = 'month';
    else if (spec.allowWeeks && Math.abs(rest) >= UNIT_MS.week) unit = 'week';
    else unit = (['day', 'hour', 'minute'] as const).find((u) => abs >= UNIT_MS[u]) ?? 'second';
  }
  let amount: number;
  if (unit === 'year') {
    const years = Math.trunc(months / 12);
    amount = years + (months - years * 12) / 12 + rest / DAY / 365.25;
  } else if (unit === 'month') amount = months + rest / DAY / 30.44;
  else amount = gap / UNIT_MS[unit];
  return [unit, roundHalfEven(amount)];
};

/** Rounded as the reference's decimals round: a half goes to the even neighbour. */
const roundHalfEven = (x: number): number =>
  Math.abs(x % 1) === 0.5 ? 2 * Math.round(x / 2) : Math.round(x);

const formats = new Memo<Intl.RelativeTimeFormat>();

/** From `now` (or the first value) to the value (or the second value). */
const relativeTime: Formatter = (value, args, ctx, vars) => {
  let start = ctx.now;
  let end = asNumber(value);
  if (vars.length > 1) {
    start = end;
    end = asNumber(vars[1]);
  }
  if (!Number.isFinite(start) || !Number.isFinite(end)) return '';
  // Months are counted on the calendar, which a JavaScript Date holds only so far.
  if (!inDateRange(start, ctx) || !inDateRange(end, ctx)) return '';
  const spec = relativeSpec(args);
  const [unit, rounded] = unitAndAmount(start, end, spec);
  const amount = spec.alwaysNow && Math.abs(end - start) < MINUTE ? 0 : rounded;
  const loc = safeLocale(ctx.locale);
  const numeric = spec.numericOnly ? 'always' : 'auto';
  const f = formats.get(
    `${loc}\u0000${numeric}\u0000${spec.width}`,
    () => new Intl.RelativeTimeFormat(loc, { numeric, style: spec.width }),
  );
  const text = f.format(amount, unit);
  return spec.beginSentence ? capitalizeFirst(text, loc) : text;
};

export const relativeTimeFormatters = { 'relative-time': relativeTime } satisfies Record<string, Formatter>;
