import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { messages } from '@site/commerce-core';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

export interface RateLimitOptions {
  /** State-changing API calls one client (IP) may make per minute; 0 turns the limit off. */
  writesPerMinute: number;
  /** Counts kept here are shared by every process; without it each process allows the limit. */
  redis?: Redis;
}

/**
 * Abusive clients get 429 on state-changing API calls (adds, checkouts, sign-ups). Reads and pages
 * are not limited here: they are cheap and cacheable, and a shopper browsing fast is no abuse.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  { writesPerMinute, redis }: RateLimitOptions,
): Promise<void> {
  if (writesPerMinute <= 0) return;
  await app.register(rateLimit, {
    global: true,
    max: writesPerMinute,
    timeWindow: '1 minute',
    ...(redis && { store: sharedOrLocalStore(redis, 'write-limit:') }),
    allowList: (request) =>
      request.method === 'GET' || request.method === 'HEAD' || !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: { code: 'RATE_LIMITED', message: messages.tooManyRequests, retryAfterMs: context.ttl },
    }),
  });
}

// One round trip: count the write and start the window on the first one.
const COUNT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/** Clients tracked in this process at most while Redis is away. */
const MAX_LOCAL_KEYS = 10_000;

/**
 * Counts every process's writes in Redis; while Redis fails to answer, each process counts in its
 * own memory with the same window (writes go on, still limited), and Redis counts again as soon as
 * it answers.
 */
function sharedOrLocalStore(redis: Redis, prefix: string) {
  const local = new Map<string, { count: number; resetAt: number }>();
  const countHere = (key: string, windowMs: number) => {
    const now = Date.now();
    let entry = local.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      local.delete(key);
      local.set(key, entry);
      // Insertion order is age order: the oldest windows go first.
      for (const oldest of local.keys()) {
        if (local.size <= MAX_LOCAL_KEYS) break;
        local.delete(oldest);
      }
    }
    entry.count += 1;
    return { current: entry.count, ttl: entry.resetAt - now };
  };
  return class implements FastifyRateLimitStore {
    incr(
      key: string,
      done: (error: Error | null, result?: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      redis.eval(COUNT_SCRIPT, 1, prefix + key, windowMs).then(
        (result) => {
          const [current, ttl] = result as [number, number];
          done(null, { current, ttl });
        },
        () => done(null, countHere(key, windowMs)),
      );
    }
    child() {
      return this;
    }
  };
}
