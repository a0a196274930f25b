import { z } from 'zod';

/** What the payment processor calls say to owners, and to shoppers through the server's answers. */
export const paymentMessages = {
  notConfigured: 'Card payments are not set up for this shop yet.',
  unavailable: 'Payments are unavailable right now. Please try again in a moment.',
  unknownPaymentMethod: 'The saved payment method is unknown.',
  renewalNeedsShopper: 'The card needs the customer to confirm the payment.',
  signatureInvalid: 'The webhook signature does not match the signing secret.',
  publishableKeyInvalid:
    'Enter the publishable key from your Stripe dashboard: it starts with pk_live_ or pk_test_.',
  secretKeyInvalid:
    'Enter the secret key from your Stripe dashboard: it starts with sk_live_, sk_test_, rk_live_ or rk_test_.',
  webhookSecretInvalid: 'Enter the webhook signing secret: it starts with whsec_.',
  secretRequired: 'Enter the secret key and the webhook signing secret the first time.',
  modeMismatch: 'The publishable key and the secret key must both be live keys or both be test keys.',
  environmentConfigured:
    'This install takes its Stripe keys from the server environment; they cannot be changed here.',
  saved: 'Stripe is connected. Checkout now takes card payments through your Stripe account.',
  removed: 'Stripe is disconnected. Checkout is back in test mode: no real charge.',
  refundAmountInvalid: 'Enter the amount to refund as money, such as 4.25.',
  refundAmountTooHigh: 'You can refund at most {amount} on this order.',
  refundDone: 'Refunded {amount}. The customer sees it on their statement in 5 to 10 days.',
  orderNotPaid: 'This order has not been paid yet, so there is nothing to refund.',
  donationRefundTooHigh: 'You can refund at most {amount} of this donation.',
  donationRefunded: 'This donation has already been refunded in full.',
  donationRefundDone: 'Refunded {amount} to {donor}. They see it on their statement in 5 to 10 days.',
} as const;

const key = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(300)
    .refine((v) => pattern.test(v), { message });

/**
 * PUT /api/editor/payments: the owner's Stripe keys. Secrets left empty keep the stored ones, so
 * the form never needs them back.
 */
export const PaymentSettingsSaveSchema = /* @__PURE__ */ (() =>
  z
    .strictObject({
      provider: z.literal('stripe'),
      publishableKey: key(/^pk_(live|test)_[A-Za-z0-9_]{8,}$/, paymentMessages.publishableKeyInvalid),
      secretKey: z.union([
        z.literal(''),
        key(/^(sk|rk)_(live|test)_[A-Za-z0-9_]{8,}$/, paymentMessages.secretKeyInvalid),
      ]),
      webhookSecret: z.union([
        z.literal(''),
        key(/^whsec_[A-Za-z0-9+/=_]{8,}$/, paymentMessages.webhookSecretInvalid),
      ]),
    })
    .refine((v) => v.secretKey === '' || keyMode(v.publishableKey) === keyMode(v.secretKey), {
      message: paymentMessages.modeMismatch,
      path: ['secretKey'],
    }))();
export type PaymentSettingsSave = z.infer<typeof PaymentSettingsSaveSchema>;

/** live or test, from a key's prefix. */
export function keyMode(key: string): 'live' | 'test' {
  return /^[a-z]+_live_/.test(key) ? 'live' : 'test';
}

/** What the editor is told: never a secret, only its last four characters. */
export interface PaymentSettingsView {
  /** `test`: the built-in test provider (no real charge). */
  provider: 'test' | 'stripe';
  /** `environment`: the install's keys, which the editor cannot change. */
  source: 'none' | 'site' | 'environment';
  mode: 'live' | 'test' | null;
  publishableKey: string;
  secretKeyLast4: string | null;
  webhookSecretLast4: string | null;
  /** The address to register in the Stripe dashboard for this site's events. */
  webhookUrl: string;
  /** The events to select when registering it. */
  webhookEvents: readonly string[];
}

export const STRIPE_WEBHOOK_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
  'charge.dispute.created',
] as const;

/**
 * POST /api/editor/store/orders/:id/refund-amount and /donations/:id/refund: money as the owner
 * types it ("4.25").
 */
export const RefundAmountSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    amount: z
      .string()
      .trim()
      .min(1, paymentMessages.refundAmountInvalid)
      .max(30, paymentMessages.refundAmountInvalid),
  }))();
export type RefundAmount = z.infer<typeof RefundAmountSchema>;

/**
 * An amount as an owner types it in the store currency ("4.25", "4,25", "$1,204.50", "12") in
 * minor units; undefined for anything that is not money, a negative or zero amount, or more
 * decimals than the currency has.
 */
export function parseTypedAmount(text: string, decimals: 0 | 2 | 3): number | undefined {
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^[^\d.,+-]{1,3}|[^\d.,+-]{1,3}$/g, '');
  // With thousandths "1.250" is a decimal amount (1250), not a grouped thousand.
  const m =
    (decimals === 3 ? /^(\d+)([.,])(\d{1,3})$/.exec(cleaned) : null) ??
    /^(\d{1,3}(?:,\d{3})+|\d{1,3}(?:\.\d{3})+|\d+)(?:([.,])(\d+))?$/.exec(cleaned);
  if (!m) return undefined;
  const [, whole, point, frac = ''] = m;
  // "1.234" or "1,234" alone is a thousand in one locale and one-point-something in another: refused
  // rather than guessed. Grouping is read only before a decimal part of the other separator.
  if (/[.,]/.test(whole!) && (!point || whole!.includes(point))) return undefined;
  if (frac.length > decimals) return undefined;
  const minor =
    Number(whole!.replace(/[.,]/g, '')) * 10 ** decimals + Number(frac.padEnd(decimals, '0') || 0);
  return Number.isSafeInteger(minor) && minor > 0 ? minor : undefined;
}
