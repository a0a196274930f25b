import {
  ACTIVITY_PAGE_SIZE,
  activityQuerySchema,
  type ActivityEntry,
  type ActivityKind,
  type ActivityPage,
} from '@site/page-content';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { siteActivity, websites } from '../db/schema';
import { ApiError } from '../http';

/** Who did it: the signed-in member a role guard let through. */
export interface Actor {
  id: string;
  email: string;
}

export interface ActivityRecord {
  kind: ActivityKind;
  subject: string;
  detail?: Record<string, string>;
}

/**
 * Adds one entry to the site's log. Given the transaction of the change itself where there is
 * one, so the change and its entry are kept or lost together.
 */
export async function recordActivity(
  db: Database | Tx,
  websiteId: string,
  actor: Actor,
  record: ActivityRecord,
): Promise<void> {
  await db.insert(siteActivity).values({
    websiteId,
    actorId: actor.id,
    actorEmail: actor.email,
    kind: record.kind,
    subject: record.subject,
    detail: record.detail ?? {},
  });
}

// The last entry's instant (as PostgreSQL's text, microseconds kept) and id.
const cursorSchema = z.tuple([z.string().max(64), z.number().int().nonnegative()]);
const invalidCursor = () =>
  new ApiError(400, 'INVALID_CURSOR', 'That page cursor is not valid; start again from the first page.');

function decodeCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success && !Number.isNaN(Date.parse(parsed.data[0]))) return parsed.data;
  } catch {
    // The same answer as a well-formed cursor of something else.
  }
  throw invalidCursor();
}

/**
 * The log, newest first, keyset-paged (entries added between two page loads neither repeat nor
 * hide one), filtered by kind, person and a range of days counted in the site's time zone.
 */
export async function listActivity(
  db: Database,
  websiteId: string,
  query: z.output<typeof activityQuerySchema>,
): Promise<ActivityPage> {
  const after = decodeCursor(query.cursor);
  const [site] = await db
    .select({ timeZone: websites.timeZone })
    .from(websites)
    .where(eq(websites.id, websiteId));
  const zone = site?.timeZone ?? 'UTC';
  const rows = await db
    .select({ row: siteActivity, key: sql<string>`${siteActivity.at}::text` })
    .from(siteActivity)
    .where(
      and(
        eq(siteActivity.websiteId, websiteId),
        query.kind ? eq(siteActivity.kind, query.kind) : undefined,
        query.person ? eq(siteActivity.actorId, query.person) : undefined,
        query.from
          ? sql`${siteActivity.at} >= (${query.from}::date)::timestamp at time zone ${zone}`
          : undefined,
        query.to
          ? sql`${siteActivity.at} < (${query.to}::date + 1)::timestamp at time zone ${zone}`
          : undefined,
        after
          ? sql`(${siteActivity.at}, ${siteActivity.id}) < (${after[0]}::timestamptz, ${after[1]})`
          : undefined,
      ),
    )
    // Spelled as the indexes are (`desc nulls last`): a bare `desc` means nulls first, which
    // they cannot answer in order, so every entry of the site was read and sorted for a page.
    .orderBy(sql`${siteActivity.at} desc nulls last`, sql`${siteActivity.id} desc nulls last`)
    .limit(ACTIVITY_PAGE_SIZE + 1);
  const page = rows.slice(0, ACTIVITY_PAGE_SIZE);
  const last = page.at(-1);
  // The people who appear in the log, each with the email of their latest entry: one hop along the
  // (site, actor) index per person, not a read of every entry the site ever logged.
  const people = rowsOf<{ id: string; email: string }>(
    await db.execute(sql`
      with recursive actors as (
        (select actor_id from site_activity where website_id = ${websiteId} and actor_id is not null order by actor_id limit 1)
        union all
        select (select s.actor_id from site_activity s
                where s.website_id = ${websiteId} and s.actor_id > a.actor_id order by s.actor_id limit 1)
        from actors a where a.actor_id is not null
      )
      select a.actor_id as id,
        (select s.actor_email from site_activity s
         where s.website_id = ${websiteId} and s.actor_id = a.actor_id order by s.at desc nulls last limit 1) as email
      from actors a where a.actor_id is not null`),
  );
  return {
    entries: page.map(({ row }) => toEntry(row)),
    people: people.map((p) => ({ id: p.id, email: p.email })).sort((a, b) => a.email.localeCompare(b.email)),
    nextPageCursor:
      rows.length > ACTIVITY_PAGE_SIZE && last
        ? Buffer.from(JSON.stringify([last.key, last.row.id])).toString('base64url')
        : null,
  };
}

const toEntry = (row: typeof siteActivity.$inferSelect): ActivityEntry => ({
  id: String(row.id),
  at: row.at.toISOString(),
  kind: row.kind as ActivityKind,
  actor: { id: row.actorId, email: row.actorEmail },
  subject: row.subject,
  detail: row.detail,
});
