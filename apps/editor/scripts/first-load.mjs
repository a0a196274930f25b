// What the editor's first visit downloads: the entry chunk of dist/index.html and every chunk it
// imports statically, however deep (screens imported with import() load on demand and do not
// count). Read from Vite's build manifest; shared by `pnpm size` and the budget test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue 27: the editor's first-load JavaScript stays within 250 kB gzip. */
export const FIRST_LOAD_BUDGET = 250_000;

/** The manifest keys `key` pulls in through static imports, itself included. */
export function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

export function readManifest(dist) {
  try {
    return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  } catch (cause) {
    throw new Error(`no build manifest in ${dist}: run \`vite build\` first`, { cause });
  }
}

export const gzipSize = (dist, file) => gzipSync(readFileSync(join(dist, file))).length;

/**
 * The first load of a built editor: its chunks with their gzip sizes and the total. Also what
 * dist/index.html itself asks for (its module script and modulepreload links, base stripped), so
 * a caller can check the two agree.
 */
export function firstLoad(dist) {
  const manifest = readManifest(dist);
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length === 0) throw new Error('no entry chunk in the build manifest');
  const keys = new Set(entries.flatMap((key) => [...staticClosure(manifest, key)]));
  const chunks = [...keys].map((key) => ({
    file: manifest[key].file,
    gzip: gzipSize(dist, manifest[key].file),
  }));
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const requested = [
    ...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g),
  ].map((match) => match[1].replace(/^.*?(assets\/)/, '$1'));
  return {
    manifest,
    keys,
    chunks,
    total: chunks.reduce((sum, chunk) => sum + chunk.gzip, 0),
    requested,
  };
}
