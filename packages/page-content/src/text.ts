import { z } from 'zod';

// A NUL byte or a lone UTF-16 surrogate cannot be stored in PostgreSQL text and never comes from
// a person typing: such text is refused at the edge instead of failing deep in the database.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

export const STORABLE_TEXT_MESSAGE =
  'Text contains characters that cannot be stored (a NUL byte or a broken character).';

/** A string schema that refuses unstorable characters; every text field of this package uses it. */
export function text(max: number, tooLong?: string) {
  return z.string().max(max, tooLong).refine(isStorableText, STORABLE_TEXT_MESSAGE);
}

/** Links a visitor can follow: web, mail and phone links and site paths; never `javascript:`. */
export function isSafeHref(value: string): boolean {
  if (value === '') return true;
  if (/^\/(?!\/)/.test(value) || value.startsWith('#')) return true;
  try {
    const url = new URL(value);
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol);
  } catch {
    return false;
  }
}

export function href(max: number, message: string) {
  return text(max).refine(isSafeHref, message);
}
