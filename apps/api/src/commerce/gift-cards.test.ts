import { normalizeGiftCardCode, messages } from '@site/commerce-core';
import type { FastifyInstance } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { giftCardLedger, giftCards, orders, outgoingEmails } from '../db/schema';
import { seedDemoSite } from '../seed/demo-site';
import { createMemoryLoginGuard } from '../security/login-guard';
import { databaseTargets } from '../../test/databases';
import { Shopper, TEST_CARD } from '../../test/client';

const targets = await databaseTargets();

const RECIPIENT = {
  recipientName: 'Bo Friend',
  recipientEmail: 'bo@example.com',
  senderName: 'Ada',
  message: 'Happy birthday!',
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(targets)('gift cards on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({ database, writesPerMinute: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** Buys a card through the gift-card flow and answers the code from its email. */
  async function buyCard(sku = 'GC-50', extra: Record<string, unknown> = {}) {
    const buyer = new Shopper(app);
    const cartRes = await buyer.post('/api/commerce/cart/gift-card', {
      itemId: 'prod-gift-card',
      sku,
      ...RECIPIENT,
      ...extra,
    });
    expect(cartRes.statusCode, cartRes.body).toBe(200);
    const { cartToken } = cartRes.json();
    const res = await buyer.post('/api/commerce/checkout', {
      email: 'ada@example.com',
      payment: TEST_CARD,
      cartToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().order;
    const [email] = await database.db
      .select()
      .from(outgoingEmails)
      .where(eq(outgoingEmails.kind, 'gift-card'))
      .orderBy(desc(outgoingEmails.createdAt))
      .limit(1);
    const code = /Your code: ([A-Z0-9-]+)/.exec(email!.body)![1]!;
    return { order, email: email!, code };
  }

  const ledgerSum = async (cardId: string) => {
    const [row] = await database.db
      .select({ sum: sql<number>`coalesce(sum(${giftCardLedger.amountCents}), 0)::int` })
      .from(giftCardLedger)
      .where(eq(giftCardLedger.giftCardId, cardId));
    return Number(row!.sum);
  };
  const cardOf = async (orderId: string) =>
    (await database.db.select().from(giftCards).where(eq(giftCards.orderId, orderId)))[0]!;

  it('issues a card on payment, emails the code to the recipient and stores only its hash', async () => {
    const { order, email, code } = await buyCard();
    expect(order.grandTotalCents).toBe(5000);
    expect(normalizeGiftCardCode(code)).toBe(code);
    expect(email.to).toBe('bo@example.com');
    expect(email.subject).toContain('Ada sent you a $50.00 gift card');
    expect(email.body).toContain('Happy birthday!');
    expect(email.nextAttemptAt).toBeNull();
    const card = await cardOf(order.id);
    expect(card).toMatchObject({
      initialCents: 5000,
      balanceCents: 5000,
      last4: code.slice(-4),
      recipientEmail: 'bo@example.com',
    });
    expect(JSON.stringify(card)).not.toContain(code);
    expect(await ledgerSum(card.id)).toBe(5000);
  });

  it('holds the email until the chosen send day', async () => {
    const { order, email } = await buyCard('GC-25', { sendDate: day(3) });
    expect(email.nextAttemptAt?.toISOString()).toBe(`${day(3)}T00:00:00.000Z`);
    expect((await cardOf(order.id)).sendOn).toBe(day(3));
  });

  it.each([
    ['no denomination', { sku: '' }, messages.giftCardDenominationMissing, 'sku'],
    ['an unknown denomination', { sku: 'GC-7' }, messages.giftCardDenominationMissing, undefined],
    ['no recipient name', { recipientName: ' ' }, messages.giftCardRecipientNameMissing, 'recipientName'],
    [
      'a bad recipient email',
      { recipientEmail: 'bo@' },
      messages.giftCardRecipientEmailInvalid,
      'recipientEmail',
    ],
    ['a message too long', { message: 'x'.repeat(501) }, messages.giftCardMessageTooLong, 'message'],
    ['a send date in the past', { sendDate: day(-1) }, messages.giftCardSendDateInvalid, 'sendDate'],
    ['a send date over a year ahead', { sendDate: day(400) }, messages.giftCardSendDateInvalid, 'sendDate'],
    ['a send date that is no date', { sendDate: '2026-02-31' }, messages.giftCardSendDateInvalid, 'sendDate'],
    [
      'a product that is no gift card',
      { itemId: 'prod-field-notebook', sku: 'NOTE-3' },
      messages.giftCardNotPurchasable,
      undefined,
    ],
    ['a wrong type', { recipientName: 42 }, messages.giftCardRecipientNameMissing, 'recipientName'],
  ])('refuses %s with a clear 4xx and no cart', async (_name, change, message, field) => {
    const res = await new Shopper(app).post('/api/commerce/cart/gift-card', {
      itemId: 'prod-gift-card',
      sku: 'GC-50',
      ...RECIPIENT,
      ...change,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.message).toBe(message);
    if (field) expect(res.json().error.fieldErrors[field]).toBe(message);
  });

  it('looks up a balance whatever the case and spacing, and refuses unknown codes', async () => {
    const { code } = await buyCard('GC-25');
    const shopper = new Shopper(app);
    const typed = code.toLowerCase().replace(/-/g, ' ');
    const res = await shopper.post('/api/commerce/gift-cards/balance', { code: typed });
    expect(res.json()).toEqual({
      balanceCents: 2500,
      initialCents: 2500,
      currency: 'USD',
      last4: code.slice(-4),
    });
    for (const wrong of [
      '',
      'nope',
      `${code.slice(0, -1)}${code.endsWith('2') ? '3' : '2'}`,
      'A\u0000'.repeat(10),
    ]) {
      const bad = await shopper.post('/api/commerce/gift-cards/balance', { code: wrong });
      expect(bad.statusCode).toBe(400);
    }
    expect((await shopper.post('/api/commerce/gift-cards/balance', { code: 12 })).statusCode).toBe(400);
    expect(
      (await shopper.post('/api/commerce/gift-cards/balance', { code: 'x'.repeat(100_000) })).statusCode,
    ).toBe(400);
  });

  it('redeems part of a card at checkout, the rest on a later order, then refuses an empty card', async () => {
    const { order: bought, code } = await buyCard('GC-25');
    const card = await cardOf(bought.id);
    const first = new Shopper(app);
    await first.addToCart('prod-sketch-pack', 'BRUSH-DL', 1);
    const res1 = await first.post('/api/commerce/checkout', {
      email: 'bo@example.com',
      payment: TEST_CARD,
      giftCardCode: code.toLowerCase(),
    });
    expect(res1.statusCode, res1.body).toBe(200);
    const total1 = res1.json().order.grandTotalCents as number;
    expect(res1.json().order).toMatchObject({ giftCardCents: total1, giftCardBalanceCents: 2500 - total1 });
    // Fully paid by the card: nothing was charged to the payment method.
    const [row1] = await database.db.select().from(orders).where(eq(orders.id, res1.json().order.id));
    expect(row1).toMatchObject({ giftCardCents: total1, paymentProvider: 'gift-card' });

    const second = new Shopper(app);
    await second.addToCart('prod-sketch-pack', 'BRUSH-DL', 2);
    const res2 = await second.post('/api/commerce/checkout', {
      email: 'bo@example.com',
      payment: TEST_CARD,
      giftCardCode: code,
    });
    expect(res2.statusCode, res2.body).toBe(200);
    expect(res2.json().order).toMatchObject({ giftCardCents: 2500 - total1, giftCardBalanceCents: 0 });
    const [row2] = await database.db.select().from(orders).where(eq(orders.id, res2.json().order.id));
    expect(row2).toMatchObject({ paymentProvider: 'test' });

    const third = new Shopper(app);
    await third.addToCart('prod-sketch-pack', 'BRUSH-DL', 1);
    const res3 = await third.post('/api/commerce/checkout', {
      email: 'bo@example.com',
      payment: TEST_CARD,
      giftCardCode: code,
    });
    expect(res3.statusCode).toBe(409);
    expect(res3.json().error).toMatchObject({ code: 'GIFT_CARD_EMPTY', message: messages.giftCardEmpty });
    // The refused checkout left its cart to try again.
    expect((await third.get('/api/commerce/shopping-cart')).json().entries).toHaveLength(1);
    expect((await cardOf(bought.id)).balanceCents).toBe(0);
    expect(await ledgerSum(card.id)).toBe(0);
  });

  it('gives the balance back when the rest of the payment is declined', async () => {
    const { order: bought, code } = await buyCard('GC-25');
    const shopper = new Shopper(app);
    await shopper.addToCart('prod-sketch-pack', 'BRUSH-DL', 3);
    const res = await shopper.post('/api/commerce/checkout', {
      email: 'bo@example.com',
      payment: { ...TEST_CARD, cardNumber: '4000000000000002' },
      giftCardCode: code,
    });
    expect(res.statusCode).toBe(402);
    expect((await cardOf(bought.id)).balanceCents).toBe(2500);
  });

  it('refuses an unknown code at checkout without charging', async () => {
    const shopper = new Shopper(app);
    await shopper.addToCart('prod-sketch-pack', 'BRUSH-DL', 1);
    const res = await shopper.post('/api/commerce/checkout', {
      email: 'bo@example.com',
      payment: TEST_CARD,
      giftCardCode: '2222-3333-4444-5555',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fieldErrors.giftCardCode).toBe(messages.giftCardCodeUnknown);
    expect((await shopper.get('/api/commerce/shopping-cart')).json().entries).toHaveLength(1);
  });

  it('never pays out more than the card holds under 20 concurrent checkouts redeeming it', async () => {
    const { order: bought, code } = await buyCard('GC-50');
    const card = await cardOf(bought.id);
    const shoppers = Array.from({ length: 20 }, () => new Shopper(app));
    for (const s of shoppers)
      expect((await s.addToCart('prod-sketch-pack', 'BRUSH-DL', 1)).statusCode).toBe(200);
    const results = await Promise.all(
      shoppers.map((s) =>
        s.post('/api/commerce/checkout', {
          email: 'rush@example.com',
          payment: TEST_CARD,
          giftCardCode: code,
        }),
      ),
    );
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    const ok = results.filter((r) => r.statusCode === 200).map((r) => r.json().order);
    const refused = results.filter((r) => r.statusCode !== 200);
    for (const r of refused) expect(r.json().error.code).toBe('GIFT_CARD_EMPTY');
    const paid = ok.reduce((sum, o) => sum + (o.giftCardCents as number), 0);
    expect(paid).toBe(5000);
    const total = ok[0]!.grandTotalCents as number;
    expect(ok).toHaveLength(Math.ceil(5000 / total));
    for (const o of ok) expect(o.giftCardCents).toBeGreaterThan(0);
    expect((await cardOf(bought.id)).balanceCents).toBe(0);
    expect(await ledgerSum(card.id)).toBe(0);
  });
});

describe.each(targets.slice(0, 1))('gift-card code guessing on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({
      database,
      giftCardGuard: createMemoryLoginGuard({ maxFailures: 3, windowMs: 60_000, lockMs: 60_000 }),
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('locks a client out after a few wrong codes, at the balance lookup and at checkout alike', async () => {
    const shopper = new Shopper(app);
    for (let i = 0; i < 3; i++) {
      expect(
        (await shopper.post('/api/commerce/gift-cards/balance', { code: `2222-3333-4444-555${i + 2}` }))
          .statusCode,
      ).toBe(400);
    }
    const locked = await shopper.post('/api/commerce/gift-cards/balance', { code: '2222-3333-4444-5559' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toMatch(
      /^Too many gift card codes were tried\. Please try again in \d+ seconds\.$/,
    );
    await shopper.addToCart('prod-sketch-pack', 'BRUSH-DL', 1);
    const checkout = await shopper.post('/api/commerce/checkout', {
      email: 'bo@example.com',
      payment: TEST_CARD,
      giftCardCode: '2222-3333-4444-5559',
    });
    expect(checkout.statusCode).toBe(429);
  });
});
