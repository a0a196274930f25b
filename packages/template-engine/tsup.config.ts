import { defineConfig } from 'tsup';

export default defineConfig({
  // index: the library; cli: the command line (bin/site-template.mjs imports dist/cli.js), the
  // only code that uses Node APIs.
  entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts' } },
  sourcemap: true,
  clean: true,
  splitting: false,
  target: 'es2022',
  treeshake: true,
});
