import { defineConfig } from 'vitest/config';

export default defineConfig({
  base: '/config/',
  build: { outDir: 'dist', manifest: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  test: { environment: 'happy-dom' },
});
