import { findUnsafeText } from '@site/commerce-core';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import type { DatabaseHandle } from '../db/client';
import { PAGE_PATH_MAX, URL_PATH_SQL, pagePathOf } from './page-path';
import { rowsOf } from '../db/rows';

const targets = await databaseTargets();

describe('pagePathOf', () => {
  it.each([
    ['https://shop.test/shop/p/tote?x=1#reviews', '/shop/p/tote'],
    ['https://shop.test', '/'],
    ['https://shop.test?q=1', '/'],
    ['HTTP://user@Shop.test:8080/a/b/', '/a/b/'],
    ['/checkout?cartToken=abc', '/checkout'],
    ['', '/'],
    ['#top', '/'],
    ['mailto:someone@example.com', 'mailto:someone@example.com'],
  ])('%s -> %s', (url, path) => expect(pagePathOf(url)).toBe(path));

  it('caps a path at 512 characters, counting a character outside the BMP as one', () => {
    const path = pagePathOf(`https://shop.test/${'😀'.repeat(600)}`);
    expect(Array.from(path)).toHaveLength(PAGE_PATH_MAX);
  });
});

describe.each(targets)('pagePathOf agrees with the SQL that reads older rows, on $name', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => database?.close());

  // Text PostgreSQL can hold: no NUL, no lone surrogates (the intake refuses both).
  const storable = (s: string) => findUnsafeText(s) === undefined;
  const url = fc.oneof(
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc.string({ unit: 'binary', maxLength: 40 }).filter(storable),
    fc
      .tuple(
        fc.constantFrom('https://a.test', 'x+y.z://h', '/', '', '?', '#'),
        fc.string({ unit: 'grapheme', maxLength: 700 }),
      )
      .map(([a, b]) => a + b),
  );

  it('on any URL', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(url, { minLength: 1, maxLength: 40 }), async (urls) => {
        const payloads = JSON.stringify(urls.map((u) => ({ url: u })));
        const rows = rowsOf<{ path: string }>(
          await database.db.execute(
            sql`select ${sql.raw(URL_PATH_SQL)} as path from jsonb_array_elements(${payloads}::jsonb) with ordinality as t(payload, n) order by n`,
          ),
        );
        expect(rows.map((r) => r.path)).toEqual(urls.map(pagePathOf));
      }),
      { numRuns: 60 },
    );
  });
});
