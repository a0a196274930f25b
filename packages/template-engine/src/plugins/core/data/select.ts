/** Formatters that pick values out of the data: get, prop, lookup, key-by, find-first/last. */
import type { Formatter, RenderContext } from '../../types';
import { asString, child, getPath, isTruthy, splitPath } from '../values';

/**
 * `get a b`: each argument is a variable whose value is the next key (an array value is a whole
 * path), so `{objects|get id key}` reads `objects[id][key]`.
 */
const get: Formatter = (value, args, ctx) => {
  let cur = value;
  for (const arg of args) {
    const key = ctx.resolve(arg);
    if (Array.isArray(key)) cur = getPath(cur, key as (string | number)[]);
    else if (typeof key === 'number' || (typeof key === 'string' && key !== '')) cur = child(cur, key);
    // An object, null or empty key names nothing (not the first element of an array).
    else return undefined;
    if (cur === undefined) return undefined;
  }
  return cur;
};

/** `prop a.b c`: literal paths, walked one after another. */
const prop: Formatter = (value, args) => {
  let cur = value;
  for (const arg of args) {
    cur = getPath(cur, arg);
    if (cur === undefined) return undefined;
  }
  return cur;
};

/**
 * `lookup key`: the variable `key` names a path, read below the current value first and then
 * through the scopes.
 */
const lookupFormatter: Formatter = (value, args, ctx) => {
  const key = args[0];
  if (!key) return '';
  const ref = asString(ctx.resolve(key));
  // A key that names nothing finds nothing (an empty path would be the value itself).
  if (ref === '') return undefined;
  const own = getPath(value, ref);
  return own === undefined ? ctx.resolve(ref) : own;
};

/** `key-by path`: an array becomes an object keyed by each element's value at `path`. */
const keyBy: Formatter = (value, args) => {
  const out: Record<string, unknown> = {};
  const path = args[0];
  if (!Array.isArray(value) || !path) return out;
  const parts = splitPath(path);
  for (const item of value) {
    const key = getPath(item, parts);
    if (key !== undefined) out[asString(key)] = item;
  }
  return out;
};

/**
 * `find-first [lookup] path`: the first element whose `path` is truthy, read on the element or,
 * with a lookup variable, on `lookup[element]`. Without arguments, the first element.
 */
const findEntry = (
  items: unknown,
  args: readonly string[],
  ctx: RenderContext,
  fromEnd: boolean,
): unknown => {
  if (!Array.isArray(items) || items.length === 0) return undefined;
  const table = args.length === 2 ? ctx.resolve(args[0] ?? '') : undefined;
  const path = args.length === 0 ? undefined : splitPath(args[args.length === 2 ? 1 : 0] ?? '');
  const n = items.length;
  for (let k = 0; k < n; k++) {
    const item: unknown = items[fromEnd ? n - 1 - k : k];
    if (!path) return item;
    const candidate = args.length === 2 ? child(table, asString(item)) : item;
    if (isTruthy(getPath(candidate, path))) return item;
  }
  return undefined;
};

export const selectFormatters = {
  'find-first': (value, args, ctx) => findEntry(value, args, ctx, false),
  'find-last': (value, args, ctx) => findEntry(value, args, ctx, true),
  get,
  'key-by': keyBy,
  lookup: lookupFormatter,
  prop,
} satisfies Record<string, Formatter>;
