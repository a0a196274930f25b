// Benchmark adapter for the reference engine, @squarespace/template-engine, with English CLDR
// data from @phensley/cldr so its locale-aware formatters work as ours do.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { NOW } from './adapter-site.mjs';

const require = createRequire(import.meta.url);
const { Compiler } = require('@squarespace/template-engine');
const { CLDRFramework } = require('@phensley/cldr');

const framework = new CLDRFramework({
  loader: (lang) => JSON.parse(readFileSync(require.resolve(`@phensley/cldr/packs/${lang}.json`), 'utf8')),
});
const cldr = framework.get('en');
const compiler = new Compiler();

export function compile(template, partials) {
  return { code: compiler.parse(template).code, partials };
}

export function renderCompiled(h, json) {
  const { ctx } = compiler.execute({
    code: h.code,
    json,
    partials: h.partials,
    cldr,
    now: NOW,
    enableExpr: true,
    enableInclude: true,
  });
  return ctx.render();
}
