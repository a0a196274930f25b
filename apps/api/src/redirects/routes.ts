import {
  REDIRECTS_API,
  redirectRuleSchema,
  removeRedirectSchema,
  updateRedirectSchema,
} from '@site/page-content';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { createRoleGuard, handle, MAX_BODY_BYTES, parse, registerApiErrors } from '../http';
import { addRedirect, listRedirects, removeRedirect, updateRedirect } from './redirect-store';

/**
 * The Redirects screen: list, add, change and remove the site's redirects. Served pages follow
 * by themselves: every write to the table bumps the site's content counter (migration 0008).
 */
export function registerRedirectRoutes(app: FastifyInstance, options: { db: Database }): void {
  const { db } = options;
  void app.register(async (scope) => {
    registerApiErrors(scope);
    const guard = createRoleGuard({ db });
    const read = { preHandler: guard.read };
    const write = { preHandler: guard.write, bodyLimit: MAX_BODY_BYTES };
    const list = async (websiteId: string) => ({ redirects: await listRedirects(db, websiteId) });

    scope.get(
      REDIRECTS_API.redirects,
      read,
      handle(async (request) => list(request.site.websiteId)),
    );
    scope.post(
      REDIRECTS_API.redirects,
      write,
      handle(async (request, reply) => {
        await addRedirect(db, request.site.websiteId, parse(redirectRuleSchema, request.body));
        return reply.status(201).send(await list(request.site.websiteId));
      }),
    );
    scope.put(
      REDIRECTS_API.redirects,
      write,
      handle(async (request) => {
        const { original, ...rule } = parse(updateRedirectSchema, request.body);
        await updateRedirect(db, request.site.websiteId, original, rule);
        return list(request.site.websiteId);
      }),
    );
    scope.post(
      REDIRECTS_API.remove,
      write,
      handle(async (request) => {
        await removeRedirect(db, request.site.websiteId, parse(removeRedirectSchema, request.body).from);
        return list(request.site.websiteId);
      }),
    );
  });
}
