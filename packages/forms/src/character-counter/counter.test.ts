import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { characterCount, parseCounterMax } from './counter';

describe('parseCounterMax', () => {
  it.each([
    ['200', 200],
    ['12abc', 12],
    [' 7', 7],
    ['0', 0],
    ['-5', 0],
    ['abc', 0],
    ['', 0],
    [null, 0],
    [undefined, 0],
    ['3.9', 3],
  ])('%j -> %i', (attribute, expected) => {
    expect(parseCounterMax(attribute)).toBe(expected);
  });
});

describe('characterCount', () => {
  it.each([
    ['', 10, { count: 0, max: 10, label: '0 / 10', overLimit: false }],
    ['hello', 5, { count: 5, max: 5, label: '5 / 5', overLimit: false }],
    ['hello!', 5, { count: 6, max: 5, label: '6 / 5', overLimit: true }],
    ['👍🏽', 5, { count: 2, max: 5, label: '2 / 5', overLimit: false }],
  ])('%j with max %i', (text, max, expected) => {
    expect(characterCount(text, max)).toEqual(expected);
  });

  it('adds no counter when the maximum is 0', () => {
    expect(characterCount('anything', 0)).toBeNull();
  });

  it('flags exactly the texts longer than the maximum, and never shortens them', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.integer({ min: 1, max: 30 }), (text, max) => {
        const counter = characterCount(text, max);
        const length = [...text].length;
        expect(counter?.count).toBe(length);
        expect(counter?.overLimit).toBe(length > max);
        expect(counter?.label).toBe(`${length} / ${max}`);
      }),
    );
  });
});
