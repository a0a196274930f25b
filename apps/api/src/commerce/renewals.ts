import {
  billingDate,
  formatMinorWithSymbol,
  isCycleBilled,
  SubscriptionPlanSchema,
  type CurrencyCode,
  type SubscriptionPlan,
} from '@site/commerce-core';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { orderItems, orders } from '../db/schema';
import type { JobQueue } from '../jobs';
import { queueEmail } from '../mail/queue-email';
import { providersForSite, type PaymentProvider } from './payments';

export const RENEWAL_JOB = 'renew-subscription';
/**
 * Declined attempts retried (with the queue's growing delays) before the subscription is paused and
 * the member emailed: the first try and three retries, spread over about a minute and a half with the
 * default 10 s delay (10–20 s, 20–40 s, 40–80 s).
 */
export const RENEWAL_RETRY_LIMIT = 3;

export type RenewalOutcome = 'renewed' | 'not-due' | 'declined' | 'paused';

/**
 * Charges the due billing cycle of one subscription order, at most once per cycle. The renewal
 * order is inserted before the charge, in the same transaction, under the unique key
 * (renewal_of, renewal_cycle) and with the subscription row locked: a second run (the job twice,
 * or two processes) waits for the first and then finds the cycle already billed. A decline rolls
 * the order back; attempts are counted outside it, and after RENEWAL_RETRY_LIMIT retries the
 * subscription is paused and the member emailed, in one transaction.
 */
export async function renewSubscription(
  db: Database,
  allProviders: ReadonlyMap<string, PaymentProvider>,
  subscriptionId: string,
  now: Date = new Date(),
): Promise<RenewalOutcome> {
  const providers = await siteProviders(db, allProviders, subscriptionId);
  const declined = await db
    .transaction(async (tx) => {
      const [sub] = await tx.select().from(orders).where(eq(orders.id, subscriptionId)).for('update');
      if (!sub || !isDue(sub, now)) return 'not-due' as const;
      const plan = SubscriptionPlanSchema.safeParse(sub.subscriptionPlan);
      const provider = providers.get(sub.paymentProvider);
      if (!plan.success || !provider?.chargeSaved || !sub.paymentMethod) return 'no-method' as const;
      const cycle = sub.subscriptionCycle + 1;
      const billed = await billCycle(tx, {
        sub,
        plan: plan.data,
        provider,
        cycle,
        now,
        idempotencyKey: `renewal:${sub.id}:${cycle}`,
      });
      return billed ? ('renewed' as const) : ('not-due' as const);
    })
    .catch((err: unknown) => {
      if (err instanceof RenewalDeclined) return 'declined' as const;
      throw err;
    });
  if (declined !== 'declined' && declined !== 'no-method') return declined;
  return recordFailure(db, subscriptionId, now);
}

/** The providers bound to the subscription's site, looked up before its transaction opens. */
async function siteProviders(
  db: Database,
  providers: ReadonlyMap<string, PaymentProvider>,
  subscriptionId: string,
): Promise<ReadonlyMap<string, PaymentProvider>> {
  const [sub] = await db
    .select({ websiteId: orders.websiteId })
    .from(orders)
    .where(eq(orders.id, subscriptionId));
  return sub ? providersForSite(providers, sub.websiteId) : providers;
}

type OrderRow = typeof orders.$inferSelect;
class RenewalDeclined extends Error {}

/**
 * Inside the caller's transaction, with the subscription row locked: claims renewal order `cycle`,
 * charges the saved payment method and copies the items. False when the cycle was already billed;
 * throws RenewalDeclined (with the provider's message) on a decline, rolling the claim back.
 * `anchor`: the resume re-counts billing dates from now.
 */
async function billCycle(
  tx: Tx,
  options: {
    sub: OrderRow;
    plan: SubscriptionPlan;
    provider: PaymentProvider;
    cycle: number;
    now: Date;
    idempotencyKey: string;
    anchor?: boolean;
  },
): Promise<boolean> {
  const { sub, plan, provider, cycle, now } = options;
  const orderId = `${sub.id}-r${cycle}`;
  const claimed = await tx
    .insert(orders)
    .values({
      id: orderId,
      websiteId: sub.websiteId,
      cartId: `renewal:${sub.id}:${cycle}`,
      email: sub.email,
      shippingAddress: sub.shippingAddress,
      shippingOption: sub.shippingOption,
      currency: sub.currency,
      // A renewal charges what the purchase's payment method paid: the price, tax and shipping again.
      subtotalCents: sub.subtotalCents,
      taxCents: sub.taxCents,
      shippingCents: sub.shippingCents,
      discountCents: sub.discountCents,
      grandTotalCents: sub.grandTotalCents,
      paymentProvider: provider.id,
      paymentReference: '',
      accessToken: sub.accessToken,
      renewalOf: sub.id,
      renewalCycle: cycle,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: orders.id });
  if (claimed.length === 0) return false;
  const charge = await provider.chargeSaved!({
    websiteId: sub.websiteId,
    amountCents: sub.grandTotalCents,
    currency: sub.currency,
    orderId,
    paymentMethod: sub.paymentMethod!,
    idempotencyKey: options.idempotencyKey,
  });
  // Throwing rolls the claimed renewal order back, so a retry can claim the cycle again.
  if (!charge.ok) throw new RenewalDeclined(charge.message);
  await tx
    .update(orders)
    .set({ paymentReference: charge.reference, testMode: charge.testMode })
    .where(eq(orders.id, orderId));
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, sub.id));
  if (items.length > 0) {
    await tx
      .insert(orderItems)
      .values(items.map((item, i) => ({ ...item, id: `${orderId}-${i}`, orderId, refundedQuantity: 0 })));
  }
  const anchorAt = options.anchor ? now : (sub.subscriptionAnchorAt ?? sub.createdAt);
  const anchorCycle = options.anchor ? cycle : sub.subscriptionAnchorCycle;
  const next = isCycleBilled(plan.numBillingCycles, cycle + 1)
    ? billingDate(anchorAt, plan.billingPeriod, cycle + 1 - anchorCycle)
    : null;
  await tx
    .update(orders)
    .set({
      subscriptionCycle: cycle,
      subscriptionNextBillingAt: next,
      subscriptionFailedAttempts: 0,
      ...(options.anchor
        ? { subscriptionPausedAt: null, subscriptionAnchorAt: now, subscriptionAnchorCycle: cycle }
        : {}),
    })
    .where(eq(orders.id, sub.id));
  return true;
}

export type ResumeOutcome =
  | { kind: 'resumed'; nextBillingAt: Date | null }
  | { kind: 'not-paused' | 'cancelled' | 'no-method' | 'not-found' }
  | { kind: 'declined'; message: string };

/**
 * The member's resume of a subscription paused after declined renewals: the missed cycle is
 * charged now, through the saved payment method, and billing dates count again from now (one
 * period until the next renewal, not the old schedule's overdue dates). A decline leaves it paused
 * and answers the provider's message. Runs with the row locked, so two resumes charge once; each
 * attempt has its own idempotency key, since a provider may replay a key's earlier decline.
 * The caller schedules the next renewal (scheduleRenewals).
 */
export async function resumeSubscription(
  db: Database,
  allProviders: ReadonlyMap<string, PaymentProvider>,
  subscriptionId: string,
  now: Date = new Date(),
): Promise<ResumeOutcome> {
  const providers = await siteProviders(db, allProviders, subscriptionId);
  const outcome = await db
    .transaction(async (tx): Promise<ResumeOutcome> => {
      const [sub] = await tx.select().from(orders).where(eq(orders.id, subscriptionId)).for('update');
      if (!sub?.subscriptionPlan) return { kind: 'not-found' };
      if (sub.subscriptionCancelledAt) return { kind: 'cancelled' };
      if (!sub.subscriptionPausedAt) return { kind: 'not-paused' };
      const plan = SubscriptionPlanSchema.safeParse(sub.subscriptionPlan);
      const provider = providers.get(sub.paymentProvider);
      if (!plan.success || !provider?.chargeSaved || !sub.paymentMethod) return { kind: 'no-method' };
      const cycle = sub.subscriptionCycle + 1;
      if (sub.subscriptionNextBillingAt === null || !isCycleBilled(plan.data.numBillingCycles, cycle)) {
        // Nothing left to bill: the plan ended while paused.
        await tx
          .update(orders)
          .set({ subscriptionPausedAt: null, subscriptionFailedAttempts: 0 })
          .where(eq(orders.id, sub.id));
        return { kind: 'resumed', nextBillingAt: null };
      }
      const idempotencyKey = `renewal:${sub.id}:${cycle}:resume-${sub.subscriptionFailedAttempts}`;
      const billed = await billCycle(tx, {
        sub,
        plan: plan.data,
        provider,
        cycle,
        now,
        idempotencyKey,
        anchor: true,
      });
      if (!billed) return { kind: 'not-paused' };
      const [after] = await tx
        .select({ next: orders.subscriptionNextBillingAt })
        .from(orders)
        .where(eq(orders.id, sub.id));
      return { kind: 'resumed', nextBillingAt: after?.next ?? null };
    })
    .catch((err: unknown): ResumeOutcome => {
      if (err instanceof RenewalDeclined) return { kind: 'declined', message: err.message };
      throw err;
    });
  if (outcome.kind === 'declined') {
    // Counted so the next attempt gets a fresh idempotency key; the subscription stays paused.
    await db
      .update(orders)
      .set({ subscriptionFailedAttempts: sql`${orders.subscriptionFailedAttempts} + 1` })
      .where(and(eq(orders.id, subscriptionId), isNotNull(orders.subscriptionPausedAt)));
  }
  return outcome;
}

/**
 * resumeSubscription, then, when it resumed and there is a queue, its next renewal scheduled: the
 * one path for the member's resume and the owner's.
 */
export async function resumeAndSchedule(
  db: Database,
  options: { providers: ReadonlyMap<string, PaymentProvider>; jobs?: JobQueue },
  subscriptionId: string,
): Promise<ResumeOutcome> {
  const outcome = await resumeSubscription(db, options.providers, subscriptionId);
  if (outcome.kind === 'resumed' && options.jobs) await scheduleRenewals(db, options.jobs, subscriptionId);
  return outcome;
}

/** Stops a subscription's billing (active or paused); null when it was already cancelled. */
export async function cancelSubscriptionBilling(db: Database, subscriptionId: string): Promise<Date | null> {
  const [done] = await db
    .update(orders)
    .set({ subscriptionCancelledAt: new Date() })
    .where(
      and(
        eq(orders.id, subscriptionId),
        isNotNull(orders.subscriptionPlan),
        isNull(orders.subscriptionCancelledAt),
      ),
    )
    .returning({ at: orders.subscriptionCancelledAt });
  return done?.at ?? null;
}

function isDue(sub: OrderRow, now: Date): boolean {
  return (
    sub.subscriptionPlan !== null &&
    sub.subscriptionCancelledAt === null &&
    sub.subscriptionPausedAt === null &&
    sub.subscriptionNextBillingAt !== null &&
    sub.subscriptionNextBillingAt <= now
  );
}

async function recordFailure(db: Database, subscriptionId: string, now: Date): Promise<RenewalOutcome> {
  return db.transaction(async (tx) => {
    const [sub] = await tx
      .update(orders)
      .set({ subscriptionFailedAttempts: sql`${orders.subscriptionFailedAttempts} + 1` })
      .where(
        and(
          eq(orders.id, subscriptionId),
          isNull(orders.subscriptionPausedAt),
          isNull(orders.subscriptionCancelledAt),
        ),
      )
      .returning();
    if (!sub) return 'not-due' as const;
    if (sub.subscriptionFailedAttempts <= RENEWAL_RETRY_LIMIT) return 'declined' as const;
    await tx.update(orders).set({ subscriptionPausedAt: now }).where(eq(orders.id, subscriptionId));
    const [item] = await tx
      .select({ name: orderItems.productName })
      .from(orderItems)
      .where(eq(orderItems.orderId, subscriptionId))
      .limit(1);
    await queueEmail(tx, sub.websiteId, 'subscription-paused', sub.email, {
      orderNumber: String(sub.orderNumber),
      productName: item?.name ?? 'your subscription',
      amount: formatMinorWithSymbol(BigInt(sub.grandTotalCents), sub.currency as CurrencyCode),
      attempts: sub.subscriptionFailedAttempts,
    });
    return 'paused' as const;
  });
}

/** Enqueues the due-or-later renewal of every active subscription (or of one); the key makes it idempotent. */
export async function scheduleRenewals(
  db: Database,
  jobs: JobQueue,
  subscriptionId?: string,
): Promise<number> {
  const rows = await db
    .select({ id: orders.id, cycle: orders.subscriptionCycle, at: orders.subscriptionNextBillingAt })
    .from(orders)
    .where(
      and(
        isNotNull(orders.subscriptionNextBillingAt),
        isNull(orders.subscriptionCancelledAt),
        isNull(orders.subscriptionPausedAt),
        subscriptionId ? eq(orders.id, subscriptionId) : undefined,
      ),
    );
  for (const row of rows) {
    await jobs.enqueue(
      RENEWAL_JOB,
      { subscriptionId: row.id },
      { runAt: row.at!, singletonKey: `${row.id}:${row.cycle + 1}`, retryLimit: RENEWAL_RETRY_LIMIT },
    );
  }
  return rows.length;
}

/**
 * Runs renewals on the queue: a decline throws so the queue retries it with backoff; a renewal
 * schedules the next cycle. On start, every active subscription is (re)scheduled.
 */
export async function startRenewals(options: {
  db: Database;
  jobs: JobQueue;
  providers: ReadonlyMap<string, PaymentProvider>;
  now?: () => Date;
}) {
  const { db, jobs, providers } = options;
  await jobs.work<{ subscriptionId: string }>(RENEWAL_JOB, async (job) => {
    const outcome = await renewSubscription(
      db,
      providers,
      job.payload.subscriptionId,
      options.now?.() ?? new Date(),
    );
    if (outcome === 'declined')
      throw new Error(`subscription ${job.payload.subscriptionId}: renewal declined`);
    if (outcome === 'renewed') await scheduleRenewals(db, jobs, job.payload.subscriptionId);
  });
  await scheduleRenewals(db, jobs);
}
