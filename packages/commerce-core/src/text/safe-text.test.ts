import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AddCartEntryRequestSchema } from '../add-to-cart/api';
import { findUnsafeText, isSafeText, refineSafeText, safeString, UNSAFE_TEXT_MESSAGE } from './safe-text';

// The same rule spelled out character by character, to check the fast version against.
function slowSafe(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}

describe('isSafeText', () => {
  it('accepts ordinary text, emoji and astral characters', () => {
    for (const text of [
      '',
      'Ada',
      'naïve café',
      '日本語',
      '😀 party',
      '\u{1F600}\u{10FFFF}',
      'tab\tnew\nline',
      '\uFFFD',
    ]) {
      expect(isSafeText(text)).toBe(true);
    }
  });

  it('refuses NUL and unpaired surrogates wherever they are', () => {
    for (const text of [
      '\u0000',
      'a\u0000b',
      '\uD800',
      'x\uD83D',
      '\uDE00y',
      '\uDE00\uD83D',
      '😀\uDE00',
      '\uD83D\uD83D\uDE00\uD800',
    ]) {
      expect(isSafeText(text)).toBe(false);
    }
  });

  it('agrees with a character-by-character check on arbitrary UTF-16', () => {
    const unit = fc.oneof(
      fc.integer({ min: 0, max: 0xffff }),
      fc.constantFrom(0, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xd83d, 0xde00, 0x41),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), (units) => {
        const text = String.fromCharCode(...units);
        expect(isSafeText(text)).toBe(slowSafe(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('findUnsafeText', () => {
  it('gives the path of the first unsafe string or key', () => {
    expect(findUnsafeText({ a: 'ok', b: [1, 'fine', { c: 'bad\u0000' }] })).toEqual(['b', 2, 'c']);
    expect(findUnsafeText({ ['k\uD800']: 1 })).toEqual(['k\uD800']);
    expect(findUnsafeText('\uDC00')).toEqual([]);
    expect(findUnsafeText({ a: 1, b: null, c: true, d: ['x', { e: 'y' }] })).toBeUndefined();
  });

  it('looks into strings holding JSON with escaped NUL or surrogates', () => {
    expect(findUnsafeText({ fields: JSON.stringify({ name: 'a\u0000' }) })).toEqual(['fields', 'name']);
    expect(findUnsafeText({ fields: '{"name":"\\ud800"}' })).toEqual(['fields', 'name']);
    // A well-formed pair, escaped, is fine; so is text that merely contains a backslash-u.
    expect(findUnsafeText({ fields: '{"name":"\\ud83d\\ude00"}' })).toBeUndefined();
    expect(findUnsafeText({ note: 'type \\u0000 to mean nothing' })).toBeUndefined();
  });

  it('refuses values nested beyond reason', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(findUnsafeText(deep)).toBeDefined();
  });
});

describe('zod helpers', () => {
  it('safeString and refineSafeText report the shared message with a path', () => {
    expect(safeString().safeParse('a\u0000').error?.issues[0]?.message).toBe(UNSAFE_TEXT_MESSAGE);
    const schema = z.object({ a: z.array(z.string()) }).superRefine(refineSafeText);
    const issue = schema.safeParse({ a: ['ok', '\uD800'] }).error?.issues[0];
    expect(issue).toMatchObject({ message: UNSAFE_TEXT_MESSAGE, path: ['a', 1] });
  });

  it('the add-to-cart request refuses unsafe answers in the additional-fields JSON', () => {
    const base = { itemId: 'p1', sku: 'S', quantity: 1 };
    expect(AddCartEntryRequestSchema.safeParse({ ...base, additionalFields: '{"a":"b"}' }).success).toBe(
      true,
    );
    const bad = AddCartEntryRequestSchema.safeParse({ ...base, additionalFields: '{"a":"\\u0000"}' });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['additionalFields'], message: UNSAFE_TEXT_MESSAGE });
    expect(AddCartEntryRequestSchema.safeParse({ ...base, sku: 'S\uDFFF' }).success).toBe(false);
  });
});
