import { timingSafeEqual } from 'node:crypto';
import {
  areaMembersQuerySchema,
  joinMemberAreaSchema,
  MEMBER_AREAS_API,
  memberAreaInputSchema,
  messages,
  type AreaMemberPage,
  type MemberAreaList,
} from '@site/page-content';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import type { RouteDocs } from '../http/openapi';
import { ApiError, createRoleGuard, handle, parse, registerApiErrors } from '../http';
import { CRUMB_COOKIE, CRUMB_HEADER } from '../security/crumb';
import { findSession } from '../security/sessions';
import { loadWebsite, storeCurrency } from '../site/site-data';
import {
  createMemberArea,
  deleteMemberArea,
  joinMemberArea,
  leaveMemberArea,
  listAreaMembers,
  listMemberAreas,
  removeAreaMember,
  startAreaCheckout,
  updateMemberArea,
} from './area-store';

const AreaParams = z.object({ id: z.string().min(1).max(200) });
const AreaMemberParams = AreaParams.extend({ memberId: z.string().min(1).max(200) });

// Only a path of this site: anything else would make the join form an open redirect.
const safeReturnTo = (value: string | undefined) => (value && /^\/(?!\/)[^\s\\]*$/.test(value) ? value : '/');

/** The crumb from the header (a script) or the form's field (no script), against the cookie. */
function crumbMatches(request: FastifyRequest, fromBody: string | undefined): boolean {
  const cookie = request.cookies[CRUMB_COOKIE];
  const header = request.headers[CRUMB_HEADER];
  const sent = (Array.isArray(header) ? header[0] : header) ?? fromBody;
  if (!cookie || !sent) return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(sent);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The owner's calls (reading: anyone on the team, since the block inspector lists the areas;
 * changing: owners and admins, who hold the site's settings) and the visitor's join.
 */
export function registerMemberAreaRoutes(app: FastifyInstance, options: { db: Database }): void {
  const { db } = options;

  /**
   * The join screen's form posts to join, the account page's to leave, without script (303 back
   * to the page, or to the account); a script may post JSON (204). The session cookie is
   * SameSite=Lax and the crumb is double-submitted, so another site cannot make a visitor join or
   * leave.
   */
  const membership =
    (change: typeof joinMemberArea, back: (returnTo: string) => string) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const form = String(request.headers['content-type'] ?? '').startsWith(
        'application/x-www-form-urlencoded',
      );
      const parsed = joinMemberAreaSchema.safeParse(request.body ?? {});
      if (!parsed.success)
        return reply
          .status(400)
          .send({ error: { code: 'INVALID', message: parsed.error.issues[0]!.message } });
      if (!crumbMatches(request, parsed.data.crumb))
        return reply.status(403).send({
          crumbFail: true,
          error: { code: 'CRUMB_FAIL', message: 'The request is missing a valid crumb' },
        });
      const returnTo = safeReturnTo(parsed.data.returnTo);
      const member = await findSession(db, request);
      if (!member) {
        if (form) return reply.redirect(`/account/login?returnTo=${encodeURIComponent(returnTo)}`, 303);
        return reply.status(401).send({ error: { code: 'NOT_SIGNED_IN', message: messages.notSignedIn } });
      }
      try {
        // A paid area's form goes on to the checkout with a cart of its own; a script gets 402.
        if (form && change === joinMemberArea) {
          const cartToken = await startAreaCheckout(
            db,
            request.site.websiteId,
            member.id,
            parsed.data.areaId,
          );
          if (cartToken) return reply.redirect(`/checkout?cartToken=${encodeURIComponent(cartToken)}`, 303);
        }
        await change(db, request.site.websiteId, member.id, parsed.data.areaId);
      } catch (error) {
        // Unverified: the account page says how to verify and sends the link again.
        if (form && error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED')
          return reply.redirect('/account', 303);
        if (error instanceof ApiError)
          return reply.status(error.statusCode).send({ error: { code: error.code, message: error.message } });
        throw error;
      }
      return form ? reply.redirect(back(returnTo), 303) : reply.status(204).send();
    };
  app.post(
    MEMBER_AREAS_API.join,
    membership(joinMemberArea, (returnTo) => returnTo),
  );
  // Leaving goes back to the account page, where the Leave button was (never to the closed page).
  app.post(
    MEMBER_AREAS_API.leave,
    membership(leaveMemberArea, () => '/account'),
  );

  void app.register(async (scope) => {
    registerApiErrors(scope);
    const guard = createRoleGuard({ db });
    const read = { preHandler: guard.read };
    const manage = { preHandler: guard.settings };
    const areaId = (request: FastifyRequest) => parse(AreaParams, request.params).id;

    scope.get(
      MEMBER_AREAS_API.list,
      read,
      handle(async (request): Promise<MemberAreaList> => {
        const [areas, website] = await Promise.all([
          listMemberAreas(db, request.site.websiteId),
          loadWebsite(db, request.site.websiteId),
        ]);
        return { areas, currency: website ? storeCurrency(website) : 'USD' };
      }),
    );
    scope.post(
      MEMBER_AREAS_API.list,
      manage,
      handle(async (request, reply) =>
        reply
          .status(201)
          .send(
            await createMemberArea(db, request.site.websiteId, parse(memberAreaInputSchema, request.body)),
          ),
      ),
    );
    scope.put(
      MEMBER_AREAS_API.area,
      manage,
      handle(async (request) =>
        updateMemberArea(
          db,
          request.site.websiteId,
          areaId(request),
          parse(memberAreaInputSchema, request.body),
        ),
      ),
    );
    scope.get(
      MEMBER_AREAS_API.members,
      read,
      handle(async (request): Promise<AreaMemberPage> => {
        const query = parse(areaMembersQuerySchema, request.query);
        return listAreaMembers(db, request.site.websiteId, areaId(request), query.after, query.state);
      }),
    );
    scope.delete(
      MEMBER_AREAS_API.member,
      manage,
      handle(async (request, reply) => {
        const { id, memberId } = parse(AreaMemberParams, request.params);
        await removeAreaMember(db, request.site.websiteId, id, memberId);
        return reply.status(204).send();
      }),
    );
    scope.delete(
      MEMBER_AREAS_API.area,
      manage,
      handle(async (request, reply) => {
        await deleteMemberArea(db, request.site.websiteId, areaId(request));
        return reply.status(204).send();
      }),
    );
  });
}

const owner = { tags: ['member areas'], guard: 'member' as const };
export const memberAreaRouteDocs: RouteDocs = {
  [`GET ${MEMBER_AREAS_API.list}`]: {
    ...owner,
    summary: "The site's member areas: name, description, the pages each gates, how many joined",
  },
  [`POST ${MEMBER_AREAS_API.list}`]: {
    ...owner,
    summary: 'Create a member area (201); owners and admins only',
    body: memberAreaInputSchema,
    status: 201,
  },
  [`PUT ${MEMBER_AREAS_API.area}`]: {
    ...owner,
    summary: 'Change an area: its name, description and the pages it gates; owners and admins only',
    params: AreaParams,
    body: memberAreaInputSchema,
  },
  [`DELETE ${MEMBER_AREAS_API.area}`]: {
    ...owner,
    summary: 'Remove an area (204): its pages open to everyone, its members stay site members',
    params: AreaParams,
    status: 204,
  },
  [`GET ${MEMBER_AREAS_API.members}`]: {
    ...owner,
    summary:
      "An area's members (email, when they joined), newest first, 50 a page: `after` is the last page's `next`",
    params: AreaParams,
    query: areaMembersQuerySchema,
  },
  [`DELETE ${MEMBER_AREAS_API.member}`]: {
    ...owner,
    summary: 'Take someone out of an area (204): its pages close to them; owners and admins only',
    params: AreaMemberParams,
    status: 204,
  },
  [`POST ${MEMBER_AREAS_API.leave}`]: {
    tags: ['member areas'],
    guard: 'crumb',
    summary: 'A signed-in member leaves an area: a form post answers 303 to the account page, JSON 204',
    body: joinMemberAreaSchema,
    status: 204,
  },
  [`POST ${MEMBER_AREAS_API.join}`]: {
    tags: ['member areas'],
    guard: 'crumb',
    summary:
      'A signed-in member with a verified email joins a free area: a form post answers 303 to returnTo, JSON 204; a paid area: a form post answers 303 to its checkout, JSON 402 until paid',
    body: joinMemberAreaSchema,
    status: 204,
  },
};
