import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (pkg: string) => fileURLToPath(new URL(`../../packages/${pkg}/src/index.ts`, import.meta.url));
const preact = (file: string) => fileURLToPath(new URL(`src/preact/${file}.ts`, import.meta.url));

// The browser build runs the React code (this app's and @site/ui's, React Aria included) on Preact:
// React DOM alone is ~58 kB gzip of a 70 kB budget. src/preact/ holds the alias targets, which also
// make Preact behave as React Aria expects. Build only: the unit tests, Storybook and @site/ui's own
// build stay on React. (README.md, "Preact in the browser build")
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: preact('client') },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: preact('jsx-runtime') },
  { find: /^react(-dom)?$/, replacement: preact('react') },
];

// The storefront is not a SPA: the API server renders every page and these bundles enhance the
// server-rendered markers, so the build emits a manifest the server reads to link the entry.
export default defineConfig(({ command, mode }) => ({
  base: '/assets/storefront/',
  resolve: {
    // The rule packages are bundled from their sources, module by module: their dist is one file,
    // and a module shared by the entry and a lazy chunk is emitted whole in the entry, so code only
    // the lazy pages use (the site form's zod schemas) would load on every page. From the sources
    // each module lands in the chunk that uses it; unused schemas drop out as they are pure (see
    // the packages' index.ts). Applies to @site/ui's imports of them as well. (README.md, "Size budget")
    alias: [
      { find: /^@site\/commerce-core$/, replacement: source('commerce-core') },
      { find: /^@site\/forms$/, replacement: source('forms') },
      ...(command === 'build' && mode !== 'test' ? preactAliases : []),
    ],
  },
  build: {
    outDir: 'dist',
    manifest: true,
    // One CSS file, for the server to merge into each theme's stylesheet ahead of the theme's rules:
    // split per chunk, the CSS of the chunks the entry loads after the first paint was linked again
    // at run time, after the theme's rules, undoing them.
    cssCodeSplit: false,
    rollupOptions: { input: { storefront: 'src/main.tsx' } },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  test: { environment: 'happy-dom' },
}));
