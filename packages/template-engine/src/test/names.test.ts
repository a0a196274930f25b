// Every formatter and predicate the language names (shared/conformance/*.txt) is registered in
// the default registry.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../index';
import { sharedDir } from './shared';

const shared = sharedDir('registered-name tests');
const list = (file: string) =>
  readFileSync(join(shared!, 'conformance', file), 'utf8')
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

describe.skipIf(!shared)('registered names (shared name lists)', () => {
  const registry = defaultRegistry();
  it.each(shared ? list('formatters.txt') : [])('formatter %s', (name) => {
    expect(registry.formatter(name), name).toBeTypeOf('function');
  });
  it.each(shared ? list('predicates.txt') : [])('predicate %s', (name) => {
    expect(registry.predicate(name), name).toBeTypeOf('function');
  });
});
