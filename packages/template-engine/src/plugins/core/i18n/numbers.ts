/** `decimal` and `unit`: locale-aware number formatting on the platform's Intl.NumberFormat. */
import type { Formatter, RenderContext } from '../../types';
import { asString } from '../values';
import { clampInt, DIGIT_CAP, safeLocale, splitOption } from './options';
import { Memo, SiteTexts } from '../memo';

type Rounding = NonNullable<Intl.NumberFormatOptions['roundingMode']>;

const ROUNDING: Readonly<Record<string, Rounding>> = {
  up: 'expand',
  down: 'trunc',
  truncate: 'trunc',
  ceil: 'ceil',
  ceiling: 'ceil',
  floor: 'floor',
  'half-up': 'halfExpand',
  'half-down': 'halfTrunc',
  'half-even': 'halfEven',
};

export interface DecimalSpec {
  intl: Intl.NumberFormatOptions;
  /** Multiplier applied before formatting, for the `-scaled` and permille styles. */
  scale: number;
  suffix: string;
  /**
   * Scientific style with fraction options: the number is first rounded to this many fraction
   * digits, then its coefficient is (the reference rounds twice).
   */
  preRound?: Intl.NumberFormatOptions;
}

/** Applies one digit/grouping/rounding option shared by decimal, unit and relative time. */
export const numberOption = (
  key: string,
  val: string,
  o: Intl.NumberFormatOptions,
  cap = DIGIT_CAP,
): void => {
  switch (key) {
    case 'group':
    case 'grouping':
      o.useGrouping = val === '' || val === 'true';
      break;
    case 'no-group':
    case 'no-grouping':
      o.useGrouping = false;
      break;
    case 'round':
    case 'rounding': {
      const mode = ROUNDING[val];
      if (mode) o.roundingMode = mode;
      break;
    }
    case 'minint':
    case 'minInt':
    case 'minimumIntegerDigits':
      o.minimumIntegerDigits = clampInt(val, 1, Math.min(cap, 21));
      break;
    case 'maxfrac':
    case 'maxFrac':
    case 'maximumFractionDigits':
      o.maximumFractionDigits = clampInt(val, 0, cap);
      break;
    case 'minfrac':
    case 'minFrac':
    case 'minimumFractionDigits':
      o.minimumFractionDigits = clampInt(val, 0, cap);
      break;
    case 'maxsig':
    case 'maxSig':
    case 'maximumSignificantDigits':
      o.maximumSignificantDigits = clampInt(val, 1, Math.min(cap, 21));
      break;
    case 'minsig':
    case 'minSig':
    case 'minimumSignificantDigits':
      o.minimumSignificantDigits = clampInt(val, 1, Math.min(cap, 21));
      break;
    default:
      break;
  }
};

/** Intl rejects min > max; the template author meant "at most", so the minimum yields. */
export const reconcileDigits = (o: Intl.NumberFormatOptions): void => {
  const { minimumFractionDigits: minF, maximumFractionDigits: maxF } = o;
  if (minF !== undefined && maxF !== undefined && minF > maxF) o.minimumFractionDigits = maxF;
  const { minimumSignificantDigits: minS, maximumSignificantDigits: maxS } = o;
  if (minS !== undefined && maxS !== undefined && minS > maxS) o.minimumSignificantDigits = maxS;
};

const specs = new Memo<DecimalSpec>();

/** Parsed once per argument list; `cap` is the render's digit limit (spec §5: 50). */
export const decimalSpec = (args: readonly string[], cap = DIGIT_CAP): DecimalSpec =>
  specs.get(`${cap}\u0000${args.join('\u0000')}`, () => {
    const spec: DecimalSpec = { intl: { roundingMode: 'halfEven' }, scale: 1, suffix: '' };
    for (const arg of args) {
      const [key, val] = splitOption(arg);
      if (key !== 'style') {
        numberOption(key, val, spec.intl, cap);
        continue;
      }
      switch (val) {
        case 'percent':
          spec.intl.style = 'percent';
          spec.scale = 1;
          break;
        case 'percent-scaled':
          spec.intl.style = 'percent';
          spec.scale = 0.01;
          break;
        case 'permille':
          spec.scale = 1000;
          spec.suffix = '‰';
          break;
        case 'permille-scaled':
          spec.suffix = '‰';
          break;
        case 'short':
        case 'long':
          spec.intl.notation = 'compact';
          spec.intl.compactDisplay = val;
          break;
        case 'scientific':
          spec.intl.notation = 'scientific';
          break;
        default:
          break;
      }
    }
    if (spec.intl.notation === 'scientific') scientificDigits(spec);
    else reconcileDigits(spec.intl);
    return spec;
  });

/**
 * Digits of the scientific style as the reference (CLDR's `#E0` pattern) has them: one
 * significant digit unless told otherwise; significant-digit options win over fraction ones; a
 * lone `minfrac` is also the maximum, and `maxfrac` bounds `minfrac`.
 */
const scientificDigits = (spec: DecimalSpec): void => {
  const o = spec.intl;
  const { minimumFractionDigits: minF, maximumFractionDigits: maxF } = o;
  const { minimumSignificantDigits: minS, maximumSignificantDigits: maxS } = o;
  delete o.minimumFractionDigits;
  delete o.maximumFractionDigits;
  delete o.minimumSignificantDigits;
  delete o.maximumSignificantDigits;
  o.useGrouping = false;
  if (minS !== undefined || maxS !== undefined || (minF === undefined && maxF === undefined)) {
    const min = minS ?? 1;
    o.minimumSignificantDigits = min;
    o.maximumSignificantDigits = Math.max(min, maxS ?? 1);
    return;
  }
  const max = maxF ?? minF!;
  const min = minF === undefined ? 0 : Math.min(minF, max);
  o.minimumFractionDigits = min;
  o.maximumFractionDigits = max;
  spec.preRound = { maximumFractionDigits: max, useGrouping: false, roundingMode: o.roundingMode };
};

/**
 * Intl writes exponents as `E4`, `E-3`, `E0`; the reference writes `E+4`, `E-3` and leaves a
 * zero exponent out.
 */
const scientificText = (parts: readonly Intl.NumberFormatPart[]): string => {
  let exponent = '';
  let negative = false;
  for (const p of parts) {
    if (p.type === 'exponentInteger') exponent = p.value;
    else if (p.type === 'exponentMinusSign') negative = true;
  }
  const zero = exponent === '' || /^[0０٠۰]+$/.test(exponent);
  let s = '';
  for (const p of parts) {
    if (p.type === 'exponentSeparator') {
      if (zero) continue;
      s += p.value;
      if (!negative) s += '+';
    } else if (p.type === 'exponentInteger' || p.type === 'exponentMinusSign') {
      if (!zero) s += p.value;
    } else s += p.value;
  }
  return s;
};

const numberFormats = new Memo<Intl.NumberFormat>();

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat => {
  const loc = safeLocale(locale);
  return numberFormats.get(`${loc}\u0000${JSON.stringify(options)}`, () => {
    try {
      return new Intl.NumberFormat(loc, options);
    } catch {
      // An option combination ICU refuses (e.g. unknown unit) formats plainly instead.
      return new Intl.NumberFormat(loc);
    }
  });
};

const DECIMAL = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i;

/**
 * A number or decimal string, kept as a string so long decimals are formatted exactly. Text with
 * spaces around the number is no number, as in the reference (`{price|money|decimal}` is empty).
 */
export const toDecimal = (value: unknown): string | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  const s = asString(value);
  return DECIMAL.test(s) ? s : undefined;
};

type DecimalInput = Parameters<Intl.NumberFormat['format']>[0];

interface PreparedDecimal {
  spec: DecimalSpec;
  format: Intl.NumberFormat;
  preRound: Intl.NumberFormat | undefined;
}

const preparedDecimals = new Memo<PreparedDecimal>(1000);

const decimalTexts = new SiteTexts();

export const formatDecimal = (value: unknown, args: readonly string[], ctx: RenderContext): string => {
  const primitive = typeof value === 'number' || typeof value === 'string';
  const cap = ctx.limits?.maxDigits ?? DIGIT_CAP;
  const texts = primitive
    ? decimalTexts.texts(args, ctx.locale, cap === DIGIT_CAP ? '' : String(cap))
    : undefined;
  const done = texts?.get(value);
  if (done !== undefined) return done;
  const out = decimalText(value, args, ctx, cap);
  texts?.set(value, out);
  return out;
};

const decimalText = (value: unknown, args: readonly string[], ctx: RenderContext, cap: number): string => {
  const n = toDecimal(value);
  if (n === undefined) return '';
  const p = preparedDecimals.get(`${ctx.locale}\u0000${cap}\u0000${args.join('\u0000')}`, () => {
    const spec = decimalSpec(args, cap);
    return {
      spec,
      format: numberFormat(ctx.locale, spec.intl),
      // Plain digits ("en") so that the second pass can read them back.
      preRound: spec.preRound && numberFormat('en', spec.preRound),
    };
  });
  let input = p.spec.scale === 1 ? n : String(Number(n) * p.spec.scale);
  if (p.spec.intl.notation !== 'scientific') return p.format.format(input as DecimalInput) + p.spec.suffix;
  if (p.preRound) input = p.preRound.format(input as DecimalInput);
  return scientificText(p.format.formatToParts(input as DecimalInput)) + p.spec.suffix;
};

const decimal: Formatter = (value, args, ctx) => formatDecimal(value, args, ctx);

/**
 * `unit in:byte [width:short|narrow|long]`: a quantity with its unit name, for the units Intl
 * knows (CLDR "sanctioned" simple units). Conversions between units are not offered.
 */
const unitSpecs = new Memo<Intl.NumberFormatOptions | undefined>();

const unitOptions = (args: readonly string[]): Intl.NumberFormatOptions | undefined =>
  unitSpecs.get(args.join('\u0000'), () => {
    const o: Intl.NumberFormatOptions = { style: 'unit', roundingMode: 'halfEven' };
    for (const arg of args) {
      const [key, val] = splitOption(arg);
      if (key === 'in' || key === 'unit') o.unit = val;
      else if (key === 'width' && (val === 'short' || val === 'narrow' || val === 'long'))
        o.unitDisplay = val;
      else numberOption(key, val, o);
    }
    if (!o.unit) return undefined;
    try {
      new Intl.NumberFormat('en', o);
    } catch {
      return undefined;
    }
    reconcileDigits(o);
    return o;
  });

const unitTexts = new SiteTexts();

const unit: Formatter = (value, args, ctx) => {
  const primitive = typeof value === 'number' || typeof value === 'string';
  const texts = primitive ? unitTexts.texts(args, ctx.locale, '') : undefined;
  const done = texts?.get(value);
  if (done !== undefined) return done;
  const n = toDecimal(value);
  const o = unitOptions(args);
  const out = n === undefined || o === undefined ? '' : numberFormat(ctx.locale, o).format(n as DecimalInput);
  texts?.set(value, out);
  return out;
};

export const numberI18nFormatters = { decimal, unit } satisfies Record<string, Formatter>;
