// Work budget per render, data that cannot throw out of a render, and the render's time zone.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, render } from '../index';

const kinds = (errors: readonly { kind: string }[]) => [...new Set(errors.map((e) => e.kind))].sort();

describe('work budget', () => {
  it('stops a macro that applies itself several times, and renders the rest', () => {
    const started = performance.now();
    const r = render('<a>{.macro m}x{@|apply m}{@|apply m}{@|apply m}{.end}{@|apply m}</a>{title}', {
      title: 'T',
    });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(r.html.startsWith('<a>x')).toBe(true);
    expect(r.html.endsWith('</a>T')).toBe(true);
    expect(r.errors.filter((e) => e.message.startsWith('Render stopped repeating work'))).toHaveLength(1);
    // Every refused application is an error, but the list itself is bounded.
    expect(r.errors.length).toBeLessThanOrEqual(1002);
  });

  it.each([
    [
      'applications',
      { maxApplications: 3 },
      '{.macro m}m{.end}{@|apply m}{@|apply m}{@|apply m}{@|apply m}!',
      'mmm!',
    ],
    [
      'includes',
      { maxApplications: 2 },
      '{.macro m}m{.end}{.include m output}{.include m output}{.include m output}!',
      'mm!',
    ],
    [
      'iterations',
      { maxIterations: 4 },
      '{.repeated section a}{@}{.end}|{.repeated section a}{@}{.end}',
      '123|1',
    ],
    ['output', { maxOutputLength: 5 }, '{.repeated section a}{b}{.end}!', 'xxxxxxxx!'],
  ])('%s: stops repeating past the limit', (_name, limits, src, html) => {
    const r = render(src, { a: [1, 2, 3], b: 'xxxx' }, { limits });
    expect(r.html).toBe(html);
    expect(kinds(r.errors)).toEqual(['RENDER_LIMIT_EXCEEDED']);
  });

  it('bounds nested loops that produce nothing', () => {
    const open = '{.repeated section a}'.repeat(20);
    const close = '{.end}'.repeat(20);
    // Data that refers to itself: 4^20 iterations without the budget.
    const node: { a: unknown[] } = { a: [] };
    node.a.push(node, node, node, node);
    const r = render(`${open}${close}done`, node);
    expect(r.html).toBe('done');
    expect(kinds(r.errors)).toEqual(['RENDER_LIMIT_EXCEEDED']);
  });

  it('has safe defaults', () => {
    expect(DEFAULT_LIMITS).toMatchObject({
      maxApplications: 10_000,
      maxIterations: 250_000,
      maxOutputLength: 16 * 1024 * 1024,
    });
  });

  it('leaves ordinary pages alone', () => {
    const items = Array.from({ length: 500 }, (_, i) => ({ n: i }));
    const r = render('{.repeated section items}{n}{.alternates with},{.end}', { items });
    expect(r.errors).toEqual([]);
    expect(r.html.split(',')).toHaveLength(500);
  });
});

describe('data never throws out of a render', () => {
  it.each([
    ['array holding an unprintable object', 'x{a}y', { a: [{ toString: 1 }] }, 'xy'],
    ['nested', 'x{a}y', { a: [1, [2, { toString: 1 }]] }, 'xy'],
    [
      'same value elsewhere still prints',
      '{a|json}|{a}|{b}',
      { a: [{ toString: 1 }], b: 2 },
      '[{"toString":1}]||2',
    ],
  ])('%s', (_name, src, data, html) => {
    const r = render(src, data);
    expect(r.html).toBe(html);
  });

  it('loses only the instruction whose getter throws', () => {
    const data = {
      ok: 'fine',
      get bad(): string {
        throw new Error('getter');
      },
    };
    const r = render('<{ok}>{bad}<{ok}>', data);
    expect(r.html).toBe('<fine><fine>');
    expect(kinds(r.errors)).toEqual(['UNEXPECTED_ERROR']);
  });
});

describe('time zone of the render', () => {
  const at = 1700000000000; // 2023-11-14 22:13:20 UTC
  it.each([
    ['missing: New York', {}, '17:13'],
    ['known zone', { website: { timeZone: 'Europe/Paris' } }, '23:13'],
    ['empty: UTC', { website: { timeZone: '' } }, '22:13'],
    ['unknown: UTC', { website: { timeZone: 'Mars/Olympus' } }, '22:13'],
    ['not a string: UTC', { website: { timeZone: 5 } }, '22:13'],
    ['null: UTC', { website: { timeZone: null } }, '22:13'],
  ])('%s', (_name, data, html) => {
    expect(render('{t|date %H:%M}', { ...data, t: at }).html).toBe(html);
  });

  it('an unknown zone given as an option is UTC too', () => {
    expect(render('{t|date %H:%M}', { t: at }, { timeZone: 'Nowhere/Else' }).html).toBe('22:13');
  });
});
