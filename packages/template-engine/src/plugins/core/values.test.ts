import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fakeContext } from './test-context';
import {
  asBoolean,
  asNumber,
  asString,
  compareValues,
  deepEquals,
  escapeAttr,
  escapeHtml,
  getPath,
  hasVisibleText,
  isTruthy,
  removeTags,
  resolveArg,
  slugify,
} from './values';

describe('coercions', () => {
  it.each([
    [42, 42],
    ['7', 7],
    ['7.5', 7.5],
    ['12px', 12],
    [true, 1],
    [null, 0],
    [{}, 0],
  ])('asNumber(%j) = %j', (v, n) => expect(asNumber(v)).toBe(n));

  it.each([
    ['', false],
    ['0', true],
    [0, false],
    [Number.NaN, false],
    [[], false],
    [[0], true],
    [{}, false],
    [{ a: 1 }, true],
    [null, false],
    [undefined, false],
  ])('isTruthy(%j) = %j', (v, t) => expect(isTruthy(v)).toBe(t));

  it.each([
    [1, true],
    [1.5, false],
    ['true', true],
    ['yes', false],
  ])('asBoolean(%j) = %j', (v, b) => expect(asBoolean(v)).toBe(b));

  it('prints scalars only', () => {
    expect([asString(3), asString(false), asString(null), asString([1]), asString({})]).toEqual([
      '3',
      'false',
      '',
      '',
      '',
    ]);
  });
});

describe('paths and comparison', () => {
  it('walks objects and arrays', () => {
    const data = { a: [{ b: 'x' }] };
    expect(getPath(data, 'a.0.b')).toBe('x');
    expect(getPath(data, 'a.1.b')).toBeUndefined();
    expect(getPath(data, ['a', 0, 'b'])).toBe('x');
  });

  it('orders by the type of the left side', () => {
    expect(compareValues(5, '3')).toBe(1);
    expect(compareValues('DEF', 'abc')).toBe(-1);
    expect(compareValues(false, true)).toBe(-1);
    expect(deepEquals({ a: [1, 2] }, { a: [1, 2] })).toBe(true);
    expect(deepEquals(3, '3')).toBe(false);
  });

  it('reads literal arguments as JSON and the rest as variables', () => {
    const ctx = fakeContext({ root: { three: 3, '1st': 'first' } });
    expect(resolveArg('3', ctx)).toBe(3);
    expect(resolveArg('"three"', ctx)).toBe('three');
    expect(resolveArg('three', ctx)).toBe(3);
    expect(resolveArg('1st', ctx)).toBe('first');
    expect(resolveArg('null', ctx)).toBeNull();
  });

  it('answers the same on every call, reading variables afresh and never sharing literal objects', () => {
    const root: Record<string, unknown> = { three: 3 };
    const ctx = fakeContext({ root });
    for (let round = 0; round < 3; round++) {
      expect(resolveArg('3', ctx)).toBe(3);
      expect(resolveArg('false', ctx)).toBe(false);
      expect(resolveArg('null', ctx)).toBeNull();
      expect(resolveArg('"three"', ctx)).toBe('three');
      expect(resolveArg('1x', ctx)).toBeUndefined();
      expect(resolveArg('three', ctx)).toBe(root.three);
      root.three = round;
    }
    const a = resolveArg('{"k":[1]}', ctx);
    expect(a).toEqual({ k: [1] });
    expect(resolveArg('{"k":[1]}', ctx)).not.toBe(a);
    expect(resolveArg('[2]', ctx)).not.toBe(resolveArg('[2]', ctx));
  });
});

describe('text helpers', () => {
  it('escapes every attribute-breaking character', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = escapeAttr(s);
        expect(out).not.toMatch(/[<>"]/);
        expect(out.replace(/&(amp|lt|gt|quot);/g, '')).not.toContain('&');
      }),
    );
  });

  it('slugs contain only lower-case letters, digits and hyphens', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(slugify(s)).toMatch(/^[a-z0-9-]*$/);
      }),
    );
  });

  it('turns each tag into one space', () => {
    expect(removeTags('<p>a<br/>b</p>')).toBe(' a b ');
  });

  // Text built mostly from the characters the helpers treat specially, plus lone surrogates.
  const tricky = fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '<',
          '>',
          '&',
          '"',
          ' ',
          '\t',
          '\n',
          '\u00a0',
          '\u200b',
          '\u3000',
          '\ufeff',
          '\u2028',
          'a',
          'é',
        ),
        fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
      ),
      { maxLength: 24 },
    )
    .map((xs) => xs.join(''));
  const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

  it('escapes exactly as a regex replacement does', () => {
    fc.assert(
      fc.property(fc.oneof(tricky, fc.string()), (s) => {
        expect(escapeHtml(s)).toBe(s.replace(/[&<>]/g, (c) => ENTITIES[c] ?? c));
        expect(escapeAttr(s)).toBe(s.replace(/[&<>"]/g, (c) => ENTITIES[c] ?? c));
      }),
    );
    expect(escapeHtml('a & b')).toBe('a &amp; b');
    expect(escapeAttr('"x"')).toBe('&quot;x&quot;');
    expect(escapeHtml('plain')).toBe('plain');
  });

  it('finds visible text exactly when stripping tags and white space leaves some', () => {
    const stripped = (s: string): boolean => removeTags(s).replace(/[\s\u200b\u00a0]+/g, '').length > 0;
    fc.assert(
      fc.property(fc.oneof(tricky, fc.string()), (s) => {
        expect(hasVisibleText(s)).toBe(stripped(s));
      }),
    );
    // Every UTF-16 code unit, alone and inside a tag; mismatches are collected so one assertion
    // (not 131 072) reports them, which keeps the test fast on a loaded machine.
    const mismatches: string[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      for (const s of [ch, `<p>${ch}</p>`]) if (hasVisibleText(s) !== stripped(s)) mismatches.push(s);
    }
    expect(mismatches).toEqual([]);
  });
});
