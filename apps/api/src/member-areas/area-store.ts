import { randomUUID } from 'node:crypto';
import {
  isGateable,
  MEMBER_AREA_LIMITS,
  memberAreaMessages,
  type AreaMemberPage,
  type MemberArea,
  type memberAreaInputSchema,
} from '@site/page-content';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../db/client';
import { memberAreaMembers, memberAreaPages, memberAreas, pages, siteMembers, websites } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { ApiError } from '../http';

type Input = z.output<typeof memberAreaInputSchema>;

/** An area as the pages read it: what it gates and what its join screen and block say. */
export interface AreaGate {
  id: string;
  name: string;
  description: string;
  pageIds: string[];
}

const notFound = () => new ApiError(404, 'NOT_FOUND', memberAreaMessages.notFound);
const invalid = (field: string, message: string) =>
  new ApiError(400, 'INVALID', message, [{ path: [field], message }]);

/** The site's areas in the order they were made, each with its pages in the owner's order. */
export async function loadMemberAreas(db: Pick<Database, 'select'>, websiteId: string): Promise<AreaGate[]> {
  const [areas, gated] = await Promise.all([
    db
      .select({ id: memberAreas.id, name: memberAreas.name, description: memberAreas.description })
      .from(memberAreas)
      .where(eq(memberAreas.websiteId, websiteId))
      .orderBy(asc(memberAreas.createdAt), asc(memberAreas.id)),
    db
      .select({ areaId: memberAreaPages.areaId, pageId: memberAreaPages.pageId })
      .from(memberAreaPages)
      .where(eq(memberAreaPages.websiteId, websiteId))
      .orderBy(asc(memberAreaPages.position)),
  ]);
  return areas.map((a) => ({
    ...a,
    pageIds: gated.filter((g) => g.areaId === a.id).map((g) => g.pageId),
  }));
}

/** The areas with how many have joined each, for the editor. */
export async function listMemberAreas(db: Database, websiteId: string): Promise<MemberArea[]> {
  const [areas, counts] = await Promise.all([
    loadMemberAreas(db, websiteId),
    db
      .select({ areaId: memberAreaMembers.areaId, n: count() })
      .from(memberAreaMembers)
      .innerJoin(memberAreas, eq(memberAreas.id, memberAreaMembers.areaId))
      .where(eq(memberAreas.websiteId, websiteId))
      .groupBy(memberAreaMembers.areaId),
  ]);
  const byArea = new Map(counts.map((c) => [c.areaId, c.n]));
  return areas.map((a) => ({ ...a, memberCount: byArea.get(a.id) ?? 0 }));
}

/** Every chosen page is one of this site's that an area may hold. */
async function checkPages(tx: Tx, websiteId: string, pageIds: readonly string[]): Promise<void> {
  if (pageIds.length === 0) return;
  const found = await tx
    .select({ id: pages.id, kind: pages.kind, path: pages.path })
    .from(pages)
    .where(and(eq(pages.websiteId, websiteId), inArray(pages.id, [...pageIds])));
  if (found.length !== pageIds.length) throw invalid('pageIds', memberAreaMessages.unknownPage);
  if (!found.every(isGateable)) throw invalid('pageIds', memberAreaMessages.notGateable);
}

async function writePages(tx: Tx, websiteId: string, areaId: string, pageIds: readonly string[]) {
  await tx.delete(memberAreaPages).where(eq(memberAreaPages.areaId, areaId));
  if (pageIds.length)
    await tx
      .insert(memberAreaPages)
      .values(pageIds.map((pageId, position) => ({ areaId, pageId, websiteId, position })));
}

async function named<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid('name', memberAreaMessages.nameTaken);
    throw error;
  }
}

export async function createMemberArea(db: Database, websiteId: string, input: Input): Promise<MemberArea> {
  const id = randomUUID();
  await named(() =>
    db.transaction(async (tx) => {
      // Counted under the site's row lock, so two owners' tabs cannot both make the 21st.
      await tx.select({ id: websites.id }).from(websites).where(eq(websites.id, websiteId)).for('update');
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(memberAreas)
        .where(eq(memberAreas.websiteId, websiteId));
      if (n >= MEMBER_AREA_LIMITS.areas) throw new ApiError(409, 'TOO_MANY', memberAreaMessages.tooManyAreas);
      await checkPages(tx, websiteId, input.pageIds);
      await tx
        .insert(memberAreas)
        .values({ id, websiteId, name: input.name, description: input.description });
      await writePages(tx, websiteId, id, input.pageIds);
    }),
  );
  return { id, ...input, memberCount: 0 };
}

export async function updateMemberArea(
  db: Database,
  websiteId: string,
  id: string,
  input: Input,
): Promise<MemberArea> {
  await named(() =>
    db.transaction(async (tx) => {
      const [area] = await tx
        .update(memberAreas)
        .set({ name: input.name, description: input.description })
        .where(and(eq(memberAreas.id, id), eq(memberAreas.websiteId, websiteId)))
        .returning({ id: memberAreas.id });
      if (!area) throw notFound();
      await checkPages(tx, websiteId, input.pageIds);
      await writePages(tx, websiteId, id, input.pageIds);
    }),
  );
  const area = (await listMemberAreas(db, websiteId)).find((a) => a.id === id);
  if (!area) throw notFound();
  return area;
}

export async function deleteMemberArea(db: Database, websiteId: string, id: string): Promise<void> {
  const removed = await db
    .delete(memberAreas)
    .where(and(eq(memberAreas.id, id), eq(memberAreas.websiteId, websiteId)))
    .returning({ id: memberAreas.id });
  if (removed.length === 0) throw notFound();
}

/** The areas a member has joined: part of the page cache's key for them. */
export async function joinedAreaIds(db: Pick<Database, 'select'>, memberId: string): Promise<string[]> {
  const rows = await db
    .select({ areaId: memberAreaMembers.areaId })
    .from(memberAreaMembers)
    .where(eq(memberAreaMembers.memberId, memberId))
    .orderBy(asc(memberAreaMembers.areaId));
  return rows.map((r) => r.areaId);
}

/** The site's area, or 404: an area id from the request is never trusted to be this site's. */
async function requireArea(db: Database, websiteId: string, areaId: string): Promise<void> {
  const [area] = await db
    .select({ id: memberAreas.id })
    .from(memberAreas)
    .where(and(eq(memberAreas.id, areaId), eq(memberAreas.websiteId, websiteId)));
  if (!area) throw notFound();
}

/**
 * A member joins a free area. Only with a verified email: the owner's list of members is a list
 * of people who can be reached. Joining twice is joining once.
 */
export async function joinMemberArea(
  db: Database,
  websiteId: string,
  memberId: string,
  areaId: string,
): Promise<void> {
  await requireArea(db, websiteId, areaId);
  const [member] = await db
    .select({ verified: siteMembers.emailVerifiedAt })
    .from(siteMembers)
    .where(and(eq(siteMembers.id, memberId), eq(siteMembers.websiteId, websiteId)));
  if (!member?.verified) throw new ApiError(403, 'EMAIL_NOT_VERIFIED', memberAreaMessages.verifyFirst);
  await db.insert(memberAreaMembers).values({ areaId, memberId }).onConflictDoNothing();
}

/** A member leaves an area (their account page's Leave): its pages close to them at once. */
export async function leaveMemberArea(
  db: Database,
  websiteId: string,
  memberId: string,
  areaId: string,
): Promise<void> {
  const left = await db
    .delete(memberAreaMembers)
    .where(
      and(
        eq(memberAreaMembers.areaId, areaId),
        eq(memberAreaMembers.memberId, memberId),
        inArray(
          memberAreaMembers.areaId,
          db.select({ id: memberAreas.id }).from(memberAreas).where(eq(memberAreas.websiteId, websiteId)),
        ),
      ),
    )
    .returning({ areaId: memberAreaMembers.areaId });
  if (left.length === 0) throw new ApiError(404, 'NOT_FOUND', memberAreaMessages.notAMember);
}

/*
 * The owner's list pages by (joined at, member) rather than by offset, so people joining while the
 * owner reads neither repeat nor skip anyone. The cursor keeps the time to the microsecond, as
 * PostgreSQL stores it: a JavaScript Date would drop digits and lose rows that share a millisecond.
 */
const encodeCursor = (joinedAt: string, memberId: string) =>
  Buffer.from(JSON.stringify([joinedAt, memberId])).toString('base64url');

function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      value.every((v) => typeof v === 'string') &&
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(value[0] as string)
    )
      return value as [string, string];
  } catch {
    // Falls through to the refusal: a cursor is only ever one this server made.
  }
  throw new ApiError(400, 'INVALID', memberAreaMessages.badCursor, [
    { path: ['after'], message: memberAreaMessages.badCursor },
  ]);
}

/** An area's members, newest first, `MEMBER_AREA_LIMITS.membersPage` at a time. */
export async function listAreaMembers(
  db: Database,
  websiteId: string,
  areaId: string,
  after: string | undefined,
): Promise<AreaMemberPage> {
  await requireArea(db, websiteId, areaId);
  const from = after === undefined ? undefined : decodeCursor(after);
  const rows = await db
    .select({
      memberId: siteMembers.id,
      email: siteMembers.email,
      joinedAt: memberAreaMembers.joinedAt,
      at: sql<string>`to_char(${memberAreaMembers.joinedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(memberAreaMembers)
    .innerJoin(siteMembers, eq(siteMembers.id, memberAreaMembers.memberId))
    .where(
      and(
        eq(memberAreaMembers.areaId, areaId),
        from &&
          sql`(${memberAreaMembers.joinedAt}, ${memberAreaMembers.memberId}) < (${from[0]}::timestamptz, ${from[1]})`,
      ),
    )
    .orderBy(desc(memberAreaMembers.joinedAt), desc(memberAreaMembers.memberId))
    .limit(MEMBER_AREA_LIMITS.membersPage + 1);
  const page = rows.slice(0, MEMBER_AREA_LIMITS.membersPage);
  const last = page.at(-1);
  return {
    members: page.map((r) => ({ memberId: r.memberId, email: r.email, joinedAt: r.joinedAt.toISOString() })),
    ...(rows.length > page.length && last ? { next: encodeCursor(last.at, last.memberId) } : {}),
  };
}

/** The owner takes someone out of an area; they can join again (a paid area would charge again). */
export async function removeAreaMember(
  db: Database,
  websiteId: string,
  areaId: string,
  memberId: string,
): Promise<void> {
  await requireArea(db, websiteId, areaId);
  const removed = await db
    .delete(memberAreaMembers)
    .where(and(eq(memberAreaMembers.areaId, areaId), eq(memberAreaMembers.memberId, memberId)))
    .returning({ memberId: memberAreaMembers.memberId });
  if (removed.length === 0) throw new ApiError(404, 'NOT_FOUND', memberAreaMessages.notAMember);
}
