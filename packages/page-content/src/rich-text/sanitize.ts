import { FilterXSS } from 'xss';
import { isSafeHref } from '../text';

/**
 * Exactly what the rich-text toolbar produces; anything else is dropped (its text kept) or, for
 * elements whose content is code or markup rather than prose, dropped with its content.
 */
const ALLOWED: Record<string, string[]> = {
  p: ['style'],
  h1: ['style'],
  h2: ['style'],
  h3: ['style'],
  h4: ['style'],
  strong: [],
  em: [],
  u: [],
  s: [],
  ul: [],
  ol: [],
  li: [],
  blockquote: [],
  br: [],
  a: ['href', 'target'],
};

const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
  'select',
]);

/** `page:<id>` links point at a page by id, so they follow renames; resolved when rendering. */
export const PAGE_HREF = /^page:([A-Za-z0-9_-]{1,64})$/;

const TEXT_ALIGN = /^\s*text-align\s*:\s*(left|center|right|justify)\s*;?\s*$/i;

// Character references an href may carry. Everything is decoded in one pass (so `&amp;#106;`
// stays the literal text `&#106;`) and the result is escaped in full on output: the string the
// browser reads back is then exactly the string checked here, whatever references were sent.
const REFERENCE = /&(#x[0-9a-f]+|#[0-9]+|amp|quot|apos|lt|gt|colon|tab|newline);?/gi;
const NAMED: Record<string, string> = {
  amp: '&',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
  colon: ':',
  tab: '\t',
  newline: '\n',
};

function decodeReferences(value: string): string {
  return value.replace(REFERENCE, (_, ref: string) => {
    const name = ref.toLowerCase();
    if (!name.startsWith('#')) return NAMED[name]!;
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
      ? String.fromCodePoint(code)
      : '\uFFFD';
  });
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Links a rich text may hold: those of `isSafeHref` and links to a site page by id. */
export function isSafeRichTextHref(value: string): boolean {
  return value !== '' && (isSafeHref(value) || PAGE_HREF.test(value));
}

function attribute(tag: string, name: string, raw: string): string {
  const value = decodeReferences(raw);
  if (tag === 'a' && name === 'href') {
    return isSafeRichTextHref(value.trim()) ? `href="${escapeAttribute(value.trim())}"` : '';
  }
  // rel is never taken from the input: it is written with the target, so a new window can
  // never reach back to this page through window.opener.
  if (tag === 'a' && name === 'target') {
    return value.trim() === '_blank' ? 'target="_blank" rel="noopener noreferrer"' : '';
  }
  if (name === 'style') {
    const align = TEXT_ALIGN.exec(value)?.[1]?.toLowerCase();
    return align ? `style="text-align: ${align};"` : '';
  }
  return '';
}

// How many elements dropped with their content enclose the current position. Parsing is
// synchronous, so one counter reset per call is enough. An unclosed one drops the rest: losing
// text is better than letting markup through.
let dropDepth = 0;

const filter = new FilterXSS({
  whiteList: ALLOWED,
  allowCommentTag: false,
  css: false,
  onTag: (tag, html, info) => {
    if (DROPPED_WITH_CONTENT.has(tag)) {
      if (info.isClosing) dropDepth = Math.max(0, dropDepth - 1);
      else if (!html.endsWith('/>')) dropDepth += 1;
      return '';
    }
    return dropDepth > 0 ? '' : undefined;
  },
  onIgnoreTag: () => '',
  escapeHtml: (text) => (dropDepth > 0 ? '' : text.replace(/</g, '&lt;').replace(/>/g, '&gt;')),
  onTagAttr: (tag, name, value, isAllowed) => (isAllowed ? attribute(tag, name, value) : ''),
});

/**
 * Rich text cut down to what the toolbar makes: its tags, alignment as a `text-align` style,
 * links with safe protocols only (`target="_blank"` always with `rel="noopener noreferrer"`).
 * Pure and the same in Node and in the browser; running it twice changes nothing.
 */
export function sanitizeRichText(html: string): string {
  dropDepth = 0;
  return filter.process(html);
}
