import { describe, expect, it } from 'vitest';
import { compiledTemplate, folderIndex } from './template-cache';

describe('compiledTemplate', () => {
  it('reuses the compiled template while the version holds, and recompiles when it changes', () => {
    const first = compiledTemplate('site-a/page', 'v1', '<p>{title}</p>');
    expect(compiledTemplate('site-a/page', 'v1', '<p>ignored: same version</p>')).toBe(first);
    const second = compiledTemplate('site-a/page', 'v2', '<h1>{title}</h1>');
    expect(second).not.toBe(first);
    expect(second.render({ title: 'Hi' }).html).toBe('<h1>Hi</h1>');
  });

  it('keeps sites apart under their own keys', () => {
    const a = compiledTemplate('site-a/x', 'v1', 'A');
    const b = compiledTemplate('site-b/x', 'v1', 'B');
    expect([a.render({}).html, b.render({}).html]).toEqual(['A', 'B']);
  });
});

describe('folderIndex', () => {
  it('lists the pages with their titles escaped', () => {
    const html = folderIndex().render({
      title: 'A & B',
      pages: [{ title: '<i>x</i>', fullUrl: '/a?b="c"' }],
    }).html;
    expect(html).toContain('<h1>A &amp; B</h1>');
    expect(html).toContain('&lt;i&gt;x&lt;/i&gt;');
    expect(html).not.toContain('<i>');
  });
});
