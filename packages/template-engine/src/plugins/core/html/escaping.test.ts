import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fakeContext, run } from '../test-context';
import { escapingFormatters as f, jsonForScript, urlEncode } from './escaping';

describe('escaping formatters', () => {
  it.each([
    ['html', '<a href="x">&</a>', '&lt;a href="x"&gt;&amp;&lt;/a&gt;'],
    ['htmlattr', '"<&>"', '&quot;&lt;&amp;&gt;&quot;'],
    ['htmltag', '"', '&quot;'],
    ['encode-uri', 'a b/c?d=é', 'a%20b/c?d=%C3%A9'],
    ['encode-uri-component', 'a b/c', 'a%20b%2Fc'],
    ['url-encode', 'é a+b', '%C3%A9%20a+b'],
    ['json', { s: '</script>' }, '{"s":"<\\/script>"}'],
    ['json-pretty', [1], '[\n  1\n]'],
    ['raw', 'text', '"text"'],
    ['raw', null, 'null'],
    ['raw', undefined, 'null'],
  ] as const)('%s %j', (name, value, expected) => expect(run(f[name], value)).toBe(expected));

  it('prints nothing for a missing value as JSON', () => {
    expect(run(f.json, undefined)).toBe('');
    expect(run(f.json, null)).toBe('null');
  });

  it('prefixes the site base URL', () => {
    expect(run(f.AbsUrl, 'page', [], fakeContext({ root: { 'base-url': 'https://x.test' } }))).toBe(
      'https://x.test/page',
    );
  });

  it('never lets JSON close a script element', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(jsonForScript(v)).not.toContain('</');
      }),
    );
  });

  it('url-encodes to ASCII that decodes back to the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const out = urlEncode(s);
        expect(out).toMatch(/^[A-Za-z0-9@*_+\-./%]*$/);
        expect(decodeURIComponent(out)).toBe(s);
      }),
    );
  });

  it('url-encodes every UTF-8 byte as the byte-by-byte rule does, lone surrogates included', () => {
    const keep = /[A-Za-z0-9@*_+\-./]/;
    const reference = (s: string): string => {
      let out = '';
      for (const b of new TextEncoder().encode(s)) {
        const c = String.fromCharCode(b);
        out += b < 128 && keep.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
      }
      return out;
    };
    const text = fc
      .array(
        fc.oneof(
          fc.constantFrom(
            'a',
            'Z',
            '9',
            '-',
            '.',
            '/',
            ' ',
            '%',
            '&',
            '?',
            'é',
            '€',
            '😀',
            '\ud800',
            '\udc00',
          ),
          fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
        ),
        { maxLength: 20 },
      )
      .map((xs) => xs.join(''));
    fc.assert(
      fc.property(fc.oneof(text, fc.string()), (s) => {
        expect(urlEncode(s)).toBe(reference(s));
      }),
    );
    expect(urlEncode('shop-tips')).toBe('shop-tips');
    expect(urlEncode('a b')).toBe('a%20b');
    expect(urlEncode(' ')).toBe('%20');
    expect(urlEncode('x\ud800y')).toBe('x%EF%BF%BDy');
  });
});
