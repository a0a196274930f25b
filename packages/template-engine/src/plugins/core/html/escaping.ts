/** Formatters that make text safe for HTML, attributes, URLs and inline scripts. */
import type { Formatter } from '../../types';
import { asString, escapeAttr, escapeHtml } from '../values';

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

/** Percent-encodes the UTF-8 bytes of a string, keeping the unreserved set of `escape()`. */
export const urlEncode = (s: string): string => {
  let out = '';
  for (const b of encoder.encode(s)) {
    out += b < 128 && UNRESERVED[b] ? String.fromCharCode(b) : `%${HEX[b >> 4]}${HEX[b & 15]}`;
  }
  return out;
};

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
  raw: (value) => (value === undefined ? '' : JSON.stringify(value)),
  'url-encode': (value) => urlEncode(asString(value)),
  AbsUrl: (value, _args, ctx) => `${asString(ctx.resolve('base-url'))}/${asString(value)}`,
} satisfies Record<string, Formatter>;
