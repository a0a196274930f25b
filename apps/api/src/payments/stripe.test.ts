import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { renewSubscription } from '../commerce/renewals';
import type { DatabaseHandle } from '../db/client';
import { orders, outgoingEmails, paymentEvents, paymentSettings, variants } from '../db/schema';
import { DEMO_OWNER, seedDemoSite } from '../seed/demo-site';
import { ADDRESS, Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { EditorClient } from '../../test/editor';
import { deliverInto, FAKE_CARDS, startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { createSecretBox } from '../security/secret-box';
import { createStripePaymentProvider, stripeConnectionFrom } from './stripe-provider';

const targets = await databaseTargets();

describe.each(targets)('Stripe payments on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let fake: FakeStripe;
  let owner: EditorClient;
  const box = createSecretBox(randomBytes(32));

  beforeAll(async () => {
    fake = await startFakeStripe();
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({
      database,
      writesPerMinute: 0,
      payments: { box, connection: stripeConnectionFrom(fake.url) },
    });
    deliverInto(fake, app);
    owner = await new EditorClient(app).signIn(DEMO_OWNER);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await fake?.close();
  });

  const orderRow = async (id: string) =>
    (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const receipts = async (orderNumber: number) =>
    (await database.db.select().from(outgoingEmails).where(eq(outgoingEmails.kind, 'order-receipt'))).filter(
      (e) => e.subject.includes(`#${orderNumber}`) || e.body.includes(`#${orderNumber}`),
    );

  /** A shopper checks out the tote through Stripe; the order waits for the payment. */
  async function checkout(provider = 'stripe') {
    const shopper = new Shopper(app);
    expect((await shopper.addToCart('prod-canvas-tote', 'TOTE-OLIVE', 1)).statusCode).toBe(200);
    const res = await shopper.post('/api/commerce/checkout', {
      email: 'ada@example.com',
      shippingAddress: ADDRESS,
      payment: { provider, token: 'payment-element' },
    });
    return { shopper, res };
  }

  it('keeps the test provider as the default until the owner connects Stripe', async () => {
    expect((await new Shopper(app).get('/api/commerce/payment-config')).json()).toEqual({ provider: 'test' });
    const view = (await owner.call('GET', '/api/editor/payments')).json();
    expect(view).toMatchObject({ provider: 'test', source: 'none', secretKeyLast4: null });
    const { res } = await checkout();
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('That payment method is not available.');
  });

  it('stores the keys sealed, shows only their last four characters and refuses bad ones', async () => {
    const first = await owner.call('PUT', '/api/editor/payments', {
      provider: 'stripe',
      publishableKey: fake.keys.publishableKey,
      secretKey: '',
      webhookSecret: '',
    });
    expect(first.statusCode).toBe(400);
    expect(first.json().error.message).toBe(
      'Enter the secret key and the webhook signing secret the first time.',
    );
    const wrong = await owner.call('PUT', '/api/editor/payments', {
      provider: 'stripe',
      publishableKey: fake.keys.publishableKey,
      secretKey: 'sk_live_abcdefghijkl',
      webhookSecret: fake.keys.webhookSecret,
    });
    expect(wrong.json().error.issues[0]).toMatchObject({ path: ['secretKey'] });
    const res = await owner.call('PUT', '/api/editor/payments', {
      provider: 'stripe',
      publishableKey: fake.keys.publishableKey,
      secretKey: fake.keys.secretKey,
      webhookSecret: fake.keys.webhookSecret,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(fake.keys.secretKey);
    expect(res.body).not.toContain(fake.keys.webhookSecret);
    expect(res.json()).toMatchObject({
      provider: 'stripe',
      source: 'site',
      mode: 'test',
      secretKeyLast4: fake.keys.secretKey.slice(-4),
      webhookSecretLast4: fake.keys.webhookSecret.slice(-4),
      webhookUrl: expect.stringMatching(
        /^http:\/\/localhost(:80)?\/api\/commerce\/payments\/stripe\/webhook$/,
      ),
    });
    const [row] = await database.db.select().from(paymentSettings);
    expect(JSON.stringify(row)).not.toContain(fake.keys.secretKey.slice(8));
    expect(box.open(row!.secretKeySealed)).toBe(fake.keys.secretKey);
    // Saving again with empty secrets keeps them.
    const again = await owner.call('PUT', '/api/editor/payments', {
      provider: 'stripe',
      publishableKey: fake.keys.publishableKey,
      secretKey: '',
      webhookSecret: '',
    });
    expect(again.statusCode).toBe(200);
    expect(box.open((await database.db.select().from(paymentSettings))[0]!.secretKeySealed)).toBe(
      fake.keys.secretKey,
    );
    expect((await new Shopper(app).get('/api/commerce/payment-config')).json()).toEqual({
      provider: 'stripe',
      publishableKey: fake.keys.publishableKey,
    });
    // A shopper cannot fall back to the test provider any more.
    expect((await checkout('test')).res.statusCode).toBe(400);
  });

  it('settles a 3-D Secure payment on the browser return (order received 207, then order confirmed 202), and the later webhook changes nothing', async () => {
    const { shopper, res } = await checkout();
    expect(res.statusCode, res.body).toBe(200);
    const { order, redirectUrl } = res.json();
    expect(order.payment.clientSecret).toMatch(/^pi_\w+_secret_/);
    const intentId = order.payment.clientSecret.split('_secret_')[0];
    const pending = await orderRow(order.id);
    expect(pending).toMatchObject({
      status: 'pending',
      paymentProvider: 'stripe',
      paymentReference: intentId,
      testMode: true,
    });
    expect(fake.intents.get(intentId)).toMatchObject({ amount: pending.grandTotalCents, currency: 'usd' });
    expect(fake.intents.get(intentId)!.metadata).toMatchObject({ orderId: order.id });
    expect(await receipts(order.orderNumber)).toHaveLength(0);

    expect((await fake.confirm(intentId, FAKE_CARDS.threeDSecure)).status).toBe('requires_action');
    const token = new URL(redirectUrl, 'http://x').searchParams.get('token')!;
    // The return before the challenge is passed: still pending.
    expect((await shopper.get(`/api/commerce/orders/${order.id}?token=${token}`)).json().order.status).toBe(
      'pending',
    );
    // The shopper lands on the order received page (207): placed, the payment not yet confirmed.
    const back = await shopper.get(redirectUrl);
    expect(back.statusCode).toBe(303);
    const received = await shopper.get(back.headers.location as string);
    expect(received.statusCode).toBe(200);
    expect(received.body).toContain('<body class="page-type-207">');
    expect(received.body).toContain('<h1 id="order-title">Order received</h1>');
    expect(received.body).toContain('We are waiting for your bank to confirm the payment');
    await fake.authenticate(intentId);
    expect((await shopper.get(`/api/commerce/orders/${order.id}?token=${token}`)).json().order.status).toBe(
      'paid',
    );
    // Once paid, the same address is the order confirmed page (202).
    const confirmed = await shopper.get(back.headers.location as string);
    expect(confirmed.body).toContain('<body class="page-type-202">');
    expect(confirmed.body).toContain('<h1 id="order-title">Thank you for your order</h1>');
    expect(await receipts(order.orderNumber)).toHaveLength(1);

    const succeeded = fake.events.findLast((e) => e.type === 'payment_intent.succeeded')!;
    expect(await fake.deliver(succeeded)).toBe(200);
    expect(await fake.deliver(succeeded)).toBe(200);
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(await receipts(order.orderNumber)).toHaveLength(1);
  });

  it('order received (207) says the payment did not go through when the bank refuses 3-D Secure, never that it waits for the bank', async () => {
    const { shopper, res } = await checkout();
    const { order, redirectUrl } = res.json();
    const intentId = order.payment.clientSecret.split('_secret_')[0];
    await fake.confirm(intentId, FAKE_CARDS.threeDSecure);
    await fake.authenticate(intentId, false);
    const back = await shopper.get(redirectUrl);
    const received = await shopper.get(back.headers.location as string);
    expect(received.statusCode).toBe(200);
    expect(received.body).toContain('<body class="page-type-207">');
    expect(received.body).toContain('<h1 id="order-title">Order received</h1>');
    expect(received.body).toContain(
      'the payment did not go through: We are unable to authenticate your payment method. Nothing has been charged',
    );
    expect(received.body).not.toContain('We are waiting for your bank');
    expect((await orderRow(order.id)).status).toBe('pending');
  });

  it('settles on a webhook that arrives first, once however often it is delivered', async () => {
    const { res } = await checkout();
    const { order } = res.json();
    const intentId = order.payment.clientSecret.split('_secret_')[0];
    await fake.confirm(intentId, FAKE_CARDS.success);
    const event = fake.events.findLast((e) => e.type === 'payment_intent.succeeded')!;
    const answers = await Promise.all([fake.deliver(event), fake.deliver(event)]);
    expect(answers).toEqual([200, 200]);
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(await receipts(order.orderNumber)).toHaveLength(1);
    const recorded = await database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, event.id));
    expect(recorded).toHaveLength(1);
  });

  it('refuses events whose signature is not the signing secret', async () => {
    const event = fake.events.at(-1)!;
    expect(await fake.deliver(event, 'whsec_someoneelse123')).toBe(400);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/commerce/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error.message).toBe('The webhook signature does not match the signing secret.');
  });

  it('keeps a declined order pending with the reason, and pays it when the shopper tries another card', async () => {
    const { res } = await checkout();
    const { order } = res.json();
    const intentId = order.payment.clientSecret.split('_secret_')[0];
    await expect(fake.confirm(intentId, FAKE_CARDS.declined)).rejects.toThrow('Your card was declined.');
    const failed = fake.events.findLast((e) => e.type === 'payment_intent.payment_failed')!;
    expect(await fake.deliver(failed)).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'pending',
      paymentError: 'Your card was declined.',
    });
    const detail = (await owner.call('GET', `/api/editor/store/orders/${order.id}`)).json();
    expect(detail.payment.error).toBe('Your card was declined.');
    await fake.confirm(intentId, FAKE_CARDS.success);
    expect(await fake.deliver(fake.events.findLast((e) => e.type === 'payment_intent.succeeded')!)).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', paymentError: null });
  });

  it('refunds part of an order as typed money, then the rest, never more than was paid', async () => {
    const { res } = await checkout();
    const { order } = res.json();
    const intentId = order.payment.clientSecret.split('_secret_')[0];
    await fake.confirm(intentId, FAKE_CARDS.success);
    await fake.deliver(fake.events.findLast((e) => e.type === 'payment_intent.succeeded')!);
    const refund = (amount: unknown) =>
      owner.call('POST', `/api/editor/store/orders/${order.id}/refund-amount`, { amount });
    const bad = await refund('4.255');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0]).toEqual({
      path: ['amount'],
      message: 'Enter the amount to refund as money, such as 4.25.',
    });
    expect((await refund(4.25)).statusCode).toBe(400);
    const stockBefore = (await database.db.select().from(variants).where(eq(variants.sku, 'TOTE-OLIVE')))[0]!
      .qtyInStock;
    const part = await refund('4.25');
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().refunded).toEqual({ value: '425', currency: 'USD' });
    expect(fake.refunds.at(-1)).toMatchObject({ amount: 425, payment_intent: intentId });
    expect(
      (await database.db.select().from(variants).where(eq(variants.sku, 'TOTE-OLIVE')))[0]!.qtyInStock,
    ).toBe(stockBefore);
    // Stripe's charge.refunded for the same refund does not count it twice.
    expect(await fake.deliver(fake.events.findLast((e) => e.type === 'charge.refunded')!)).toBe(200);
    expect((await orderRow(order.id)).refundedCents).toBe(425);
    const total = (await orderRow(order.id)).grandTotalCents;
    const tooMuch = await refund('1000');
    expect(tooMuch.json().error.message).toBe(
      `You can refund at most $${((total - 425) / 100).toFixed(2)} on this order.`,
    );
    const rest = await refund(((total - 425) / 100).toFixed(2));
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await orderRow(order.id)).refundedCents).toBe(total);
    expect((await refund('0.01')).statusCode).toBe(409);
  });

  it('counts a refund made in the dashboard and records a dispute', async () => {
    const { res } = await checkout();
    const { order } = res.json();
    const intentId = order.payment.clientSecret.split('_secret_')[0];
    await fake.confirm(intentId, FAKE_CARDS.success);
    await fake.deliver(fake.events.findLast((e) => e.type === 'payment_intent.succeeded')!);
    const refunded = await fake.dashboardRefund(intentId, 600);
    expect(await fake.deliver(refunded)).toBe(200);
    expect((await orderRow(order.id)).refundedCents).toBe(600);
    const dispute = await fake.dispute(intentId);
    expect(await fake.deliver(dispute)).toBe(200);
    expect(await fake.deliver(dispute)).toBe(200);
    const detail = (await owner.call('GET', `/api/editor/store/orders/${order.id}`)).json();
    expect(detail.payment).toMatchObject({ disputeReason: 'fraudulent' });
    expect(detail.payment.disputedAt).toEqual(expect.any(String));
  });

  it('renews a subscription off-session through the saved card, and a decline is a failed attempt', async () => {
    const buy = async (card: string) => {
      const shopper = new Shopper(app);
      const cart = await shopper.post('/api/3/commerce/cart/subscription', {
        itemId: 'prod-coffee',
        sku: 'COFFEE-250',
        qty: 1,
      });
      const res = await shopper.post('/api/commerce/checkout', {
        email: 'sub@example.com',
        shippingAddress: ADDRESS,
        payment: { provider: 'stripe', token: 'payment-element' },
        cartToken: cart.json().cartToken,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { order } = res.json();
      const intentId = order.payment.clientSecret.split('_secret_')[0];
      expect(fake.intents.get(intentId)).toMatchObject({
        setup_future_usage: 'off_session',
        customer: expect.stringMatching(/^cus_/),
      });
      await fake.confirm(intentId, card);
      await fake.deliver(fake.events.findLast((e) => e.type === 'payment_intent.succeeded')!);
      return orderRow(order.id);
    };
    const providers = new Map([
      [
        'stripe',
        createStripePaymentProvider({
          keysFor: async () => fake.keys,
          connection: stripeConnectionFrom(fake.url),
        }),
      ],
    ]);
    const sub = await buy(FAKE_CARDS.success);
    expect(sub.paymentMethod).toMatch(/^cus_\w+\/pm_\w+$/);
    expect(await renewSubscription(database.db, providers, sub.id, sub.subscriptionNextBillingAt!)).toBe(
      'renewed',
    );
    const [renewal] = await database.db.select().from(orders).where(eq(orders.renewalOf, sub.id));
    const charged = fake.intents.get(renewal!.paymentReference)!;
    expect(charged).toMatchObject({
      status: 'succeeded',
      amount: sub.grandTotalCents,
      customer: sub.paymentMethod!.split('/')[0],
    });

    const declining = await buy(FAKE_CARDS.renewalsDecline);
    expect(
      await renewSubscription(database.db, providers, declining.id, declining.subscriptionNextBillingAt!),
    ).toBe('declined');
    expect((await orderRow(declining.id)).subscriptionFailedAttempts).toBe(1);
  });

  it('disconnecting puts the checkout back in test mode', async () => {
    const res = await owner.call('DELETE', '/api/editor/payments');
    expect(res.json()).toMatchObject({ provider: 'test', source: 'none' });
    expect((await new Shopper(app).get('/api/commerce/payment-config')).json()).toEqual({ provider: 'test' });
  });
});
