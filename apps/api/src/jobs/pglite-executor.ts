import type { PGlite } from '@electric-sql/pglite';

/**
 * pg-boss runs its SQL through this on the embedded database. PGlite is one session that queues
 * calls, so a transaction pg-boss sends as one `BEGIN; …; COMMIT` text never interleaves with
 * another caller's statements. Parameterless texts may hold several statements (migrations,
 * maintenance), which only the simple protocol (`exec`) accepts; the last result is the answer.
 */
export function pgliteExecutor(client: PGlite): {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
} {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}
