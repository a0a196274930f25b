import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../cli/main';

function files(entries: Record<string, string>): (name: string) => string {
  const dir = mkdtempSync(join(tmpdir(), 'site-template-'));
  for (const [name, text] of Object.entries(entries)) writeFileSync(join(dir, name), text);
  return (name) => join(dir, name);
}

function run(argv: string[]) {
  let out = '';
  let err = '';
  const code = main(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('site-template', () => {
  const f = files({
    't.html': '<p>{name|html}</p>{.include card output}',
    'd.json': '{"name": "<Ann>"}',
    'p.json': '{"card": "[{name}]"}',
    'bad.html': 'x\n{name|nosuch}',
    'broken.json': '{',
  });

  it('prints the html and exits 0', () => {
    expect(run([f('t.html'), f('d.json'), '--partials', f('p.json'), '--locale', 'fr-FR'])).toEqual({
      code: 0,
      out: '<p>&lt;Ann&gt;</p>[<Ann>]',
      err: '',
    });
  });

  it('prints errors with their position to stderr and exits 1', () => {
    const r = run([f('bad.html'), f('d.json')]);
    expect(r.code).toBe(1);
    expect(r.out).toBe('x\n{name|nosuch}');
    expect(r.err).toBe(`${f('bad.html')}:2:1: FORMATTER_UNKNOWN: Formatter 'nosuch' is unknown\n`);
  });

  it('exits 2 on bad usage or unreadable input', () => {
    expect(run([f('t.html')]).code).toBe(2);
    expect(run([f('t.html'), f('broken.json')]).err).toContain('not valid JSON');
    expect(run([f('t.html'), f('d.json'), '--bogus']).code).toBe(2);
    expect(run([f('t.html'), f('missing.json')]).code).toBe(2);
  });
});
