import { randomUUID } from 'node:crypto';
import type { DiscountDraft, DiscountListItem } from '@site/commerce-core';
import { adminMessages } from '@site/commerce-core/admin';
import { fillMessage } from '@site/commerce-core';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { discountRedemptions, discounts, orders } from '../db/schema';
import { toDiscount, type DiscountRow } from '../commerce/discounts';
import { isUniqueViolation } from '../db/unique-violation';
import { ApiError } from '../http';

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

/** Revenue per discount: the grand totals (less refunds) of the orders that used it. */
async function revenue(db: Database, websiteId: string, id?: string): Promise<Map<string, number>> {
  const rows = await db
    .select({
      id: discountRedemptions.discountId,
      cents: sql<number>`coalesce(sum(${orders.grandTotalCents} - ${orders.refundedCents}), 0)::bigint`,
    })
    .from(discountRedemptions)
    .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
    .where(and(eq(orders.websiteId, websiteId), id ? eq(discountRedemptions.discountId, id) : undefined))
    .groupBy(discountRedemptions.discountId);
  return new Map(rows.map((r) => [r.id, Number(r.cents)]));
}

/** Live discounts first, then archived ones, each oldest first. */
export async function listDiscounts(db: Database, websiteId: string): Promise<DiscountListItem[]> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(discounts)
      .where(eq(discounts.websiteId, websiteId))
      .orderBy(sql`${discounts.archivedAt} is not null`, asc(discounts.createdAt), asc(discounts.id)),
    revenue(db, websiteId),
  ]);
  return rows.map((r) => listItem(r, totals.get(r.id) ?? 0));
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
  return listItem(row, (await revenue(db, websiteId, id)).get(id) ?? 0);
}

/** Archiving keeps the discount and its orders: it stops applying and stays in the list. */
export async function archiveDiscount(db: Database, websiteId: string, id: string) {
  await db
    .update(discounts)
    .set({ archivedAt: sql`coalesce(${discounts.archivedAt}, now())`, updatedAt: new Date() })
    .where(and(eq(discounts.id, id), eq(discounts.websiteId, websiteId)));
  const row = await getRow(db, websiteId, id);
  return listItem(row, (await revenue(db, websiteId, id)).get(id) ?? 0);
}
