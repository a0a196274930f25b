// Runs the shared conformance cases (one test per case file, read at test time, never copied)
// against the engine, the way ../shared/conformance/run.mjs does with the built package.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../index';
import { sharedDir } from './shared';

const shared = sharedDir('conformance tests');
const casesDir = shared && join(shared, 'conformance', 'cases');

/** Splits a case file into its `:NAME` sections. */
function parseCase(raw: string): Record<string, string> {
  const sections: Record<string, string> = {};
  let key: string | null = null;
  let cur: string[] = [];
  for (const line of raw.split('\n')) {
    const m = /^:([a-zA-Z\d_-]+)\s*$/.exec(line);
    if (!m) {
      cur.push(line);
      continue;
    }
    if (key !== null) sections[key] = cur.join('\n');
    key = m[1]!;
    cur = [];
  }
  if (key !== null && sections[key] === undefined) sections[key] = cur.join('\n');
  return sections;
}

const json = (s: string | undefined) => (s !== undefined && s.trim() ? JSON.parse(s) : undefined);

if (!casesDir) {
  describe('conformance', () => {
    it.skip('shared conformance cases not found (set SHARED_DIR, or place shared/ beside the project): skipped', () => {});
  });
} else {
  const names = readdirSync(casesDir)
    .filter((n) => n.endsWith('.html'))
    .sort();
  describe('conformance', () => {
    it.each(names)('%s', (name) => {
      const spec = parseCase(readFileSync(join(casesDir, name), 'utf8'));
      if (spec.TEMPLATE === undefined || spec.OUTPUT === undefined) return;
      const params = json(spec.PARAMS) ?? {};
      const t = compile(spec.TEMPLATE);
      const { html } = t.render(json(spec.JSON) ?? {}, {
        partials: json(spec.PARTIALS),
        injects: json(spec.INJECT),
        locale: params.locale ?? 'en',
        now: params.now,
      });
      expect(html.trim()).toBe(spec.OUTPUT.trim());
    });
  });
}
