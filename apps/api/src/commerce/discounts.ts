import {
  fillMessage,
  messages,
  type AppliedDiscount,
  type Discount,
  type DiscountUsage,
} from '@site/commerce-core';
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { discountRedemptions, discounts } from '../db/schema';
import { ApiError } from '../http';
import type { Queryable } from '../db/client';
import { textArray } from '../db/text-array';

export type DiscountRow = typeof discounts.$inferSelect;

export function toDiscount(row: DiscountRow): Discount {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    effect: row.effect,
    scope: row.scope,
    minimum: row.minimum,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    combinable: row.combinable,
    archived: row.archivedAt !== null,
  };
}

export interface StoreDiscounts {
  readonly discounts: readonly Discount[];
  readonly usage: ReadonlyMap<string, DiscountUsage>;
}

export const NO_DISCOUNTS: StoreDiscounts = { discounts: [], usage: new Map() };

type DiscountRead = { row: DiscountRow; micros: number };

const readDiscounts = (db: Queryable, websiteId: string, which: SQL): Promise<DiscountRead[]> =>
  db
    .select({
      row: discounts,
      micros: sql<number>`(extract(epoch from ${discounts.createdAt}) * 1000000)::bigint`.mapWith(Number),
    })
    .from(discounts)
    .where(and(eq(discounts.websiteId, websiteId), which));

/** The store's live automatic discounts, through their partial index (migration 0077). */
export const loadAutomaticDiscounts = (db: Queryable, websiteId: string) =>
  readDiscounts(db, websiteId, sql`${discounts.code} is null and ${discounts.archivedAt} is null`);

/** The discounts a cart's codes name, whatever their case, archived ones too (`discounts_site_code`). */
export const loadCodeDiscounts = async (db: Queryable, websiteId: string, codes: readonly string[]) =>
  codes.length === 0
    ? []
    : readDiscounts(
        db,
        websiteId,
        sql`${discounts.code} is not null and lower(${discounts.code}) = any(${textArray(codes.map((c) => c.toLowerCase()))})`,
      );

/**
 * What the cart model needs: the live automatic discounts and the cart's own codes (archived ones
 * too, so a shopper typing one hears it has ended rather than that it never existed), oldest first
 * as the model applies them. Only those: every add to cart read every code of the store (500 rows
 * at the bench's 100 000 products; a campaign's generated codes run to thousands), when a cart holds
 * one or two. Two reads, each along its own index: one statement with an OR was planned as a walk
 * through every discount of the site.
 */
export function storeDiscounts(automatic: DiscountRead[], named: DiscountRead[]): StoreDiscounts {
  const rows = [...automatic, ...named]
    .sort((a, b) => a.micros - b.micros || (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0))
    .map((r) => r.row);
  return {
    discounts: rows.map(toDiscount),
    usage: new Map(rows.map((r) => [r.id, { total: r.usedCount }])),
  };
}

export async function loadStoreDiscounts(
  db: Queryable,
  websiteId: string,
  codes: readonly string[],
): Promise<StoreDiscounts> {
  const [automatic, named] = await Promise.all([
    loadAutomaticDiscounts(db, websiteId),
    loadCodeDiscounts(db, websiteId, codes),
  ]);
  return storeDiscounts(automatic, named);
}

export interface DiscountClaim {
  websiteId: string;
  orderId: string;
  email: string;
  memberId?: string | null;
  applied: readonly AppliedDiscount[];
}

const refused = (d: AppliedDiscount, template: string) => {
  const message = fillMessage(template, { code: d.code ?? d.name });
  return new ApiError(409, 'DISCOUNT_UNAVAILABLE', message, {
    fieldErrors: { couponCode: message },
  });
};

/**
 * Counts the order's discounts inside its transaction. Each use is one conditional UPDATE that
 * only succeeds while uses remain, so concurrent checkouts can never pass a limit: the database
 * serialises them on the discount's row, and whoever finds it used up rolls back uncharged. The
 * row stays locked until commit, so the per-customer count read after it cannot race either.
 * Rows are taken in id order (after the stock rows) so two checkouts never wait on each other
 * in a cycle.
 */
export async function claimDiscounts(tx: Queryable, claim: DiscountClaim): Promise<void> {
  const email = claim.email.trim().toLowerCase();
  const applied = [...claim.applied].sort((a, b) => a.id.localeCompare(b.id));
  for (const d of applied) {
    const [row] = await tx
      .update(discounts)
      .set({ usedCount: sql`${discounts.usedCount} + 1` })
      .where(
        and(
          eq(discounts.id, d.id),
          eq(discounts.websiteId, claim.websiteId),
          isNull(discounts.archivedAt),
          or(isNull(discounts.usageLimit), sql`${discounts.usedCount} < ${discounts.usageLimit}`),
        ),
      )
      .returning({ perCustomerLimit: discounts.perCustomerLimit });
    if (!row) throw refused(d, messages.discountUsedUp);
    if (row.perCustomerLimit !== null) {
      const customer = claim.memberId
        ? or(eq(discountRedemptions.email, email), eq(discountRedemptions.memberId, claim.memberId))
        : eq(discountRedemptions.email, email);
      const [used] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(discountRedemptions)
        .where(and(eq(discountRedemptions.discountId, d.id), customer));
      if ((used?.n ?? 0) >= row.perCustomerLimit) throw refused(d, messages.discountUsedByCustomer);
    }
  }
}

/** The order's uses of its discounts, once its row exists: the per-customer limit counts these. */
export async function recordRedemptions(tx: Queryable, claim: DiscountClaim): Promise<void> {
  if (claim.applied.length === 0) return;
  await tx.insert(discountRedemptions).values(
    claim.applied.map((d) => ({
      discountId: d.id,
      orderId: claim.orderId,
      email: claim.email.trim().toLowerCase(),
      memberId: claim.memberId ?? null,
      amountCents: d.amountCents,
    })),
  );
}
