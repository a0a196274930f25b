import { randomUUID } from 'node:crypto';
import { formatMoneyWithSymbol, isCurrencyCode, minorToMoney } from '@site/commerce-core';
import { and, asc, count, desc, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { ApiError } from '../http';
import type { PaymentProvider } from '../commerce/payments';
import { cancelSubscriptionBilling, resumeAndSchedule } from '../commerce/renewals';
import type { Database } from '../db/client';
import type { JobQueue } from '../jobs';
import { memberAddresses, orders, products, restockSignups, siteMembers, variants } from '../db/schema';
import { memberMessages } from '../security/member-messages';
import { describeVariant } from './restock';

export const MAX_ADDRESSES = 20;
const ORDERS_SHOWN = 50;

const line = (max: number) => z.string().trim().max(max);
export const AddressSchema = z.object({
  fullName: line(200).min(1),
  line1: line(200).min(1),
  line2: line(200).default(''),
  city: line(100).min(1),
  region: line(100).default(''),
  postalCode: line(20).min(1),
  country: line(60).min(1),
});
export type Address = z.infer<typeof AddressSchema>;

function money(cents: number, currency: string): string {
  return formatMoneyWithSymbol(
    minorToMoney({ minor: BigInt(cents), currency: isCurrencyCode(currency) ? currency : 'USD' }),
  );
}

/**
 * Everything the account page shows. Orders, subscriptions and restock sign-ups are found by the
 * account's email, so they appear only once that email is verified: otherwise anyone could sign
 * up with a stranger's address and read their orders.
 */
export async function loadAccount(db: Database, websiteId: string, memberId: string) {
  const [member] = await db
    .select({
      email: siteMembers.email,
      verifiedAt: siteMembers.emailVerifiedAt,
      locale: siteMembers.locale,
      createdAt: siteMembers.createdAt,
    })
    .from(siteMembers)
    .where(and(eq(siteMembers.id, memberId), eq(siteMembers.websiteId, websiteId)));
  if (!member) throw new ApiError(401, 'NOT_SIGNED_IN', 'Please sign in to continue.');
  const addresses = await db
    .select({
      id: memberAddresses.id,
      fullName: memberAddresses.fullName,
      line1: memberAddresses.line1,
      line2: memberAddresses.line2,
      city: memberAddresses.city,
      region: memberAddresses.region,
      postalCode: memberAddresses.postalCode,
      country: memberAddresses.country,
    })
    .from(memberAddresses)
    .where(eq(memberAddresses.memberId, memberId))
    .orderBy(asc(memberAddresses.createdAt), asc(memberAddresses.id));
  const account = {
    email: member.email,
    emailVerified: member.verifiedAt !== null,
    language: member.locale,
    createdOn: member.createdAt.toISOString(),
  };
  if (!member.verifiedAt) return { account, orders: [], subscriptions: [], restockSignUps: [], addresses };

  const orderRows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.email, member.email)))
    .orderBy(desc(orders.createdAt))
    .limit(ORDERS_SHOWN);
  const statusUrl = (o: (typeof orderRows)[number]) =>
    `/orders/${encodeURIComponent(o.id)}?token=${encodeURIComponent(o.accessToken)}`;
  const signUps = await db
    .select({
      productId: restockSignups.productId,
      variantId: restockSignups.variantId,
      productTitle: products.title,
      attributes: variants.attributes,
      details: products.details,
      createdAt: restockSignups.createdAt,
      notifiedAt: restockSignups.notifiedAt,
    })
    .from(restockSignups)
    .innerJoin(variants, eq(variants.id, restockSignups.variantId))
    .innerJoin(products, eq(products.id, restockSignups.productId))
    .where(and(eq(restockSignups.websiteId, websiteId), eq(restockSignups.email, member.email)))
    .orderBy(desc(restockSignups.createdAt));

  return {
    account,
    orders: orderRows.map((o) => ({
      id: o.id,
      orderNumber: o.orderNumber,
      createdOn: o.createdAt.toISOString(),
      status: o.status,
      total: money(o.grandTotalCents, o.currency),
      isSubscription: o.subscriptionPlan !== null,
      statusUrl: statusUrl(o),
    })),
    subscriptions: orderRows
      .filter((o) => o.subscriptionPlan !== null)
      .map((o) => ({
        orderId: o.id,
        orderNumber: o.orderNumber,
        startedOn: o.createdAt.toISOString(),
        plan: o.subscriptionPlan,
        total: money(o.grandTotalCents, o.currency),
        cancelledOn: o.subscriptionCancelledAt?.toISOString() ?? null,
        /** Renewals stopped after repeated declines (the member was emailed). */
        pausedOn: o.subscriptionPausedAt?.toISOString() ?? null,
        nextBillingOn:
          o.subscriptionCancelledAt || o.subscriptionPausedAt
            ? null
            : (o.subscriptionNextBillingAt?.toISOString() ?? null),
        statusUrl: statusUrl(o),
      })),
    restockSignUps: signUps.map((s) => ({
      productId: s.productId,
      variantId: s.variantId,
      productTitle: s.productTitle,
      variantDescription: describeVariant(s.attributes, s.details),
      signedUpOn: s.createdAt.toISOString(),
      notifiedOn: s.notifiedAt?.toISOString() ?? null,
    })),
    addresses,
  };
}

/** Stops the member's subscription; only one of their own (verified email), only once. */
export async function cancelSubscription(
  db: Database,
  websiteId: string,
  member: { email: string; id: string },
  orderId: string,
) {
  const [row] = await db
    .select({ cancelled: orders.subscriptionCancelledAt, verified: siteMembers.emailVerifiedAt })
    .from(orders)
    .innerJoin(siteMembers, and(eq(siteMembers.id, member.id), eq(siteMembers.email, orders.email)))
    .where(and(eq(orders.id, orderId), eq(orders.websiteId, websiteId), isNotNull(orders.subscriptionPlan)));
  if (!row?.verified) throw new ApiError(404, 'SUBSCRIPTION_NOT_FOUND', memberMessages.subscriptionNotFound);
  const at = await cancelSubscriptionBilling(db, orderId);
  if (!at) throw new ApiError(409, 'SUBSCRIPTION_CANCELLED', memberMessages.subscriptionAlreadyCancelled);
  return { cancelledOn: at.toISOString() };
}

/**
 * The member's resume of their own subscription paused after declined renewals (verified email,
 * like cancel): charges the missed cycle now through the saved payment method and schedules the
 * next renewal. A decline keeps it paused and says why, in the provider's words.
 */
export async function resumeMemberSubscription(
  db: Database,
  options: { providers: ReadonlyMap<string, PaymentProvider>; jobs?: JobQueue },
  websiteId: string,
  member: { email: string; id: string },
  orderId: string,
) {
  const [row] = await db
    .select({ verified: siteMembers.emailVerifiedAt })
    .from(orders)
    .innerJoin(siteMembers, and(eq(siteMembers.id, member.id), eq(siteMembers.email, orders.email)))
    .where(and(eq(orders.id, orderId), eq(orders.websiteId, websiteId), isNotNull(orders.subscriptionPlan)));
  if (!row?.verified) throw new ApiError(404, 'SUBSCRIPTION_NOT_FOUND', memberMessages.subscriptionNotFound);
  const outcome = await resumeAndSchedule(db, options, orderId);
  switch (outcome.kind) {
    case 'resumed':
      return { resumed: true as const, nextBillingOn: outcome.nextBillingAt?.toISOString() ?? null };
    case 'declined':
      throw new ApiError(
        402,
        'CARD_DECLINED',
        memberMessages.subscriptionResumeDeclined.replace('{reason}', outcome.message),
      );
    case 'cancelled':
      throw new ApiError(409, 'SUBSCRIPTION_CANCELLED', memberMessages.subscriptionAlreadyCancelled);
    case 'not-paused':
      throw new ApiError(409, 'SUBSCRIPTION_NOT_PAUSED', memberMessages.subscriptionNotPaused);
    case 'no-method':
      throw new ApiError(409, 'PAYMENT_METHOD_UNAVAILABLE', memberMessages.subscriptionCannotCharge);
    case 'not-found':
      throw new ApiError(404, 'SUBSCRIPTION_NOT_FOUND', memberMessages.subscriptionNotFound);
  }
}

export async function addAddress(db: Database, memberId: string, address: Address) {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ n: count() })
      .from(memberAddresses)
      .where(eq(memberAddresses.memberId, memberId));
    if ((existing?.n ?? 0) >= MAX_ADDRESSES)
      throw new ApiError(409, 'TOO_MANY_ADDRESSES', memberMessages.tooManyAddresses);
    const id = randomUUID();
    await tx.insert(memberAddresses).values({ id, memberId, ...address });
    return { id, ...address };
  });
}

export async function updateAddress(db: Database, memberId: string, id: string, address: Address) {
  const [row] = await db
    .update(memberAddresses)
    .set(address)
    .where(and(eq(memberAddresses.id, id), eq(memberAddresses.memberId, memberId)))
    .returning({ id: memberAddresses.id });
  if (!row) throw new ApiError(404, 'ADDRESS_NOT_FOUND', memberMessages.addressNotFound);
  return { id, ...address };
}

export async function deleteAddress(db: Database, memberId: string, id: string) {
  const [row] = await db
    .delete(memberAddresses)
    .where(and(eq(memberAddresses.id, id), eq(memberAddresses.memberId, memberId)))
    .returning({ id: memberAddresses.id });
  if (!row) throw new ApiError(404, 'ADDRESS_NOT_FOUND', memberMessages.addressNotFound);
}

export async function removeRestockSignUp(
  db: Database,
  websiteId: string,
  email: string,
  ref: { productId: string; variantId: string },
) {
  const [row] = await db
    .delete(restockSignups)
    .where(
      and(
        eq(restockSignups.websiteId, websiteId),
        eq(restockSignups.email, email),
        eq(restockSignups.productId, ref.productId),
        eq(restockSignups.variantId, ref.variantId),
      ),
    )
    .returning({ id: restockSignups.id });
  if (!row) throw new ApiError(404, 'RESTOCK_NOT_FOUND', memberMessages.restockNotFound);
}
