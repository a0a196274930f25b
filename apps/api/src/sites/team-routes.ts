import {
  TEAM_API,
  teamAcceptSchema,
  teamPreviewSchema,
  teamInviteSchema,
  teamRoleChangeSchema,
  teamTransferSchema,
} from '@site/page-content';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { createRoleGuard, guardedMember, handle, parse, parsePayload } from '../http';
import { createSession, setSessionCookies } from '../security/sessions';
import {
  acceptInvitation,
  changeRole,
  invite,
  previewInvitation,
  removeFromTeam,
  resendInvitation,
  revokeInvitation,
  teamView,
  transferOwnership,
} from './team';

const IdParams = z.object({ id: z.string().min(1).max(64) });
const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The owner's Team screen, and the invitee's acceptance of the emailed link (src/sites/team.ts). */
export function registerTeamRoutes(app: FastifyInstance, { db }: { db: Database }): void {
  const guard = createRoleGuard({ db });
  const read = { preHandler: guard.readTeam };
  const write = { preHandler: guard.team, bodyLimit: 4 * 1024 };
  const view = (request: FastifyRequest) => teamView(db, request.site.websiteId, guardedMember(request).id);
  const id = (request: FastifyRequest) => parse(IdParams, request.params).id;

  app.get(TEAM_API.team, read, handle(view));

  app.post(
    TEAM_API.invitations,
    write,
    handle(async (request, reply) => {
      const body = parsePayload(teamInviteSchema, request.body);
      await invite(db, request.site.websiteId, body, guardedMember(request), origin(request));
      return reply.status(201).send(await view(request));
    }),
  );

  app.post(
    TEAM_API.resend,
    write,
    handle(async (request) => {
      await resendInvitation(
        db,
        request.site.websiteId,
        id(request),
        guardedMember(request),
        origin(request),
      );
      return view(request);
    }),
  );

  app.delete(
    TEAM_API.invitation,
    write,
    handle(async (request) => {
      await revokeInvitation(db, request.site.websiteId, id(request));
      return view(request);
    }),
  );

  app.put(
    TEAM_API.memberRole,
    write,
    handle(async (request) => {
      const { role } = parsePayload(teamRoleChangeSchema, request.body);
      await changeRole(db, request.site.websiteId, id(request), role, guardedMember(request));
      return view(request);
    }),
  );

  app.delete(
    TEAM_API.member,
    write,
    handle(async (request) => {
      await removeFromTeam(db, request.site.websiteId, id(request), guardedMember(request));
      return view(request);
    }),
  );

  app.post(
    TEAM_API.transfer,
    write,
    handle(async (request) => {
      const { memberId } = parsePayload(teamTransferSchema, request.body);
      await transferOwnership(db, request.site.websiteId, memberId, guardedMember(request));
      return view(request);
    }),
  );

  // No crumb: the secret in the body is what another site cannot forge. A POST, so the secret
  // stays out of access logs and browser history.
  app.post(
    TEAM_API.preview,
    { bodyLimit: 4 * 1024 },
    handle(async (request) => {
      const { token } = parsePayload(teamPreviewSchema, request.body);
      return previewInvitation(db, request.site.websiteId, token);
    }),
  );

  app.post(
    TEAM_API.accept,
    { bodyLimit: 4 * 1024 },
    handle(async (request, reply) => {
      const { token, password } = parsePayload(teamAcceptSchema, request.body);
      const memberId = await acceptInvitation(db, request.site.websiteId, token, password);
      const session = await createSession(db, memberId, false);
      setSessionCookies(request, reply, { token: session.token, memberId, rememberMe: false });
      return { xsrfToken: session.xsrfToken };
    }),
  );
}
