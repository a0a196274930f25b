import { fillMessage } from '@site/commerce-core';
import { adminMessages } from '@site/commerce-core/admin';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { PaymentProvider } from '../commerce/payments';
import { cancelSubscriptionBilling, resumeAndSchedule } from '../commerce/renewals';
import type { Database } from '../db/client';
import { orders } from '../db/schema';
import { ApiError } from '../http';
import type { JobQueue } from '../jobs';

const notFound = () => new ApiError(404, 'SUBSCRIPTION_NOT_FOUND', adminMessages.subscriptionNotFound);

/** A subscription of this site; another site's, or an order without a plan, is not found. */
async function assertSubscription(db: Database, websiteId: string, id: string): Promise<void> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.websiteId, websiteId), isNotNull(orders.subscriptionPlan)));
  if (!row) throw notFound();
}

/**
 * The owner's resume of a subscription paused after declined renewals: the member's code path
 * (resumeAndSchedule) charges the missed cycle through the saved card, once under concurrent
 * calls, and schedules the next renewal. A decline keeps it paused and answers 402 with the
 * provider's reason.
 */
export async function resumeOwnerSubscription(
  db: Database,
  options: { providers: ReadonlyMap<string, PaymentProvider>; jobs?: JobQueue },
  websiteId: string,
  id: string,
) {
  await assertSubscription(db, websiteId, id);
  const outcome = await resumeAndSchedule(db, options, id);
  switch (outcome.kind) {
    case 'resumed':
      return { resumed: true as const, nextBillingOn: outcome.nextBillingAt?.toISOString() ?? null };
    case 'declined':
      throw new ApiError(
        402,
        'CARD_DECLINED',
        fillMessage(adminMessages.subscriptionResumeDeclined, { reason: outcome.message }),
      );
    case 'cancelled':
      throw new ApiError(409, 'SUBSCRIPTION_CANCELLED', adminMessages.subscriptionAlreadyCancelled);
    case 'not-paused':
      throw new ApiError(409, 'SUBSCRIPTION_NOT_PAUSED', adminMessages.subscriptionNotPaused);
    case 'no-method':
      throw new ApiError(409, 'PAYMENT_METHOD_UNAVAILABLE', adminMessages.subscriptionCannotCharge);
    case 'not-found':
      throw notFound();
  }
}

/** The owner's cancel of an active or paused subscription, with the member's rule: once. */
export async function cancelOwnerSubscription(db: Database, websiteId: string, id: string) {
  await assertSubscription(db, websiteId, id);
  const at = await cancelSubscriptionBilling(db, id);
  if (!at) throw new ApiError(409, 'SUBSCRIPTION_CANCELLED', adminMessages.subscriptionAlreadyCancelled);
  return { cancelledOn: at.toISOString() };
}
