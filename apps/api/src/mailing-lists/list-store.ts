import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  mailingMessages,
  type MailingListView,
  type SubscriberPage,
  type SubscriberView,
} from '@site/page-content';
import { and, asc, count, desc, eq, getTableColumns, gt, ilike, lt, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { mailingListCounts, mailingLists, mailingListSubscribers } from '../db/schema';
import { rowsOf } from '../db/rows';
import { isUniqueViolation } from '../db/unique-violation';
import { ApiError, csvBody, keysetPages } from '../http';
import { decodeCursor, encodeCursor } from '../http/cursor';

/** Subscribers per statement of the export. */
const EXPORT_PAGE = 1000;

export const SUBSCRIBERS_PAGE_SIZE = 50;

const notFound = () => new ApiError(404, 'LIST_NOT_FOUND', mailingMessages.listNotFound);
const nameTaken = () =>
  new ApiError(409, 'LIST_NAME_TAKEN', mailingMessages.listNameTaken, [
    { path: ['name'], message: mailingMessages.listNameTaken },
  ]);

export async function listMailingLists(db: Database, websiteId: string): Promise<MailingListView[]> {
  // The count a trigger keeps (migration 0053): one primary-key read per list, whatever its size.
  const rows = await db
    .select({
      list: mailingLists,
      subscriberCount: sql<number>`coalesce(${mailingListCounts.confirmed}, 0)`.mapWith(Number),
    })
    .from(mailingLists)
    .leftJoin(mailingListCounts, eq(mailingListCounts.listId, mailingLists.id))
    .where(eq(mailingLists.websiteId, websiteId))
    .orderBy(asc(mailingLists.createdAt), asc(mailingLists.name));
  return rows.map(({ list, subscriberCount }) => ({
    id: list.id,
    name: list.name,
    isDefault: list.isDefault,
    subscriberCount,
    createdAt: list.createdAt.toISOString(),
  }));
}

async function viewOf(db: Database, websiteId: string, id: string): Promise<MailingListView> {
  const view = (await listMailingLists(db, websiteId)).find((l) => l.id === id);
  if (!view) throw notFound();
  return view;
}

/** The list, if it is the site's; a subscriber page checks only that, not every list's count. */
async function requireList(db: Database, websiteId: string, id: string): Promise<void> {
  const [found] = await db
    .select({ id: mailingLists.id })
    .from(mailingLists)
    .where(and(eq(mailingLists.id, id), eq(mailingLists.websiteId, websiteId)));
  if (!found) throw notFound();
}

/** The site's first list becomes its default, so the restock form's box has somewhere to go. */
export async function createMailingList(
  db: Database,
  websiteId: string,
  name: string,
): Promise<MailingListView> {
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      const [{ lists } = { lists: 0 }] = await tx
        .select({ lists: count() })
        .from(mailingLists)
        .where(eq(mailingLists.websiteId, websiteId));
      await tx.insert(mailingLists).values({ id, websiteId, name, isDefault: lists === 0 });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return viewOf(db, websiteId, id);
}

export async function renameMailingList(
  db: Database,
  websiteId: string,
  id: string,
  name: string,
): Promise<MailingListView> {
  try {
    const updated = await db
      .update(mailingLists)
      .set({ name })
      .where(and(eq(mailingLists.id, id), eq(mailingLists.websiteId, websiteId)))
      .returning({ id: mailingLists.id });
    if (updated.length === 0) throw notFound();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return viewOf(db, websiteId, id);
}

/** Its subscribers go with it; a newsletter block still naming it then says it is not configured. */
export async function deleteMailingList(db: Database, websiteId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(mailingLists)
    .where(and(eq(mailingLists.id, id), eq(mailingLists.websiteId, websiteId)))
    .returning({ isDefault: mailingLists.isDefault });
  if (deleted.length === 0) throw notFound();
  if (deleted[0]!.isDefault) {
    const [next] = await db
      .select({ id: mailingLists.id })
      .from(mailingLists)
      .where(eq(mailingLists.websiteId, websiteId))
      .orderBy(asc(mailingLists.createdAt))
      .limit(1);
    if (next) await db.update(mailingLists).set({ isDefault: true }).where(eq(mailingLists.id, next.id));
  }
}

const toView = (row: SubscriberRow): SubscriberView => ({
  id: row.id,
  email: row.email,
  status: row.status,
  source: row.source,
  consentedAt: row.consentedAt.toISOString(),
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
});

// `%` and `_` typed by the owner are letters to look for, not wildcards.
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type SubscriberRow = Pick<
  typeof mailingListSubscribers.$inferSelect,
  'id' | 'email' | 'status' | 'source' | 'consentedAt' | 'confirmedAt'
> & { consentedKey: string };
type SubscriberKey = readonly [consentedKey: string, email: string];

/**
 * A list's subscribers in its order (newest consent first, then by email, unique in a list) after
 * `after`, read along the (list_id, consented_at desc, email) index. The instant is compared as
 * stored text, to the microsecond a JS Date would lose, so pages never skip or repeat a row.
 */
function subscribersAfter(
  db: Database,
  listId: string,
  after: SubscriberKey | undefined,
  limit: number,
  search?: string,
) {
  const s = mailingListSubscribers;
  const at = after && sql`${after[0]}::timestamptz`;
  return db
    .select({ ...getTableColumns(s), consentedKey: sql<string>`${s.consentedAt}::text` })
    .from(s)
    .where(
      and(
        eq(s.listId, listId),
        search ? ilike(s.email, likePattern(search)) : undefined,
        at ? lte(s.consentedAt, at) : undefined,
        at ? or(lt(s.consentedAt, at), and(eq(s.consentedAt, at), gt(s.email, after[1]))) : undefined,
      ),
    )
    .orderBy(desc(s.consentedAt), asc(s.email))
    .limit(limit);
}

/**
 * A search matching at most this many subscribers reads its matches by the email trigram index and
 * sorts them; one matching more walks the list's order and filters, meeting a page's worth soon.
 */
const SPARSE_MATCHES = 5000;

/**
 * A search's page when its matches are few: they are read first, by the email trigram index, then
 * sorted. Left to itself the planner walks the list's (consented, email) index filtering every row,
 * which reads most of a big list when the matches are far from the newest (a materialized CTE is
 * the fence that keeps the two steps apart). On a first page it also counts the matches, up to one
 * more than SPARSE_MATCHES (past that the caller counts them on its own and walks instead).
 */
async function sparseMatchesAfter(
  db: Database,
  listId: string,
  after: SubscriberKey | undefined,
  limit: number,
  search: string,
): Promise<{ rows: SubscriberRow[]; matched: number }> {
  const at = after && sql`${after[0]}::timestamptz`;
  const rows = rowsOf<{
    id: string;
    email: string;
    status: SubscriberRow['status'];
    source: SubscriberRow['source'];
    consented_at: string;
    confirmed_at: string | null;
    consented_key: string;
    matched: number;
  }>(
    await db.execute(sql`
      with matches as materialized (
        select id, email, status, source, consented_at, confirmed_at
        from mailing_list_subscribers
        where list_id = ${listId} and email ilike ${likePattern(search)}
        ${after ? sql`` : sql`limit ${SPARSE_MATCHES + 1}`}
      )
      select id, email, status, source, consented_at, confirmed_at, consented_at::text as consented_key,
        (select count(*) from matches)::int as matched
      from matches
      ${at ? sql`where consented_at < ${at} or (consented_at = ${at} and email > ${after[1]})` : sql``}
      order by consented_at desc, email
      limit ${limit}`),
  );
  return {
    rows: rows.map((r) => ({
      id: r.id,
      email: r.email,
      status: r.status,
      source: r.source,
      consentedAt: new Date(r.consented_at),
      confirmedAt: r.confirmed_at === null ? null : new Date(r.confirmed_at),
      consentedKey: r.consented_key,
    })),
    // No row: no match after the cursor (on a first page, none at all).
    matched: Number(rows[0]?.matched ?? 0),
  };
}

/** Every subscriber of the list, whatever their status: the count a trigger keeps (migration 0072). */
async function keptTotal(db: Database, listId: string): Promise<number> {
  const [row] = await db
    .select({ subscribers: mailingListCounts.subscribers })
    .from(mailingListCounts)
    .where(eq(mailingListCounts.listId, listId));
  return row?.subscribers ?? 0;
}

// [consented at, email] and, for a search, whether its matches are few (sparseMatchesAfter).
const subscriberCursor = z.union([
  z.tuple([z.string().min(1).max(64), z.string().max(400)]),
  z.tuple([z.string().min(1).max(64), z.string().max(400), z.boolean()]),
]);

export async function listSubscribers(
  db: Database,
  websiteId: string,
  listId: string,
  query: { search?: string; cursor?: string },
): Promise<SubscriberPage> {
  await requireList(db, websiteId, listId);
  const search = query.search?.trim() || undefined;
  const cursor = decodeCursor(subscriberCursor, query.cursor);
  const after = cursor && ([cursor[0], cursor[1]] as const);
  const limit = SUBSCRIBERS_PAGE_SIZE;
  // A search's first page reads its matches once for both the page and the count when they are
  // few (sparseMatchesAfter counts them up to one past SPARSE_MATCHES); more are counted on their own.
  const first =
    search !== undefined && !after
      ? await sparseMatchesAfter(db, listId, after, limit + 1, search)
      : undefined;
  const fewMatches = first !== undefined && first.matched <= SPARSE_MATCHES;
  const total = after
    ? null
    : search
      ? fewMatches
        ? first!.matched
        : await db
            .select({ total: count() })
            .from(mailingListSubscribers)
            .where(
              and(
                eq(mailingListSubscribers.listId, listId),
                ilike(mailingListSubscribers.email, likePattern(search)),
              ),
            )
            .then(([r]) => r?.total ?? 0)
      : await keptTotal(db, listId);
  // The first page decides from its count; the pages after it carry the decision in the cursor.
  const sparse = search !== undefined && (cursor ? cursor[2] === true : fewMatches);
  const rows = fewMatches
    ? first!.rows
    : sparse
      ? (await sparseMatchesAfter(db, listId, after, limit + 1, search)).rows
      : await subscribersAfter(db, listId, after, limit + 1, search);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    subscribers: page.map(toView),
    total,
    nextPageCursor:
      rows.length > limit && last
        ? encodeCursor(search ? [last.consentedKey, last.email, sparse] : [last.consentedKey, last.email])
        : null,
  };
}

// A cell starting with = + - @ would run as a formula when the owner opens the file in a spreadsheet.
const csvCell = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * Every subscriber of the list as CSV, in the list's order (newest consent first), streamed in
 * keyset pages; the list is looked up first, so an unknown one is a 404 before any CSV is sent.
 */
export async function subscribersCsv(db: Database, websiteId: string, listId: string): Promise<Readable> {
  await requireList(db, websiteId, listId);
  const pages = keysetPages<SubscriberRow>((after) =>
    subscribersAfter(db, listId, after && [after.consentedKey, after.email], EXPORT_PAGE),
  );
  return csvBody(
    `${['email', 'status', 'source', 'consented_at', 'confirmed_at'].join(',')}\r\n`,
    pages,
    (row) => {
      const v = toView(row);
      return `${[v.email, v.status, v.source, v.consentedAt, v.confirmedAt ?? ''].map(csvCell).join(',')}\r\n`;
    },
  );
}
