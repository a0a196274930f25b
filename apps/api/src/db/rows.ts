/** postgres-js answers db.execute with an array of rows, PGlite with `{ rows }`. */
export function rowsOf<T>(answer: unknown): T[] {
  return (Array.isArray(answer) ? answer : (answer as { rows: unknown[] }).rows) as T[];
}
