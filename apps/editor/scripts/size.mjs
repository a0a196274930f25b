// Prints the gzip size of the editor's first-load JavaScript (the entry chunk and the closure of
// its static imports, from dist/.vite/manifest.json) and of each screen loaded on demand.
// Run after `vite build`: `pnpm size`. Budget: 250 kB gzip at first load; exits 1 above it.
// The same budget is a test (scripts/first-load.test.mjs), so `pnpm test` fails above it too.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_LOAD_BUDGET, firstLoad, gzipSize, staticClosure } from './first-load.mjs';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const kb = (n) => `${(n / 1000).toFixed(2).padStart(7)} kB`;

const { manifest, keys: initial, chunks, total } = firstLoad(dist);
console.log('First load (entry and its static imports):');
for (const chunk of chunks) console.log(`  ${kb(chunk.gzip)}  ${chunk.file}`);
console.log(`  ${kb(total)}  total (budget ${kb(FIRST_LOAD_BUDGET)})`);
console.log('\nScreens loaded on demand (with what each adds beyond the first load):');
for (const key of Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry)) {
  const extra = [...staticClosure(manifest, key)].filter((k) => !initial.has(k));
  console.log(`  ${kb(extra.reduce((sum, k) => sum + gzipSize(dist, manifest[k].file), 0))}  ${key}`);
}
if (total > FIRST_LOAD_BUDGET) {
  console.error(`\nFirst-load JavaScript is over budget by ${kb(total - FIRST_LOAD_BUDGET)}.`);
  process.exit(1);
}
