import { ACTIVITY_API, activityMessages, activityPageSchema, activityQuerySchema } from '@site/page-content';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { createRoleGuard, handle, parsePayload } from '../http';
import type { RouteDocs } from '../http/openapi';
import { listActivity } from './activity-log';

/** The editor's Activity screen: the owner and admins read the site's log. */
export function registerActivityRoutes(app: FastifyInstance, { db }: { db: Database }): void {
  const guard = createRoleGuard({ db });
  app.get(
    ACTIVITY_API.log,
    { preHandler: guard.with('read-activity', false, activityMessages.forbidden) },
    handle(async (request) =>
      listActivity(db, request.site.websiteId, parsePayload(activityQuerySchema, request.query)),
    ),
  );
}

export const activityRouteDocs: RouteDocs = {
  [`GET ${ACTIVITY_API.log}`]: {
    summary:
      'The activity log, newest first: who published a page, changed a price, refunded an order, changed the settings or the team, and when; filtered by kind, person and days (in the site’s time zone), paged by nextPageCursor',
    description: 'Owner or admin.',
    tags: ['sites'],
    guard: 'owner',
    query: activityQuerySchema,
    response: activityPageSchema,
  },
};
