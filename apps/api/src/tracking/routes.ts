import { timingSafeEqual } from 'node:crypto';
import {
  buttonEventSchema,
  clankerEventSchema,
  COOKIE,
  formRenderEventSchema,
  javascriptErrorBatchSchema,
  overlayEventSchema,
  parseVisitorRecord,
  performanceRecordSchema,
  recordEventFormSchema,
  recordHitFormSchema,
  SITE_VISITOR_SCHEMA_NAME,
  siteVisitorEventSchema,
} from '@site/tracking';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, handle, parsePayload, parseTextJson } from '../http';
import type { Database } from '../db/client';
import type { RouteDocs } from '../http/openapi';
import { orders, products } from '../db/schema';
import { CRUMB_COOKIE, requireCrumb } from '../security/crumb';
import { refuseCrossSite } from '../security/same-site';
import { pagePathOf } from '../site/page-path';
import { createTrackingRecorder, type TrackingRecorder, type TrackingRow } from './recorder';

/** Every tracking body is small; 64 KB leaves room for a full error batch with long stacks. */
export const TRACKING_BODY_LIMIT = 64 * 1024;
/** Performance records per beacon: a page sends a handful of metrics and one page-speed record. */
export const PERFORMANCE_BATCH_MAX = 100;

export interface TrackingRouteOptions {
  db: Database;
  /** Batch timing of the writer; tests shorten it. */
  flushDelayMs?: number;
  maxBuffered?: number;
}

// JavaScript-error batches are capped by their schema (at most 10, the browser's queue size).
const performanceBatchSchema = z.array(performanceRecordSchema).min(1).max(PERFORMANCE_BATCH_MAX);
const QuickViewParams = z.object({ id: z.string().min(1).max(128) });
const SchemaNameParams = z.object({
  schemaName: z.string().regex(/^[A-Za-z0-9_.-]{1,128}$/, 'invalid schema name'),
});

const visitorIdOf = (cookie: string | undefined): string | null => parseVisitorRecord(cookie)?.id ?? null;
const cookieVisitor = (request: FastifyRequest): string | null =>
  visitorIdOf(request.cookies[COOKIE.visitorRecord]);

/**
 * Performance records do not name their page, but a beacon from the page carries it as a
 * same-origin Referer (strict-origin-when-cross-origin); analytics groups web vitals by it.
 */
function refererPath(request: FastifyRequest): string | undefined {
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.hostname === request.hostname ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The storefront's tracking calls (storefront.md §7, platform.md §7). Each payload is checked with
 * the @site/tracking schema the browser builds it from, then queued for a batched write to
 * tracking_events; the answer does not wait for the database. A payload naming another website
 * is refused: each address records its own site.
 */
export function registerTrackingRoutes(
  app: FastifyInstance,
  options: TrackingRouteOptions,
): TrackingRecorder {
  const { db } = options;
  const recorder = createTrackingRecorder({
    db,
    log: app.log,
    ...(options.flushDelayMs !== undefined ? { flushDelayMs: options.flushDelayMs } : {}),
    ...(options.maxBuffered !== undefined ? { maxBuffered: options.maxBuffered } : {}),
  });
  app.addHook('onClose', async () => recorder.close());

  const sameSite = (request: FastifyRequest, id: string): void => {
    const { websiteId } = request.site;
    if (id !== websiteId)
      throw new ApiError(400, 'WRONG_WEBSITE', `websiteId: this address records website "${websiteId}"`);
  };
  const requireOrder = async (websiteId: string, orderId: string) => {
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.websiteId, websiteId)));
    if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', 'transaction_id: no such order on this site');
  };
  const store = (request: FastifyRequest, reply: FastifyReply, rows: TrackingRow[], status: 202 | 204) => {
    if (!recorder.record(request.site.websiteId, rows)) {
      throw new ApiError(503, 'TRACKING_BUSY', 'Tracking is busy; the event was not recorded');
    }
    return reply.status(status).send();
  };
  // Beacons are sent by this site's own pages: what a browser marks cross-site is refused (403),
  // so another site cannot fill the analytics of this one through its visitors' browsers.
  const route = { bodyLimit: TRACKING_BODY_LIMIT, onRequest: refuseCrossSite };

  app.post(
    '/api/census/RecordHit',
    route,
    handle(async (request, reply) => {
      const hit = parsePayload(recordHitFormSchema, request.body);
      sameSite(request, hit.data.websiteId);
      return store(
        request,
        reply,
        [
          {
            kind: 'census-hit',
            name: hit.event,
            visitorId: visitorIdOf(hit.ss_cvr),
            payload: hit.data,
            pagePath: pagePathOf(hit.data.url),
          },
        ],
        204,
      );
    }),
  );

  const censusJson = <S extends z.ZodType<{ websiteId: string; visitorCookie: string }>>(
    path: string,
    kind: string,
    schema: S,
    nameOf: (body: z.infer<S>) => string,
  ) =>
    app.post(
      path,
      route,
      handle(async (request, reply) => {
        const body = parsePayload(schema, request.body);
        sameSite(request, body.websiteId);
        const { visitorCookie, ...payload } = body;
        return store(
          request,
          reply,
          [{ kind, name: nameOf(body), visitorId: visitorIdOf(visitorCookie), payload }],
          204,
        );
      }),
    );
  censusJson('/api/census/button-click', 'button-click', buttonEventSchema, (b) => b.buttonId);
  censusJson('/api/census/button-render', 'button-render', buttonEventSchema, (b) => b.buttonId);
  censusJson('/api/census/form-render', 'form-render', formRenderEventSchema, (b) => b.formId);
  censusJson('/api/census/overlay', 'overlay', overlayEventSchema, (b) => `${b.overlayId}:${b.action}`);

  app.post(
    '/api/census/RecordQuickView/:id',
    route,
    handle(async (request, reply) => {
      const { id } = parsePayload(QuickViewParams, request.params);
      // Only real products are counted, so a scripted loop cannot invent item ids.
      const [item] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, id), eq(products.websiteId, request.site.websiteId)));
      if (!item) throw new ApiError(404, 'ITEM_NOT_FOUND', 'No such item');
      return store(
        request,
        reply,
        [{ kind: 'quick-view', name: id, visitorId: cookieVisitor(request), payload: { itemId: id } }],
        204,
      );
    }),
  );

  app.post(
    '/api/events/RecordEvent',
    route,
    handle(async (request, reply) => {
      const form = parsePayload(recordEventFormSchema, request.body);
      // The legacy call carries the crumb as a form field rather than a header.
      const cookie = request.cookies[CRUMB_COOKIE];
      if (!cookie || !form.crumb || !sameToken(cookie, form.crumb)) {
        return reply.status(403).send({
          crumbFail: true,
          error: { code: 'CRUMB_FAIL', message: 'The request is missing a valid crumb' },
        });
      }
      sameSite(request, form.data.websiteId);
      return store(
        request,
        reply,
        [{ kind: 'event', name: form.event, visitorId: cookieVisitor(request), payload: form.data }],
        202,
      );
    }),
  );

  app.post(
    '/api/events/RecordJavascriptErrors',
    { ...route, preHandler: requireCrumb },
    handle(async (request, reply) => {
      const batch = parsePayload(javascriptErrorBatchSchema, request.body);
      for (const entry of batch) sameSite(request, entry.data.websiteId);
      const visitorId = cookieVisitor(request);
      return store(
        request,
        reply,
        batch.map((entry) => ({ kind: 'javascript-error', name: entry.event, visitorId, payload: entry })),
        204,
      );
    }),
  );

  app.post(
    '/api/v1/clanker/validate-event-content/:schemaName',
    route,
    handle(async (request) => {
      const { schemaName } = parsePayload(SchemaNameParams, request.params);
      const event = parsePayload(clankerEventSchema, request.body);
      if (event.eventSchemaName !== schemaName) {
        throw new ApiError(400, 'INVALID_REQUEST', 'eventSchemaName: does not match the path');
      }
      // The one schema this server knows in depth; other names are checked for the shared context.
      if (schemaName === SITE_VISITOR_SCHEMA_NAME) parsePayload(siteVisitorEventSchema, event.eventContent);
      return { valid: true, eventSchemaName: schemaName };
    }),
  );

  // Only the beacon calls accept text/plain JSON; everywhere else text/plain stays unsupported.
  app.register(async (beacons) => {
    beacons.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: TRACKING_BODY_LIMIT },
      parseTextJson,
    );

    beacons.post(
      '/api/1/performance/records',
      route,
      handle(async (request, reply) => {
        const records = parsePayload(performanceBatchSchema, request.body);
        const fallback = cookieVisitor(request);
        const page = refererPath(request);
        return store(
          request,
          reply,
          records.map((record) => ({
            kind: 'performance',
            name: record.event,
            visitorId: record.data.analyticsId ?? fallback,
            payload: page ? { ...record, page } : record,
          })),
          204,
        );
      }),
    );

    beacons.post(
      '/api/v1/clanker/events',
      route,
      handle(async (request, reply) => {
        const event = parsePayload(clankerEventSchema, request.body);
        if (event.eventSchemaName === SITE_VISITOR_SCHEMA_NAME) {
          const content = parsePayload(siteVisitorEventSchema, event.eventContent);
          sameSite(request, content.website_id);
          // The funnel's purchase step counts orders: a script must not invent them.
          if (content.event_name === 'purchase')
            await requireOrder(request.site.websiteId, content.transaction_id);
        }
        return store(
          request,
          reply,
          [
            {
              kind: 'clanker-event',
              name: event.eventSchemaName,
              visitorId: event.eventContent.analyticsId ?? cookieVisitor(request),
              payload: event.eventContent,
            },
          ],
          202,
        );
      }),
    );
  });

  return recorder;
}

const tracking = ['tracking'];
const beacon = 'Refused with 403 when the browser marks the request cross-site (Sec-Fetch-Site or Origin).';
const FORM_BODY: RouteDocs[string]['bodyTypes'] = ['application/x-www-form-urlencoded'];
const BEACON_BODY: RouteDocs[string]['bodyTypes'] = ['application/json', 'text/plain'];

/** API documentation of the tracking intake (src/http/openapi.ts). */
export const trackingRouteDocs: RouteDocs = {
  'POST /api/census/RecordHit': {
    summary: 'Records a page view',
    description: beacon,
    tags: tracking,
    status: 204,
    body: recordHitFormSchema,
    bodyTypes: FORM_BODY,
  },
  'POST /api/census/button-click': {
    summary: 'Records a button click',
    description: beacon,
    tags: tracking,
    status: 204,
    body: buttonEventSchema,
  },
  'POST /api/census/button-render': {
    summary: 'Records a button shown',
    description: beacon,
    tags: tracking,
    status: 204,
    body: buttonEventSchema,
  },
  'POST /api/census/form-render': {
    summary: 'Records a form shown',
    description: beacon,
    tags: tracking,
    status: 204,
    body: formRenderEventSchema,
  },
  'POST /api/census/overlay': {
    summary: 'Records an overlay shown or closed',
    description: beacon,
    tags: tracking,
    status: 204,
    body: overlayEventSchema,
  },
  'POST /api/census/RecordQuickView/:id': {
    summary: "Records a product's quick view",
    description: beacon,
    tags: tracking,
    status: 204,
    params: QuickViewParams,
  },
  'POST /api/events/RecordEvent': {
    summary: 'Records a legacy event (crumb as a form field)',
    description: beacon,
    tags: tracking,
    status: 202,
    body: recordEventFormSchema,
    bodyTypes: FORM_BODY,
  },
  'POST /api/events/RecordJavascriptErrors': {
    summary: 'Records a batch of JavaScript errors',
    description: beacon,
    tags: tracking,
    guard: 'crumb',
    status: 204,
    body: javascriptErrorBatchSchema,
  },
  'POST /api/v1/clanker/validate-event-content/:schemaName': {
    summary: "Checks an event's content without storing it",
    description: beacon,
    tags: tracking,
    params: SchemaNameParams,
    body: clankerEventSchema,
  },
  'POST /api/1/performance/records': {
    summary: 'Records web-vital and page-speed metrics (beacon)',
    description: beacon,
    tags: tracking,
    status: 204,
    body: performanceBatchSchema,
    bodyTypes: BEACON_BODY,
  },
  'POST /api/v1/clanker/events': {
    summary: 'Records a second-schema event (beacon)',
    description: beacon,
    tags: tracking,
    status: 202,
    body: clankerEventSchema,
    bodyTypes: BEACON_BODY,
  },
};
