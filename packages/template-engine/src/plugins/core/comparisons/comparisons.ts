/**
 * Comparison and number predicates. With two arguments both sides are arguments; with one, the
 * current node is compared against it. Arguments are JSON literals or variables.
 */
import type { Predicate, RenderContext } from '../../types';
import { asNumber, compareValues, deepEquals, isTruthy, resolveArg } from '../values';

const compare =
  (test: (a: unknown, b: unknown) => boolean): Predicate =>
  (args, ctx) => {
    if (args.length === 0) return false;
    const first = resolveArg(args[0] ?? '', ctx);
    return args.length === 1 ? test(ctx.node, first) : test(first, resolveArg(args[1] ?? '', ctx));
  };

const subject = (args: readonly string[], ctx: RenderContext): unknown =>
  args.length >= 1 ? ctx.resolve(args[0] ?? '') : ctx.node;

/** `nth? m` tests the node, `nth? x m` tests x: an integer multiple of a non-zero integer. */
const nth: Predicate = (args, ctx) => {
  if (args.length === 0) return false;
  const values = args.map((a) => resolveArg(a, ctx));
  const [n, m] = values.length >= 2 ? values : [ctx.node, values[0]];
  if (!Number.isInteger(n) || !Number.isInteger(m) || m === 0) return false;
  return Math.abs(n as number) % Math.abs(m as number) === 0;
};

/** A missing value equals null, as in the reference (its missing node holds null). */
const same = (a: unknown, b: unknown): boolean =>
  deepEquals(a === undefined ? null : a, b === undefined ? null : b);

export const comparisonPredicates = {
  'debug?': (_args, ctx) => isTruthy(ctx.resolve('debug')),
  'equal?': compare(same),
  'notEqual?': compare((a, b) => !same(a, b)),
  'greaterThan?': compare((a, b) => compareValues(a, b) > 0),
  'greaterThanOrEqual?': compare((a, b) => compareValues(a, b) >= 0),
  'lessThan?': compare((a, b) => compareValues(a, b) < 0),
  'lessThanOrEqual?': compare((a, b) => compareValues(a, b) <= 0),
  'even?': (args, ctx) => {
    const v = subject(args, ctx);
    return typeof v === 'number' && Math.abs(v) % 2 === 0;
  },
  'odd?': (args, ctx) => {
    const v = subject(args, ctx);
    return typeof v === 'number' && Math.abs(v) % 2 === 1;
  },
  'nth?': nth,
  'plural?': (_args, ctx) => asNumber(ctx.node) > 1,
  'singular?': (_args, ctx) => asNumber(ctx.node) === 1,
} satisfies Record<string, Predicate>;
