import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { completeOrder } from '../commerce/checkout';
import { scheduleRenewals } from '../commerce/renewals';
import type { Database } from '../db/client';
import { settleDonation } from '../donations/donation-store';
import { donations, orders, paymentEvents } from '../db/schema';
import type { JobQueue } from '../jobs';
import type { WebhookDispatcher } from '../webhooks/dispatcher';
import { paymentState, type StripePaymentState } from './stripe-provider';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type OrderRow = typeof orders.$inferSelect;

export interface SettleOptions {
  db: Database;
  /** The shop's address, for the links in the receipt. */
  origin: string;
  webhooks?: WebhookDispatcher;
  jobs?: JobQueue;
}

/**
 * A pending order (or donation, donations/donation-store.ts) whose PaymentIntent succeeded becomes paid and delivers (receipt, downloads,
 * gift cards) exactly once: the order row is locked and only a `pending` order moves, so the
 * browser's return and the webhook, in either order or at once, settle it once between them.
 */
async function settle(tx: Tx, websiteId: string, state: StripePaymentState, origin: string) {
  if (!state.orderId) return undefined;
  // A donation's PaymentIntent carries the donation's id where an order's carries the order's.
  const donation = await settleDonation(tx, websiteId, 'stripe', {
    id: state.id,
    succeeded: state.status === 'succeeded',
    amountCents: state.amountCents,
    currency: state.currency,
    forId: state.orderId,
    lastError: state.lastError,
  });
  if (donation) return undefined;
  const [order] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, state.orderId),
        eq(orders.websiteId, websiteId),
        eq(orders.paymentProvider, 'stripe'),
        eq(orders.paymentReference, state.id),
      ),
    )
    .for('update');
  if (!order || order.status !== 'pending') return undefined;
  if (state.status !== 'succeeded') {
    if (state.lastError && state.lastError !== order.paymentError)
      await tx.update(orders).set({ paymentError: state.lastError }).where(eq(orders.id, order.id));
    return undefined;
  }
  // The intent was made for this order's amount; anything else is not this order's payment.
  if (state.amountCents !== order.grandTotalCents - order.giftCardCents || state.currency !== order.currency)
    return undefined;
  const [paid] = await tx
    .update(orders)
    .set({ status: 'paid', paymentError: null, paymentMethod: state.savedPaymentMethod ?? null })
    .where(eq(orders.id, order.id))
    .returning();
  await completeOrder(tx, paid!, { origin });
  return paid!;
}

/** What follows a payment outside the transaction: the site's webhooks and the renewal schedule. */
async function afterPaid(options: SettleOptions, order: OrderRow) {
  if (order.subscriptionPlan && options.jobs) await scheduleRenewals(options.db, options.jobs, order.id);
  await options.webhooks?.emit(order.websiteId, 'order.placed', {
    orderId: order.id,
    orderNumber: order.orderNumber,
    grandTotalCents: order.grandTotalCents,
    currency: order.currency,
  });
}

/** The browser came back: what Stripe says of the intent (never the return URL's word) settles it. */
export async function settleFromProcessor(
  options: SettleOptions,
  websiteId: string,
  state: StripePaymentState,
): Promise<boolean> {
  const paid = await options.db.transaction((tx) => settle(tx, websiteId, state, options.origin));
  if (paid) await afterPaid(options, paid);
  return Boolean(paid);
}

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies one verified Stripe event. Its id is recorded in the same transaction as its effect: a
 * redelivery finds the id and changes nothing, and an effect that failed leaves no record, so
 * Stripe's retry applies it.
 */
export async function applyStripeEvent(
  options: SettleOptions,
  websiteId: string,
  event: Stripe.Event,
): Promise<EventOutcome> {
  let paid: OrderRow | undefined;
  const outcome = await options.db.transaction(async (tx): Promise<EventOutcome> => {
    const claimed = await tx
      .insert(paymentEvents)
      .values({ provider: 'stripe', eventId: event.id, websiteId, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.eventId });
    if (claimed.length === 0) return 'duplicate';
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed':
        paid = await settle(tx, websiteId, paymentState(event.data.object), options.origin);
        return 'applied';
      case 'charge.refunded': {
        const charge = event.data.object;
        const intent =
          typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
        if (!intent) return 'ignored';
        // Refunds made in the editor are already counted; one made in Stripe's dashboard raises it.
        // The intent paid an order or a donation: whichever holds it takes the count.
        await tx
          .update(orders)
          .set({ refundedCents: sql`greatest(${orders.refundedCents}, ${charge.amount_refunded})` })
          .where(byIntent(websiteId, intent));
        await tx
          .update(donations)
          .set({
            refundedCents: sql`least(${donations.amountCents}, greatest(${donations.refundedCents}, ${charge.amount_refunded}))`,
          })
          .where(
            and(
              eq(donations.websiteId, websiteId),
              eq(donations.paymentProvider, 'stripe'),
              eq(donations.paymentReference, intent),
            ),
          );
        return 'applied';
      }
      case 'charge.dispute.created': {
        const dispute = event.data.object;
        const intent =
          typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
        if (!intent) return 'ignored';
        await tx
          .update(orders)
          .set({ disputedAt: new Date(dispute.created * 1000), disputeReason: dispute.reason })
          .where(byIntent(websiteId, intent));
        return 'applied';
      }
      default:
        return 'ignored';
    }
  });
  if (paid) await afterPaid(options, paid);
  return outcome;
}

const byIntent = (websiteId: string, intent: string) =>
  and(
    eq(orders.websiteId, websiteId),
    eq(orders.paymentProvider, 'stripe'),
    eq(orders.paymentReference, intent),
  );
