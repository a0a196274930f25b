import { randomUUID } from 'node:crypto';
import {
  RECORDING_MAX_BYTES,
  RECORDING_RETENTION_DAYS,
  RECORDINGS_PAGE_SIZE,
  RECORDINGS_PER_SITE_MAX,
  type RecordingDetail,
  type RecordingEvent,
  type RecordingSummary,
} from '@site/tracking';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { visitorRecordings } from '../db/schema';

const RETENTION_MS = RECORDING_RETENTION_DAYS * 86_400_000;

const keptSince = (now: Date) => new Date(now.getTime() - RETENTION_MS);

/** The visit's recording, created when missing; undefined when the site already keeps its most. */
export async function recordingFor(
  db: Database,
  visit: { websiteId: string; visitorId: string; visitStartedAt: Date; country: string },
  now: Date,
): Promise<string | undefined> {
  const find = async () => {
    const [row] = await db
      .select({ id: visitorRecordings.id })
      .from(visitorRecordings)
      .where(
        and(
          eq(visitorRecordings.websiteId, visit.websiteId),
          eq(visitorRecordings.visitorId, visit.visitorId),
          eq(visitorRecordings.visitStartedAt, visit.visitStartedAt),
          gt(visitorRecordings.startedAt, keptSince(now)),
        ),
      );
    return row?.id;
  };
  const existing = await find();
  if (existing) return existing;
  // Retention is applied as recordings start: a site that records nothing keeps nothing to expire.
  await db
    .delete(visitorRecordings)
    .where(
      and(eq(visitorRecordings.websiteId, visit.websiteId), lt(visitorRecordings.startedAt, keptSince(now))),
    );
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(visitorRecordings)
    .where(eq(visitorRecordings.websiteId, visit.websiteId));
  if (n >= RECORDINGS_PER_SITE_MAX) return undefined;
  // Two tabs asking at once: the unique visit index keeps one row, and both read its id.
  await db
    .insert(visitorRecordings)
    .values({ id: randomUUID(), ...visit, startedAt: now, lastEventAt: now })
    .onConflictDoNothing();
  return find();
}

export type AppendResult = 'stored' | 'not-found' | 'full';

/**
 * Appends a batch to a recording of this visitor, in one statement whose condition holds the byte
 * cap, so concurrent batches cannot push a recording past it.
 */
export async function appendEvents(
  db: Database,
  target: { websiteId: string; visitorId: string; recordingId: string },
  events: RecordingEvent[],
  now: Date,
): Promise<AppendResult> {
  const json = JSON.stringify(events);
  const bytes = Buffer.byteLength(json);
  const mine = and(
    eq(visitorRecordings.id, target.recordingId),
    eq(visitorRecordings.websiteId, target.websiteId),
    eq(visitorRecordings.visitorId, target.visitorId),
    gt(visitorRecordings.startedAt, keptSince(now)),
  );
  const updated = await db
    .update(visitorRecordings)
    .set({
      events: sql`${visitorRecordings.events} || ${json}::jsonb`,
      eventCount: sql`${visitorRecordings.eventCount} + ${events.length}`,
      bytes: sql`${visitorRecordings.bytes} + ${bytes}`,
      lastEventAt: now,
    })
    .where(and(mine, sql`${visitorRecordings.bytes} + ${bytes} <= ${RECORDING_MAX_BYTES}`))
    .returning({ id: visitorRecordings.id });
  if (updated.length > 0) return 'stored';
  const [exists] = await db.select({ id: visitorRecordings.id }).from(visitorRecordings).where(mine);
  return exists ? 'full' : 'not-found';
}

const summaryColumns = {
  id: visitorRecordings.id,
  startedAt: visitorRecordings.startedAt,
  lastEventAt: visitorRecordings.lastEventAt,
  country: visitorRecordings.country,
  landingPath: sql<
    string | null
  >`jsonb_path_query_first(${visitorRecordings.events}, '$[*] ? (@.kind == "page").path') #>> '{}'`,
  pages: sql<number>`jsonb_array_length(jsonb_path_query_array(${visitorRecordings.events}, '$[*] ? (@.kind == "page")'))`,
  events: visitorRecordings.eventCount,
};

const summary = (row: {
  id: string;
  startedAt: Date;
  lastEventAt: Date;
  country: string;
  landingPath: string | null;
  pages: number;
  events: number;
}): RecordingSummary => ({
  ...row,
  startedAt: row.startedAt.toISOString(),
  lastEventAt: row.lastEventAt.toISOString(),
  pages: Number(row.pages),
});

/**
 * The site's recordings with at least one event within the retention, newest first, a page at a
 * time from `offset`; `hasMore` when an older one follows.
 */
export async function listRecordings(
  db: Database,
  websiteId: string,
  now: Date,
  offset = 0,
): Promise<{ recordings: RecordingSummary[]; hasMore: boolean }> {
  const rows = await db
    .select(summaryColumns)
    .from(visitorRecordings)
    .where(
      and(
        eq(visitorRecordings.websiteId, websiteId),
        gt(visitorRecordings.startedAt, keptSince(now)),
        gt(visitorRecordings.eventCount, 0),
      ),
    )
    // Spelled as visitor_recordings_site_started is (`desc nulls last`, migration 0069): a bare
    // `desc` means nulls first, and the page would be every recording of the site, sorted.
    .orderBy(
      sql`${visitorRecordings.startedAt} desc nulls last`,
      sql`${visitorRecordings.id} desc nulls last`,
    )
    .offset(offset)
    .limit(RECORDINGS_PAGE_SIZE + 1);
  return {
    recordings: rows.slice(0, RECORDINGS_PAGE_SIZE).map(summary),
    hasMore: rows.length > RECORDINGS_PAGE_SIZE,
  };
}

export async function readRecording(
  db: Database,
  websiteId: string,
  id: string,
  now: Date,
): Promise<RecordingDetail | undefined> {
  const [row] = await db
    .select({ ...summaryColumns, timeline: visitorRecordings.events })
    .from(visitorRecordings)
    .where(
      and(
        eq(visitorRecordings.id, id),
        eq(visitorRecordings.websiteId, websiteId),
        gt(visitorRecordings.startedAt, keptSince(now)),
      ),
    );
  if (!row) return undefined;
  const { timeline, ...rest } = row;
  // Batches may arrive out of order (a beacon overtaking a fetch): the timeline is by time.
  const events = [...(timeline as RecordingEvent[])].sort((a, b) => a.t - b.t);
  return { ...summary(rest), timeline: events };
}
