import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSiteAssets, readStorefrontAssets } from './assets';
import { themeStylesheets } from './theme';

const dist = mkdtempSync(join(tmpdir(), 'storefront-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
mkdirSync(join(dist, '.vite'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'assets', 'storefront-1.css'), '.storefront { color: red }');
const publicDir = join(dist, 'public');
mkdirSync(publicDir);
writeFileSync(join(publicDir, 'blocks.css'), '.block { margin: 0 }');
writeFileSync(
  join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'src/main.tsx': {
      file: 'assets/storefront-1.js',
      isEntry: true,
      css: ['assets/storefront-1.css'],
      imports: ['_messages.js', '_jsx-runtime.js'],
      dynamicImports: ['src/cart/cart-page.tsx'],
    },
    '_messages.js': { file: 'assets/messages.js' },
    '_jsx-runtime.js': { file: 'assets/jsx-runtime.js', imports: ['_runtime.js'] },
    '_runtime.js': { file: 'assets/runtime.js' },
    'src/cart/cart-page.tsx': { file: 'assets/cart-page.js', imports: ['src/main.tsx', '_cart-only.js'] },
    '_cart-only.js': { file: 'assets/cart-only.js' },
  }),
);

describe('the storefront build a page links', () => {
  it('links the entry and its styles, and preloads every chunk the entry imports, however deep, but no lazy one', () => {
    expect(readStorefrontAssets(dist)).toEqual({
      js: ['/assets/storefront/assets/storefront-1.js'],
      css: ['/assets/storefront/assets/storefront-1.css'],
      preload: [
        '/assets/storefront/assets/messages.js',
        '/assets/storefront/assets/jsx-runtime.js',
        '/assets/storefront/assets/runtime.js',
      ],
    });
  });

  it('gives each theme one stylesheet: the storefront’s styles, then the blocks’, then the theme’s', () => {
    const site = readSiteAssets(dist, publicDir);
    expect(site.js).toEqual(['/assets/storefront/assets/storefront-1.js']);
    expect(site.preload).toHaveLength(3);
    const url = site.stylesheets.url('market');
    expect(url).toMatch(/^\/assets\/site-styles\/market\.[0-9a-f]{16}\.css$/);
    const { css } = site.stylesheets.find(url.slice('/assets/site-styles/'.length))!;
    const market = themeStylesheets('market').map((s) => s.css);
    expect(css).toBe(['.storefront { color: red }', '.block { margin: 0 }', ...market].join('\n'));
    expect(site.stylesheets.url('fieldnotes')).not.toBe(url);
  });

  it('links nothing without a build', () => {
    expect(readStorefrontAssets(join(dist, 'missing'))).toEqual({ js: [], css: [] });
  });
});
