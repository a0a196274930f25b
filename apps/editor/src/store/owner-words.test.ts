import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..', '..');
const SOURCES = [join(root, 'apps', 'editor', 'src'), join(root, 'packages', 'ui', 'src', 'editor')];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

// Comments are for developers; identifiers such as `amountCents` name API fields. What is left is
// what the editor can show an owner.
const withoutComments = (code: string) =>
  code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

describe("the editor's text", () => {
  it('never speaks of cents or minor units: owners type prices as they read them', () => {
    const files = SOURCES.flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((path) =>
      withoutComments(readFileSync(path, 'utf8'))
        .split('\n')
        .filter((line) => /\bcents?\b|minor[\s-]*units?/i.test(line))
        .map((line) => `${relative(root, path)}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
