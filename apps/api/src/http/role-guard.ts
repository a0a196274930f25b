import { canEdit, canView, messages } from '@site/page-content';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import {
  clearSessionCookies,
  findSession,
  SESSION_COOKIE,
  sendXsrfFail,
  xsrfMatches,
  type SignedInMember,
} from '../security/sessions';

const MANAGING_ROLES: readonly string[] = ['owner', 'admin'];
const guarded = new WeakMap<FastifyRequest, SignedInMember>();

/** The member a role guard let through; throws when a route forgot its guard. */
export function guardedMember(request: FastifyRequest): SignedInMember {
  const member = guarded.get(request);
  if (!member) throw new Error('guardedMember() needs a role guard on this route');
  return member;
}

/**
 * preHandlers for the editor's calls: `read` lets any role that may look at the site in
 * (storefront.md §6, viewer included), `write` also needs an editing role and the session's
 * X-SiteUser-XSRF-Token header; `manage` (money moved on the owner's word: a subscription's charge
 * or cancel) the owner's or an admin's role besides.
 */
export function createRoleGuard({ db }: { db: Database }) {
  const guard =
    (write: boolean, manage = false) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const member = await findSession(db, request);
      if (!member) {
        // A stale cookie would keep the storefront believing it is signed in.
        if (request.cookies[SESSION_COOKIE]) clearSessionCookies(reply);
        return reply.status(401).send({ error: { code: 'NOT_SIGNED_IN', message: messages.notSignedIn } });
      }
      // A customer account is signed in but has no business in the editor.
      if (!canView(member.roles))
        return reply.status(403).send({ error: { code: 'FORBIDDEN', message: messages.notSignedIn } });
      if (write) {
        if (!xsrfMatches(request, member)) return sendXsrfFail(reply);
        if (!canEdit(member.roles))
          return reply.status(403).send({ error: { code: 'FORBIDDEN', message: messages.forbidden } });
        if (manage && !member.roles.some((r) => MANAGING_ROLES.includes(r))) {
          return reply.status(403).send({ error: { code: 'FORBIDDEN', message: messages.forbidden } });
        }
      }
      guarded.set(request, member);
    };
  return { read: guard(false), write: guard(true), manage: guard(true, true) };
}
export type RoleGuard = ReturnType<typeof createRoleGuard>;
