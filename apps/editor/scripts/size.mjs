// Prints the gzip size of the editor's first-load JavaScript (the entry chunk and the closure of
// its static imports, from dist/.vite/manifest.json) and of each screen loaded on demand.
// Run after `vite build`: `pnpm size`. Budget: 250 kB gzip at first load; exits 1 above it.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const BUDGET = 250_000;
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const gzip = (file) => gzipSync(readFileSync(join(dist, file))).length;
const kb = (n) => `${(n / 1000).toFixed(2).padStart(7)} kB`;

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
if (entries.length === 0) throw new Error('no entry chunk in the manifest: run `vite build` first');
const initial = new Set(entries.flatMap((k) => [...closure(k)]));
let total = 0;
console.log('First load (entry and its static imports):');
for (const key of initial) {
  const size = gzip(manifest[key].file);
  total += size;
  console.log(`  ${kb(size)}  ${manifest[key].file}`);
}
console.log(`  ${kb(total)}  total (budget ${kb(BUDGET)})`);
console.log('\nScreens loaded on demand (with what each adds beyond the first load):');
for (const key of Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry)) {
  const extra = [...closure(key)].filter((k) => !initial.has(k));
  console.log(`  ${kb(extra.reduce((sum, k) => sum + gzip(manifest[k].file), 0))}  ${key}`);
}
if (total > BUDGET) {
  console.error(`\nFirst-load JavaScript is over budget by ${kb(total - BUDGET)}.`);
  process.exit(1);
}
