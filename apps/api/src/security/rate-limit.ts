import rateLimit from '@fastify/rate-limit';
import { messages } from '@site/commerce-core';
import type { FastifyInstance } from 'fastify';

export interface RateLimitOptions {
  /** State-changing API calls one client (IP) may make per minute; 0 turns the limit off. */
  writesPerMinute: number;
}

/**
 * Abusive clients get 429 on state-changing API calls (adds, checkouts, sign-ups). Reads and pages
 * are not limited here: they are cheap and cacheable, and a shopper browsing fast is no abuse.
 */
export async function registerRateLimit(app: FastifyInstance, { writesPerMinute }: RateLimitOptions): Promise<void> {
  if (writesPerMinute <= 0) return;
  await app.register(rateLimit, {
    global: true,
    max: writesPerMinute,
    timeWindow: '1 minute',
    allowList: (request) => request.method === 'GET' || request.method === 'HEAD' || !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: { code: 'RATE_LIMITED', message: messages.tooManyRequests, retryAfterMs: context.ttl },
    }),
  });
}
