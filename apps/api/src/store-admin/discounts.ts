import { randomUUID } from 'node:crypto';
import type { DiscountDraft, DiscountListItem, DiscountListPage } from '@site/commerce-core';
import { adminMessages } from '@site/commerce-core/admin';
import { fillMessage } from '@site/commerce-core';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { discountRedemptions, discounts, orders } from '../db/schema';
import { textArray } from '../db/text-array';
import { toDiscount, type DiscountRow } from '../commerce/discounts';
import { isUniqueViolation } from '../db/unique-violation';
import { ApiError } from '../http';
import { decodeCursor, encodeCursor } from '../http/cursor';

/** Discounts per page of the editor's list. */
export const DISCOUNTS_PAGE_SIZE = 50;

const notFound = () => new ApiError(404, 'DISCOUNT_NOT_FOUND', adminMessages.discountNotFound);
const codeTaken = (code: string) =>
  new ApiError(409, 'DISCOUNT_CODE_TAKEN', fillMessage(adminMessages.discountCodeTaken, { code }), [
    { path: ['code'], message: fillMessage(adminMessages.discountCodeTaken, { code }) },
  ]);

function listItem(row: DiscountRow, revenueCents: number): DiscountListItem {
  const { archived, ...rest } = toDiscount(row);
  return {
    ...rest,
    archived,
    usedCount: row.usedCount,
    revenueCents,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Revenue per discount: the grand totals (less refunds) of the orders that used them. Only the
 * discounts asked for, which the callers read as the site's: their redemptions by the (discount,
 * order) index, each order by its key.
 */
async function revenue(db: Database, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  // Each order by its key from the redemption (a subquery per row): a join may be planned as a
  // merge or hash over the orders table, which reads every order of a big store.
  const rows = await db
    .select({
      id: discountRedemptions.discountId,
      cents: sql<number>`coalesce(sum((select ${orders.grandTotalCents} - ${orders.refundedCents} from ${orders} where ${orders.id} = ${discountRedemptions.orderId})), 0)::bigint`,
    })
    .from(discountRedemptions)
    .where(sql`${discountRedemptions.discountId} = any(${textArray(ids)})`)
    .groupBy(discountRedemptions.discountId);
  return new Map(rows.map((r) => [r.id, Number(r.cents)]));
}

const revenueOf = async (db: Database, id: string) => (await revenue(db, [id])).get(id) ?? 0;

// The list's sort key: archived or not, then the creation instant as PostgreSQL stores it (to the
// microsecond a JS Date would lose, so pages never skip or repeat a discount), then the id.
const listCursor = z.tuple([z.boolean(), z.string().min(1).max(64), z.string().min(1).max(200)]);

/**
 * Live discounts first, then archived ones, each oldest first, `limit` at a time from `cursor`,
 * read along the discounts_site_list index (migration 0069).
 */
export async function listDiscounts(
  db: Database,
  websiteId: string,
  query: { cursor?: string; limit?: number } = {},
): Promise<DiscountListPage> {
  const limit = query.limit ?? DISCOUNTS_PAGE_SIZE;
  const after = decodeCursor(listCursor, query.cursor);
  const archived = sql<boolean>`(${discounts.archivedAt} is not null)`;
  const rows = await db
    .select({ row: discounts, archived, createdKey: sql<string>`${discounts.createdAt}::text` })
    .from(discounts)
    .where(
      and(
        eq(discounts.websiteId, websiteId),
        after &&
          sql`(${archived}, ${discounts.createdAt}, ${discounts.id}) > (${after[0]}::boolean, ${after[1]}::timestamptz, ${after[2]})`,
      ),
    )
    .orderBy(archived, asc(discounts.createdAt), asc(discounts.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const totals = await revenue(
    db,
    page.map((r) => r.row.id),
  );
  const last = page.at(-1);
  return {
    discounts: page.map((r) => listItem(r.row, totals.get(r.row.id) ?? 0)),
    nextCursor:
      rows.length > limit && last ? encodeCursor([last.archived, last.createdKey, last.row.id]) : null,
  };
}

async function getRow(db: Database, websiteId: string, id: string): Promise<DiscountRow> {
  const [row] = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.id, id), eq(discounts.websiteId, websiteId)));
  if (!row) throw notFound();
  return row;
}

const columns = (draft: DiscountDraft) => ({
  name: draft.name,
  code: draft.code,
  effect: draft.effect,
  scope: draft.scope,
  minimum: draft.minimum,
  startsOn: draft.startsOn,
  endsOn: draft.endsOn,
  usageLimit: draft.usageLimit,
  perCustomerLimit: draft.perCustomerLimit,
  combinable: draft.combinable,
});

async function unique<T>(code: string | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (code !== null && isUniqueViolation(error)) throw codeTaken(code);
    throw error;
  }
}

export async function createDiscount(db: Database, websiteId: string, draft: DiscountDraft) {
  const [row] = await unique(draft.code, () =>
    db
      .insert(discounts)
      .values({ id: randomUUID(), websiteId, ...columns(draft) })
      .returning(),
  );
  return listItem(row!, 0);
}

export async function updateDiscount(db: Database, websiteId: string, id: string, draft: DiscountDraft) {
  const [row] = await unique(draft.code, () =>
    db
      .update(discounts)
      .set({ ...columns(draft), updatedAt: new Date() })
      .where(and(eq(discounts.id, id), eq(discounts.websiteId, websiteId), isNull(discounts.archivedAt)))
      .returning(),
  );
  if (!row) {
    await getRow(db, websiteId, id);
    throw new ApiError(409, 'DISCOUNT_ARCHIVED', adminMessages.discountArchived);
  }
  return listItem(row, await revenueOf(db, id));
}

/** Archiving keeps the discount and its orders: it stops applying and stays in the list. */
export async function archiveDiscount(db: Database, websiteId: string, id: string) {
  await db
    .update(discounts)
    .set({ archivedAt: sql`coalesce(${discounts.archivedAt}, now())`, updatedAt: new Date() })
    .where(and(eq(discounts.id, id), eq(discounts.websiteId, websiteId)));
  const row = await getRow(db, websiteId, id);
  return listItem(row, await revenueOf(db, id));
}
