import { accountRestockSignUpSchema } from '@site/forms';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { clearCartCookies } from '../commerce/cart-cookies';
import { ApiError, handle, parsePayload } from '../http';
import type { PaymentProvider } from '../commerce/payments';
import type { Database } from '../db/client';
import type { JobQueue } from '../jobs';
import type { RouteDocs } from '../http/openapi';
import { requireCrumb } from '../security/crumb';
import { accountRouteDocs, registerAccountRoutes } from './account-routes';
import { createMemoryLoginGuard, loginGuardKey, type LoginGuard } from '../security/login-guard';
import { findMemberByEmail, normalizeEmail } from '../security/members';
import { memberMessages } from '../security/member-messages';
import { decoyHash, verifyPassword } from '../security/passwords';
import { listSignUpGroups, listSignUps, sendRestockNotices, signUpMember } from './restock';
import {
  clearSessionCookies,
  createMemberGuard,
  createSession,
  endSession,
  findSession,
  sendXsrfFail,
  setSessionCookies,
  signedInMember,
  xsrfMatches,
} from '../security/sessions';

export interface SiteUserRouteOptions {
  db: Database;
  /** Sign-in brute-force guard (memory or Redis, login-guard.ts); a fresh in-memory one when absent. */
  loginGuard?: LoginGuard;
  paymentProviders: ReadonlyMap<string, PaymentProvider>;
  jobs?: JobQueue;
}

// platform.md §3 "Login payload". Lengths are capped so a huge password cannot buy CPU time.
const LoginSchema = z.object({
  email: z.string().max(320),
  password: z.string().max(1024),
  rememberMe: z.boolean().default(false),
});

const LogoutQuerySchema = z.object({ cloneCart: z.enum(['true', 'false']).optional() });
const VariantRefSchema = z.object({ productId: z.string().min(1), variantId: z.string().min(1) });
const CursorQuerySchema = z.object({ cursor: z.string().max(512).optional() });
const SendAllSchema = z.object({ sendRequests: z.array(VariantRefSchema).min(1).max(100) });

function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function registerSiteUserRoutes(
  app: FastifyInstance,
  { db, loginGuard, paymentProviders, jobs }: SiteUserRouteOptions,
): void {
  const guard = loginGuard ?? createMemoryLoginGuard();
  const requireMember = createMemberGuard({ db });
  const restock = '/api/site-users/account/notifications/restock';
  registerAccountRoutes(app, { db, guard, requireMember, paymentProviders, jobs });

  // The crumb is required so another site cannot sign a visitor in to an account of its choosing.
  app.post(
    '/api/site-users/account/session',
    { preHandler: requireCrumb },
    handle(async (request, reply) => {
      const body = parsePayload(LoginSchema, request.body);
      const email = normalizeEmail(body.email);
      const key = loginGuardKey(email, request.ip);
      const wait = await guard.lockedFor(key);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new ApiError(429, 'TOO_MANY_ATTEMPTS', memberMessages.tooManyAttempts, {
          retryAfterSeconds: wait,
        });
      }
      const member = email ? await findMemberByEmail(db, request.site.websiteId, email) : undefined;
      const matches = await verifyPassword(body.password, member?.passwordHash ?? (await decoyHash()));
      if (!member || !matches) {
        await guard.failed(key);
        // One message for an unknown email and a wrong password, so sign-in never confirms an account.
        throw new ApiError(401, 'INVALID_CREDENTIALS', memberMessages.invalidCredentials);
      }
      await guard.succeeded(key);
      // A browser holds one session: signing in again replaces the one it had.
      const previous = await findSession(db, request);
      if (previous) await endSession(db, previous.sessionId);
      const session = await createSession(db, member.id, body.rememberMe);
      setSessionCookies(request, reply, {
        token: session.token,
        memberId: member.id,
        rememberMe: body.rememberMe,
      });
      return { xsrfToken: session.xsrfToken };
    }),
  );

  // The storefront lost its copy of the XSRF token (storage cleared, signed in from another tab):
  // a same-origin read hands it back, and other sites cannot read the answer.
  app.get(
    '/api/site-users/account/session',
    { preHandler: requireMember() },
    handle(async (request) => ({ xsrfToken: signedInMember(request).xsrfToken })),
  );

  // Signing out without a live session still clears the cookies: there is nothing left to protect.
  app.delete(
    '/api/site-users/account/session',
    handle(async (request, reply) => {
      const { cloneCart } = parsePayload(LogoutQuerySchema, request.query);
      const member = await findSession(db, request);
      if (member) {
        if (!xsrfMatches(request, member)) return sendXsrfFail(reply);
        await endSession(db, member.sessionId);
      }
      clearSessionCookies(reply);
      // Carts belong to the browser, not the account: cloneCart=true lets the visitor keep the
      // cart they built; otherwise the next person at this browser starts with an empty one.
      if (cloneCart !== 'true') clearCartCookies(reply);
      return { signedOut: true };
    }),
  );

  // storefront.md §7: a signed-in member's sign-up uses the account's own email.
  app.post(
    restock,
    { preHandler: requireMember() },
    handle(async (request) => {
      const body = parsePayload(accountRestockSignUpSchema, request.body);
      await signUpMember(db, request.site.websiteId, signedInMember(request).email, body);
      return { signedUp: true };
    }),
  );

  app.get(
    `${restock}/groups`,
    { preHandler: requireMember(['owner']) },
    handle(async (request) => {
      const { cursor } = parsePayload(CursorQuerySchema, request.query);
      return listSignUpGroups(db, request.site.websiteId, cursor);
    }),
  );

  app.get(
    restock,
    { preHandler: requireMember(['owner']) },
    handle(async (request) => {
      const query = parsePayload(VariantRefSchema.extend(CursorQuerySchema.shape), request.query);
      return listSignUps(db, request.site.websiteId, query, query.cursor);
    }),
  );

  app.post(
    `${restock}/send`,
    { preHandler: requireMember(['owner']) },
    handle(async (request) => {
      const ref = parsePayload(VariantRefSchema, request.body);
      const [result] = await sendRestockNotices(db, request.site.websiteId, [ref], origin(request));
      return { notifiedCount: result?.notifiedCount ?? 0 };
    }),
  );

  app.post(
    `${restock}/send/all`,
    { preHandler: requireMember(['owner']) },
    handle(async (request) => {
      const { sendRequests } = parsePayload(SendAllSchema, request.body);
      const results = await sendRestockNotices(db, request.site.websiteId, sendRequests, origin(request));
      return { results, notifiedCount: results.reduce((n, r) => n + r.notifiedCount, 0) };
    }),
  );
}

const members = ['site-users'];
const restockPath = '/api/site-users/account/notifications/restock';

/** API documentation of sign-in and members' restock notices (src/http/openapi.ts). */
export const siteUserRouteDocs: RouteDocs = {
  'POST /api/site-users/account/session': {
    summary: 'Signs a site member in (sets the session cookies)',
    tags: members,
    guard: 'crumb',
    body: LoginSchema,
    response: z.object({ xsrfToken: z.string() }),
  },
  'GET /api/site-users/account/session': {
    summary: "The session's XSRF token again, for a storefront that lost it",
    tags: members,
    guard: 'member',
    response: z.object({ xsrfToken: z.string() }),
  },
  'DELETE /api/site-users/account/session': {
    summary: 'Signs out; cloneCart=true keeps the cart',
    tags: members,
    query: LogoutQuerySchema,
    response: z.object({ signedOut: z.literal(true) }),
  },
  [`POST ${restockPath}`]: {
    summary: "Signs the member up for a back-in-stock notice with the account's email",
    tags: members,
    guard: 'member',
    body: accountRestockSignUpSchema,
  },
  [`GET ${restockPath}/groups`]: {
    summary: 'Restock sign-ups grouped by variant, paged',
    tags: members,
    guard: 'owner',
    query: CursorQuerySchema,
  },
  [`GET ${restockPath}`]: {
    summary: "One variant's restock sign-ups, paged",
    tags: members,
    guard: 'owner',
    query: VariantRefSchema.extend(CursorQuerySchema.shape),
  },
  [`POST ${restockPath}/send`]: {
    summary: "Sends one variant's restock notices",
    tags: members,
    guard: 'owner',
    body: VariantRefSchema,
    response: z.object({ notifiedCount: z.number().int() }),
  },
  [`POST ${restockPath}/send/all`]: {
    summary: 'Sends the restock notices of several variants',
    tags: members,
    guard: 'owner',
    body: SendAllSchema,
  },
  ...accountRouteDocs,
};
