// Benchmark adapter for this package's built engine (dist/, or the file named by
// SITE_ENGINE_ENTRY): compile once, render many times.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const entry = process.env.SITE_ENGINE_ENTRY
  ? pathToFileURL(resolve(process.env.SITE_ENGINE_ENTRY)).href
  : new URL('../dist/index.js', import.meta.url).href;
const engine = await import(entry);

export const NOW = 1700000000000;

export function compile(template, partials) {
  return { template: engine.compile(template), partials };
}

export function renderCompiled(h, json) {
  return h.template.render(json, { locale: 'en', now: NOW, partials: h.partials }).html;
}
