import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';

/**
 * A local stand-in for the part of Stripe's API the provider uses, so the official SDK runs in
 * tests unchanged (its `host`, `port` and `protocol` point here): customers, PaymentIntents
 * (create, confirm with test cards, 3-D Secure by redirect, off-session charges of a saved card,
 * cancel), refunds, and signed webhook events sent where a test says.
 *
 * Test cards (Stripe's own numbers): 4242… pays; 4000002760003184 asks for 3-D Secure;
 * 4000000000000002 is declined; 4000000000000341 pays once and declines off-session charges.
 */
export const FAKE_CARDS = {
  success: '4242424242424242',
  threeDSecure: '4000002760003184',
  declined: '4000000000000002',
  renewalsDecline: '4000000000000341',
} as const;

type Params = Record<string, unknown>;
type Intent = Stripe.PaymentIntent & { client_secret: string };

interface StoredCharge {
  id: string;
  paymentIntent: string;
  amount: number;
  amountRefunded: number;
}

export interface FakeStripe {
  url: string;
  /** Where the browser reaches the 3-D Secure page (a test routes Stripe's host here). */
  publicBase: string;
  keys: { publishableKey: string; secretKey: string; webhookSecret: string };
  intents: Map<string, Intent>;
  refunds: Stripe.Refund[];
  events: Stripe.Event[];
  /**
   * Where events go. `before-return`: a payment's events are sent (and awaited) before the browser
   * returns to the shop, others just after the call that caused them; `manual`: only by `deliver`.
   */
  webhook?: { url: string; delivery: 'before-return' | 'manual' };
  /** Sends an event (again) to the webhook, signed with the signing secret; answers the status. */
  deliver(event: Stripe.Event, secret?: string): Promise<number>;
  /** Confirms an intent as Stripe.js would, with a test card. */
  confirm(intentId: string, card: string): Promise<Intent>;
  /** The shopper passes (or fails) the 3-D Secure challenge. */
  authenticate(intentId: string, pass?: boolean): Promise<Intent>;
  /** The shopper's bank disputes the charge. */
  dispute(intentId: string): Promise<Stripe.Event>;
  /** A refund made in Stripe's dashboard. */
  dashboardRefund(intentId: string, amount: number): Promise<Stripe.Event>;
  close(): Promise<void>;
}

/** Stripe's form encoding (`metadata[orderId]=…`) back into objects. */
function parseForm(body: string): Params {
  const out: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Params;
    });
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}
const cardError = (message: string, code: string) =>
  new Refusal(402, { type: 'card_error', code, decline_code: code, message });
const invalid = (message: string, status = 400, code?: string) =>
  new Refusal(status, { type: 'invalid_request_error', message, ...(code ? { code } : {}) });

/**
 * Sends the stand-in's events to `app` in this process (no listening server), signed as Stripe
 * signs them, only when a test calls `deliver`.
 */
export function deliverInto(fake: FakeStripe, app: FastifyInstance): void {
  const url = '/api/commerce/payments/stripe/webhook';
  fake.webhook = { url: 'http://stripe.invalid' + url, delivery: 'manual' };
  fake.deliver = async (event, secret = fake.keys.webhookSecret) => {
    const payload = JSON.stringify(event);
    const res = await app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
    return res.statusCode;
  };
}

export async function startFakeStripe(
  keys: Partial<FakeStripe['keys']> = {},
  options: { publicBase?: string } = {},
): Promise<FakeStripe> {
  const account = {
    publishableKey: keys.publishableKey ?? 'pk_test_fakepublishable1234',
    secretKey: keys.secretKey ?? 'sk_test_fakesecret5678',
    webhookSecret: keys.webhookSecret ?? 'whsec_fakesigning9012',
  };
  const intents = new Map<string, Intent>();
  const charges = new Map<string, StoredCharge>();
  const methods = new Map<string, { card: string; customer?: string }>();
  const customers = new Set<string>();
  const idempotent = new Map<string, unknown>();
  const refunds: Stripe.Refund[] = [];
  const events: Stripe.Event[] = [];

  const fake: FakeStripe = {
    url: '',
    publicBase: '',
    keys: account,
    intents,
    refunds,
    events,
    async deliver(event, secret = account.webhookSecret) {
      if (!fake.webhook) throw new Error('no webhook endpoint set');
      const payload = JSON.stringify(event);
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      const res = await fetch(fake.webhook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        body: payload,
      });
      return res.status;
    },
    confirm: (intentId, card) => confirm(intentId, { type: 'card', card: { number: card } }),
    authenticate,
    async dispute(intentId) {
      const charge = [...charges.values()].find((c) => c.paymentIntent === intentId);
      if (!charge) throw new Error('no charge for that intent');
      return emit('charge.dispute.created', {
        id: id('dp'),
        object: 'dispute',
        amount: charge.amount,
        charge: charge.id,
        payment_intent: intentId,
        reason: 'fraudulent',
        status: 'needs_response',
        created: Math.floor(Date.now() / 1000),
      });
    },
    async dashboardRefund(intentId, amount) {
      return refund({ payment_intent: intentId, amount: String(amount) }).then(() => events.at(-1)!);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function emit(type: string, object: unknown): Promise<Stripe.Event> {
    const event = {
      id: id('evt'),
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    } as unknown as Stripe.Event;
    events.push(event);
    // A payment's outcome reaches the shop before the shopper's browser does; every other event
    // goes out after the API call that caused it has answered, as Stripe never holds a call for it.
    if (fake.webhook?.delivery === 'before-return') {
      if (type.startsWith('payment_intent.')) await fake.deliver(event);
      else setTimeout(() => void fake.deliver(event).catch(() => undefined), 0);
    }
    return event;
  }

  function chargeCard(intent: Intent, method: string): Promise<Stripe.Event> {
    const charge = { id: id('ch'), paymentIntent: intent.id, amount: intent.amount, amountRefunded: 0 };
    charges.set(charge.id, charge);
    intent.status = 'succeeded';
    intent.payment_method = method;
    intent.latest_charge = charge.id;
    intent.last_payment_error = null;
    if (intent.setup_future_usage && typeof intent.customer === 'string')
      methods.get(method)!.customer = intent.customer;
    return emit('payment_intent.succeeded', intent);
  }

  async function decline(intent: Intent, message: string, code: string): Promise<never> {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = {
      type: 'card_error',
      code,
      message,
    } as Stripe.PaymentIntent.LastPaymentError;
    await emit('payment_intent.payment_failed', intent);
    throw cardError(message, code);
  }

  async function confirm(intentId: string, methodData: Params): Promise<Intent> {
    const intent = intents.get(intentId);
    if (!intent) throw invalid(`No such payment_intent: '${intentId}'`, 404);
    if (intent.status === 'succeeded') throw invalid('This PaymentIntent has already succeeded.');
    if (intent.status === 'canceled')
      throw invalid('This PaymentIntent was canceled: it cannot be confirmed.');
    const number = String((methodData.card as Params | undefined)?.number ?? '').replace(/\s/g, '');
    if (!/^\d{12,19}$/.test(number)) throw cardError('Your card number is incomplete.', 'incomplete_number');
    const method = id('pm');
    methods.set(method, { card: number });
    if (number === FAKE_CARDS.declined) return decline(intent, 'Your card was declined.', 'card_declined');
    if (number === FAKE_CARDS.threeDSecure) {
      intent.status = 'requires_action';
      intent.payment_method = method;
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: {
          url: `${fake.publicBase}/3ds/${intent.id}`,
          return_url: returnUrls.get(intent.id) ?? null,
        },
      } as Stripe.PaymentIntent.NextAction;
      return intent;
    }
    await chargeCard(intent, method);
    return intent;
  }

  async function authenticate(intentId: string, pass = true): Promise<Intent> {
    const intent = intents.get(intentId);
    if (!intent || intent.status !== 'requires_action') throw invalid('Nothing to authenticate');
    intent.next_action = null;
    if (!pass) {
      await decline(
        intent,
        'We are unable to authenticate your payment method.',
        'payment_intent_authentication_failure',
      ).catch(() => undefined);
      return intent;
    }
    await chargeCard(intent, String(intent.payment_method));
    return intent;
  }

  async function createIntent(params: Params): Promise<Intent> {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50)
      throw invalid('Amount must be at least $0.50 usd', 400, 'amount_too_small');
    const intentId = id('pi');
    const intent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      currency: String(params.currency),
      status: 'requires_payment_method',
      client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
      customer: (params.customer as string | undefined) ?? null,
      payment_method: null,
      setup_future_usage: (params.setup_future_usage as string | undefined) ?? null,
      metadata: (params.metadata as Record<string, string>) ?? {},
      livemode: false,
      last_payment_error: null,
      next_action: null,
      latest_charge: null,
    } as unknown as Intent;
    intents.set(intentId, intent);
    if (params.confirm === 'true') {
      const method = methods.get(String(params.payment_method));
      if (!method || method.customer !== params.customer)
        throw invalid('The payment method is not attached to this customer.');
      if (params.off_session === 'true' && method.card === FAKE_CARDS.renewalsDecline)
        await decline(intent, 'Your card was declined.', 'card_declined');
      await chargeCard(intent, String(params.payment_method));
    }
    return intent;
  }

  async function refund(params: Params): Promise<Stripe.Refund> {
    const intent = intents.get(String(params.payment_intent));
    if (!intent || intent.status !== 'succeeded' || typeof intent.latest_charge !== 'string')
      throw invalid('This PaymentIntent has no charge to refund.');
    const charge = charges.get(intent.latest_charge)!;
    const amount =
      params.amount === undefined ? charge.amount - charge.amountRefunded : Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > charge.amount - charge.amountRefunded)
      throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge`);
    charge.amountRefunded += amount;
    const made = {
      id: id('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: intent.id,
      status: 'succeeded',
      currency: intent.currency,
    } as Stripe.Refund;
    refunds.push(made);
    await emit('charge.refunded', {
      id: charge.id,
      object: 'charge',
      amount: charge.amount,
      amount_refunded: charge.amountRefunded,
      refunded: charge.amountRefunded === charge.amount,
      payment_intent: intent.id,
    });
    return made;
  }

  const returnUrls = new Map<string, string>();

  function authorised(req: IncomingMessage, params: Params, intentId?: string): void {
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (key === account.secretKey) return;
    // The browser's publishable key reaches only the intent whose client secret it holds.
    if (
      key === account.publishableKey &&
      intentId &&
      params.client_secret === intents.get(intentId)?.client_secret
    )
      return;
    throw new Refusal(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
  }

  async function route(req: IncomingMessage, params: Params, res: ServerResponse): Promise<unknown> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    let m: RegExpExecArray | null;
    if (req.method === 'GET' && (m = /^\/3ds\/(pi_\w+)$/.exec(path))) {
      res.writeHead(200, { 'content-type': 'text/html' }).end(
        `<!doctype html><meta name="viewport" content="width=device-width"><title>3D Secure</title>
<h1>Confirm your payment</h1><p>Your bank asks you to confirm this payment.</p>
<form method="post" action="/3ds/${m[1]}"><button name="result" value="pass">Complete authentication</button>
<button name="result" value="fail">Fail authentication</button></form>`,
      );
      return undefined;
    }
    if (req.method === 'POST' && (m = /^\/3ds\/(pi_\w+)$/.exec(path))) {
      const intent = await authenticate(m[1]!, params.result === 'pass');
      const back = new URL(returnUrls.get(intent.id) ?? '/');
      back.searchParams.set('payment_intent', intent.id);
      back.searchParams.set('payment_intent_client_secret', intent.client_secret);
      back.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
      res.writeHead(303, { location: back.toString() }).end();
      return undefined;
    }
    if (req.method === 'POST' && path === '/v1/customers') {
      authorised(req, params);
      const customer = id('cus');
      customers.add(customer);
      return { id: customer, object: 'customer', metadata: params.metadata ?? {} };
    }
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      authorised(req, params);
      return createIntent(params);
    }
    if ((m = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(path)) && req.method === 'GET') {
      authorised(req, Object.fromEntries(url.searchParams), m[1]);
      const intent = intents.get(m[1]!);
      if (!intent) throw invalid(`No such payment_intent: '${m[1]}'`, 404);
      return intent;
    }
    if ((m = /^\/v1\/payment_intents\/(pi_\w+)\/confirm$/.exec(path)) && req.method === 'POST') {
      authorised(req, params, m[1]);
      if (typeof params.return_url === 'string') returnUrls.set(m[1]!, params.return_url);
      return confirm(m[1]!, (params.payment_method_data as Params | undefined) ?? {});
    }
    if ((m = /^\/v1\/payment_intents\/(pi_\w+)\/cancel$/.exec(path)) && req.method === 'POST') {
      authorised(req, params);
      const intent = intents.get(m[1]!);
      if (!intent) throw invalid(`No such payment_intent: '${m[1]}'`, 404);
      if (intent.status === 'succeeded' || intent.status === 'canceled')
        throw invalid(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`);
      intent.status = 'canceled';
      intent.cancellation_reason = 'abandoned';
      return intent;
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      authorised(req, params);
      return refund(params);
    }
    throw invalid(`Unrecognized request URL (${req.method}: ${path})`, 404);
  }

  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      // Stripe.js calls from the shop's pages: a cross-origin browser request.
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-allow-headers', 'authorization, content-type');
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();
      const params = parseForm(body);
      const key = req.headers['idempotency-key'];
      const remembered = typeof key === 'string' ? idempotent.get(key) : undefined;
      void (remembered ? Promise.resolve(remembered) : route(req, params, res))
        .then((answer) => {
          if (answer === undefined) return;
          if (typeof key === 'string') idempotent.set(key, answer);
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
        })
        .catch((err: unknown) => {
          const refusal =
            err instanceof Refusal ? err : new Refusal(500, { type: 'api_error', message: String(err) });
          res
            .writeHead(refusal.status, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: refusal.body }));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  fake.url = `http://127.0.0.1:${port}`;
  fake.publicBase = options.publicBase ?? fake.url;
  return fake;
}

/**
 * A stand-in for Stripe.js, served at js.stripe.com by the browser test: `Stripe(key)` with
 * `elements()`, a Payment Element of plain card fields, `submit()` and `confirmPayment()`, which
 * confirms through api.stripe.com (routed to the fake) and follows 3-D Secure's redirect as the
 * real one does for redirect-based authentication.
 */
export const STAND_IN_STRIPE_JS = `window.Stripe = function (publishableKey) {
  var fields;
  function value(name) { return fields ? fields.querySelector('[name="' + name + '"]').value.trim() : ''; }
  var elements = {
    create: function () {
      return {
        mount: function (host) {
          fields = document.createElement('div');
          fields.className = 'stand-in-payment-element';
          fields.innerHTML = '<label>Card number <input name="cardnumber" autocomplete="cc-number" inputmode="numeric"></label>' +
            '<label>Expiry <input name="exp-date" autocomplete="cc-exp" inputmode="numeric" placeholder="MM / YY"></label>' +
            '<label>CVC <input name="cvc" autocomplete="cc-csc" inputmode="numeric"></label>';
          fields.querySelectorAll('label').forEach(function (l) { l.style.display = 'block'; });
          fields.querySelectorAll('input').forEach(function (i) { i.style.width = '100%'; i.style.boxSizing = 'border-box'; });
          host.replaceChildren(fields);
        },
        destroy: function () { if (fields) fields.remove(); },
      };
    },
    update: function () {},
    submit: async function () {
      return value('cardnumber') ? {} : { error: { type: 'validation_error', message: 'Your card number is incomplete.' } };
    },
  };
  return {
    elements: function () { return elements; },
    confirmPayment: async function (options) {
      var id = options.clientSecret.split('_secret_')[0];
      var body = new URLSearchParams({
        client_secret: options.clientSecret,
        return_url: options.confirmParams.return_url,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': value('cardnumber'),
      });
      var res = await fetch('https://api.stripe.com/v1/payment_intents/' + id + '/confirm', {
        method: 'POST',
        headers: { authorization: 'Bearer ' + publishableKey, 'content-type': 'application/x-www-form-urlencoded' },
        body: body,
      });
      var intent = await res.json();
      if (intent.error) return { error: intent.error };
      if (intent.status === 'requires_action') { window.location.assign(intent.next_action.redirect_to_url.url); return new Promise(function () {}); }
      var back = new URL(options.confirmParams.return_url);
      back.searchParams.set('payment_intent', intent.id);
      back.searchParams.set('redirect_status', intent.status);
      window.location.assign(back.toString());
      return new Promise(function () {});
    },
  };
};`;
