import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/main.ts', 'src/app.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  // Seed templates are plain files so owners and reviewers read them as templates, not strings.
  loader: { '.html': 'text' },
});
