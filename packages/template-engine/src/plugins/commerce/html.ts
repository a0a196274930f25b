/**
 * Markup helpers for the commerce formatters. Every value from page data that lands in markup
 * goes through `escapeHtml`: attributes are always double-quoted, so escaping & < > " is enough
 * to keep a value inside its attribute or text node.
 */

const ESCAPE_RE = /[&<>"]/;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function escapeHtml(s: string): string {
  // Most values (ids, prices, labels) need no escaping; testing first avoids a new string.
  if (!ESCAPE_RE.test(s)) return s;
  if (s.length < 64) return replaceAll(s);
  // The long ones are JSON in attributes (variants, forms), the same text render after render:
  // hashing it for the lookup costs a tenth of escaping it again.
  let out = escaped.get(s);
  if (out === undefined) {
    if (escaped.size >= 500) escaped.clear();
    out = replaceAll(s);
    escaped.set(s, out);
  }
  return out;
}

const escaped = new Map<string, string>();

/** Four native passes beat one pass with a callback per match (JSON is full of quotes). */
const replaceAll = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const QUOTE_RE = /["<>]/g;

/**
 * Escapes only what could end an attribute or open a tag. The variant select's aria-label keeps
 * a bare "&" as the published markup does (conformance), which HTML parses as text.
 */
export function escapeAttrKeepAmp(s: string): string {
  return s.replace(QUOTE_RE, (c) => ENTITIES[c] ?? c);
}

/** A data value as a template variable prints it: strings as is, scalars as text, missing as "". */
export function printValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v === null || v === undefined) return '';
  return JSON.stringify(v);
}

/** Compact JSON as the `json` formatter writes it, for data-* attributes. */
export function json(v: unknown): string {
  return v === undefined ? '' : JSON.stringify(v);
}

const localizedPaths = new Map<string, string>();

/**
 * `localizedStrings.<key>` spelled once per key: a path built per call would be a fresh string
 * whose hash the resolver cache computes again each time.
 */
export function localizedPath(key: string): string {
  let path = localizedPaths.get(key);
  if (path === undefined) {
    path = 'localizedStrings.' + key;
    if (localizedPaths.size < 500) localizedPaths.set(key, path);
  }
  return path;
}
