import { describe, expect, it } from 'vitest';
import { check } from '../test-context';
import { comparisonPredicates as p } from './comparisons';

const root = { n: 5, m: 5, s: 'beta', list: [1, 2], same: [1, 2], debug: 1, nil: null };

describe('comparisons', () => {
  it.each([
    ['equal?', ['n', 'm'], true],
    ['equal?', ['n', '5'], true],
    ['equal?', ['n', '"5"'], false],
    ['equal?', ['list', 'same'], true],
    ['equal?', ['s', '"beta"'], true],
    ['notEqual?', ['n', '6'], true],
    ['equal?', ['missing', 'nil'], true],
    ['equal?', ['missing', 'null'], true],
    ['notEqual?', ['nil', 'missing'], false],
    ['equal?', ['missing', '0'], false],
    ['greaterThan?', ['n', '4'], true],
    ['greaterThan?', ['s', '"alpha"'], true],
    ['greaterThan?', ['s', '"Zeta"'], true],
    ['greaterThanOrEqual?', ['n', 'm'], true],
    ['lessThan?', ['n', '5'], false],
    ['lessThanOrEqual?', ['n', '5'], true],
    ['equal?', [], false],
  ] as const)('%s %j', (name, args, expected) => expect(check(p[name], {}, args, { root })).toBe(expected));

  it('compares the current node when given one argument', () => {
    expect(check(p['equal?'], 5, ['n'], { root })).toBe(true);
    expect(check(p['lessThan?'], 2, ['3'], { root })).toBe(true);
  });
});

describe('number predicates', () => {
  it.each([
    ['even?', 4, [], true],
    ['even?', -2, [], true],
    ['even?', 3, [], false],
    ['even?', 2.5, [], false],
    ['even?', '4', [], false],
    ['odd?', -3, [], true],
    ['odd?', 0, ['n'], true],
    ['nth?', 9, ['3'], true],
    ['nth?', -9, ['3'], true],
    ['nth?', 9, ['0'], false],
    ['nth?', 4.5, ['3'], false],
    ['nth?', 0, ['n', '5'], true],
    ['plural?', 2, [], true],
    ['plural?', 1, [], false],
    ['singular?', 1, [], true],
    ['singular?', '1', [], true],
  ] as const)('%s on %j %j', (name, node, args, expected) =>
    expect(check(p[name], node, args, { root })).toBe(expected),
  );

  it('debug? follows the debug flag in the data', () => {
    expect(check(p['debug?'], {}, [], { root })).toBe(true);
    expect(check(p['debug?'], {}, [], { root: {} })).toBe(false);
  });
});
