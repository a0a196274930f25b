/**
 * Exact decimal handling for money. Amounts arrive as decimal strings ("150.00"), legacy cent
 * numbers (15000) or user input; they are turned into integer minor units (bigint) by moving the
 * decimal point on the digit string, so no binary float ever touches a price.
 */

export interface DecimalParts {
  readonly negative: boolean;
  /** Integer digits without leading zeros ("0" for zero). */
  readonly int: string;
  /** Fraction digits as written, possibly with trailing zeros. */
  readonly frac: string;
}

const DECIMAL_RE = /^\s*([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/;

/** Parses "12.50", "-3", ".5", "1e3" (and finite numbers) exactly; undefined when not a number. */
export function parseDecimal(input: unknown): DecimalParts | undefined {
  let s: string;
  if (typeof input === 'string') s = input;
  else if (typeof input === 'number') {
    if (!Number.isFinite(input)) return undefined;
    s = String(input);
  } else if (typeof input === 'bigint') s = input.toString();
  else return undefined;
  const m = DECIMAL_RE.exec(s);
  if (!m) return undefined;
  let int = m[2] ?? '';
  let frac = m[3] ?? '';
  if (int === '' && frac === '') return undefined;
  const exp = m[4] === undefined ? 0 : Number(m[4]);
  if (exp !== 0) {
    if (Math.abs(exp) > 400) return undefined;
    const digits = int + frac;
    const point = int.length + exp;
    if (point < 0) {
      int = '';
      frac = '0'.repeat(-point) + digits;
    } else if (point > digits.length) {
      int = digits + '0'.repeat(point - digits.length);
      frac = '';
    } else {
      int = digits.slice(0, point);
      frac = digits.slice(point);
    }
  }
  int = int.replace(/^0+/, '');
  if (int === '') int = '0';
  const zero = int === '0' && /^0*$/.test(frac);
  return { negative: m[1] === '-' && !zero, int, frac };
}

/**
 * Integer units at `scale` fraction digits (scale 2 turns "12.345" into 1235n), rounding half away
 * from zero, the rounding shoppers expect on a price.
 */
export function toScaledInteger(parts: DecimalParts, scale: number): bigint {
  const frac = parts.frac;
  const digits =
    parts.int + (frac.length >= scale ? frac.slice(0, scale) : frac + '0'.repeat(scale - frac.length));
  let n = BigInt(digits);
  if (frac.length > scale && frac.charCodeAt(scale) >= 53 /* '5' */) n += 1n;
  return parts.negative ? -n : n;
}

/** Exact decimal string of `minor / 10^scale`, always with `scale` fraction digits. */
export function scaledToString(minor: bigint, scale: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString();
  if (scale === 0) return (negative ? '-' : '') + digits;
  const padded = digits.length <= scale ? '0'.repeat(scale - digits.length + 1) + digits : digits;
  const cut = padded.length - scale;
  return (negative ? '-' : '') + padded.slice(0, cut) + '.' + padded.slice(cut);
}

/**
 * Moves the decimal point two places right and prints the result without trailing zeros: the
 * "legacy cents" figure the price formatters output ("7.50" → "750", "7.505" → "750.5").
 */
export function legacyCents(parts: DecimalParts): string {
  const frac = parts.frac.length >= 2 ? parts.frac : parts.frac + '0'.repeat(2 - parts.frac.length);
  const int = (parts.int + frac.slice(0, 2)).replace(/^0+(?=\d)/, '');
  const rest = frac.slice(2).replace(/0+$/, '');
  const body = rest === '' ? int : int + '.' + rest;
  return (parts.negative && body !== '0' ? '-' : '') + body;
}

/** -1, 0 or 1 comparing two parsed decimals exactly. */
export function compareDecimal(a: DecimalParts, b: DecimalParts): number {
  if (a.negative !== b.negative) return a.negative ? -1 : 1;
  const sign = a.negative ? -1 : 1;
  if (a.int.length !== b.int.length) return a.int.length < b.int.length ? -sign : sign;
  if (a.int !== b.int) return a.int < b.int ? -sign : sign;
  const len = Math.max(a.frac.length, b.frac.length);
  const fa = a.frac.padEnd(len, '0');
  const fb = b.frac.padEnd(len, '0');
  if (fa === fb) return 0;
  return fa < fb ? -sign : sign;
}

/** Moves the decimal point `places` digits (negative: left), exactly: 12345 moved −2 is 123.45. */
export function movePoint(parts: DecimalParts, places: number): DecimalParts {
  if (places === 0) return parts;
  let int = parts.int;
  let frac = parts.frac;
  if (places > 0) {
    const take = frac.padEnd(places, '0');
    int = int + take.slice(0, places);
    frac = take.slice(places);
  } else {
    const n = -places;
    const padded = int.padStart(n + 1, '0');
    frac = padded.slice(padded.length - n) + frac;
    int = padded.slice(0, padded.length - n);
  }
  int = int.replace(/^0+(?=\d)/, '');
  return { negative: parts.negative, int, frac };
}
