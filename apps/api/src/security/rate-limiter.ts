/**
 * A fixed-window counter per key (the visitor's IP). Each call to `hit` counts one attempt; once a
 * key has used `max` attempts in the current window, `hit` refuses until the window ends.
 *
 * Kept in memory: one API process serves one site today. Several processes behind a balancer
 * would each allow `max`, which is acceptable for spam protection; a shared limit needs a store.
 */
export interface RateLimitOptions {
  max: number;
  windowMs: number;
  /** Clock, injectable so tests can move time. */
  now?: () => number;
  /** Keys tracked at most; the oldest windows are dropped first so memory stays bounded. */
  maxKeys?: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets; sent as Retry-After on refusal. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  hit(key: string): RateLimitResult;
}

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 10_000;
  // Map iteration order is insertion order, so the first entries are the oldest windows.
  const windows = new Map<string, { start: number; count: number }>();

  const prune = (at: number): void => {
    for (const [key, w] of windows) {
      if (at - w.start < options.windowMs && windows.size <= maxKeys) break;
      windows.delete(key);
    }
  };

  return {
    hit(key) {
      const at = now();
      prune(at);
      let w = windows.get(key);
      if (!w || at - w.start >= options.windowMs) {
        windows.delete(key);
        w = { start: at, count: 0 };
        windows.set(key, w);
      }
      const retryAfterSeconds = Math.max(1, Math.ceil((w.start + options.windowMs - at) / 1000));
      if (w.count >= options.max) return { allowed: false, retryAfterSeconds };
      w.count += 1;
      return { allowed: true, retryAfterSeconds };
    },
  };
}
