import { describe, expect, it } from 'vitest';
import { fakeContext, run } from '../test-context';
import { formatMessage, messageFormatters as f, parseMessage } from './message';

const ctx = fakeContext({ timeZone: 'UTC' });
const fmt = (msg: string, ...positional: unknown[]): string =>
  formatMessage(msg, { positional, named: {} }, ctx);

describe('message', () => {
  it.each([
    ['Hi {0}!', ['Ann'], 'Hi Ann!'],
    ['{1} before {0}', ['a', 'b'], 'b before a'],
    ['{0}', ['3.50'], '3.50'],
    ['{0} {5}', ['x'], 'x '],
    ['{0 plural one{# cat} other{# cats}}', [1], '1 cat'],
    ['{0 plural one{# cat} other{# cats}}', ['1.0'], '1.0 cats'],
    ['{0 plural one{# cat} other{# cats}}', [0], '0 cats'],
    ['{0 plural =0{none} one{one} other{#}}', [0], 'none'],
    ['{0 plural offset:1 one{you and # other} other{you and # others}}', [2], 'you and 1 other'],
    ['{0 selectordinal one{#st} two{#nd} few{#rd} other{#th}}', [22], '22nd'],
    ['{0 selectordinal one{#st} two{#nd} few{#rd} other{#th}}', [13], '13th'],
    ['{0 select red{warm} other{cool}}', ['red'], 'warm'],
    ['{0 select red{warm} other{cool}}', ['blue'], 'cool'],
    ['{0 plural one{{1} has # item} other{{1} has # items}}', [2, 'Bo'], 'Bo has 2 items'],
    ['{0 decimal maxfrac:1}', ['1234.56'], '1,234.6'],
    // Money arguments, as `money` prints them (the reference's `money` and `currency`).
    ['Over {0 money}', [{ value: '12.5', currency: 'USD' }], 'Over $12.50'],
    ['{0 currency style:code}', [{ decimalValue: '3', currencyCode: 'EUR' }], '3.00 EUR'],
    ['[{0 money}]', [5], '[]'],
    ['{0 datetime date:short}', [Date.UTC(2020, 1, 3)], '2/3/20'],
    [
      '{0;1 datetime-interval yMMM}',
      [Date.UTC(2020, 1, 3), Date.UTC(2020, 4, 3)],
      'Feb\u2009–\u2009May 2020',
    ],
    ['{0 unit in:meter}', [5], '5 m'],
    // As in the reference: a formatter messages do not know prints nothing, so does a malformed
    // tag up to its closing brace, and from a tag never closed on the message prints as written.
    ['[{0 mystery}]', ['raw'], '[]'],
    ['a {b {c} d} e', [], 'a  e'],
    ["x {} y { Y.on('ready', function() { go(); }); } z", [], 'x  y  z'],
    ['unclosed {0', ['x'], 'unclosed {0'],
    ["{0} {1 {x} it's", ['a'], "a {1 {x} it's"],
    ['{0 plural one{x}', [1], '{0 plural one{x}'],
  ])('%j with %j', (msg, args, expected) => expect(fmt(msg, ...args)).toBe(expected));

  it('uses the locale plural rules', () => {
    const ru = fakeContext({ locale: 'ru' });
    const msg = '{0 plural one{# файл} few{# файла} many{# файлов} other{# файла}}';
    expect([1, 3, 5, 21].map((n) => formatMessage(msg, { positional: [n], named: {} }, ru))).toEqual([
      '1 файл',
      '3 файла',
      '5 файлов',
      '21 файл',
    ]);
  });

  it('resolves formatter arguments as variables, named ones too', () => {
    const c = fakeContext({ root: { n: 2, who: 'Lee' } });
    expect(run(f.message, '{who} has {0 plural one{# pet} other{# pets}}', ['n', 'who:who'], c)).toBe(
      'Lee has 2 pets',
    );
    expect(run(f.plural, '{1}', ['n', 'who'], c)).toBe('Lee');
  });

  it('parses each message once', () => {
    expect(parseMessage('{0} x')).toBe(parseMessage('{0} x'));
  });
});

describe('message ICU quoting (as the reference engine)', () => {
  it.each([
    ["It''s {0}", 'doubled apostrophe', "It's x"],
    ["It's {0}", 'lone quote runs to the end', 'Its {0}'],
    ["a '{0}' b {0}", 'quoted braces are text', 'a {0} b x'],
    ["a'b'c {0}", 'quotes vanish', 'abc x'],
    ["'''x'''", 'doubled inside and outside', "'x'"],
    ["{0 select y{is y} other{'{'other'}'}}", 'inside a choice', '{other}'],
  ])('%s (%s)', (msg, _why, out) => expect(fmt(msg, 'x')).toBe(out));
});
