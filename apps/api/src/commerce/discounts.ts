import {
  fillMessage,
  messages,
  type AppliedDiscount,
  type Discount,
  type DiscountUsage,
} from '@site/commerce-core';
import { and, asc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { discountRedemptions, discounts } from '../db/schema';
import { ApiError } from '../http';
import type { Queryable } from '../db/client';

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

/**
 * What the cart model needs: every code (archived ones too, so a shopper typing one hears it has
 * ended rather than that it never existed) and the live automatic discounts, oldest first.
 */
export async function loadStoreDiscounts(db: Queryable, websiteId: string): Promise<StoreDiscounts> {
  const rows = await db
    .select()
    .from(discounts)
    .where(
      and(eq(discounts.websiteId, websiteId), or(isNotNull(discounts.code), isNull(discounts.archivedAt))),
    )
    .orderBy(asc(discounts.createdAt), asc(discounts.id));
  return {
    discounts: rows.map(toDiscount),
    usage: new Map(rows.map((r) => [r.id, { total: r.usedCount }])),
  };
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
