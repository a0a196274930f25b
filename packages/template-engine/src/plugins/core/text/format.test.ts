import { describe, expect, it } from 'vitest';
import { fakeContext, run } from '../test-context';
import { fillPlaceholders, formatFormatters } from './format';

describe('format', () => {
  it.each([
    ['{0}-{1}', ['x', 'y'], 'x-y'],
    ['{1}{1}', ['x', 'y'], 'yy'],
    ['{4} end', ['x'], ' end'],
    ['{x} kept', ['x'], ' kept'],
    ['no tags', [], 'no tags'],
    ['{12}', Array.from({ length: 13 }, (_, i) => String(i)), '12'],
    ['[{}]', ['x', 'y'], '[x]'],
    ['{ 1}{1 }{-1}', ['x', 'y'], ''],
    ['tail {0', ['x'], 'tail '],
  ])('fills %j', (pattern, values, expected) => expect(fillPlaceholders(pattern, values)).toBe(expected));

  it('resolves arguments as variables; missing ones print nothing', () => {
    const ctx = fakeContext({ root: { who: 'Ada', n: 3 } });
    expect(run(formatFormatters.format, '{0} has {1} {2}', ['who', 'n', 'nothing'], ctx)).toBe('Ada has 3 ');
  });

  it('prints values as variables do: lists comma-joined, objects nothing', () => {
    const ctx = fakeContext({ root: { list: [1, 'a'], obj: { k: 1 }, nil: null } });
    expect(run(formatFormatters.format, '{0}|{1}|{2}', ['list', 'obj', 'nil'], ctx)).toBe('1,a||');
  });
});
