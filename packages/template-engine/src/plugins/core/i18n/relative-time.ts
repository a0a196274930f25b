/** `relative-time`: "in 2 hours", "11 hours ago" on Intl.RelativeTimeFormat. */
import type { Formatter } from '../../types';
import { asNumber } from '../values';
import { capitalizeFirst, safeLocale, splitOption } from './options';
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

/** The largest unit with at least one whole step in the gap (weeks only when asked for). */
const pickUnit = (gap: number, spec: RelativeSpec): Unit => {
  if (spec.field) return spec.field;
  const abs = Math.abs(gap);
  const order: Unit[] = spec.allowWeeks
    ? ['year', 'month', 'week', 'day', 'hour', 'minute']
    : ['year', 'month', 'day', 'hour', 'minute'];
  return order.find((u) => abs >= UNIT_MS[u]) ?? 'second';
};

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
  const spec = relativeSpec(args);
  const gap = end - start;
  const unit = pickUnit(gap, spec);
  const amount = spec.alwaysNow && Math.abs(gap) < MINUTE ? 0 : Math.round(gap / UNIT_MS[unit]);
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
