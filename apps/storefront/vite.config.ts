import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (pkg: string) => fileURLToPath(new URL(`../../packages/${pkg}/src/index.ts`, import.meta.url));

// The storefront is not a SPA: the API server renders every page and these bundles enhance the
// server-rendered markers, so the build emits a manifest the server reads to link the entry.
export default defineConfig({
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
    ],
  },
  build: {
    outDir: 'dist',
    manifest: true,
    rollupOptions: { input: { storefront: 'src/main.tsx' } },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  test: { environment: 'happy-dom' },
});
