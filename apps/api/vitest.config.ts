import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each file boots its own database; PGlite is CPU-heavy, so files run one at a time on 2 cores.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
