import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Brute-force guard for sign-in: failures are counted per email and client IP, and after
 * `maxFailures` within `windowMs` that pair is locked for `lockMs`, even for the right password
 * (otherwise the lock would still confirm a guessed password). A successful sign-in clears the
 * count.
 *
 * Two stores: in memory (one process) and Redis (every process behind a load balancer shares the
 * count, so running N processes does not give an attacker N × maxFailures guesses).
 */
export interface LoginGuardOptions {
  maxFailures?: number;
  windowMs?: number;
  lockMs?: number;
}

export interface LoginGuard {
  /** Seconds until the pair may try again, or 0 when it is not locked. */
  lockedFor(key: string): Promise<number>;
  failed(key: string): Promise<void>;
  succeeded(key: string): Promise<void>;
}

export function loginGuardKey(email: string, ip: string): string {
  return `${email}\u0000${ip}`;
}

const limits = (options: LoginGuardOptions) => ({
  maxFailures: options.maxFailures ?? 5,
  windowMs: options.windowMs ?? 15 * 60_000,
  lockMs: options.lockMs ?? 5 * 60_000,
});

const toSeconds = (ms: number) => (ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0);

export interface MemoryLoginGuardOptions extends LoginGuardOptions {
  /** Clock, injectable so tests can move time. */
  now?: () => number;
  /** Pairs tracked at most; the oldest are dropped first so memory stays bounded. */
  maxKeys?: number;
}

export function createMemoryLoginGuard(options: MemoryLoginGuardOptions = {}): LoginGuard {
  const { maxFailures, windowMs, lockMs } = limits(options);
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
      return Promise.resolve(e ? toSeconds(e.lockedUntil - at) : 0);
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
      return Promise.resolve();
    },
    succeeded(key) {
      entries.delete(key);
      return Promise.resolve();
    },
  };
}

// One round trip, atomic across processes: count the failure, start the window on the first one,
// and turn the count into a lock when it reaches the maximum.
const FAIL_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if n >= tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  redis.call('DEL', KEYS[1])
end
return n`;

export interface RedisLoginGuardOptions extends LoginGuardOptions {
  /** Namespace of the keys, so several sites or test runs can share one Redis. */
  prefix?: string;
}

/**
 * Counts in Redis while it answers; when a command fails (Redis stopped, unreachable, slow) the
 * same limits are kept in this process, so sign-in neither fails nor goes unguarded, and Redis is
 * asked again on the next call. A lock set during an outage still holds once Redis is back.
 */
export function createRedisLoginGuard(redis: Redis, options: RedisLoginGuardOptions = {}): LoginGuard {
  const { maxFailures, windowMs, lockMs } = limits(options);
  const prefix = options.prefix ?? 'login-guard';
  const local = createMemoryLoginGuard(options);
  // Hashed: the email never sits in Redis in clear, and key length stays fixed.
  const keys = (key: string) => {
    const id = createHash('sha256').update(key).digest('base64url');
    return { failures: `${prefix}:f:${id}`, lock: `${prefix}:l:${id}` };
  };
  return {
    async lockedFor(key) {
      const [shared, here] = await Promise.all([
        redis.pttl(keys(key).lock).then(toSeconds, () => 0),
        local.lockedFor(key),
      ]);
      return Math.max(shared, here);
    },
    async failed(key) {
      const k = keys(key);
      await redis
        .eval(FAIL_SCRIPT, 2, k.failures, k.lock, windowMs, maxFailures, lockMs)
        .catch(() => local.failed(key));
    },
    async succeeded(key) {
      const k = keys(key);
      await Promise.all([redis.del(k.failures, k.lock).catch(() => undefined), local.succeeded(key)]);
    },
  };
}
