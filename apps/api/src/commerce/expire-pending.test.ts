import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import {
  discountRedemptions,
  discounts,
  giftCardLedger,
  giftCards,
  orders,
  outgoingEmails,
  variants,
} from '../db/schema';
import { createSecretBox } from '../security/secret-box';
import { pendingPaymentCheck } from '../payments/pending-payment';
import { createStripePaymentProvider, stripeConnectionFrom } from '../payments/stripe-provider';
import { DEMO_OWNER, seedDemoSite } from '../seed/demo-site';
import { ADDRESS, Shopper, TEST_CARD } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { EditorClient } from '../../test/editor';
import { FAKE_CARDS, startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { EXPIRED_UNPAID, expirePendingOrders } from './expire-pending';

const targets = await databaseTargets();
const MINUTE = 60_000;

describe.each(targets)('unpaid orders expire on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({
      database,
      writesPerMinute: 0,
      payments: { box: createSecretBox(randomBytes(32)), connection: stripeConnectionFrom(fake.url) },
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await fake?.close();
  });

  const stripe = () =>
    createStripePaymentProvider({
      keysFor: async () => fake.keys,
      connection: stripeConnectionFrom(fake.url),
    });
  /** The job's run as if the clock read `minutes` after the order was placed. */
  const expireAt = (placedAt: Date, minutes: number) =>
    expirePendingOrders(database.db, {
      expireAfterMs: 30 * MINUTE,
      checkPayment: pendingPaymentCheck({ stripe: stripe() }),
      now: new Date(placedAt.getTime() + minutes * MINUTE),
    });
  const orderRow = async (id: string) =>
    (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const stock = async (id: string) =>
    (await database.db.select().from(variants).where(eq(variants.id, id)))[0]!.qtyInStock;
  const welcome = async () =>
    (
      await database.db
        .select()
        .from(discounts)
        .where(sql`lower(${discounts.code}) = 'welcome10'`)
    )[0]!;

  /** A $25 gift card bought with the test card, before Stripe is connected; answers its code. */
  let giftCardCode = '';
  it('sells a gift card with the test card first (to pay part of a later order with)', async () => {
    const buyer = new Shopper(app);
    const cart = await buyer.post('/api/commerce/cart/gift-card', {
      itemId: 'prod-gift-card',
      sku: 'GC-25',
      recipientName: 'Ada',
      recipientEmail: 'ada@example.com',
    });
    expect(cart.statusCode, cart.body).toBe(200);
    const paid = await buyer.post('/api/commerce/checkout', {
      email: 'ada@example.com',
      payment: TEST_CARD,
      cartToken: cart.json().cartToken,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [email] = await database.db
      .select()
      .from(outgoingEmails)
      .where(eq(outgoingEmails.kind, 'gift-card'))
      .orderBy(desc(outgoingEmails.createdAt))
      .limit(1);
    giftCardCode = /Your code: ([A-Z0-9-]+)/.exec(email!.body)![1]!;
    const owner = await new EditorClient(app).signIn(DEMO_OWNER);
    const keys = await owner.call('PUT', '/api/editor/payments', { provider: 'stripe', ...fake.keys });
    expect(keys.statusCode, keys.body).toBe(200);
  });

  /** Two totes through Stripe with the WELCOME10 coupon (and the gift card): the order waits for its payment. */
  let shoppers = 0;
  async function pendingOrder({ withGiftCard = false } = {}) {
    const shopper = new Shopper(app);
    expect((await shopper.addToCart('prod-canvas-tote', 'TOTE-OLIVE', 2)).statusCode).toBe(200);
    expect(
      (await shopper.post('/api/commerce/shopping-cart/coupons', { code: 'WELCOME10' })).statusCode,
    ).toBe(200);
    const res = await shopper.post('/api/commerce/checkout', {
      email: `shopper${++shoppers}@example.com`,
      shippingAddress: ADDRESS,
      payment: { provider: 'stripe', token: 'payment-element' },
      ...(withGiftCard && { giftCardCode }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await orderRow(res.json().order.id);
    expect(row.status).toBe('pending');
    return row;
  }

  it('cancels an order unpaid after 30 minutes: stock, gift card and coupon come back, Stripe cannot take the money', async () => {
    const totesBefore = await stock('prod-canvas-tote-tote-olive');
    const couponBefore = (await welcome()).usedCount;
    const [cardBefore] = await database.db.select().from(giftCards).where(eq(giftCards.initialCents, 2500));
    const order = await pendingOrder({ withGiftCard: true });
    expect(order.giftCardCents).toBe(2500);
    expect(await stock('prod-canvas-tote-tote-olive')).toBe(totesBefore - 2);
    expect((await welcome()).usedCount).toBe(couponBefore + 1);

    // Still within its time: nothing happens.
    expect(await expireAt(order.createdAt, 29)).toEqual([]);
    expect((await orderRow(order.id)).status).toBe('pending');

    expect(await expireAt(order.createdAt, 31)).toEqual([order.id]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', paymentError: EXPIRED_UNPAID });
    expect((await orderRow(order.id)).cancelledAt).not.toBeNull();
    expect(await stock('prod-canvas-tote-tote-olive')).toBe(totesBefore);
    expect((await welcome()).usedCount).toBe(couponBefore);
    expect(
      await database.db.select().from(discountRedemptions).where(eq(discountRedemptions.orderId, order.id)),
    ).toEqual([]);
    const [card] = await database.db.select().from(giftCards).where(eq(giftCards.id, cardBefore!.id));
    expect(card!.balanceCents).toBe(2500);
    const [ledger] = await database.db
      .select({ sum: sql<number>`sum(${giftCardLedger.amountCents})::int` })
      .from(giftCardLedger)
      .where(eq(giftCardLedger.giftCardId, card!.id));
    expect(ledger!.sum).toBe(2500);

    // The shopper coming back to the payment page cannot pay for the released items.
    expect(fake.intents.get(order.paymentReference)!.status).toBe('canceled');
    await expect(fake.confirm(order.paymentReference, FAKE_CARDS.success)).rejects.toThrow('canceled');

    // A second run (or a second process) finds nothing left to release.
    expect(await expireAt(order.createdAt, 60)).toEqual([]);
    expect(await stock('prod-canvas-tote-tote-olive')).toBe(totesBefore);
  });

  it('keeps an order whose payment went through though its webhook has not come yet', async () => {
    const totesBefore = await stock('prod-canvas-tote-tote-olive');
    const order = await pendingOrder();
    await fake.confirm(order.paymentReference, FAKE_CARDS.success);
    expect(await expireAt(order.createdAt, 45)).toEqual([]);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await stock('prod-canvas-tote-tote-olive')).toBe(totesBefore - 2);
    expect(fake.intents.get(order.paymentReference)!.status).toBe('succeeded');
  });

  it('leaves an order alone while Stripe does not answer, and cancels it once it does', async () => {
    const order = await pendingOrder();
    const down = expirePendingOrders(database.db, {
      expireAfterMs: 30 * MINUTE,
      checkPayment: pendingPaymentCheck({
        stripe: createStripePaymentProvider({
          keysFor: async () => fake.keys,
          connection: { host: '127.0.0.1', port: 9, protocol: 'http' },
        }),
      }),
      now: new Date(order.createdAt.getTime() + 31 * MINUTE),
    });
    expect(await down).toEqual([]);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await expireAt(order.createdAt, 31)).toContain(order.id);
  });
});
