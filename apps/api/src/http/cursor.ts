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
