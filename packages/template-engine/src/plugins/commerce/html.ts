/**
 * Markup helpers for the commerce formatters. Every value from page data that lands in markup
 * goes through `escapeHtml`: attributes are always double-quoted, so escaping & < > " is enough
 * to keep a value inside its attribute or text node.
 */

const ESCAPE_RE = /[&<>"]/;
const ESCAPE_ALL = /[&<>"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function escapeHtml(s: string): string {
  // Most values (ids, prices, labels) need no escaping; testing first avoids a new string.
  return ESCAPE_RE.test(s) ? s.replace(ESCAPE_ALL, (c) => ENTITIES[c] ?? c) : s;
}

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
