/**
 * The database cannot be reached right now (restarting, failing over, refusing connections), as
 * opposed to a query that is wrong: the request may succeed if sent again in a moment, so it is
 * answered 503 with Retry-After rather than 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // drizzle wraps the driver's error in `cause`.
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && UNAVAILABLE.test(e.code)) return true;
  }
  return false;
}

const UNAVAILABLE = new RegExp(
  [
    // The postgres driver's own connection errors.
    '^CONNECTION_(CLOSED|DESTROYED|ENDED)$',
    '^CONNECT_TIMEOUT$',
    // The socket's.
    '^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN)$',
    // SQLSTATE class 08 (connection exception); 57P01-57P03: shut down by the administrator, after
    // a crash, or not accepting connections yet ("the database system is starting up");
    // 53300: too many connections.
    '^08[0-9A-Z]{3}$',
    '^57P0[123]$',
    '^53300$',
  ].join('|'),
);

/** Seconds a client is asked to wait: PostgreSQL restarts in well under that. */
export const DATABASE_RETRY_AFTER_SECONDS = 1;
