/**
 * Brute-force guard for sign-in: failures are counted per email and client IP, and after
 * `maxFailures` within `windowMs` that pair is locked for `lockMs`, even for the right password
 * (otherwise the lock would still confirm a guessed password). A successful sign-in clears the
 * count.
 *
 * Kept in memory like the form rate limit: one API process serves one site today. Several
 * processes would each allow `maxFailures`; a shared limit needs a shared store.
 */
export interface LoginGuardOptions {
  maxFailures?: number;
  windowMs?: number;
  lockMs?: number;
  /** Clock, injectable so tests can move time. */
  now?: () => number;
  /** Pairs tracked at most; the oldest are dropped first so memory stays bounded. */
  maxKeys?: number;
}

export interface LoginGuard {
  /** Seconds until the pair may try again, or 0 when it is not locked. */
  lockedFor(key: string): number;
  failed(key: string): void;
  succeeded(key: string): void;
}

export function loginGuardKey(email: string, ip: string): string {
  return `${email}\u0000${ip}`;
}

export function createLoginGuard(options: LoginGuardOptions = {}): LoginGuard {
  const maxFailures = options.maxFailures ?? 5;
  const windowMs = options.windowMs ?? 15 * 60_000;
  const lockMs = options.lockMs ?? 5 * 60_000;
  const maxKeys = options.maxKeys ?? 10_000;
  const now = options.now ?? Date.now;
  // Insertion order is age order: each update re-inserts, so the first entries are the stalest.
  const entries = new Map<string, { first: number; failures: number; lockedUntil: number }>();

  const current = (key: string, at: number) => {
    const e = entries.get(key);
    if (!e) return undefined;
    if (e.lockedUntil > at) return e;
    if (e.lockedUntil === 0 && at - e.first < windowMs) return e;
    // The window or the lock is over: start from a clean slate.
    entries.delete(key);
    return undefined;
  };

  return {
    lockedFor(key) {
      const at = now();
      const e = current(key, at);
      return e && e.lockedUntil > at ? Math.max(1, Math.ceil((e.lockedUntil - at) / 1000)) : 0;
    },
    failed(key) {
      const at = now();
      const e = current(key, at) ?? { first: at, failures: 0, lockedUntil: 0 };
      e.failures += 1;
      if (e.failures >= maxFailures) e.lockedUntil = at + lockMs;
      entries.delete(key);
      entries.set(key, e);
      while (entries.size > maxKeys) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    succeeded(key) {
      entries.delete(key);
    },
  };
}
