/**
 * How core formatters and predicates read template data. Template data is untyped JSON, so every
 * plugin coerces values through these few rules instead of improvising its own, which keeps
 * `{x|fmt}` and `{.pred? x}` consistent with how the engine prints and tests values.
 */
import type { RenderContext } from '../types';
import { TextMemo } from './memo';

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
  if (typeof v !== 'object' || v === null) return undefined;
  if (Array.isArray(v)) {
    const i = typeof key === 'number' ? key : Number(key);
    return Number.isInteger(i) && i >= 0 ? v[i] : undefined;
  }
  const k = typeof key === 'string' ? key : String(key);
  return hasOwn.call(v, k) ? (v as JsonObject)[k] : undefined;
};

const hasOwn = Object.prototype.hasOwnProperty;

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
  // One key (most plugin reads): no split, no loop.
  if (typeof path === 'string' && path !== '' && path.indexOf('.') === -1) return child(v, path);
  const parts = typeof path === 'string' ? splitPath(path) : path;
  let cur = v;
  for (const p of parts) {
    cur = child(cur, p);
    if (cur === undefined) return undefined;
  }
  return cur;
};

/**
 * `key` as a built-in template reads it: on `value` first, else up the enclosing scopes (the
 * reference engine runs its built-in snippets as templates scoped into the value).
 */
export const scoped = (value: unknown, key: string, ctx: RenderContext): unknown => {
  const own = child(value, key);
  return own === undefined ? ctx.resolve(key) : own;
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

/** Marks an argument that is a variable reference, not a literal. */
const VARIABLE: unique symbol = Symbol('variable');

const parseArg = (arg: string): unknown => {
  if (JSON_START.test(arg)) {
    try {
      return JSON.parse(arg) as unknown;
    } catch {
      // not a literal after all: a variable such as `1st-item`
    }
  }
  return VARIABLE;
};

/**
 * What each argument text is, decided once (predicate arguments repeat on every render): a
 * variable, or the value of a scalar literal. Object and array literals are parsed per call, so
 * no caller ever shares a mutable value.
 */
const argKinds = new Map<string, unknown>();

/**
 * A predicate or formatter argument is either a bare JSON literal (`3`, `"Federal Express"`,
 * `true`) or a variable reference resolved through the scopes.
 */
export const resolveArg = (arg: string, ctx: RenderContext): unknown => {
  let kind = argKinds.get(arg);
  if (kind === undefined) {
    kind = parseArg(arg);
    if (typeof kind === 'object' && kind !== null) return kind;
    if (argKinds.size >= 2000) argKinds.clear();
    argKinds.set(arg, kind);
  }
  return kind === VARIABLE ? ctx.resolve(arg) : kind;
};

/**
 * Escapes `&`, `<`, `>` and, for attributes, `"`: the runs between those characters are copied
 * as slices, without a regex callback per character.
 */
const escapeText = (s: string, quotes: boolean): string => {
  let out = '';
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    let rep: string;
    switch (s.charCodeAt(i)) {
      case 0x26:
        rep = '&amp;';
        break;
      case 0x3c:
        rep = '&lt;';
        break;
      case 0x3e:
        rep = '&gt;';
        break;
      case 0x22:
        if (!quotes) continue;
        rep = '&quot;';
        break;
      default:
        continue;
    }
    out += start === i ? rep : s.slice(start, i) + rep;
    start = i + 1;
  }
  return start === 0 ? s : start < s.length ? out + s.slice(start) : out;
};

// The regex test is the fastest way to find out that most text needs nothing.
const ATTR_TEST = /[&<>"]/;
const HTML_TEST = /[&<>]/;

/** Escapes text for a double-quoted HTML attribute. */
export const escapeAttr = (s: string): string => (ATTR_TEST.test(s) ? escapeText(s, true) : s);

/** Escapes text for HTML element content. */
export const escapeHtml = (s: string): string => (HTML_TEST.test(s) ? escapeText(s, false) : s);

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

/**
 * Whether a UTF-16 code unit is white space for the excerpt rule: what the regex class `\s`
 * matches (ECMAScript WhiteSpace and LineTerminator), plus the zero-width space U+200B.
 */
const isBlankUnit = (c: number): boolean =>
  c === 0x20 ||
  (c >= 0x09 && c <= 0x0d) ||
  (c >= 0x80 &&
    (c === 0xa0 ||
      c === 0x1680 ||
      (c >= 0x2000 && c <= 0x200b) ||
      c === 0x2028 ||
      c === 0x2029 ||
      c === 0x202f ||
      c === 0x205f ||
      c === 0x3000 ||
      c === 0xfeff));

/**
 * Whether `removeTags(s)` keeps any character that is not white space (or U+200B), without
 * building the stripped text: it stops at the first visible character, usually within a few.
 */
export const hasVisibleText = (s: string): boolean => {
  let inTag = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x3c /* < */) inTag = true;
    else if (c === 0x3e /* > */) inTag = false;
    else if (!inTag && !isBlankUnit(c)) return true;
  }
  return false;
};

/** Keeps letters, digits, spaces and hyphens, then hyphenates whitespace and lower-cases. */
const SLUG_DROP = /[^a-zA-Z0-9\s-]+/g;
const SLUG_SPACE = /\s+/g;

const slugs = new TextMemo((s) => s.replace(SLUG_DROP, '').replace(SLUG_SPACE, '-').toLowerCase());

/** Slugs by text (kept: titles, tags and names repeat render after render). */
export const slugify = (s: string): string => slugs.get(s);

export const padStart = (s: string | number, width: number, fill = '0'): string =>
  String(s).padStart(width, fill);
