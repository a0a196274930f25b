import { defineConfig } from 'tsup';

// The store admin is its own entry point (`@site/commerce-core/admin`), not re-exported by the
// root: only the editor's store screens and the API use it, so the storefront's and the editor's
// first load never carry its schemas and messages.
export default defineConfig({
  entry: { index: 'src/index.ts', admin: 'src/admin/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
});
