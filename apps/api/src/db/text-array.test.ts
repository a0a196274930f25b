import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textArray } from './text-array';

const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const server = postgres(serverUrl, { max: 1, connect_timeout: 2, onnotice: () => {} });
const serverUp = await server`select 1`.then(
  () => true,
  () => false,
);
if (!serverUp) console.warn(`textArray on the server skipped: no PostgreSQL at ${serverUrl}`);
const pglite = new PGlite();
// Starting PGlite takes seconds on a busy machine: not part of any one test.
beforeAll(() => pglite.waitReady, 120_000);
afterAll(async () => {
  await Promise.all([server.end({ timeout: 1 }), pglite.close()]);
});

// Ids are ours, but product ids from an import or a restore may hold anything a text column can.
const awkward = [
  'plain',
  'with "quotes"',
  'back\\slash',
  'a,comma',
  '{braces}',
  'NULL',
  '',
  ' spaced ',
  'é日本',
];

describe.each([
  ['PGlite', () => drizzlePglite(pglite), true],
  ['the PostgreSQL server', () => drizzlePostgres(server), serverUp],
])('textArray on %s', (_name, open, up) => {
  it.skipIf(!up)('round-trips awkward values exactly, in order', async () => {
    const result = await open().execute<{ v: string }>(sql`select unnest(${textArray(awkward)}) as v`);
    const rows = 'rows' in result ? result.rows : result;
    expect(rows.map((r) => r.v)).toEqual(awkward);
  });

  it.skipIf(!up)('binds 70 000 values as one parameter (past the protocol limit of 65 535)', async () => {
    const ids = Array.from({ length: 70_000 }, (_, i) => `p${i}`);
    const result = await open().execute<{ n: number }>(
      sql`select count(*)::int as n from unnest(${textArray(ids)}) as v where v = any(${textArray(ids)})`,
    );
    const rows = 'rows' in result ? result.rows : result;
    expect(rows[0]!.n).toBe(70_000);
  });

  it.skipIf(!up)('an empty list matches nothing', async () => {
    const result = await open().execute<{ n: number }>(
      sql`select count(*)::int as n from (values ('a')) t(v) where v = any(${textArray([])})`,
    );
    const rows = 'rows' in result ? result.rows : result;
    expect(rows[0]!.n).toBe(0);
  });
});
