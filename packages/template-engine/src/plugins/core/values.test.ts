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
  getPath,
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
});
