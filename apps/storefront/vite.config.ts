import { defineConfig } from 'vitest/config';

// The storefront is not a SPA: the API server renders every page and these bundles enhance the
// server-rendered markers, so the build emits a manifest the server reads to link the entry.
export default defineConfig({
  base: '/assets/storefront/',
  build: {
    outDir: 'dist',
    manifest: true,
    rollupOptions: { input: { storefront: 'src/main.tsx' } },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  test: { environment: 'happy-dom' },
});
