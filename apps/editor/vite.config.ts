import { defineConfig } from 'vitest/config';

export default defineConfig({
  base: '/config/',
  build: { outDir: 'dist' },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  test: { environment: 'happy-dom' },
});
