import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '@site/commerce-core';
import { canView, VISITOR_COUNTRY_HEADER } from '@site/page-content';
import {
  AUTOMATED_RECORDING_ID,
  cohortOf,
  COOKIE,
  decideRecording,
  ENDPOINT,
  EXPERIMENT_OVERRIDE_PARAM,
  parseExperimentOverrides,
  parseVisitorRecord,
  RECORDING_ID_PATTERN,
  recordingBatchSchema,
  recordingListQuerySchema,
  recordingSettingsOf,
  recordingSettingsSchema,
  recordingVariant,
  VISITOR_RECORDINGS_API,
  visitorRecordingMessages,
} from '@site/tracking';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordActivity } from '../activity/activity-log';
import type { Database } from '../db/client';
import { websites } from '../db/schema';
import { ApiError, createRoleGuard, guardedMember, handle, parsePayload, parseTextJson } from '../http';
import type { RouteDocs } from '../http/openapi';
import { refuseCrossSite } from '../security/same-site';
import { findSession } from '../security/sessions';
import { loadWebsite } from '../site/site-data';
import { appendEvents, listRecordings, readRecording, recordingFor } from './store';

/** A batch is at most 100 small events; 64 KB leaves room and refuses anything bigger. */
export const RECORDING_BODY_LIMIT = 64 * 1024;

const IdQuery = z.object({
  cores: z.coerce.number().int().min(0).max(4096).optional(),
  [EXPERIMENT_OVERRIDE_PARAM]: z
    .union([z.string().max(200), z.array(z.string().max(200)).max(10)])
    .optional(),
});
const RecordingParams = z.object({
  id: z.string().regex(RECORDING_ID_PATTERN, 'id: not a recording id'),
});

const storedSettings = (settings: unknown) =>
  recordingSettingsOf((settings as { visitorRecordings?: unknown } | null)?.visitorRecordings);

/**
 * Visitor recordings: first-party, off until the owner turns them on (README "Visitor
 * recordings"). The storefront asks for the visit's recording id, sends what the visitor does in
 * batches, and the owner reads the list and each timeline on the analytics screen.
 */
export function registerVisitorRecordingRoutes(app: FastifyInstance, { db }: { db: Database }): void {
  const guard = createRoleGuard({ db });
  // Recordings follow one visitor through the site: those who may change settings (owner and
  // admins) read them, not every viewer of the analytics.
  const recordingsRole = (write: boolean) => guard.with('change-settings', write);

  /**
   * Internal users (platform.md §4): the site's own team signed in (a customer account is not);
   * an internal site: flagged by the operator (websites.settings.internal), a staging or demo site.
   */
  const isInternal = async (request: FastifyRequest, settings: unknown) => {
    if ((settings as { internal?: unknown } | null)?.internal === true) return true;
    const member = await findSession(db, request);
    return member !== undefined && canView(member.roles);
  };

  app.get(
    ENDPOINT.recordingId,
    { onRequest: refuseCrossSite },
    handle(async (request, reply) => {
      // A JSON string: Fastify would send a bare string as text/plain.
      const answer = (id: string) => reply.type('application/json').send(JSON.stringify(id));
      const query = parsePayload(IdQuery, request.query);
      const website = await loadWebsite(db, request.site.websiteId);
      const settings = storedSettings(website?.settings);
      const visit = parseVisitorRecord(request.cookies[COOKIE.visitorRecord]);
      // No visitor record (cookies refused, a bot): nothing to attach a recording to.
      if (!website || !visit) return answer(AUTOMATED_RECORDING_ID);
      const search = new URLSearchParams(
        request.url.slice(request.url.indexOf('?') + 1 || request.url.length),
      );
      const overrides =
        search.has(EXPERIMENT_OVERRIDE_PARAM) && (await isInternal(request, website.settings))
          ? parseExperimentOverrides(search)
          : new Map<string, string>();
      const header = request.headers[VISITOR_COUNTRY_HEADER];
      const country = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase();
      const decision = decideRecording({
        enabled: settings.enabled,
        country,
        variant: recordingVariant(cohortOf(visit.id), settings.share, overrides),
        cores: query.cores,
      });
      if (!decision.record) return answer(AUTOMATED_RECORDING_ID);
      const id = await recordingFor(
        db,
        {
          websiteId: website.id,
          visitorId: visit.id,
          visitStartedAt: new Date(visit.currentVisit),
          country: country!,
        },
        new Date(),
      );
      return answer(id ?? AUTOMATED_RECORDING_ID);
    }),
  );

  void app.register(async (beacons) => {
    beacons.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: RECORDING_BODY_LIMIT },
      parseTextJson,
    );
    beacons.post(
      '/api/visitor-recordings/:id/events',
      { bodyLimit: RECORDING_BODY_LIMIT, onRequest: refuseCrossSite },
      handle(async (request, reply) => {
        const { id } = parsePayload(RecordingParams, request.params);
        const batch = parsePayload(recordingBatchSchema, request.body);
        // NUL bytes and lone surrogates cannot be stored in jsonb: refused before they reach it.
        const unsafe = findUnsafeText(batch);
        if (unsafe) throw new ApiError(400, 'INVALID_REQUEST', `${unsafe.join('.')}: ${UNSAFE_TEXT_MESSAGE}`);
        const visit = parseVisitorRecord(request.cookies[COOKIE.visitorRecord]);
        if (!visit) throw new ApiError(404, 'RECORDING_NOT_FOUND', visitorRecordingMessages.notFound);
        const result = await appendEvents(
          db,
          { websiteId: request.site.websiteId, visitorId: visit.id, recordingId: id },
          batch.events,
          new Date(),
        );
        if (result === 'not-found')
          throw new ApiError(404, 'RECORDING_NOT_FOUND', visitorRecordingMessages.notFound);
        if (result === 'full') throw new ApiError(413, 'RECORDING_FULL', visitorRecordingMessages.full);
        return reply.status(204).send();
      }),
    );
  });

  app.get(
    VISITOR_RECORDINGS_API,
    { preHandler: recordingsRole(false) },
    handle(async (request) => {
      const { offset } = parsePayload(recordingListQuerySchema, request.query);
      const website = await loadWebsite(db, request.site.websiteId);
      return {
        settings: storedSettings(website?.settings),
        ...(await listRecordings(db, request.site.websiteId, new Date(), offset)),
      };
    }),
  );

  app.put(
    `${VISITOR_RECORDINGS_API}/settings`,
    { preHandler: recordingsRole(true), bodyLimit: 4 * 1024 },
    handle(async (request) => {
      const settings = parsePayload(recordingSettingsSchema, request.body);
      // One key set in place; the websites trigger moves the site's version, so cached pages
      // carry the switch to the storefront script.
      await db
        .update(websites)
        .set({
          settings: sql`jsonb_set(${websites.settings}, '{visitorRecordings}', ${JSON.stringify(settings)}::jsonb)`,
        })
        .where(eq(websites.id, request.site.websiteId));
      await recordActivity(db, request.site.websiteId, guardedMember(request), {
        kind: 'settings-changed',
        subject: 'visitor recordings',
      });
      return settings;
    }),
  );

  app.get(
    `${VISITOR_RECORDINGS_API}/:id`,
    { preHandler: recordingsRole(false) },
    handle(async (request) => {
      const { id } = parsePayload(RecordingParams, request.params);
      const recording = await readRecording(db, request.site.websiteId, id, new Date());
      if (!recording) throw new ApiError(404, 'RECORDING_NOT_FOUND', visitorRecordingMessages.notFound);
      return recording;
    }),
  );
}

const recordings = ['visitor recordings'];

export const visitorRecordingRouteDocs: RouteDocs = {
  [`GET ${ENDPOINT.recordingId}`]: {
    summary: `The visit's recording id, as a JSON string; "${AUTOMATED_RECORDING_ID}" when the visit is not to be recorded`,
    description:
      "Recorded only with the owner's switch on, from the US or Japan (cf-ipcountry), in the recording variant (survey cohort, or an experiment override for internal sites and users), with more than 2 cores. Needs the visitor record cookie.",
    tags: recordings,
    query: IdQuery,
  },
  'POST /api/visitor-recordings/:id/events': {
    summary: "Appends a batch of events to this visitor's recording (413 when full)",
    description: 'Refused with 403 when the browser marks the request cross-site.',
    tags: recordings,
    status: 204,
    params: RecordingParams,
    body: recordingBatchSchema,
    bodyTypes: ['application/json', 'text/plain'],
  },
  [`GET ${VISITOR_RECORDINGS_API}`]: {
    summary: 'The recording settings and a page of recordings, newest first (last 30 days)',
    tags: ['editor'],
    guard: 'member',
    query: recordingListQuerySchema,
  },
  [`PUT ${VISITOR_RECORDINGS_API}/settings`]: {
    summary: 'Turns visitor recordings on or off and sets the share of visits recorded',
    tags: ['editor'],
    guard: 'member',
    body: recordingSettingsSchema,
  },
  [`GET ${VISITOR_RECORDINGS_API}/:id`]: {
    summary: "One recording's timeline",
    tags: ['editor'],
    guard: 'member',
    params: RecordingParams,
  },
};
