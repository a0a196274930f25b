// @vitest-environment node
// The editor's first-load budget (issue 27), measured on the built dist: turbo runs this app's
// `vite build` before its tests, so `pnpm test` fails when a change pushes the first load over.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_BUDGET, firstLoad, staticClosure } from './first-load.mjs';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

describe('staticClosure', () => {
  const manifest = {
    'index.html': { file: 'a.js', isEntry: true, imports: ['_b.js'], dynamicImports: ['src/Screen.tsx'] },
    '_b.js': { file: 'b.js', imports: ['_c.js'] },
    '_c.js': { file: 'c.js', imports: ['_b.js'] },
    'src/Screen.tsx': { file: 'screen.js', isDynamicEntry: true, imports: ['_b.js', '_d.js'] },
    '_d.js': { file: 'd.js' },
  };
  it.each([
    ['index.html', ['index.html', '_b.js', '_c.js']],
    ['src/Screen.tsx', ['src/Screen.tsx', '_b.js', '_c.js', '_d.js']],
    ['_d.js', ['_d.js']],
  ])('%s pulls in %j through static imports only', (key, expected) => {
    expect([...staticClosure(manifest, key)].sort()).toEqual([...expected].sort());
  });
  it('refuses a key the manifest does not have', () => {
    expect(() => staticClosure(manifest, '_gone.js')).toThrow(/not in the build manifest/);
  });
});

describe('the built editor', () => {
  const load = firstLoad(dist);

  it('index.html asks for exactly the entry and its static imports', () => {
    expect([...load.requested].sort()).toEqual(load.chunks.map((chunk) => chunk.file).sort());
  });

  it(`loads at most ${FIRST_LOAD_BUDGET / 1000} kB of gzipped JavaScript first`, () => {
    const listing = load.chunks.map((chunk) => `${chunk.file} ${chunk.gzip}`).join('\n');
    expect(load.total, `first load over budget:\n${listing}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
  });

  it('leaves every screen and the rich-text and code editors to load on demand', () => {
    const lazy = Object.keys(load.manifest).filter((key) => load.manifest[key].isDynamicEntry);
    expect(lazy).toEqual(
      expect.arrayContaining(['src/pages/PagesScreen.tsx', 'src/sign-up/SignUpScreen.tsx']),
    );
    for (const key of lazy) expect(load.keys.has(key), key).toBe(false);
  });
});
