import type { PendingPaymentCheck } from '../commerce/expire-pending';
import type { StripePaymentProvider } from './stripe-provider';

/**
 * Before an unpaid order is given up, its PaymentIntent is cancelled at Stripe, so the shopper
 * cannot finish paying for items already put back. An intent that succeeded meanwhile is left to
 * the webhook (Stripe retries it for days) and the shopper's return, which settle the order with
 * its receipt; one Stripe does not know can never be paid. Stripe not answering leaves the order
 * for the next run.
 */
export function pendingPaymentCheck(options: {
  stripe: StripePaymentProvider;
  log?: { warn(details: Record<string, unknown>, message: string): void };
}): PendingPaymentCheck {
  const { stripe } = options;
  return async (order) => {
    // No processor holds a payment for it: nothing can arrive late.
    if (order.paymentProvider !== stripe.id) return 'unpaid';
    try {
      const state = await stripe.cancel(order.websiteId, order.paymentReference);
      if (!state || state.status === 'canceled') return 'unpaid';
      return state.status === 'succeeded' ? 'paid' : 'unknown';
    } catch (err) {
      options.log?.warn({ err, orderId: order.id }, 'Stripe did not cancel an unpaid order’s payment');
      return 'unknown';
    }
  };
}
