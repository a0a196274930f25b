/**
 * How core formatters and predicates read template data. Template data is untyped JSON, so every
 * plugin coerces values through these few rules instead of improvising its own, which keeps
 * `{x|fmt}` and `{.pred? x}` consistent with how the engine prints and tests values.
 */
import type { RenderContext } from '../types';

export type JsonObject = Record<string, unknown>;

export const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Text of a scalar; objects, arrays, null and missing values read as "". */
export const asString = (v: unknown): string => {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'boolean':
      return String(v);
    default:
      return '';
  }
};

/**
 * Number of a scalar. Strings with a "." parse as floats and others as integers ("12px" → 12),
 * unparseable strings give NaN, every other kind gives 0.
 */
export const asNumber = (v: unknown): number => {
  switch (typeof v) {
    case 'number':
      return v;
    case 'string':
      return v.includes('.') ? parseFloat(v) : parseInt(v, 10);
    case 'boolean':
      return v ? 1 : 0;
    default:
      return 0;
  }
};

/** Only true, "true" and non-zero integers are true; a float is never a boolean. */
export const asBoolean = (v: unknown): boolean => {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') return v === 'true';
  if (typeof v === 'number') return Number.isInteger(v) && v !== 0;
  return false;
};

/** The template language's truth: "", 0, NaN, null, missing, [] and {} are false. */
export const isTruthy = (v: unknown): boolean => {
  if (v === null || v === undefined) return false;
  switch (typeof v) {
    case 'string':
      return v !== '';
    case 'number':
      return !Number.isNaN(v) && v !== 0;
    case 'boolean':
      return v;
    case 'object':
      return Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0;
    default:
      return false;
  }
};

/** Number of keys, elements or characters; 0 for scalars. */
export const sizeOf = (v: unknown): number => {
  if (Array.isArray(v) || typeof v === 'string') return v.length;
  if (isObject(v)) return Object.keys(v).length;
  return 0;
};

/** One step down: object key or array index; undefined when absent. */
export const child = (v: unknown, key: string | number): unknown => {
  if (Array.isArray(v)) {
    const i = typeof key === 'number' ? key : Number(key);
    return Number.isInteger(i) && i >= 0 ? v[i] : undefined;
  }
  if (isObject(v)) {
    const k = String(key);
    return Object.prototype.hasOwnProperty.call(v, k) ? v[k] : undefined;
  }
  return undefined;
};

const pathCache = new Map<string, readonly string[]>();

/** Splits `a.b.0` once and remembers it: formatter arguments repeat on every render. */
export const splitPath = (path: string): readonly string[] => {
  let parts = pathCache.get(path);
  if (parts === undefined) {
    parts = path === '' ? [] : path.split('.');
    if (pathCache.size > 2000) pathCache.clear();
    pathCache.set(path, parts);
  }
  return parts;
};

/** Walks a path below a value; undefined as soon as a step is missing. */
export const getPath = (v: unknown, path: string | readonly (string | number)[]): unknown => {
  const parts = typeof path === 'string' ? splitPath(path) : path;
  let cur = v;
  for (const p of parts) {
    cur = child(cur, p);
    if (cur === undefined) return undefined;
  }
  return cur;
};

/**
 * Reads a path below `value` first, then through the template scopes: built-in snippets (comment
 * links, like buttons) read item fields from the item and site settings from wherever they are.
 */
export const lookup = (value: unknown, path: string, ctx: RenderContext): unknown => {
  const own = getPath(value, path);
  return own === undefined ? ctx.resolve(path) : own;
};

export const deepEquals = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEquals(x, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => deepEquals(a[k], child(b, k)));
  }
  return false;
};

/**
 * Orders `a` against `b` by the type of `a`: numbers numerically, strings by code unit (so "DEF"
 * sorts before "abc"), booleans false-first; other kinds are only ever equal or less.
 */
export const compareValues = (a: unknown, b: unknown): number => {
  if (typeof a === 'number') {
    const n = asNumber(b);
    return a < n ? -1 : a === n ? 0 : 1;
  }
  if (typeof a === 'string') {
    const s = asString(b);
    return a < s ? -1 : a === s ? 0 : 1;
  }
  if (typeof a === 'boolean') {
    const n = asBoolean(b);
    return a === n ? 0 : a ? 1 : -1;
  }
  return deepEquals(a, b) ? 0 : -1;
};

const JSON_START = /^(?:-?\d|["[{]|true$|false$|null$)/;

/**
 * A predicate or formatter argument is either a bare JSON literal (`3`, `"Federal Express"`,
 * `true`) or a variable reference resolved through the scopes.
 */
export const resolveArg = (arg: string, ctx: RenderContext): unknown => {
  if (JSON_START.test(arg)) {
    try {
      return JSON.parse(arg) as unknown;
    } catch {
      // not a literal after all: a variable such as `1st-item`
    }
  }
  return ctx.resolve(arg);
};

/** Escapes text for a double-quoted HTML attribute. */
const ATTR_TEST = /[&<>"]/;
const ATTR_ALL = /[&<>"]/g;
const HTML_TEST = /[&<>]/;
const HTML_ALL = /[&<>]/g;
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const entity = (c: string): string => ENTITIES[c] ?? c;

export const escapeAttr = (s: string): string => (ATTR_TEST.test(s) ? s.replace(ATTR_ALL, entity) : s);

/** Escapes text for HTML element content. */
export const escapeHtml = (s: string): string => (HTML_TEST.test(s) ? s.replace(HTML_ALL, entity) : s);

/** Replaces each tag with one space, as the alt-text and excerpt rules want. */
export const removeTags = (s: string): string => {
  let out = '';
  let inTag = false;
  for (const ch of s) {
    if (ch === '<') inTag = true;
    else if (ch === '>') {
      inTag = false;
      out += ' ';
    } else if (!inTag) out += ch;
  }
  return out;
};

/** Keeps letters, digits, spaces and hyphens, then hyphenates whitespace and lower-cases. */
const SLUG_DROP = /[^a-zA-Z0-9\s-]+/g;
const SLUG_SPACE = /\s+/g;

export const slugify = (s: string): string => s.replace(SLUG_DROP, '').replace(SLUG_SPACE, '-').toLowerCase();

export const padStart = (s: string | number, width: number, fill = '0'): string =>
  String(s).padStart(width, fill);
