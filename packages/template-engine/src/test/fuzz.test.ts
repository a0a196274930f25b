// Random templates and data: compiling and rendering never throw, never hang, and keep to the
// limits (partial depth, expression size, work budget, output bounded). FUZZ_RUNS sets the number
// of random templates (default 2000; `pnpm fuzz` runs 100000 of them and of the generated
// well-formed ones).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, createRegistry, defaultRegistry, render } from '../index';
import { dataArb, templateArb } from './generators';

const RUNS = Number(process.env.FUZZ_RUNS) || 2000;
/** Per render: wall time, and heap growth over the run (the budgets keep both far below). */
const MAX_MS = 2000;
const MAX_HEAP_GROWTH = 512 * 1024 * 1024;

const names = [
  'a',
  'b',
  'items',
  'x',
  '@',
  '@index',
  '@v',
  '$d',
  '0',
  'a.b',
  'items.0',
  'constructor',
  '__proto__',
];
const fmts = [
  'html',
  'json',
  'truncate 5',
  'apply p',
  'apply p private',
  'count',
  'date %Y',
  'money',
  'wrong',
];
const preds = ['equal? a 1', 'even?', 'nosuch?', 'main-image?', 'greaterThan? x 2'];
const exprs = [
  '1 + 2',
  '@v = a * 2',
  'max(1, a, "3")',
  '"s" + @index',
  '(1',
  'a ** 99',
  '0x1G',
  '"\\u12"',
  '@v = @v + 1; @v',
];

const piece = fc.oneof(
  fc.constantFrom(
    '{.section a}',
    '{.repeated section items}',
    '{.alternates with}',
    '{.or}',
    '{.end}',
    '{.end}',
    '{.space}',
    '{.meta-left}',
    '{.newline}',
    '{# c}',
    '{## c ##}',
    '{##',
    '{',
    '}',
    '{.macro p}',
    '{.macro p}x{@|apply p}{@|apply p}{@|apply p}{.end}',
    '{.macro q}{.repeated section items}{@|apply q}{.end}{.end}{@|apply q}',
    '{.include p}',
    '{.include p output}',
    '{.inject @i f.json}',
    '{.ctx @c k=a.b}',
  ),
  fc.constantFrom(...names).map((n) => `{${n}}`),
  fc.tuple(fc.constantFrom(...names), fc.constantFrom(...fmts)).map(([n, f]) => `{${n}|${f}}`),
  fc.constantFrom(...names).map((n) => `{.var @v ${n}}`),
  fc.constantFrom(...preds).map((p) => `{.${p}}`),
  fc.constantFrom(...preds).map((p) => `{.or ${p}}`),
  fc.tuple(fc.constantFrom(...names), fc.constantFrom(...names)).map(([a, b]) => `{.if ${a} || ${b}}`),
  fc.constantFrom(...exprs).map((e) => `{.eval ${e}}`),
  fc.string({ maxLength: 8 }),
);

const template = fc.array(piece, { maxLength: 40 }).map((xs) => xs.join(''));
const data = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.record({
    a: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant({ b: 1 })),
    items: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
    x: fc.integer(),
  }),
);
const partials = fc.dictionary(fc.constantFrom('p', 'q'), template, { maxKeys: 2 });

describe('fuzz', () => {
  it('compiles any string without throwing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (src) => {
        const t = compile(src);
        expect(Array.isArray(t.errors)).toBe(true);
        for (const e of t.errors) {
          expect(e.line).toBeGreaterThanOrEqual(1);
          expect(e.column).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('renders random templates against random data without throwing or hanging', () => {
    const heap0 = process.memoryUsage().heapUsed;
    fc.assert(
      fc.property(template, data, partials, (src, json, parts) => {
        const started = performance.now();
        const r = render(src, json, { partials: parts, injects: { 'f.json': '{"k":1}' }, now: 0 });
        expect(typeof r.html).toBe('string');
        expect(performance.now() - started).toBeLessThan(MAX_MS);
        expect(process.memoryUsage().heapUsed - heap0).toBeLessThan(MAX_HEAP_GROWTH);
        for (const e of r.errors) expect(typeof e.kind).toBe('string');
      }),
      { numRuns: RUNS },
    );
  }, 600_000);

  it('renders generated well-formed templates, bounded, and never prints NaN of its own', () => {
    const heap0 = process.memoryUsage().heapUsed;
    const selfApplying = fc.constantFrom('', '{.macro m}x{@|apply m}{@|apply m}{@|apply m}{.end}');
    fc.assert(
      fc.property(templateArb, dataArb, selfApplying, (g, json, bomb) => {
        const src = bomb + g.src;
        const started = performance.now();
        const r = render(src, json, { now: 1700000000000 });
        expect(performance.now() - started).toBeLessThan(MAX_MS);
        expect(process.memoryUsage().heapUsed - heap0).toBeLessThan(MAX_HEAP_GROWTH);
        // Expressions may compute NaN on purpose; no formatter may print it from other input.
        if (!src.includes('.eval') && !JSON.stringify(json).includes('NaN'))
          expect(r.html).not.toContain('NaN');
      }),
      { numRuns: RUNS },
    );
  }, 600_000);

  it('respects the partial depth limit', () => {
    let depth = 0;
    let deepest = 0;
    const registry = defaultRegistry()
      .clone()
      .register({
        formatters: {
          down: (v, args, ctx) => {
            depth++;
            deepest = Math.max(deepest, depth);
            try {
              return ctx.renderPartial(args[0]!, v);
            } finally {
              depth--;
            }
          },
        },
      });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), (limit) => {
        deepest = 0;
        const r = render(
          '{a|down p}',
          { a: 1 },
          {
            registry,
            partials: { p: 'x{@|down q}', q: '{.include p output}{@|down p}' },
            limits: { maxPartialDepth: limit },
          },
        );
        expect(deepest).toBeLessThanOrEqual(limit + 1);
        expect(r.html.length).toBeLessThan(2 ** 21);
      }),
      { numRuns: 21 },
    );
  });

  it('keeps expressions within the token and string limits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 64 }), (maxTokens, maxLen) => {
        const many = Array.from({ length: 60 }, (_, i) => String(i)).join(' + ');
        const t = compile(`{.eval ${many}}`, { limits: { maxExpressionTokens: maxTokens } });
        expect(t.errors.length).toBe(1);
        const r = render(
          '{.eval @s = "ab"; @s = @s + @s; @s = @s + @s; @s = @s + @s; @s = @s + @s; @s = @s + @s; @s = @s + @s; @s}',
          {},
          {
            limits: { maxStringLength: maxLen },
          },
        );
        expect(r.html.length).toBeLessThanOrEqual(maxLen);
      }),
      { numRuns: 100 },
    );
  });

  it('treats every registry plugin failure as a recorded error', () => {
    const registry = createRegistry({
      formatters: {
        f: () => {
          throw new TypeError('x');
        },
      },
      predicates: {
        'p?': () => {
          throw new RangeError('y');
        },
      },
    });
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('{a|f}', '{.p?}A{.or}B{.end}', 'text', '{.section a}{a|f}{.end}'), {
          maxLength: 10,
        }),
        (xs) => {
          const r = render(xs.join(''), { a: 1 }, { registry });
          expect(r.errors.every((e) => e.kind === 'UNEXPECTED_ERROR' || e.kind === 'SYNTAX_ERROR')).toBe(
            true,
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
