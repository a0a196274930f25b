import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The crumb: a double-submit CSRF token. Pages set it as a readable cookie; state-changing calls
 * send it back in a header, which a cross-site form cannot do. A mismatch answers
 * `{ crumbFail: true }` so the storefront shows its session-expired or enable-cookies message.
 */
export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'x-csrf-token';

export function ensureCrumb(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[CRUMB_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{16,64}$/.test(existing)) return existing;
  const crumb = randomBytes(18).toString('base64url');
  const secure = request.protocol === 'https';
  reply.setCookie(CRUMB_COOKIE, crumb, { path: '/', sameSite: 'lax', httpOnly: false, secure });
  return crumb;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A preHandler for routes that change state. */
export async function requireCrumb(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const cookie = request.cookies[CRUMB_COOKIE];
  const header = request.headers[CRUMB_HEADER];
  const sent = Array.isArray(header) ? header[0] : header;
  if (!cookie || !sent || !sameToken(cookie, sent)) {
    await reply.status(403).send({
      crumbFail: true,
      error: { code: 'CRUMB_FAIL', message: 'The request is missing a valid crumb' },
    });
  }
}

export function registerCrumbRoute(app: FastifyInstance): void {
  // The SPA and tests get a crumb without rendering a page.
  app.get('/api/crumb', async (request, reply) => ({ crumb: ensureCrumb(request, reply) }));
}
