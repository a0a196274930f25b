import { sql, type SQL } from 'drizzle-orm';

/**
 * One bind parameter holding every value, as a text[] literal. `inArray` binds one parameter per
 * value, which overflows the protocol's 65 535 limit on a big store and gives every list length
 * its own plan; `column = any(${textArray(ids)})` is one parameter and still uses the index.
 */
export function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
  return sql`${literal}::text[]`;
}
