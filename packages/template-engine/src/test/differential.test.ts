// This engine against the reference (@squarespace/template-engine, a test peer only) on generated
// well-formed templates and page-like data: prints the agreement rate and the classes of the
// disagreements, and holds the rate above a floor. DIFF_RUNS sets the number of templates
// (default 300, to keep CI fast; `pnpm fuzz` runs many more).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../index';
import { dataArb, templateArb, type Generated } from './generators';

const require = createRequire(import.meta.url);
const NOW = 1700000000000;
const RUNS = Number(process.env.DIFF_RUNS) || 300;
/** Agreement to keep, deliberate differences left out; the classes printed say where the rest goes. */
const FLOOR = 0.995;

interface ReferenceCompiler {
  parse(src: string): { code: unknown };
  execute(o: Record<string, unknown>): { ctx: { render(): string }; errors?: { message?: string }[] };
}

interface ReferenceResult {
  html: string;
  /** The reference caught an exception of its own: its scope stack is then a frame off. */
  failed: boolean;
}

function reference(): ((src: string, data: unknown) => ReferenceResult) | null {
  let compiler: ReferenceCompiler;
  let cldr: unknown;
  try {
    const { Compiler } = require('@squarespace/template-engine') as { Compiler: new () => ReferenceCompiler };
    const { CLDRFramework } = require('@phensley/cldr') as {
      CLDRFramework: new (o: { loader: (lang: string) => unknown }) => { get(lang: string): unknown };
    };
    const framework = new CLDRFramework({
      loader: (lang) =>
        JSON.parse(readFileSync(require.resolve(`@phensley/cldr/packs/${lang}.json`), 'utf8')),
    });
    cldr = framework.get('en');
    compiler = new Compiler();
  } catch {
    return null;
  }
  return (src, json) => {
    try {
      const { code } = compiler.parse(src);
      const r = compiler.execute({ code, json, cldr, now: NOW, enableExpr: true, enableInclude: true });
      const failed = (r.errors ?? []).some((e) => String(e.message).includes('Unexpected'));
      return { html: r.ctx.render(), failed };
    } catch (e) {
      return { html: `<reference threw ${String(e)}>`, failed: true };
    }
  };
}

const ref = reference();
const render = (src: string, data: unknown) => compile(src).render(data, { now: NOW, locale: 'en' });
const ours = (src: string, data: unknown) => render(src, data).html;

/** Differences the README lists as deliberate, by their mark on the two outputs. */
function deliberate(
  g: Generated,
  a: { html: string; errors: readonly { kind: string }[] },
  ref: ReferenceResult,
): string | undefined {
  const b = ref.html;
  if (g.blockInBetween) return 'deliberate: blocks inside .alternates with stay there';
  if (ref.failed) return 'deliberate: the reference failed in a formatter (and renders on a frame off)';
  if (/NaN|NAN/.test(b) && !/NaN|NAN/.test(a.html)) return 'deliberate: the reference prints NaN';
  if (a.errors.some((e) => e.kind === 'JULIAN_DAY_OUT_OF_RANGE'))
    return 'deliberate: date out of range is an error';
  if (a.html.includes(INVALID_SIZE) && !b.includes(INVALID_SIZE))
    return 'deliberate: size formatters of text that is no WxH size print their message';
  if (a.html.replace(/[‘’]/g, "'") === b.replace(/[‘’]/g, "'"))
    return 'deliberate: smartypants opens a quote after a space';
  if (a.html.replace(ZONE_NAME, 'ZONE') === b.replace(ZONE_NAME, 'ZONE'))
    return "deliberate: time zone names are the platform ICU's";
  return undefined;
}

/** A zone name as either engine prints it: "GMT-05:00", "Eastern Standard Time", "EST", "UTC". */
const ZONE_NAME =
  /GMT[+-]\d{1,2}(?::\d\d){0,2}|\b(?:[A-Z][a-z]+ )+Time\b|\b[A-Z]{1,3}[SD]T\b|\bGMT\b|\bUTC\b/g;

const INVALID_SIZE = 'Invalid source parameter';

/**
 * A feature of the template that disagrees on its own for no deliberate reason: a template set
 * apart as deliberate still counts as a disagreement when one is found, so no defect hides there.
 */
function hiddenDefect(g: Generated, data: unknown): string | undefined {
  for (const atom of g.atoms) {
    const a = render(atom.src, data);
    const b = ref!(atom.src, data);
    if (a.html !== b.html && !deliberate({ src: atom.src, atoms: [] }, a, b)) return atom.label;
  }
  return undefined;
}

/** The first feature of the template that disagrees on its own, else "combination". */
function classify(g: Generated, data: unknown): string {
  for (const a of g.atoms) if (ours(a.src, data) !== ref!(a.src, data).html) return a.label;
  return 'combination';
}

describe.skipIf(!ref)('agreement with the reference engine', () => {
  it(
    `renders ${RUNS} generated templates as the reference does`,
    () => {
      let same = 0;
      let total = 0;
      let excused = 0;
      const classes = new Map<string, { count: number; example: string }>();
      fc.assert(
        fc.property(templateArb, dataArb, (g, data) => {
          total++;
          const a = render(g.src, data);
          const b = ref!(g.src, data);
          if (a.html === b.html) {
            same++;
            return;
          }
          const reason = deliberate(g, a, b);
          const hidden = reason === undefined ? undefined : hiddenDefect(g, data);
          const why = hidden === undefined ? reason : undefined;
          if (why) excused++;
          const c = why ?? hidden ?? classify(g, data);
          const entry = classes.get(c);
          if (entry) entry.count++;
          else classes.set(c, { count: 1, example: `${g.src} ⟵ ${JSON.stringify(data)}` });
        }),
        { numRuns: RUNS },
      );
      const rate = same / (total - excused);
      const lines = [...classes].sort((x, y) => y[1].count - x[1].count);
      console.log(
        `agreement with the reference: ${same}/${total} = ${((same / total) * 100).toFixed(2)}% of all, ` +
          `${(rate * 100).toFixed(2)}% leaving out the ${excused} deliberate differences` +
          lines
            .map(([c, { count, example }]) => `\n  ${c}: ${count}  e.g. ${example.slice(0, 300)}`)
            .join(''),
      );
      expect(rate).toBeGreaterThanOrEqual(FLOOR);
      // 100k templates take about 18 minutes on a loaded 2-core machine: the budget grows with the runs.
    },
    Math.max(600_000, RUNS * 30),
  );
});
