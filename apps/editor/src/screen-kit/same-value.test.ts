import { describe, expect, it } from 'vitest';
import { sameValue } from './same-value';

describe('sameValue', () => {
  it.each([
    ['equal numbers', 1, 1, true],
    ['different numbers', 1, 2, false],
    ['a number and its text', 1, '1', false],
    ['null and an object', null, {}, false],
    ['objects whatever the key order', { a: 1, b: 'x' }, { b: 'x', a: 1 }, true],
    ['an undefined key and a missing one', { a: 1, b: undefined }, { a: 1 }, true],
    ['a null key and a missing one', { a: 1, b: null }, { a: 1 }, false],
    ['nested objects', { a: { b: [1, { c: true }] } }, { a: { b: [1, { c: true }] } }, true],
    ['a nested change', { a: { b: [1, { c: true }] } }, { a: { b: [1, { c: false }] } }, false],
    ['arrays in order', [1, 2], [1, 2], true],
    ['arrays in another order', [1, 2], [2, 1], false],
    ['a longer array', [1, 2], [1, 2, 3], false],
    ['an array and an object with its indexes', [1], { 0: 1 }, false],
    ['empty text and a missing value', { a: '' }, {}, false],
  ])('%s', (_name, a, b, same) => {
    expect(sameValue(a, b)).toBe(same);
    expect(sameValue(b, a)).toBe(same);
  });
});
