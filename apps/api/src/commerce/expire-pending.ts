import { randomUUID } from 'node:crypto';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import {
  discountRedemptions,
  discounts,
  giftCardLedger,
  giftCards,
  orderItems,
  orders,
  variants,
} from '../db/schema';
import type { JobQueue } from '../jobs';

export const EXPIRE_PENDING_JOB = 'expire-pending-orders';
/** How often the job looks for unpaid orders past their time; an order waits at most this much longer. */
export const EXPIRE_EVERY_MS = 5 * 60_000;
/** PENDING_ORDER_EXPIRY_MINUTES' default: long enough for a bank's 3-D Secure page and a retry. */
export const DEFAULT_PENDING_EXPIRY_MINUTES = 30;
/** What the owner's order screen says of an order that expired unpaid. */
export const EXPIRED_UNPAID = 'Not paid in time: the order was cancelled and its items put back in stock.';

type OrderRow = typeof orders.$inferSelect;

/**
 * What the payment processor says of a pending order's payment before it is given up: `unpaid`
 * (cancelled at the processor, so it can no longer succeed) releases the order; `paid` (the
 * payment went through: its confirmation settles the order) and `unknown` (the processor did not
 * answer, or the payment is still moving) leave it as it is.
 */
export type PendingPaymentCheck = (order: OrderRow) => Promise<'paid' | 'unpaid' | 'unknown'>;

export interface ExpireOptions {
  /** How long an order may wait for its payment. */
  expireAfterMs: number;
  checkPayment: PendingPaymentCheck;
  now?: Date;
  batchSize?: number;
  log?: { info(details: Record<string, unknown>, message: string): void };
}

/**
 * Cancels every order still waiting for its payment (a shopper who left at the card or 3-D Secure
 * step) longer than `expireAfterMs`, and gives back what it held: its units to stock, the gift
 * card's part to the card, its uses of discounts. The processor is asked first: a payment given up
 * is cancelled there, so it cannot go through after the items were released, and one that went
 * through keeps its order. Answers the ids cancelled.
 */
export async function expirePendingOrders(db: Database, options: ExpireOptions): Promise<string[]> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.expireAfterMs);
  const batchSize = options.batchSize ?? 50;
  const expired: string[] = [];
  let after = new Date(0);
  let afterId = '';
  for (;;) {
    const due = await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.status, 'pending'),
          lt(orders.createdAt, cutoff),
          sql`(${orders.createdAt}, ${orders.id}) > (${after.toISOString()}::timestamptz, ${afterId})`,
        ),
      )
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(batchSize);
    for (const order of due) {
      if ((await options.checkPayment(order)) !== 'unpaid') continue;
      if (await releaseOrder(db, order.id)) {
        expired.push(order.id);
        options.log?.info(
          { websiteId: order.websiteId, orderId: order.id, orderNumber: order.orderNumber },
          'cancelled an order not paid in time',
        );
      }
    }
    if (due.length < batchSize) return expired;
    const last = due[due.length - 1]!;
    after = last.createdAt;
    afterId = last.id;
  }
}

/**
 * One order's holds given back, with its row locked and only while it is still pending: a webhook
 * that settles it at the same moment either wins (the order is paid, nothing is released) or
 * waits and finds it cancelled.
 */
async function releaseOrder(db: Database, orderId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.status !== 'pending') return false;
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    // The same variant order as checkout takes its stock in, so the two never wait on each other.
    for (const item of [...items].sort((a, b) => a.variantId.localeCompare(b.variantId))) {
      await tx
        .update(variants)
        .set({ qtyInStock: sql`${variants.qtyInStock} + ${item.quantity}` })
        .where(and(eq(variants.id, item.variantId), eq(variants.unlimited, false)));
    }
    await releaseGiftCard(tx, order);
    await releaseDiscounts(tx, order.id);
    await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: new Date(), paymentError: EXPIRED_UNPAID })
      .where(eq(orders.id, order.id));
    return true;
  });
}

async function releaseGiftCard(tx: Tx, order: OrderRow): Promise<void> {
  if (order.giftCardCents <= 0) return;
  const [taken] = await tx
    .select({ giftCardId: giftCardLedger.giftCardId, amountCents: giftCardLedger.amountCents })
    .from(giftCardLedger)
    .where(and(eq(giftCardLedger.orderId, order.id), eq(giftCardLedger.kind, 'redeem')));
  if (!taken) return;
  // A ledger row for the money going back, so the card's balance is still the sum of its rows.
  const back = -taken.amountCents;
  await tx
    .update(giftCards)
    .set({ balanceCents: sql`${giftCards.balanceCents} + ${back}` })
    .where(eq(giftCards.id, taken.giftCardId));
  await tx.insert(giftCardLedger).values({
    id: randomUUID(),
    giftCardId: taken.giftCardId,
    orderId: order.id,
    kind: 'release',
    amountCents: back,
  });
}

async function releaseDiscounts(tx: Tx, orderId: string): Promise<void> {
  const used = await tx
    .delete(discountRedemptions)
    .where(eq(discountRedemptions.orderId, orderId))
    .returning({ discountId: discountRedemptions.discountId });
  for (const { discountId } of used)
    await tx
      .update(discounts)
      .set({ usedCount: sql`greatest(${discounts.usedCount} - 1, 0)` })
      .where(eq(discounts.id, discountId));
}

/**
 * Runs the expiry on the job queue: one job (singleton key) that schedules its next run before it
 * starts, so a failing run is retried by the queue without breaking the chain. Every process start
 * enqueues one at once (a no-op while one is waiting).
 */
export async function startPendingExpiry(
  options: { db: Database; jobs: JobQueue } & Omit<ExpireOptions, 'now'>,
): Promise<void> {
  const { db, jobs, ...expire } = options;
  await jobs.work(EXPIRE_PENDING_JOB, async () => {
    await jobs.enqueue(
      EXPIRE_PENDING_JOB,
      {},
      { singletonKey: EXPIRE_PENDING_JOB, runAt: new Date(Date.now() + EXPIRE_EVERY_MS) },
    );
    await expirePendingOrders(db, expire);
  });
  await jobs.enqueue(EXPIRE_PENDING_JOB, {}, { singletonKey: EXPIRE_PENDING_JOB });
}
