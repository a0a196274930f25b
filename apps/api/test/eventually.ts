/**
 * Retries `check` until it passes or `boundMs` runs out, then throws its last failure. For changes
 * committed outside any request (straight through the database handle): another connection's
 * commit reaches the page cache with PostgreSQL's notice, milliseconds later, not synchronously.
 */
export async function eventually(check: () => Promise<void> | void, boundMs = 1000): Promise<void> {
  const start = performance.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (performance.now() - start > boundMs) throw err;
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}
