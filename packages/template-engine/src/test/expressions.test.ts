import { describe, expect, it } from 'vitest';
import { compile, createRegistry, render } from '../index';

const registry = createRegistry();
const ev = (expr: string, data: unknown = {}) => render(`{.eval ${expr}}`, data, { registry });
const out = (expr: string, data: unknown = {}) => ev(expr, data).html;
const parseError = (expr: string) => {
  const errors = compile(`{.eval ${expr}}`, { registry }).errors;
  expect(errors.map((e) => e.kind)).toEqual(['EXPRESSION_ERROR']);
  return errors[0]!.message;
};

describe('expression values and operators', () => {
  it.each([
    ['1 + 2 * 3', '7'],
    ['(1 + 2) * 3', '9'],
    ['2 ** 3 ** 2', '512'],
    ['-2 + +"3"', '1'],
    ['7 % 4 - 10 / 4', '0.5'],
    ['1 << 4 >> 2', '4'],
    ['6 & 3 | 8 ^ 1', '11'],
    ['~5', '-6'],
    ['!0 && !""', 'true'],
    ['0 || null', 'false'],
    ['1 < 2 == 2 > 1', 'true'],
    ['"a" < "b"', 'true'],
    ['"1" == 1', 'true'],
    ['"1" === 1', 'false'],
    ['null == 0', 'false'],
    ['0x1F + 0X01', '32'],
    ['1.5e2', '150'],
    ['"a" + 1 + 2', 'a12'],
    ['1 + 2 + "a"', '3a'],
    ['"x" + null + true', 'xnulltrue'],
    ['PI > 3 && E < 3', 'true'],
    ['Infinity', 'Infinity'],
    ['NaN == NaN', 'false'],
    ['\'single\' + "double"', 'singledouble'],
    ['"tab\\tnl\\n\\x41\\u00e9\\U0001F600"', 'tab\tnl\nAé😀'],
    ['"\\x01"', ' '],
  ])('%s → %s', (expr, expected) => expect(out(expr)).toBe(expected));

  it.each([
    ['max(1, 5, "3")', '5'],
    ['min(4, -2, 7)', '-2'],
    ['abs(-3.5)', '3.5'],
    ['num("0x10") + num("2.5") + num(true)', '19.5'],
    ['num("12px")', 'NaN'],
    ['str(12) + str(false) + str(null)', '12falsenull'],
    ['bool("") || bool(0)', 'false'],
    ['max(1, min(2, 3), abs(-4))', '4'],
  ])('function %s → %s', (expr, expected) => expect(out(expr)).toBe(expected));

  it('reads data and variables, and assigns @-variables only', () => {
    const data = { a: { b: 4 }, s: 'x', o: { k: 1 }, list: [1] };
    expect(out('a.b * 2 + @x', data)).toBe('8');
    expect(render('{.eval @x = a.b; @y = @x + 1}{@x}{@y}', data, { registry }).html).toBe('45');
    expect(render('{.eval a = 5; @z = 1}{a.b}{@z}', data, { registry }).html).toBe('41');
    expect(out('missing == null', data)).toBe('true');
  });

  it('writes nothing after an assignment or for null', () => {
    expect(out('@v = 3')).toBe('');
    expect(out('null')).toBe('');
  });
});

describe('expression errors', () => {
  it.each([
    ['"open', 'Unterminated string'],
    ['"bad \\xZZ"', 'Invalid 2-char hex escape'],
    ['"bad \\u12"', 'Invalid unicode escape'],
    ['1.2.3', 'Duplicate decimal point'],
    ['1e', 'Expected a digit after exponent'],
    ['0x', 'Expected digits after start of hex number'],
    ['(1 + 2', 'Mismatched operator found: left paren'],
    ['1 + 2)', 'Mismatched operator found: right paren'],
    ['(1; 2)', 'Mismatched operator found'],
    ['nope(1)', 'Invalid function nope'],
    ['1 # 2', 'Unexpected character'],
    ['"a\nb"', 'Illegal bare line feed'],
  ])('parse error in %s', (expr, message) => expect(parseError(expr)).toContain(message));

  it.each([
    ['1 +', 'Invalid arguments to operator add'],
    ['o * 2', 'Invalid arguments to operator multiply'],
    ['o', 'unexpected token on stack'],
    ['max()', 'Error calling function max'],
  ])('reduce error in %s', (expr, message) => {
    const r = ev(expr, { o: { k: 1 } });
    expect(r.html).toBe('');
    expect(r.errors.map((e) => e.kind)).toEqual(['EXPRESSION_ERROR']);
    expect(r.errors[0]!.message).toContain(message);
  });

  it('caps tokens and string length', () => {
    const tooMany = compile('{.eval 1 + 1 + 1}', { registry, limits: { maxExpressionTokens: 4 } }).errors;
    expect(tooMany[0]!.message).toContain('maximum number of allowed tokens: 4');
    const longLiteral = compile('{.eval "abcdef"}', { registry, limits: { maxStringLength: 5 } }).errors;
    expect(longLiteral[0]!.message).toContain('String literal exceeds maximum string length 5');
    const r = render('{.eval "abc" + "def"}', {}, { registry, limits: { maxStringLength: 5 } });
    expect(r.errors[0]!.message).toContain('Concatenation would exceed maximum string length 5');
  });
});
