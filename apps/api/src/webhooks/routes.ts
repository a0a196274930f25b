import { randomBytes, randomUUID } from 'node:crypto';
import {
  MAILING_API,
  mailingMessages,
  webhookInputSchema,
  type DeliveryView,
  type WebhookView,
} from '@site/page-content';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { webhookDeliveries, webhooks } from '../db/schema';
import type { RouteDocs } from '../http/openapi';
import { ApiError, handle, parse, type RoleGuard } from '../http';
import { webhookUrlProblem, type UrlPolicy } from './url-policy';

const DELIVERIES_SHOWN = 50;
const Params = z.object({ id: z.string().min(1).max(200) });
const notFound = () => new ApiError(404, 'WEBHOOK_NOT_FOUND', mailingMessages.webhookNotFound);

const toView = (row: typeof webhooks.$inferSelect): WebhookView => ({
  id: row.id,
  url: row.url,
  events: row.events,
  createdAt: row.createdAt.toISOString(),
});

/** The automation connection's calls, inside the editor's scope (its guard and error shape). */
export function registerWebhookRoutes(
  scope: FastifyInstance,
  options: { db: Database; guard: RoleGuard; policy: UrlPolicy },
): void {
  const { db, guard, policy } = options;
  const id = (request: FastifyRequest) => parse(Params, request.params).id;
  const owned = async (request: FastifyRequest, hookId: string) => {
    const [row] = await db
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.id, hookId), eq(webhooks.websiteId, request.site.websiteId)));
    if (!row) throw notFound();
    return row;
  };

  scope.get(
    MAILING_API.webhooks,
    { preHandler: guard.read },
    handle(async (request) => {
      const rows = await db
        .select()
        .from(webhooks)
        .where(eq(webhooks.websiteId, request.site.websiteId))
        .orderBy(webhooks.createdAt);
      return { webhooks: rows.map(toView) };
    }),
  );
  scope.post(
    MAILING_API.webhooks,
    { preHandler: guard.write },
    handle(async (request, reply) => {
      const input = parse(webhookInputSchema, request.body);
      const problem = await webhookUrlProblem(input.url, policy);
      if (problem)
        throw new ApiError(400, 'WEBHOOK_URL_REFUSED', problem, [{ path: ['url'], message: problem }]);
      const [row] = await db
        .insert(webhooks)
        .values({
          id: randomUUID(),
          websiteId: request.site.websiteId,
          url: input.url,
          events: [...new Set(input.events)],
          secret: randomBytes(32).toString('hex'),
        })
        .returning();
      return reply.status(201).send({ ...toView(row!), secret: row!.secret } satisfies WebhookView);
    }),
  );
  scope.delete(
    `${MAILING_API.webhooks}/:id`,
    { preHandler: guard.write },
    handle(async (request, reply) => {
      const deleted = await db
        .delete(webhooks)
        .where(and(eq(webhooks.id, id(request)), eq(webhooks.websiteId, request.site.websiteId)))
        .returning({ id: webhooks.id });
      if (deleted.length === 0) throw notFound();
      return reply.status(204).send();
    }),
  );
  scope.get(
    `${MAILING_API.webhooks}/:id/deliveries`,
    { preHandler: guard.read },
    handle(async (request) => {
      const hook = await owned(request, id(request));
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, hook.id))
        .orderBy(desc(webhookDeliveries.createdAt))
        .limit(DELIVERIES_SHOWN);
      const deliveries: DeliveryView[] = rows.map((d) => ({
        id: d.id,
        event: d.event,
        status: d.status,
        attempts: d.attempts,
        responseStatus: d.responseStatus,
        lastError: d.lastError,
        createdAt: d.createdAt.toISOString(),
        deliveredAt: d.deliveredAt?.toISOString() ?? null,
      }));
      return { deliveries };
    }),
  );
}

const guarded = { tags: ['automations'], guard: 'member' as const };
export const webhookRouteDocs: RouteDocs = {
  [`GET ${MAILING_API.webhooks}`]: {
    ...guarded,
    summary: "The site's outgoing webhooks (automation connections)",
  },
  [`POST ${MAILING_API.webhooks}`]: {
    ...guarded,
    summary: 'Register a URL for events (201); answers the signing secret once',
    body: webhookInputSchema,
    status: 201,
  },
  [`DELETE ${MAILING_API.webhooks}/:id`]: {
    ...guarded,
    summary: 'Remove a webhook and its deliveries (204)',
    params: Params,
    status: 204,
  },
  [`GET ${MAILING_API.webhooks}/:id/deliveries`]: {
    ...guarded,
    summary: 'Recent deliveries with their status, newest first',
    params: Params,
  },
};
