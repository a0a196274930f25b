import { defineConfig } from 'tsup';

// Every source file is a module of its own in the ESM build (index.js only re-exports), so an
// app's bundler can leave what a screen loaded on demand needs (block definitions, the rich-text
// sanitizer, rendering) out of its first load: a bundler places a module in one chunk, whole.
export default defineConfig({
  entry: ['src/**/*.ts', '!src/**/*.test.ts'],
  format: ['esm', 'cjs'],
  splitting: true,
  dts: { entry: 'src/index.ts' },
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
