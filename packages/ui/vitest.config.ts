import { defineConfig } from 'vitest/config';

export default defineConfig({
  // A screen test types through whole forms and runs axe: seconds on a busy two-core machine,
  // where the default 5 s cut tests off mid-way (and left axe running into the next test).
  test: { environment: 'happy-dom', testTimeout: 20_000 },
});
