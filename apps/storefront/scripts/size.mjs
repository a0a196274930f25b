// Prints the gzip size of the storefront's first-load JavaScript (the entry chunk, the enhancements
// it imports after the first paint and the closure of their static imports, from
// dist/.vite/manifest.json) and of each lazily loaded chunk.
// Run after `vite build`: `pnpm size`. Budget: product page JS ≤ 70 KB gzip (all JS fetched before
// the shopper interacts). Dynamic entries a product page fetches at start anyway are listed in
// AT_START and added to the product-page total.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const BUDGET = 70_000; // 70 kB; sizes are gzip at zlib's default level, 1 kB = 1000 bytes
// Dynamic imports every product page fetches right after start, by manifest key (source path):
// visitor tracking (src/tracking) starts on every page with a website id.
const AT_START = [/\/packages\/tracking\//];

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const gzip = (file) => gzipSync(readFileSync(join(dist, file))).length;
const kb = (n) => `${(n / 1000).toFixed(2).padStart(7)} kB`;

/** The chunk keys a chunk loads statically, itself included. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
if (entries.length === 0) throw new Error('no entry chunk in the manifest: run `vite build` first');
// The entry imports the enhancements (src/start.ts) once the page is painted, on every page.
const AFTER_PAINT = Object.keys(manifest).filter((k) => k === 'src/start.ts');
const initial = new Set([...entries, ...AFTER_PAINT].flatMap((k) => [...closure(k)]));

let initialTotal = 0;
console.log(
  'Entry, the enhancements it imports after the first paint, and their static imports (every page):',
);
for (const key of initial) {
  const size = gzip(manifest[key].file);
  initialTotal += size;
  console.log(`  ${kb(size)}  ${manifest[key].file}  (${key})`);
}
console.log(`  ${kb(initialTotal)}  total`);

console.log('\nLazy chunks (each with the static imports it adds beyond the entry):');
let atStart = 0;
for (const key of Object.keys(manifest).filter((k) => !initial.has(k) && manifest[k].file.endsWith('.js'))) {
  if (!manifest[key].isDynamicEntry) continue;
  const extra = [...closure(key)].filter((k) => !initial.has(k));
  const size = extra.reduce((sum, k) => sum + gzip(manifest[k].file), 0);
  const start = AT_START.some((re) => re.test(key));
  if (start) atStart += size;
  console.log(`  ${kb(size)}  ${manifest[key].file}  (${key})${start ? '  [fetched at start]' : ''}`);
}
const shared = Object.keys(manifest).filter(
  (k) => !initial.has(k) && !manifest[k].isDynamicEntry && manifest[k].file.endsWith('.js'),
);
if (shared.length)
  console.log(
    `  (shared lazy chunks, counted with each dynamic entry that imports them: ${shared.map((k) => manifest[k].file).join(', ')})`,
  );

const product = initialTotal + atStart;
console.log(
  `\nProduct page JS at start: ${kb(product).trim()} gzip (budget ${kb(BUDGET).trim()}) ${product <= BUDGET ? 'OK' : 'OVER'}`,
);
