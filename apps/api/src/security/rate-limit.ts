import rateLimit from '@fastify/rate-limit';
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
export async function registerRateLimit(app: FastifyInstance, { writesPerMinute, redis }: RateLimitOptions): Promise<void> {
  if (writesPerMinute <= 0) return;
  await app.register(rateLimit, {
    global: true,
    max: writesPerMinute,
    timeWindow: '1 minute',
    ...(redis && {
      redis,
      nameSpace: 'write-limit:',
      // Writes go on when Redis is away: a missing limit beats a store that cannot take orders.
      skipOnError: true,
    }),
    allowList: (request) => request.method === 'GET' || request.method === 'HEAD' || !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: { code: 'RATE_LIMITED', message: messages.tooManyRequests, retryAfterMs: context.ttl },
    }),
  });
}
