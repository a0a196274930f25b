import { describe, expect, it } from 'vitest';
import { render } from '../../../index';
import { fakeContext, run } from '../test-context';
import { numberFormatters as f } from './numbers';

describe('number helpers', () => {
  it.each([
    [[1, 2], 2],
    [{ a: 1 }, 1],
    ['abc', 3],
    [9, 0],
    [null, 0],
  ])('count %j = %j', (v, n) => expect(run(f.count, v)).toBe(n));

  it.each([
    [1, 'x'],
    [2, 'y'],
    [4, 'x'],
    [0, 'z'],
    [-1, 'y'],
  ])('cycle x y z at %j', (v, out) => expect(run(f.cycle, v, ['x', 'y', 'z'])).toBe(out));

  it('cycle of a value that is no number leaves it missing, so the next formatter reads 0', () => {
    expect(run(f.cycle, 'q', ['x', 'y'])).toBeUndefined();
    expect(render('{x|cycle a b}|{x|cycle a b|mod 3}|{x|cycle a b|date %Y}', { x: 'q' }).html).toBe(
      '|0|1969',
    );
  });

  it.each([
    [7, ['4'], 3],
    [7, [], 1],
    [7, ['0'], 1],
    [-2.5, ['2'], -0.5],
  ])('mod %j %j', (v, args, out) => expect(run(f.mod, v, args)).toBe(out));

  it.each([
    [2.5, 3],
    [-2.5, -2],
    ['4.4', 4],
  ])('round %j', (v, out) => expect(run(f.round, v)).toBe(out));

  it('iter prints the 1-based loop index', () => {
    expect(run(f.iter, 'x', [], fakeContext({ vars: { '@index': 4 } }))).toBe('4');
  });
});

describe('never NaN', () => {
  it.each([
    ['round', 'x', 'x'],
    ['round', '2.5', 3],
    ['round', null, 0],
    ['mod', 'x', 'x'],
    ['mod', '7', 1],
  ] as const)('%s %j = %j (a value that is no number passes through)', (name, v, out) =>
    expect(run(f[name], v)).toBe(out),
  );
});
