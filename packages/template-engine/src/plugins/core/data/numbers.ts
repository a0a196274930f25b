/** Small arithmetic and iteration helpers: count, cycle, iter, mod, round. */
import type { Formatter } from '../../types';
import { asNumber, asString, sizeOf } from '../values';

/** `cycle a b c`: the value (1-based, usually @index) picks an argument round-robin. */
const cycle: Formatter = (value, args) => {
  if (args.length === 0) return '';
  const n = args.length;
  const i = (((asNumber(value) - 1) % n) + n) % n;
  // A value that is no number picks nothing: missing, as in the reference, for what follows.
  return args[i];
};

/** `mod N` with N defaulting to 2 when absent, zero or not a number. */
const mod: Formatter = (value, args) => {
  const divisor = parseInt(args[0] ?? '', 10) || 2;
  const r = asNumber(value) % divisor;
  // Never prints NaN: a value that is no number passes through (the reference prints "NaN").
  return Number.isNaN(r) ? value : r;
};

/** Rounds half up; a value that is no number passes through (the reference prints "NaN"). */
const round: Formatter = (value) => {
  const n = Math.round(asNumber(value));
  return Number.isNaN(n) ? value : n;
};

export const numberFormatters = {
  count: (value) => sizeOf(value),
  cycle,
  iter: (_value, _args, ctx) => asString(ctx.resolve('@index')),
  mod,
  round,
} satisfies Record<string, Formatter>;
