import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { siteSessions } from '../db/schema';
import { bindLogFields } from '../http/request-log';
import { rowsOf } from '../db/rows';

export const SESSION_COOKIE = 'siteUserSession';
/** Readable by the storefront script: it decides whether the cart loads and tracking runs. */
export const SITE_USER_COOKIE = 'siteUser';
export const XSRF_HEADER = 'x-siteuser-xsrf-token';

export const REMEMBER_ME_MS = 30 * 24 * 3600 * 1000;
/** Without rememberMe the cookie dies with the browser, but the server still ends it after 12 h. */
export const BROWSER_SESSION_MS = 12 * 3600 * 1000;

export interface SignedInMember {
  id: string;
  email: string;
  roles: string[];
  /** The member's own language, when they chose one (null follows the site's). */
  locale: string | null;
  sessionId: string;
  xsrfToken: string;
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function createSession(db: Database, memberId: string, rememberMe: boolean) {
  const token = randomBytes(32).toString('base64url');
  const xsrfToken = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + (rememberMe ? REMEMBER_ME_MS : BROWSER_SESSION_MS));
  // Old sessions of this member are swept here rather than by a timer: sign-in is when they pile up.
  await db
    .delete(siteSessions)
    .where(and(eq(siteSessions.memberId, memberId), lte(siteSessions.expiresAt, new Date())));
  await db
    .insert(siteSessions)
    .values({ id: hashSessionToken(token), memberId, xsrfToken, rememberMe, expiresAt });
  return { token, xsrfToken, expiresAt };
}

/** The live session behind the request's cookie, on this site; undefined when there is none. */
/** The member signed in to the request's site; a session of another site is no session here. */
export async function findSession(
  db: Database,
  request: FastifyRequest,
): Promise<SignedInMember | undefined> {
  const { websiteId } = request.site;
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return undefined;
  // Every editor call and signed-in page asks this: written as SQL, not built by the ORM, whose
  // query building was about a tenth of a small editor call's server time.
  const [row] = rowsOf<SignedInMember>(
    await db.execute(sql`
      select m.id, m.email, m.roles, m.locale, s.id as "sessionId", s.xsrf_token as "xsrfToken"
      from site_sessions s join site_members m on m.id = s.member_id
      where s.id = ${hashSessionToken(token)} and m.website_id = ${websiteId} and s.expires_at > ${new Date().toISOString()}::timestamptz`),
  );
  if (row) bindLogFields(request, { user: row.id });
  return row;
}

export async function endSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(siteSessions).where(eq(siteSessions.id, sessionId));
}

export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; memberId: string; rememberMe: boolean },
): void {
  // Behind the TLS-terminating proxy (trustProxy) request.protocol reflects X-Forwarded-Proto.
  const secure = request.protocol === 'https';
  // No maxAge makes a browser-session cookie; the server-side expiry still applies.
  const lifetime = session.rememberMe ? { maxAge: REMEMBER_ME_MS / 1000 } : {};
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    secure,
    sameSite: 'lax',
    ...lifetime,
  });
  reply.setCookie(SITE_USER_COOKIE, `authenticated=true&siteUserId=${session.memberId}`, {
    path: '/',
    httpOnly: false,
    secure,
    sameSite: 'lax',
    ...lifetime,
  });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SITE_USER_COOKIE, { path: '/' });
}

/** The X-SiteUser-XSRF-Token header matches the session's token. */
export function xsrfMatches(request: FastifyRequest, member: SignedInMember): boolean {
  const header = request.headers[XSRF_HEADER];
  const sent = Array.isArray(header) ? header[0] : header;
  return typeof sent === 'string' && sameSecret(sent, member.xsrfToken);
}

export function sendXsrfFail(reply: FastifyReply): FastifyReply {
  // Same shape as the crumb failure: the client repeats the call once before giving up.
  return reply.status(403).send({
    crumbFail: true,
    error: { code: 'CRUMB_FAIL', message: 'The request is missing a valid X-SiteUser-XSRF-Token' },
  });
}

const members = new WeakMap<FastifyRequest, SignedInMember>();

/** The member a `requireMember` preHandler let through; throws when the route forgot the guard. */
export function signedInMember(request: FastifyRequest): SignedInMember {
  const member = members.get(request);
  if (!member) throw new Error('signedInMember() needs the requireMember preHandler on this route');
  return member;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `requireMember(roles?)` builds a preHandler for member-only routes: a live session cookie
 * (else 401), the X-SiteUser-XSRF-Token header on anything but reads (else 403 crumbFail), and
 * when roles are given at least one of them (else 403). Other route files get it with
 * `createMemberGuard({ db })`.
 */
export function createMemberGuard({ db }: { db: Database }) {
  return function requireMember(roles?: readonly string[]) {
    return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const member = await findSession(db, request);
      if (!member) {
        // A stale cookie would keep the storefront believing it is signed in.
        if (request.cookies[SESSION_COOKIE]) clearSessionCookies(reply);
        await reply
          .status(401)
          .send({ error: { code: 'NOT_SIGNED_IN', message: 'Please sign in to continue.' } });
        return;
      }
      if (!SAFE_METHODS.has(request.method) && !xsrfMatches(request, member)) {
        await sendXsrfFail(reply);
        return;
      }
      if (roles && roles.length > 0 && !member.roles.some((r) => roles.includes(r))) {
        await reply
          .status(403)
          .send({ error: { code: 'FORBIDDEN', message: 'Your account cannot do this.' } });
        return;
      }
      members.set(request, member);
    };
  };
}

export type RequireMember = ReturnType<typeof createMemberGuard>;
