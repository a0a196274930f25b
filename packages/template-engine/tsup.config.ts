import { defineConfig } from 'tsup';

export default defineConfig({
  // index: the library; node: reading template folders from disk; cli: the command line
  // (bin/site-template.mjs imports dist/cli.js). Only node and cli use Node APIs.
  entry: { index: 'src/index.ts', node: 'src/node.ts', cli: 'src/cli.ts' },
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts', node: 'src/node.ts' } },
  sourcemap: true,
  clean: true,
  splitting: false,
  target: 'es2022',
  treeshake: true,
});
