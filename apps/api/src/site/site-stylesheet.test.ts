import { SITE_THEMES } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { mergeStylesheets, SiteStylesheets } from './site-stylesheet';
import { themeStylesheets } from './theme';

describe('merging stylesheets into one', () => {
  it.each([
    ['a file beside the stylesheet', 'url(font.woff2)', 'url(/assets/theme/styles/font.woff2)'],
    ['a quoted one', "url('font.woff2')", "url('/assets/theme/styles/font.woff2')"],
    ['a double-quoted one', 'url("font.woff2")', 'url("/assets/theme/styles/font.woff2")'],
    ['one folder up', 'url(../assets/hero.svg#x)', 'url(/assets/theme/assets/hero.svg#x)'],
    ['with a query', 'url( ./a.woff2?v=2 )', 'url(/assets/theme/styles/a.woff2?v=2)'],
    ['a rooted path', 'url(/assets/fonts/inter/400.woff2)', 'url(/assets/fonts/inter/400.woff2)'],
    ['another site', 'url(https://cdn.example/a.png)', 'url(https://cdn.example/a.png)'],
    ['a data URL', 'url(data:image/svg+xml;base64,AAAA)', 'url(data:image/svg+xml;base64,AAAA)'],
    ['an SVG fragment', 'url(#clip)', 'url(#clip)'],
  ])('keeps %s pointing where it pointed', (_, ref, merged) => {
    const css = `.a { background: ${ref} }`;
    expect(mergeStylesheets([{ url: '/assets/theme/styles/page-types.css', css }])).toBe(
      `.a { background: ${merged} }`,
    );
  });

  it('keeps the order given, each file after the one before', () => {
    expect(
      mergeStylesheets([
        { url: '/a.css', css: 'a { color: red }' },
        { url: '/b.css', css: 'a { color: blue }' },
      ]),
    ).toBe('a { color: red }\na { color: blue }');
  });

  it('refuses a stylesheet that imports another, which would stop working in the middle of a file', () => {
    expect(() =>
      mergeStylesheets([
        { url: '/a.css', css: 'a { color: red }' },
        { url: '/b.css', css: '@import url(c.css);' },
      ]),
    ).toThrow('/b.css imports another stylesheet');
  });

  it.each(SITE_THEMES.map((t) => t.id))('merges every style of the shipped %s theme', (id) => {
    expect(() => mergeStylesheets(themeStylesheets(id))).not.toThrow();
  });
});

describe('the stylesheet of each theme', () => {
  const shared = [{ url: '/assets/blocks.css', css: '.block { margin: 0 }' }];

  it('is named by its content, so a change gets a new address', () => {
    const before = new SiteStylesheets(() => shared).url('studio');
    const after = new SiteStylesheets(() => [
      { url: '/assets/blocks.css', css: '.block { margin: 1px }' },
    ]).url('studio');
    expect(before).toMatch(/^\/assets\/site-styles\/studio\.[0-9a-f]{16}\.css$/);
    expect(after).not.toBe(before);
  });

  it('serves the current styles under an older name too, but not to keep for ever', () => {
    const sheets = new SiteStylesheets(() => shared);
    const file = sheets.url('bistro').slice('/assets/site-styles/'.length);
    const current = sheets.find(file)!;
    expect(current.current).toBe(true);
    expect(current.css.startsWith('.block { margin: 0 }\n')).toBe(true);
    expect(sheets.find('bistro.0123456789abcdef.css')).toEqual({ css: current.css, current: false });
  });

  it.each([
    'gothic.0123456789abcdef.css',
    'bistro.css',
    'bistro.0123456789abcdef.js',
    '../blocks.css',
    'bistro.0123\u0000.css',
    '',
  ])('knows no stylesheet named %j', (file) => {
    expect(new SiteStylesheets(() => shared).find(file)).toBeUndefined();
  });
});
