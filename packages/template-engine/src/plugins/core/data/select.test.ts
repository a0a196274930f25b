import { describe, expect, it } from 'vitest';
import { fakeContext, run } from '../test-context';
import { selectFormatters as f } from './select';

const root = {
  key: 'b',
  pathKey: 'inner.deep',
  which: ['inner', 'deep'],
  table: { a: { ok: false }, b: { ok: true }, c: { ok: true } },
  letters: ['a', 'b', 'c'],
};
const ctx = fakeContext({ root });

describe('get', () => {
  const obj = { b: { name: 'Bee' }, inner: { deep: 7 }, nil: null };
  it.each([
    [[], obj],
    [['key'], { name: 'Bee' }],
    [['which'], 7],
    [['key', 'missing'], undefined],
    [['nothing'], undefined],
  ])('get %j', (args, expected) => expect(run(f.get, obj, args, ctx)).toEqual(expected));

  it.each([
    ['an object', { k: { x: 1 } }],
    ['null', { k: null }],
    ['empty text', { k: '' }],
  ])('finds nothing with a key that is %s (not the first element)', (_name, r) => {
    expect(run(f.get, ['first', 'second'], ['k'], fakeContext({ root: r }))).toBeUndefined();
  });

  it('keeps a null it finds (it is present)', () => {
    expect(run(f.get, { b: null }, ['key'], ctx)).toBeNull();
  });
});

describe('prop, lookup and key-by', () => {
  it('walks literal paths', () => {
    expect(run(f.prop, { x: { y: { z: 1 } } }, ['x', 'y.z'])).toBe(1);
    expect(run(f.prop, { x: 1 }, ['q', 'r'])).toBeUndefined();
  });

  it('looks up the path named by a variable, below the value first', () => {
    expect(run(f.lookup, { inner: { deep: 'here' } }, ['pathKey'], ctx)).toBe('here');
    expect(run(f.lookup, {}, ['key'], ctx)).toBeUndefined();
    expect(run(f.lookup, {}, ['key'], fakeContext({ root: { ...root, b: 'scoped' } }))).toBe('scoped');
    expect(run(f.lookup, {}, [], ctx)).toBe('');
  });

  it.each([
    ['a missing key variable', 'missing'],
    ['a key variable that is an object', 'table'],
    ['an empty key', 'empty'],
  ])('lookup through %s finds nothing', (_name, key) => {
    const c = fakeContext({ root: { ...root, empty: '' } });
    expect(run(f.lookup, 'the value', [key], c)).toBeUndefined();
    expect(run(f.lookup, { x: 1 }, [key], c)).toBeUndefined();
  });

  it('keys an array by a field', () => {
    const people = [{ id: 'p1', n: 1 }, { id: 'p2', n: 2 }, { n: 3 }];
    expect(run(f['key-by'], people, ['id'])).toEqual({ p1: people[0], p2: people[1] });
    expect(run(f['key-by'], 'nope', ['id'])).toEqual({});
  });
});

describe('find-first / find-last', () => {
  const items = [
    { on: 0, n: 1 },
    { on: 1, n: 2 },
    { on: 1, n: 3 },
  ];
  it.each([
    ['find-first', [], items[0]],
    ['find-last', [], items[2]],
    ['find-first', ['on'], items[1]],
    ['find-last', ['on'], items[2]],
    ['find-first', ['missing'], undefined],
  ] as const)('%s %j', (name, args, expected) => expect(run(f[name], items, args, ctx)).toEqual(expected));

  it('tests a lookup table entry per element', () => {
    expect(run(f['find-first'], root.letters, ['table', 'ok'], ctx)).toBe('b');
    expect(run(f['find-last'], root.letters, ['table', 'ok'], ctx)).toBe('c');
  });
});
