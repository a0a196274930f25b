import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { websites } from './site';

/**
 * First-party visitor recordings (src/visitor-recordings): one row per recorded visit of a
 * visitor (their ss_cvr id and the visit's start), its events appended batch by batch up to a
 * byte cap. Rows older than the retention are deleted as new recordings start.
 */
export const visitorRecordings = pgTable(
  'visitor_recordings',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id').notNull(),
    visitStartedAt: timestamp('visit_started_at', { withTimezone: true }).notNull(),
    country: text('country').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull().defaultNow(),
    eventCount: integer('event_count').notNull().default(0),
    /** JSON bytes of the events: what the cap counts. */
    bytes: integer('bytes').notNull().default(0),
    events: jsonb('events').$type<unknown[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('visitor_recordings_visit').on(t.websiteId, t.visitorId, t.visitStartedAt),
    index('visitor_recordings_site_started').on(t.websiteId, t.startedAt.desc(), t.id.desc()),
  ],
);
