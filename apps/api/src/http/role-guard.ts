import { canView, mayDo, messages, type TeamPermission } from '@site/page-content';
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

/**
 * The permission each guard stands for, by the guard function itself: the role table test reads
 * it from every registered route's preHandler, so a new route is checked without a list to update.
 */
const guardPermissions = new WeakMap<object, { permission: TeamPermission; write: boolean }>();
export function guardPermission(handler: unknown) {
  return typeof handler === 'function' ? guardPermissions.get(handler) : undefined;
}
function markGuard<T extends object>(handler: T, permission: TeamPermission, write: boolean): T {
  guardPermissions.set(handler, { permission, write });
  return handler;
}
const guarded = new WeakMap<FastifyRequest, SignedInMember>();

/** The member a role guard let through; throws when a route forgot its guard. */
export function guardedMember(request: FastifyRequest): SignedInMember {
  const member = guarded.get(request);
  if (!member) throw new Error('guardedMember() needs a role guard on this route');
  return member;
}

/**
 * preHandlers for the editor's calls: `read` lets any role that may look at the site in
 * (storefront.md §6, viewer included); the others also need the session's
 * X-SiteUser-XSRF-Token header and a role granting their permission in TEAM_ROLE_RIGHTS: `write`
 * edits content, `store` the catalogue and orders, `manage` moves money (a refund, a subscription's
 * charge or cancel), `settings` changes the site's settings, `team` its people.
 */
export function createRoleGuard({ db }: { db: Database }) {
  const guard = (permission: TeamPermission, write: boolean, message: string = messages.forbidden) =>
    markGuard(
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
        // The role before the token: a role that may not do this is told so, with or without one.
        if (!mayDo(member.roles, permission))
          return reply.status(403).send({ error: { code: 'FORBIDDEN', message } });
        if (write && !xsrfMatches(request, member)) return sendXsrfFail(reply);
        guarded.set(request, member);
      },
      permission,
      write,
    );
  return {
    read: guard('view', false),
    write: guard('edit-content', true),
    store: guard('manage-store', true),
    manage: guard('move-money', true),
    settings: guard('change-settings', true),
    readActivity: guard('read-activity', false),
    team: guard('manage-team', true),
    readTeam: guard('manage-team', false),
    /** A guard whose refusal says more than the generic message. */
    with: guard,
  };
}
export type RoleGuard = ReturnType<typeof createRoleGuard>;
