import { sanitizeRichText } from '@site/page-content';
import { Editor } from '@tiptap/react';
import { describe, expect, it } from 'vitest';
import { richTextExtensions } from './extensions';

const EVERYTHING =
  '<h1>One</h1><h2 style="text-align: center">Two</h2><h3>Three</h3><h4>Four</h4>' +
  '<p style="text-align: justify"><strong>b</strong> <em>i</em> <u>u</u> <s>s</s><br>next line</p>' +
  '<ul><li><p>bullet</p></li></ul><ol><li><p>number</p></li></ol><blockquote><p>quote</p></blockquote>' +
  '<p><a href="page:p1">page</a> <a href="https://example.com/?a=1&amp;b=2" target="_blank">web</a> ' +
  '<a href="mailto:a@example.com?subject=Hi%20there">mail</a> <a href="tel:+441234">call</a></p>';

describe('the editor and the sanitizer agree', () => {
  it('the sanitizer keeps every piece of formatting the editor writes', () => {
    const editor = new Editor({ extensions: richTextExtensions(), content: EVERYTHING });
    const html = editor.getHTML();
    for (const tag of [
      '<h1>',
      '<h4>',
      '<strong>',
      '<em>',
      '<u>',
      '<s>',
      '<br>',
      '<ul>',
      '<ol>',
      '<blockquote>',
      'text-align: center',
      'href="page:p1"',
      'target="_blank"',
    ])
      expect(html).toContain(tag);
    expect(sanitizeRichText(html)).toBe(
      html.replace('target="_blank"', 'target="_blank" rel="noopener noreferrer"'),
    );
    editor.destroy();
  });

  it('refuses unsafe links itself, before the server does', () => {
    const editor = new Editor({
      extensions: richTextExtensions(),
      content: '<p><a href="javascript:alert(1)">x</a></p>',
    });
    expect(editor.getHTML()).toBe('<p>x</p>');
    editor.destroy();
  });
});
