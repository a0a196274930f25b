import { randomUUID } from 'node:crypto';

/**
 * Payment providers sit behind this interface so a real processor can replace the built-in test
 * provider without touching checkout. `charge` runs inside the order transaction: a decline
 * rolls back the stock reservation.
 */
export interface ChargeRequest {
  /** The site whose account is charged (a processor may be configured per site). */
  websiteId: string;
  amountCents: number;
  currency: string;
  orderId: string;
  details: unknown;
  /** A subscription: keep the payment method so renewals can charge it without the shopper. */
  saveForRenewals?: boolean;
}

export type ChargeResult =
  /** `paymentMethod`: a reusable token for the card, so subscription renewals can charge it again. */
  | { ok: true; reference: string; testMode: boolean; paymentMethod?: string }
  /**
   * The shopper finishes paying in the browser (the processor's own fields, 3-D Secure): the order
   * is kept as pending with its stock reserved until the processor confirms the payment.
   */
  | { ok: 'pending'; reference: string; testMode: boolean; clientSecret: string }
  | { ok: false; code: 'card_declined' | 'invalid_details'; message: string; field?: string };

export interface RefundRequest {
  websiteId: string;
  /** The reference the charge answered. */
  reference: string;
  amountCents: number;
  currency: string;
  orderId: string;
}

export type RefundResult = { ok: true; reference: string } | { ok: false; message: string };

/** A charge of a saved payment method without the shopper present (a subscription renewal). */
export interface SavedChargeRequest {
  websiteId: string;
  amountCents: number;
  currency: string;
  orderId: string;
  paymentMethod: string;
  /** The same key for every attempt of one renewal, so a provider that supports it charges once. */
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly id: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Charges a token an earlier `charge` answered; providers without it cannot renew subscriptions. */
  chargeSaved?(request: SavedChargeRequest): Promise<ChargeResult>;
  /** Gives back part or all of a charge; runs inside the refund's transaction like `charge`. */
  refund?(request: RefundRequest): Promise<RefundResult>;
  /**
   * This provider with one site's account looked up, for use inside a transaction: the calls above
   * run there, where a single-connection database could not answer another query.
   */
  forSite?(websiteId: string): Promise<PaymentProvider>;
}

/** Every provider bound to the site's account (see `forSite`); call before opening the transaction. */
export async function providersForSite(
  providers: ReadonlyMap<string, PaymentProvider>,
  websiteId: string,
): Promise<ReadonlyMap<string, PaymentProvider>> {
  const bound = new Map<string, PaymentProvider>();
  for (const [id, provider] of providers)
    bound.set(id, provider.forSite ? await provider.forSite(websiteId) : provider);
  return bound;
}

/** Cards the test provider knows; any other Luhn-valid number succeeds too. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  /** Pays at checkout, then every renewal of a subscription bought with it is declined. */
  renewalsDecline: '4000000000000341',
} as const;

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

interface CardDetails {
  cardNumber?: unknown;
  expiry?: unknown;
  cvc?: unknown;
}

/** The built-in provider for demo stores and tests: no money moves, every rule of a card form is checked. */
export function createTestPaymentProvider(now: () => Date = () => new Date()): PaymentProvider {
  return {
    id: 'test',
    async charge({ orderId, details }) {
      const card = (details ?? {}) as CardDetails;
      const number = String(card.cardNumber ?? '').replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
        return {
          ok: false,
          code: 'invalid_details',
          field: 'cardNumber',
          message: 'Your card number is invalid.',
        };
      }
      const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(String(card.expiry ?? '').trim());
      const month = expiry ? Number(expiry[1]) : 0;
      if (!expiry || month < 1 || month > 12) {
        return {
          ok: false,
          code: 'invalid_details',
          field: 'expiry',
          message: 'Enter the expiry date as MM/YY.',
        };
      }
      const today = now();
      const year = 2000 + Number(expiry[2]);
      if (
        year < today.getUTCFullYear() ||
        (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)
      ) {
        return { ok: false, code: 'invalid_details', field: 'expiry', message: 'Your card has expired.' };
      }
      if (!/^\d{3,4}$/.test(String(card.cvc ?? ''))) {
        return {
          ok: false,
          code: 'invalid_details',
          field: 'cvc',
          message: 'Your card’s security code is invalid.',
        };
      }
      if (number === TEST_CARDS.declined) {
        return { ok: false, code: 'card_declined', field: 'cardNumber', message: 'Your card was declined.' };
      }
      const paymentMethod =
        number === TEST_CARDS.renewalsDecline ? 'test_pm_declines' : `test_pm_${number.slice(-4)}`;
      return { ok: true, reference: `test_${orderId}`, testMode: true, paymentMethod };
    },
    async chargeSaved({ orderId, paymentMethod }) {
      if (paymentMethod === 'test_pm_declines')
        return { ok: false, code: 'card_declined', message: 'Your card was declined.' };
      if (!paymentMethod.startsWith('test_pm_'))
        return { ok: false, code: 'invalid_details', message: 'Unknown payment method.' };
      return { ok: true, reference: `test_${orderId}`, testMode: true, paymentMethod };
    },
    async refund({ reference, amountCents }) {
      if (!reference.startsWith('test_')) return { ok: false, message: 'unknown charge' };
      if (!Number.isInteger(amountCents) || amountCents <= 0) return { ok: false, message: 'invalid amount' };
      return { ok: true, reference: `test_refund_${randomUUID()}` };
    },
  };
}
