/** `format`: fills `{0}`, `{1}`… placeholders of the current text with resolved arguments. */
import type { Formatter } from '../../types';
import { asString } from '../values';
import { toText } from '../../../runtime';

/**
 * Replaces `{N}` with `values[N]` (`{}` is `{0}`, as in the reference); an index past the end
 * prints nothing and a malformed tag such as `{x}` is dropped, so a half-written template never
 * leaks braces into a page.
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
    let index = 0;
    let k = open + 1;
    for (; k < close; k++) {
      const c = pattern.charCodeAt(k);
      if (c < 48 || c > 57) break;
      index = index * 10 + (c - 48);
    }
    if (k === close) out += values[index] ?? '';
    i = close + 1;
  }
  return out;
};

const format: Formatter = (value, args, ctx) =>
  fillPlaceholders(
    asString(value),
    // Values print as variables do: text, numbers, lists comma-joined; objects print nothing.
    args.map((a) => toText(ctx.resolveArgument(a))),
  );

export const formatFormatters = { format } satisfies Record<string, Formatter>;
