/**
 * Text every store can hold. PostgreSQL refuses a NUL character in `text` and a `\u0000` or an
 * unpaired surrogate escape in `jsonb`, so such text must be refused where it enters (the API's
 * edge and the schemas below), with a 400, rather than fail deep inside a write with a 500. Text
 * a browser builds from user input never holds them, so refusing them costs a real visitor nothing.
 */
import { z } from 'zod';

export const UNSAFE_TEXT_MESSAGE = 'text must not contain NUL characters or unpaired UTF-16 surrogates';

// NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one
// (no lookbehind, so older browsers parse it too).
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// A JSON escape of the same characters, which JSON.parse turns into them.
const UNSAFE_ESCAPE = /\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})/;

type WellFormed = (this: string) => boolean;
const nativeWellFormed = (String.prototype as { isWellFormed?: WellFormed }).isWellFormed;

/** True when `text` holds no NUL character and no unpaired UTF-16 surrogate. */
export function isSafeText(text: string): boolean {
  if (nativeWellFormed) return !text.includes('\u0000') && nativeWellFormed.call(text);
  return !UNSAFE.test(text);
}

/** Where the first unsafe text is: a path of keys and indexes, `[]` for the value itself. */
export type UnsafeTextPath = (string | number)[];

const MAX_DEPTH = 64;

/**
 * The path of the first string or object key holding unsafe text in a JSON-like value, or
 * undefined when there is none. A string that is itself a JSON document with an escaped NUL or
 * surrogate (an additional-fields answer, a tracking `data` field) is looked into as well, since
 * parsing it later would produce the character. Values nested deeper than 64 levels count as unsafe.
 */
export function findUnsafeText(value: unknown, depth = 0): UnsafeTextPath | undefined {
  if (typeof value === 'string') {
    if (!isSafeText(value)) return [];
    if (value.length > 1 && UNSAFE_ESCAPE.test(value)) {
      let inner: unknown;
      try {
        inner = JSON.parse(value);
      } catch {
        return undefined; // plain text that happens to contain a backslash-u: harmless
      }
      return depth >= MAX_DEPTH ? [] : findUnsafeText(inner, depth + 1);
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= MAX_DEPTH) return [];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const inner = findUnsafeText(value[i], depth + 1);
      if (inner) return [i, ...inner];
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (!isSafeText(key)) return [key];
    const inner = findUnsafeText((value as Record<string, unknown>)[key], depth + 1);
    if (inner) return [key, ...inner];
  }
  return undefined;
}

/**
 * A zod refinement refusing unsafe text anywhere in the value, with the path of the first
 * occurrence: `schema.superRefine(refineSafeText)`.
 */
export function refineSafeText(value: unknown, ctx: z.RefinementCtx): void {
  const path = findUnsafeText(value);
  if (path) ctx.addIssue({ code: 'custom', message: UNSAFE_TEXT_MESSAGE, path });
}

/** A string schema that refuses unsafe text: use it for every free text field. */
export function safeString(): z.ZodString {
  return z.string().refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE });
}
