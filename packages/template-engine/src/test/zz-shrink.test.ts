import fc from 'fast-check';
import { it } from 'vitest';
import { compile } from '../index';
import { dataArb, templateArb } from './generators';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
const require = createRequire(import.meta.url);
const { Compiler } = require('@squarespace/template-engine');
const { CLDRFramework } = require('@phensley/cldr');
const cldr = new CLDRFramework({ loader: (l: string) => JSON.parse(readFileSync(require.resolve(`@phensley/cldr/packs/${l}.json`), 'utf8')) }).get('en');
const compiler = new Compiler();
const ref = (src: string, json: unknown) => { try { const { code } = compiler.parse(src); return compiler.execute({ code, json, cldr, now: 1700000000000, enableExpr: true, enableInclude: true }).ctx.render(); } catch (e) { return 'THROW ' + e; } };
const ours = (src: string, data: unknown) => compile(src).render(data, { now: 1700000000000, locale: 'en' });
it.each([1,2,3,4,5,6,7,8])('shrink %i', (seed) => {
  const r = fc.check(fc.property(templateArb, dataArb, (g, data) => {
    if (g.blockInBetween) return true;
    const a = ours(g.src, data); const b = ref(g.src, data);
    if (a.html === b) return true;
    if (b.includes('NaN') && !a.html.includes('NaN')) return true;
    if (a.errors.some((e) => e.kind === 'JULIAN_DAY_OUT_OF_RANGE')) return true;
    return false;
  }), { numRuns: 30000, seed });
  if (r.failed) { const [g, d] = r.counterexample!; console.log('SEED', seed, g.src, JSON.stringify(d), '\n A', JSON.stringify(ours(g.src, d).html), '\n B', JSON.stringify(ref(g.src, d))); }
}, 600000);
