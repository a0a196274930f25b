import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ApiError } from './errors';

/**
 * Page cursors are opaque to clients: base64url JSON of the last row's sort key. Keyset paging
 * (rather than offsets) keeps pages stable while sign-ups arrive between two page loads.
 */
export function encodeCursor(key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor<S extends z.ZodType>(
  schema: S,
  cursor: string | undefined,
): z.infer<S> | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // Falls through to the same answer as a well-formed but foreign cursor.
  }
  throw new ApiError(
    400,
    'INVALID_CURSOR',
    'That page cursor is not valid; start again from the first page.',
  );
}

/**
 * The key of lists ordered by an instant, then a text id, both descending (the editor's posts and
 * events): the instant as PostgreSQL's text, microseconds kept (a JS Date keeps milliseconds, and a
 * rounded instant would repeat or skip rows), then the id.
 */
export const instantIdCursor = z.tuple([
  z
    .string()
    .max(64)
    .refine((v) => !Number.isNaN(Date.parse(v))),
  z.string().min(1).max(100),
]);

/** The instant of `column` as `instantIdCursor` keeps it. */
export const instantKey = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows after the cursor in `(instant desc, id desc)` order: one row comparison the index answers. */
export const afterInstantId = (
  instant: AnyPgColumn,
  id: AnyPgColumn,
  after: readonly [string, string],
): SQL => sql`(${instant}, ${id}) < (${after[0]}::timestamptz, ${after[1]})`;

/** `%text%` for ILIKE, its wildcards taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
