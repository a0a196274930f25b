/**
 * Arithmetic on integer minor units. Every function takes and returns bigint so sums of large
 * carts stay exact; rounding happens in one place, `roundDiv`, half away from zero.
 */

/** a / b rounded half away from zero (b > 0). */
export function roundDiv(a: bigint, b: bigint): bigint {
  if (b <= 0n) throw new RangeError('divisor must be positive');
  const negative = a < 0n;
  const abs = negative ? -a : a;
  const q = (abs * 2n + b) / (2n * b);
  return negative ? -q : q;
}

export function sumMinor(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const v of values) total += v;
  return total;
}

export function multiplyMinor(unit: bigint, quantity: number): bigint {
  if (!Number.isSafeInteger(quantity)) throw new RangeError('quantity must be a safe integer');
  return unit * BigInt(quantity);
}

/** `basisPoints` hundredths of a percent of `amount` (825 bp = 8.25 %), rounded. */
export function percentOf(amount: bigint, basisPoints: number): bigint {
  if (!Number.isSafeInteger(basisPoints)) throw new RangeError('basis points must be an integer');
  return roundDiv(amount * BigInt(basisPoints), 10_000n);
}

/** Splits an amount into `parts` instalments that add up exactly; earlier parts take the extra cents. */
export function splitMinor(amount: bigint, parts: number): bigint[] {
  if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError('parts must be a positive integer');
  const n = BigInt(parts);
  const base = amount / n;
  let rest = amount - base * n;
  const out: bigint[] = [];
  for (let i = 0; i < parts; i++) {
    const extra = rest > 0n ? 1n : rest < 0n ? -1n : 0n;
    rest -= extra;
    out.push(base + extra);
  }
  return out;
}

export function minBigint(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

export function maxBigint(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

/** A bigint as a JavaScript number, refusing values that would lose precision. */
export function toSafeNumber(v: bigint): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError(`amount ${v} exceeds the safe integer range`);
  return n;
}
