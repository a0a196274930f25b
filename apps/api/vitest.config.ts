import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The same text loader tsup uses for the seed templates.
  plugins: [
    {
      name: 'html-as-text',
      enforce: 'pre',
      transform(code, id) {
        return id.endsWith('.html') ? { code: `export default ${JSON.stringify(code)};`, map: null } : null;
      },
    },
  ],
  test: {
    // Each file boots its own database; PGlite is CPU-heavy, so files run one at a time on 2 cores.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
