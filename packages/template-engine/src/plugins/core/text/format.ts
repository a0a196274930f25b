/** `format`: fills `{0}`, `{1}`… placeholders of the current text with resolved arguments. */
import type { Formatter } from '../../types';
import { asString } from '../values';

/**
 * Replaces `{N}` with `values[N]`; an index past the end prints nothing and a malformed tag such
 * as `{x}` is dropped, so a half-written template never leaks braces into a page.
 */
export const fillPlaceholders = (pattern: string, values: readonly string[]): string => {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const open = pattern.indexOf('{', i);
    if (open === -1) {
      out += pattern.slice(i);
      break;
    }
    out += pattern.slice(i, open);
    const close = pattern.indexOf('}', open + 1);
    if (close === -1) break;
    const body = pattern.slice(open + 1, close);
    if (/^\d+$/.test(body)) out += values[Number(body)] ?? '';
    i = close + 1;
  }
  return out;
};

const format: Formatter = (value, args, ctx) =>
  fillPlaceholders(
    asString(value),
    args.map((a) => asString(ctx.resolve(a))),
  );

export const formatFormatters = { format } satisfies Record<string, Formatter>;
