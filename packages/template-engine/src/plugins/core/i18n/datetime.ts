/** `datetime` and `datetime-interval`: locale-aware dates on Intl.DateTimeFormat. */
import type { Formatter, RenderContext } from '../../types';
import { asNumber } from '../values';
import { zonedFields } from '../dates/zoned';
import { capitalizeFirst, safeLocale, splitOption } from './options';
import { Memo, SiteTexts } from '../memo';
import { coreMessages } from '../messages';

/** Intl cannot format past ±8.64e15 ms; such an instant is a render error, not a crash. */
const MAX_DATE = 8.64e15;
export const inDateRange = (instant: number, ctx: RenderContext): boolean => {
  if (instant >= -MAX_DATE && instant <= MAX_DATE) return true;
  ctx.error('JULIAN_DAY_OUT_OF_RANGE', coreMessages.errors.dateOutOfRange(instant));
  return false;
};
import { parseSkeleton } from './skeleton';

type Width = 'short' | 'medium' | 'long' | 'full';
const WIDTHS = new Set<string>(['short', 'medium', 'long', 'full']);
const CALENDARS: Readonly<Record<string, string>> = {
  gregorian: 'gregory',
  gregory: 'gregory',
  buddhist: 'buddhist',
  iso8601: 'iso8601',
  persian: 'persian',
  japanese: 'japanese',
};

interface DatetimeSpec {
  date?: Width;
  time?: Width;
  /** A bare width or `datetime:width`: both parts at that width, over `date`/`time`. */
  datetime?: Width;
  skeleton?: string;
  calendar: string;
  beginSentence: boolean;
}

const datetimeSpecs = new Memo<DatetimeSpec>();

/**
 * `date:long time:short`, `full` (both), `date`/`time` (short), `calendar:japanese`,
 * `context:begin-sentence`; any other bare word adds to a skeleton such as `yMMMd`. The
 * Gregorian calendar unless one is named, whatever the locale prefers, as in the reference.
 */
const datetimeSpec = (args: readonly string[]): DatetimeSpec =>
  datetimeSpecs.get(args.join('\u0000'), () => {
    const spec: DatetimeSpec = { beginSentence: false, calendar: 'gregory' };
    const addSkeleton = (s: string): void => {
      spec.skeleton = (spec.skeleton ?? '') + s;
    };
    for (const arg of args) {
      const [key, val] = splitOption(arg);
      if (val === '') {
        if (key === 'date') spec.date = 'short';
        else if (key === 'time') spec.time = 'short';
        else if (WIDTHS.has(key)) spec.datetime = key as Width;
        else addSkeleton(key);
        continue;
      }
      switch (key) {
        case 'calendar':
          spec.calendar = CALENDARS[val] ?? 'gregory';
          break;
        case 'context':
          spec.beginSentence = val === 'begin-sentence';
          break;
        case 'date':
        case 'time':
        case 'datetime':
          if (!WIDTHS.has(val)) addSkeleton(val);
          else spec[key] = val as Width;
          break;
        case 'skeleton':
          spec.skeleton = val;
          break;
        default:
          break;
      }
    }
    return spec;
  });

const dateFormats = new Memo<Intl.DateTimeFormat>();

const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const loc = safeLocale(locale);
  return dateFormats.get(`${loc}\u0000${JSON.stringify(options)}`, () => {
    try {
      return new Intl.DateTimeFormat(loc, options);
    } catch {
      // Unknown zone or calendar: keep the page rendering in the platform's default zone.
      const { timeZone: _ignored, calendar: _also, ...rest } = options;
      return new Intl.DateTimeFormat(loc, { ...rest, timeZone: 'America/New_York' });
    }
  });
};

/**
 * The text ICU produced. Some Node releases swap U+202F for a plain space in `format()` only;
 * the parts keep CLDR's spacing, the same one `formatRange` returns.
 */
const icuText = (parts: readonly Intl.DateTimeFormatPart[]): string => {
  let s = '';
  for (const p of parts) s += p.value;
  return s;
};

/** Skeleton option fields that are parts of a time, the rest being parts of a date. */
const TIME_FIELDS = ['hour', 'minute', 'second', 'hour12', 'hourCycle', 'timeZoneName'] as const;

/** The date half (`time` false) or the time half of a skeleton's options. */
const skeletonHalf = (skeleton: string, time: boolean): Intl.DateTimeFormatOptions => {
  const all: Record<string, unknown> = { ...parseSkeleton(skeleton).options };
  const half: Record<string, unknown> = {};
  for (const k of Object.keys(all)) {
    if ((TIME_FIELDS as readonly string[]).includes(k) === time) half[k] = all[k];
  }
  if (!time || half.hour !== undefined || half.minute !== undefined || half.second !== undefined) return half;
  return {};
};

const hasFields = (o: Intl.DateTimeFormatOptions): boolean => Object.keys(o).length > 0;

/** The text ICU puts between a date and a time of a date style ("{date} at {time}", "{date}, {time}"). */
const connectors = new Memo<string>();
const dateTimeConnector = (locale: string, width: Width, base: Intl.DateTimeFormatOptions): string =>
  connectors.get(`${locale}\u0000${width}\u0000${base.calendar}`, () => {
    const parts = dateFormat(locale, {
      ...base,
      timeZone: 'UTC',
      dateStyle: width,
      timeStyle: 'short',
    }).formatToParts(0);
    const at = parts.findIndex((p) => p.type === 'hour' || p.type === 'dayPeriod');
    const before = parts[at - 1];
    return at > 0 && before?.type === 'literal' ? before.value : ', ';
  });

/**
 * How a datetime spec prints, following the reference's precedence: a width for both parts
 * (`datetime`) over `date`/`time`; both parts standard leave the skeleton out; one standard part
 * takes the other part's fields from the skeleton; nothing at all is a long date.
 */
type DatetimePlan =
  | { kind: 'one'; format: Intl.DateTimeFormat }
  | { kind: 'pair'; first: Intl.DateTimeFormat; connector: string; second: Intl.DateTimeFormat };

const planDatetime = (spec: DatetimeSpec, locale: string, timeZone: string): DatetimePlan => {
  const base: Intl.DateTimeFormatOptions = { timeZone, calendar: spec.calendar };
  const dateKey = spec.datetime ?? spec.date;
  const timeKey = spec.datetime ?? spec.time;
  const skeleton = spec.skeleton ?? '';
  if (dateKey && timeKey)
    return { kind: 'one', format: dateFormat(locale, { ...base, dateStyle: dateKey, timeStyle: timeKey }) };
  if (!dateKey && !timeKey) {
    if (skeleton === '') return { kind: 'one', format: dateFormat(locale, { ...base, dateStyle: 'long' }) };
    return { kind: 'one', format: dateFormat(locale, { ...parseSkeleton(skeleton).options, ...base }) };
  }
  // One standard part; the skeleton may supply the other.
  const other = skeletonHalf(skeleton, dateKey !== undefined);
  const standard = dateKey
    ? dateFormat(locale, { ...base, dateStyle: dateKey })
    : dateFormat(locale, { ...base, timeStyle: timeKey });
  if (!hasFields(other)) return { kind: 'one', format: standard };
  const extra = dateFormat(locale, { ...other, ...base });
  const connector = dateTimeConnector(locale, dateKey ?? 'short', base);
  return dateKey
    ? { kind: 'pair', first: standard, connector, second: extra }
    : { kind: 'pair', first: extra, connector, second: standard };
};

interface PreparedDatetime {
  plan: DatetimePlan;
  beginSentence: boolean;
}

const preparedDatetimes = new Memo<PreparedDatetime>(1000);

const datetimeTexts = new SiteTexts();

export const formatDatetime = (value: unknown, args: readonly string[], ctx: RenderContext): string => {
  const instant = asNumber(value);
  if (!Number.isFinite(instant) || !inDateRange(instant, ctx)) return '';
  const texts = datetimeTexts.texts(args, ctx.locale, ctx.timeZone);
  const done = texts.get(instant);
  if (done !== undefined) return done;
  const key = `${ctx.locale}\u0000${ctx.timeZone}\u0000${args.join('\u0000')}`;
  const p = preparedDatetimes.get(key, () => {
    const spec = datetimeSpec(args);
    return { plan: planDatetime(spec, ctx.locale, ctx.timeZone), beginSentence: spec.beginSentence };
  });
  const { plan } = p;
  const text =
    plan.kind === 'one'
      ? icuText(plan.format.formatToParts(instant))
      : icuText(plan.first.formatToParts(instant)) +
        plan.connector +
        icuText(plan.second.formatToParts(instant));
  const out = p.beginSentence ? capitalizeFirst(text, ctx.locale) : text;
  texts.set(instant, out);
  return out;
};

interface IntervalSpec {
  skeleton?: string;
  date?: string;
  time?: string;
  beginSentence: boolean;
}

const intervalSpecs = new Memo<IntervalSpec>();

const intervalSpec = (args: readonly string[]): IntervalSpec =>
  intervalSpecs.get(args.join('\u0000'), () => {
    const spec: IntervalSpec = { beginSentence: false };
    for (const arg of args) {
      const [key, val] = splitOption(arg);
      if (val === '') {
        if (key && !['context', 'skeleton', 'date', 'time'].includes(key)) spec.skeleton = key;
      } else if (key === 'context') spec.beginSentence = val === 'begin-sentence';
      else if (key === 'skeleton' || key === 'date' || key === 'time') spec[key] = val;
    }
    return spec;
  });

const DEFAULT_DATE_SKELETON = 'yMMMd';
const DEFAULT_TIME_SKELETON = 'jm';

/**
 * The range of two instants. Without a skeleton: dates when the days differ, else times. A
 * time-only skeleton over different days gains the date so the range stays unambiguous; a
 * weekday-only skeleton over different days shows each end with its time ("Tue, 3:51 PM").
 */
interface PreparedInterval {
  range: Intl.DateTimeFormat;
  /** Set when each end is shown on its own with a time ("Tue, 3:51 PM"). */
  time: Intl.DateTimeFormat | undefined;
  beginSentence: boolean;
}

const preparedIntervals = new Memo<PreparedInterval>(1000);
const rangeTexts = new Memo<string>(5000);

const prepareInterval = (
  args: readonly string[],
  dateDiffers: boolean,
  locale: string,
  timeZone: string,
): PreparedInterval => {
  const spec = intervalSpec(args);
  let skeleton = spec.skeleton ?? (dateDiffers && spec.date ? spec.date : spec.time);
  let fields = parseSkeleton(skeleton ?? '');
  if (!skeleton) {
    skeleton = dateDiffers ? DEFAULT_DATE_SKELETON : DEFAULT_TIME_SKELETON;
    fields = parseSkeleton(skeleton);
  } else {
    if (dateDiffers && !fields.hasDate) fields = parseSkeleton(DEFAULT_DATE_SKELETON + skeleton);
    if (fields.largestTime === 'm' || fields.largestTime === 's') {
      fields = parseSkeleton(`${fields.largestTime === 's' ? 'jm' : 'j'}${skeleton}`);
    }
  }
  const range = dateFormat(locale, { ...fields.options, timeZone });
  const separate = dateDiffers && fields.hasDate && !fields.hasYmd && !fields.hasTime;
  const time = separate
    ? dateFormat(locale, { ...parseSkeleton(DEFAULT_TIME_SKELETON).options, timeZone })
    : undefined;
  return { range, time, beginSentence: spec.beginSentence };
};

/**
 * The range of two instants. Without a skeleton: dates when the days differ, else times. A
 * time-only skeleton over different days gains the date so the range stays unambiguous; a
 * weekday-only skeleton over different days shows each end with its time ("Tue, 3:51 PM").
 */
export const formatInterval = (
  a: unknown,
  b: unknown,
  args: readonly string[],
  ctx: RenderContext,
): string => {
  const start = asNumber(a);
  const end = asNumber(b);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return '';
  if (!inDateRange(start, ctx) || !inDateRange(end, ctx)) return '';
  const texts = intervalTexts.texts(args, ctx.locale, ctx.timeZone);
  const pair = `${start}/${end}`;
  const done = texts.get(pair);
  if (done !== undefined) return done;
  const out = intervalText(start, end, args, ctx);
  texts.set(pair, out);
  return out;
};

const intervalTexts = new SiteTexts();

const intervalText = (start: number, end: number, args: readonly string[], ctx: RenderContext): string => {
  const fa = zonedFields(start, ctx.timeZone);
  const fb = zonedFields(end, ctx.timeZone);
  const dateDiffers = fa.year !== fb.year || fa.month !== fb.month || fa.day !== fb.day;
  const key = `${ctx.locale}\u0000${ctx.timeZone}\u0000${dateDiffers}\u0000${args.join('\u0000')}`;
  const p = preparedIntervals.get(key, () => prepareInterval(args, dateDiffers, ctx.locale, ctx.timeZone));
  // ICU builds an interval formatter on every formatRange call (tens of µs), and pages show
  // the same event ranges render after render, so finished texts are kept.
  return rangeTexts.get(`${key}\u0000${start}\u0000${end}`, () => {
    let text: string;
    if (p.time) {
      const { range, time } = p;
      const side = (t: number): string =>
        `${icuText(range.formatToParts(t))}, ${icuText(time.formatToParts(t))}`;
      // ICU's interval fallback joins the ends with thin spaces around an en dash.
      text = `${side(start)}\u2009–\u2009${side(end)}`;
    } else {
      text = icuText(p.range.formatRangeToParts(start, end));
    }
    return p.beginSentence ? capitalizeFirst(text, ctx.locale) : text;
  });
};

const datetime: Formatter = (value, args, ctx) => formatDatetime(value, args, ctx);

const datetimeInterval: Formatter = (value, args, ctx, vars) =>
  vars.length < 2 ? '' : formatInterval(value, vars[1], args, ctx);

export const datetimeFormatters = {
  datetime,
  'datetime-interval': datetimeInterval,
} satisfies Record<string, Formatter>;
