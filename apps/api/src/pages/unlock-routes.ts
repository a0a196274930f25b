import { timingSafeEqual } from 'node:crypto';
import { messages } from '@site/page-content';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { pages } from '../db/schema';
import { CRUMB_COOKIE, CRUMB_HEADER } from '../security/crumb';
import { createMemoryLoginGuard, type LoginGuard } from '../security/login-guard';
import { verifyPassword } from '../security/passwords';
import { loadLocks, SITE_SCOPE, unlockCookieName, unlockToken } from '../site/locks';

export const UNLOCK_PATH = '/api/site/unlock';
/** How long an unlock lasts in a browser. */
export const UNLOCK_MAX_AGE_SECONDS = 7 * 24 * 3600;

const UnlockSchema = z.object({
  scope: z.string().max(210),
  password: z.string().max(200),
  returnTo: z.string().max(2000).optional(),
  crumb: z.string().max(100).optional(),
});

// Only a path of this site: anything else would make the lock screen an open redirect.
const safeReturnTo = (value: string | undefined) => (value && /^\/(?!\/)[^\s\\]*$/.test(value) ? value : '/');

function crumbMatches(request: FastifyRequest, fromBody: string | undefined): boolean {
  const cookie = request.cookies[CRUMB_COOKIE];
  const header = request.headers[CRUMB_HEADER];
  const sent = (Array.isArray(header) ? header[0] : header) ?? fromBody;
  if (!cookie || !sent) return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(sent);
  return a.length === b.length && timingSafeEqual(a, b);
}

const withOutcome = (returnTo: string, outcome: 'wrong' | 'wait') =>
  `${returnTo}${returnTo.includes('?') ? '&' : '?'}lock=${outcome}`;

/**
 * The lock screen's form posts here (a plain form, so it works without script; 303 back to the
 * page, with `?lock=wrong|wait` after a failed attempt), and so may a script (JSON answers: 200,
 * 401, 429). Attempts are counted per lock and client address like sign-ins: after 5 failures in
 * 15 minutes that pair waits 5 minutes, even with the right password.
 */
export function registerUnlockRoute(
  app: FastifyInstance,
  options: { db: Database; guard?: LoginGuard },
): void {
  const guard = options.guard ?? createMemoryLoginGuard();
  app.post(UNLOCK_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    const form = String(request.headers['content-type'] ?? '').startsWith(
      'application/x-www-form-urlencoded',
    );
    const parsed = UnlockSchema.safeParse(request.body);
    if (!parsed.success)
      return reply.status(400).send({ error: { code: 'INVALID', message: 'Send scope and password.' } });
    const body = parsed.data;
    const returnTo = safeReturnTo(body.returnTo);
    if (!crumbMatches(request, body.crumb)) {
      return reply.status(403).send({
        crumbFail: true,
        error: { code: 'CRUMB_FAIL', message: 'The request is missing a valid crumb' },
      });
    }
    const locks = await loadLocks(options.db, request.site.websiteId);
    const hash = locks.get(body.scope);
    // No such lock (removed meanwhile): nothing stands in the way.
    if (!hash)
      return form
        ? reply.redirect(returnTo, 303)
        : reply.status(404).send({ error: { code: 'NO_LOCK', message: 'There is no lock here.' } });

    const key = `lock\u0000${body.scope}\u0000${request.ip}`;
    const wait = await guard.lockedFor(key);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      if (form) return reply.redirect(withOutcome(returnTo, 'wait'), 303);
      return reply.status(429).send({
        error: {
          code: 'TOO_MANY_ATTEMPTS',
          message: messages.lockTooManyAttempts,
          retryAfterSeconds: wait,
        },
      });
    }
    if (!(await verifyPassword(body.password, hash))) {
      await guard.failed(key);
      if (form) return reply.redirect(withOutcome(returnTo, 'wrong'), 303);
      return reply
        .status(401)
        .send({ error: { code: 'WRONG_PASSWORD', message: messages.lockWrongPassword } });
    }
    await guard.succeeded(key);
    // The site's cookie covers every path; a page's only that page and what lies under it.
    let path = '/';
    if (body.scope !== SITE_SCOPE) {
      const [page] = await options.db
        .select({ path: pages.path })
        .from(pages)
        .where(
          and(eq(pages.websiteId, request.site.websiteId), eq(pages.id, body.scope.slice('page:'.length))),
        );
      path = page?.path ?? '/';
    }
    reply.setCookie(unlockCookieName(body.scope), unlockToken(request.site.websiteId, body.scope, hash), {
      path,
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: UNLOCK_MAX_AGE_SECONDS,
    });
    return form ? reply.redirect(returnTo, 303) : reply.send({ ok: true });
  });
}
