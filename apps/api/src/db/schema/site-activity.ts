import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { siteMembers } from './site-users';
import { websites } from './site';

/**
 * The site's activity log (src/activity): who published, changed a price, refunded, changed a
 * setting or the team, and when. Rows are only ever added; the owner and admins read them.
 */
export const siteActivity = pgTable(
  'site_activity',
  {
    /** Keeps two entries of the same instant in a stable order for keyset paging. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null once the person's account is gone; the email below still says who it was. */
    actorId: text('actor_id').references(() => siteMembers.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** One of ACTIVITY_KINDS. */
    kind: text('kind').notNull(),
    /** What it happened to, as the owner knows it: a page title, a product name, an order number, an email. */
    subject: text('subject').notNull(),
    /** The kind's particulars (old and new price, amount refunded, settings changed, role). */
    detail: jsonb('detail').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    index('site_activity_site_at').on(t.websiteId, t.at.desc(), t.id.desc()),
    index('site_activity_site_actor').on(t.websiteId, t.actorId, t.at.desc()),
    // The log filtered to one kind reads that kind's newest entries, however rare it is.
    index('site_activity_site_kind_at').on(t.websiteId, t.kind, t.at.desc(), t.id.desc()),
  ],
);
