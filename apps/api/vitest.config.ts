import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each file boots its own database; PGlite is CPU-heavy, so files run one at a time on 2 cores.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Browser tests poll for what a person would wait to see; on a loaded 2-core machine that can
    // take longer than the default second.
    expect: { poll: { timeout: 10_000 } },
  },
});
