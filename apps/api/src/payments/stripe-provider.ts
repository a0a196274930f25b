import Stripe from 'stripe';
import type { PaymentProvider } from '../commerce/payments';
import { paymentMessages } from '@site/commerce-core/admin';

/** A Stripe account's keys: the site owner's (editor) or the single-site install's (environment). */
export interface StripeKeys {
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
}

/** Where the SDK sends its calls: Stripe itself unless a test or a proxy says otherwise. */
export interface StripeConnection {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** STRIPE_API_URL (http://127.0.0.1:12111) as the SDK's host, port and protocol. */
export function stripeConnectionFrom(url: string | undefined): StripeConnection | undefined {
  if (!url) return undefined;
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/** The PaymentIntent as the order needs it, read back from Stripe. */
export interface StripePaymentState {
  id: string;
  status: Stripe.PaymentIntent.Status;
  amountCents: number;
  currency: string;
  orderId: string | undefined;
  /** `customer/payment method` once a subscription's card is saved for renewals. */
  savedPaymentMethod: string | undefined;
  lastError: string | undefined;
}

export interface StripePaymentProvider extends PaymentProvider {
  readonly id: 'stripe';
  /** The PaymentIntent behind an order, asked of Stripe (the browser's return is not trusted). */
  retrieve(websiteId: string, reference: string): Promise<StripePaymentState | undefined>;
  /**
   * Cancels an order's PaymentIntent so it can no longer be paid (an order given up unpaid). Answers
   * the intent's state after: `canceled`, or `succeeded` when the shopper paid just before.
   */
  cancel(websiteId: string, reference: string): Promise<StripePaymentState | undefined>;
  /** The event in a webhook's raw body when its signature is the site's signing secret's; else throws. */
  verifyEvent(websiteId: string, rawBody: Buffer, signature: string): Promise<Stripe.Event>;
}

export class PaymentsNotConfigured extends Error {}

export function paymentState(intent: Stripe.PaymentIntent): StripePaymentState {
  const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
  const method =
    typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
  return {
    id: intent.id,
    status: intent.status,
    amountCents: intent.amount,
    currency: intent.currency.toUpperCase(),
    orderId: intent.metadata?.orderId,
    savedPaymentMethod:
      customer && method && intent.setup_future_usage === 'off_session' ? `${customer}/${method}` : undefined,
    lastError: intent.last_payment_error?.message ?? undefined,
  };
}

/**
 * Stripe behind the payment provider interface. Each site may have its own account, so every call
 * looks the keys up for the site it is made for; clients are kept per secret key.
 */
export function createStripePaymentProvider(options: {
  keysFor: (websiteId: string) => Promise<StripeKeys | undefined>;
  connection?: StripeConnection;
}): StripePaymentProvider {
  const clients = new Map<string, Stripe>();
  const clientOf = (keys: StripeKeys | undefined): Stripe => {
    if (!keys) throw new PaymentsNotConfigured(paymentMessages.notConfigured);
    let client = clients.get(keys.secretKey);
    if (!client) {
      client = new Stripe(keys.secretKey, {
        ...options.connection,
        maxNetworkRetries: 2,
        telemetry: false,
        appInfo: { name: 'site-builder' },
      });
      clients.set(keys.secretKey, client);
    }
    return client;
  };
  const provider = build(async (websiteId) => clientOf(await options.keysFor(websiteId)), options.keysFor);
  return {
    ...provider,
    // Looked up once, before the caller's transaction: the calls then ask the database nothing.
    async forSite(websiteId) {
      const keys = await options.keysFor(websiteId);
      return build(
        async () => clientOf(keys),
        async () => keys,
      );
    },
  };
}

function build(
  clientFor: (websiteId: string) => Promise<Stripe>,
  keysFor: (websiteId: string) => Promise<StripeKeys | undefined>,
): StripePaymentProvider {
  return {
    id: 'stripe',
    async charge({ websiteId, amountCents, currency, orderId, saveForRenewals }) {
      const stripe = await clientFor(websiteId);
      // One key per order: a retried call after a timeout finds the same PaymentIntent.
      const customer = saveForRenewals
        ? await stripe.customers.create(
            { metadata: { websiteId, orderId } },
            { idempotencyKey: `customer-${orderId}` },
          )
        : undefined;
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: currency.toLowerCase(),
            automatic_payment_methods: { enabled: true },
            metadata: { websiteId, orderId },
            ...(customer ? { customer: customer.id, setup_future_usage: 'off_session' } : {}),
          },
          { idempotencyKey: `order-${orderId}` },
        );
      } catch (err) {
        // Stripe takes no payment under its minimum (50 cents in dollars): the payer can choose
        // more (a donation) or add to the cart, so it is their error to fix, not the site's.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'amount_too_small')
          return { ok: false, code: 'invalid_details', message: err.message, field: 'amount' };
        throw err;
      }
      if (!intent.client_secret) throw new Error('Stripe answered a PaymentIntent without a client secret');
      return {
        ok: 'pending',
        reference: intent.id,
        testMode: !intent.livemode,
        clientSecret: intent.client_secret,
      };
    },
    async chargeSaved({ websiteId, amountCents, currency, orderId, paymentMethod, idempotencyKey }) {
      const [customer, method] = paymentMethod.split('/');
      if (!customer?.startsWith('cus_') || !method)
        return { ok: false, code: 'invalid_details', message: paymentMessages.unknownPaymentMethod };
      const stripe = await clientFor(websiteId);
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: currency.toLowerCase(),
            customer,
            payment_method: method,
            off_session: true,
            confirm: true,
            metadata: { websiteId, orderId },
          },
          { idempotencyKey },
        );
        if (intent.status === 'succeeded' || intent.status === 'processing')
          return { ok: true, reference: intent.id, testMode: !intent.livemode, paymentMethod };
        return {
          ok: false,
          code: 'card_declined',
          message: intent.last_payment_error?.message ?? paymentMessages.renewalNeedsShopper,
        };
      } catch (err) {
        // A decline or a card that needs the shopper (3-D Secure) counts as a failed attempt;
        // anything else (network, keys) throws, so the renewal is retried as it is.
        if (err instanceof Stripe.errors.StripeCardError)
          return { ok: false, code: 'card_declined', message: err.message };
        throw err;
      }
    },
    async refund({ websiteId, reference, amountCents }) {
      const stripe = await clientFor(websiteId);
      try {
        const refund = await stripe.refunds.create({ payment_intent: reference, amount: amountCents });
        if (refund.status === 'failed' || refund.status === 'canceled')
          return { ok: false, message: refund.failure_reason ?? refund.status };
        return { ok: true, reference: refund.id };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError)
          return { ok: false, message: err.message };
        throw err;
      }
    },
    async retrieve(websiteId, reference) {
      const stripe = await clientFor(websiteId);
      try {
        return paymentState(await stripe.paymentIntents.retrieve(reference));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404)
          return undefined;
        throw err;
      }
    },
    async cancel(websiteId, reference) {
      const stripe = await clientFor(websiteId);
      try {
        return paymentState(
          await stripe.paymentIntents.cancel(reference, {}, { idempotencyKey: `cancel-${reference}` }),
        );
      } catch (err) {
        // Already paid, already cancelled or unknown: what the intent is now says which.
        if (err instanceof Stripe.errors.StripeInvalidRequestError)
          return this.retrieve(websiteId, reference);
        throw err;
      }
    },
    async verifyEvent(websiteId, rawBody, signature) {
      const keys = await keysFor(websiteId);
      if (!keys) throw new PaymentsNotConfigured(paymentMessages.notConfigured);
      return Stripe.webhooks.constructEvent(rawBody, signature, keys.webhookSecret);
    },
  };
}
