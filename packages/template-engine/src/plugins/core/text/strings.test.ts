import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { run } from '../test-context';
import { textFormatters as t, truncateText } from './strings';

describe('truncate', () => {
  const long = 'word '.repeat(40).trim();

  it('defaults to 100 characters and "..." (spec §9)', () => {
    const out = run(t.truncate, long) as string;
    expect(out.endsWith('...')).toBe(true);
    expect(out.length).toBeLessThanOrEqual(103);
  });

  it.each([
    [['9'], 'one two three four', 'one two ...'],
    [['9', '~'], 'one two three four', 'one two ~'],
    [['50'], 'short text', 'short text'],
    [['0'], 'one two three', 'one two three'],
    [['-4'], 'one two three', 'one two three'],
    [['abc'], 'one two three', 'one two three'],
    [['4'], 'abcdefgh', 'abcd...'],
  ])('truncate %j of %j', (args, input, expected) => expect(run(t.truncate, input, args)).toBe(expected));

  it('keeps a prefix of the input no longer than the limit', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 60 }), (s, n) => {
        const out = truncateText(s, n, '…');
        if (s.length <= n) expect(out).toBe(s);
        else {
          expect(out.endsWith('…')).toBe(true);
          const kept = out.slice(0, -1);
          expect(s.startsWith(kept)).toBe(true);
          expect(kept.length).toBeLessThanOrEqual(n);
        }
      }),
    );
  });
});

describe('other text formatters', () => {
  it.each([
    ['capitalize', 'Tea time', [], 'TEA TIME'],
    ['slugify', "Don't Panic, Ok?", [], 'dont-panic-ok'],
    ['pluralize', 1, [], ''],
    ['pluralize', 3, [], 's'],
    ['pluralize', 3, ['es'], 'es'],
    ['pluralize', 1, ['goose', 'geese'], 'goose'],
    ['pluralize', 0, ['goose', 'geese'], 'geese'],
    ['safe', '<em>hi</em> there', [], 'hi there'],
    ['str', 12, [], '12'],
    ['str', { a: 1 }, [], ''],
    ['output', null, ['a', 'b'], 'a b'],
    ['encode-space', 'a b\tc', [], 'a&nbsp;b&nbsp;c'],
    ['line-breaks', 'a\nb', [], 'a<br/>b'],
    [
      'smartypants',
      `"Quote" and 'single' -- dash`,
      [],
      '\u201cQuote\u201d and \u2018single\u2019 \u2014 dash',
    ],
  ] as const)('%s %j %j', (name, value, args, expected) => {
    expect(run(t[name], value, args)).toBe(expected);
  });

  it('leaves empty values to safe untouched', () => {
    expect(run(t.safe, '')).toBe('');
    expect(run(t.safe, null)).toBeNull();
  });
});
