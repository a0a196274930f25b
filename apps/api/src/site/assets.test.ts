import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BLOCK_STYLESHEET, readSiteAssets, readStorefrontAssets } from './assets';

const dist = mkdtempSync(join(tmpdir(), 'storefront-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
mkdirSync(join(dist, '.vite'));
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

  it('adds the block styles after the storefront’s', () => {
    const site = readSiteAssets(dist);
    expect(site.css).toEqual(['/assets/storefront/assets/storefront-1.css', BLOCK_STYLESHEET]);
    expect(site.preload).toHaveLength(3);
  });

  it('links nothing without a build', () => {
    expect(readStorefrontAssets(join(dist, 'missing'))).toEqual({ js: [], css: [] });
  });
});
