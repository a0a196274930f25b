import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainTextToHtml, richTextToPlain } from './plain-text';

describe('richTextToPlain', () => {
  it.each([
    ['<p>Hello <strong>world</strong></p>', 'Hello world'],
    ['<h2>One</h2><p>Two<br>three</p>', 'One Two three'],
    ['<p>Fish &amp; chips &lt;3 &#8212; &#x2014; caf&eacute;</p>', 'Fish & chips <3 — — caf&eacute;'],
    ['<p>&nbsp;</p>', ''],
    ['', ''],
  ])('%j → %j', (html, plain) => expect(richTextToPlain(html)).toBe(plain));

  it('reads back the words of plain text turned into rich text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        expect(richTextToPlain(plainTextToHtml(text))).toBe(text.replace(/\s+/g, ' ').trim());
      }),
    );
  });
});
