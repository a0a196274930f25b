/** Formatters that make text safe for HTML, attributes, URLs and inline scripts. */
import type { Formatter } from '../../types';
import { asString, escapeAttr, escapeHtml } from '../values';
import { TextMemo } from '../memo';

const SCRIPT_CLOSE = /<\//g;

/** JSON that cannot end an inline <script> early. */
export const jsonForScript = (value: unknown, indent?: string): string =>
  value === undefined ? '' : (JSON.stringify(value, undefined, indent) ?? '').replace(SCRIPT_CLOSE, '<\\/');

// Bytes that the legacy `escape()` leaves alone; everything else becomes %XX of its UTF-8 bytes.
const UNRESERVED = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@*_+-./') {
  UNRESERVED[c.charCodeAt(0)] = 1;
}
const HEX = '0123456789ABCDEF';
const encoder = new TextEncoder();

/** Percent-encodes one UTF-8 byte, or keeps it when `escape()` would. */
const encodeByte = (b: number): string =>
  b < 128 && UNRESERVED[b] === 1 ? String.fromCharCode(b) : `%${HEX[b >> 4]}${HEX[b & 15]}`;

/**
 * Percent-encodes the UTF-8 bytes of a string, keeping the unreserved set of `escape()`. Text
 * that needs no escaping (tags, slugs) comes back as is; unreserved runs are copied as slices, and
 * only text past the first non-ASCII character goes through the (shared) TextEncoder.
 */
export const urlEncode = (s: string): string => {
  let out = '';
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) {
      if (UNRESERVED[c] === 1) continue;
      if (start < i) out += s.slice(start, i);
      out += encodeByte(c);
      start = i + 1;
      continue;
    }
    if (start < i) out += s.slice(start, i);
    for (const b of encoder.encode(s.slice(i))) out += encodeByte(b);
    return out;
  }
  return start === 0 ? s : start < s.length ? out + s.slice(start) : out;
};

const urlEncoded = new TextMemo(urlEncode);

const html: Formatter = (value) => escapeHtml(asString(value));
const htmlattr: Formatter = (value) => escapeAttr(asString(value));

export const escapingFormatters = {
  'encode-uri': (value) => encodeURI(asString(value)),
  'encode-uri-component': (value) => encodeURIComponent(asString(value)),
  html,
  htmlattr,
  htmltag: htmlattr,
  json: (value) => jsonForScript(value),
  'json-pretty': (value) => jsonForScript(value, '  '),
  // A missing value is JSON null, as in the reference.
  raw: (value) => (value === undefined ? 'null' : JSON.stringify(value)),
  'url-encode': (value) => urlEncoded.get(asString(value)),
  AbsUrl: (value, _args, ctx) => `${asString(ctx.resolve('base-url'))}/${asString(value)}`,
} satisfies Record<string, Formatter>;
