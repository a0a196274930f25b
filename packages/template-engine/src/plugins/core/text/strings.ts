/** Formatters that rewrite plain text: case, slugs, typography, truncation, plurals. */
import type { Formatter } from '../../types';
import { asNumber, asString, isTruthy, slugify } from '../values';
import { ArgsMemo, TextMemo } from '../memo';

export const DEFAULT_TRUNCATE_LENGTH = 100;
export const DEFAULT_ELLIPSIS = '...';

/** Space, tab, newline, vertical tab, form feed, carriage return. */
const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);

/** Cuts at the last whitespace before `max` so words stay whole, then appends the ellipsis. */
export const truncateText = (s: string, max: number, ellipsis = DEFAULT_ELLIPSIS): string => {
  if (s.length <= max) return s;
  let end = max;
  for (let i = max - 1; i >= 0; i--) {
    if (isSpace(s.charCodeAt(i))) {
      end = i + 1;
      break;
    }
  }
  return s.slice(0, end) + ellipsis;
};

const TAG = /<[^>]*?>/g;
const OPEN_SINGLE = /(^|[-\u2014\s(["])'/gm;
const SINGLE = /'/g;
const OPEN_DOUBLE = /(^|[-\u2014/[(\u2018\s])"/gm;
const DOUBLE = /"/g;
const DASHES = /--/g;
const NEWLINE = /\n/g;
const WHITESPACE_RUN = /\s/g;

const capitalize: Formatter = (value) => asString(value).toUpperCase();

const limits = new ArgsMemo((args) =>
  args.length > 0 ? parseInt(args[0] ?? '', 10) : DEFAULT_TRUNCATE_LENGTH,
);

const truncate: Formatter = (value, args) => {
  const limit = limits.get(args);
  // Spec: truncation applies only to a positive length; anything else leaves the text as is.
  if (!Number.isFinite(limit) || limit <= 0) return value;
  return truncateText(asString(value), limit, args.length > 1 ? args[1] : DEFAULT_ELLIPSIS);
};

const smartQuotes = new TextMemo((s) =>
  s
    .replace(OPEN_SINGLE, '$1\u2018')
    .replace(SINGLE, '\u2019')
    .replace(OPEN_DOUBLE, '$1\u201c')
    .replace(DOUBLE, '\u201d')
    .replace(DASHES, '\u2014'),
);

const smartypants: Formatter = (value) => smartQuotes.get(asString(value));

/** `pluralize` → "s"; `pluralize es` → "es"; `pluralize item items` picks one of the two words. */
const pluralize: Formatter = (value, args) => {
  let singular = '';
  let plural = 's';
  if (args.length === 1) plural = args[0] ?? plural;
  else if (args.length >= 2) {
    singular = args[0] ?? '';
    plural = args[1] ?? '';
  }
  return asNumber(value) === 1 ? singular : plural;
};

/** Strips tags from non-empty text; empty values pass through untouched. */
const untagged = new TextMemo((s) => s.replace(TAG, ''));
const safe: Formatter = (value) => (isTruthy(value) ? untagged.get(asString(value)) : value);

/** Scalars as text; containers print nothing. */
const str: Formatter = (value) => asString(value);

const output: Formatter = (_value, args) => args.join(' ');

const encodeSpace: Formatter = (value) => asString(value).replace(WHITESPACE_RUN, '&nbsp;');

const lineBreaks: Formatter = (value) => asString(value).replace(NEWLINE, '<br/>');

const slugifyFormatter: Formatter = (value) => slugify(asString(value));

export const textFormatters = {
  capitalize,
  'encode-space': encodeSpace,
  'line-breaks': lineBreaks,
  output,
  pluralize,
  safe,
  slugify: slugifyFormatter,
  smartypants,
  str,
  truncate,
} satisfies Record<string, Formatter>;
