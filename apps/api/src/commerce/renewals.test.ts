import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { orderItems, orders, outgoingEmails } from '../db/schema';
import { seedDemoSite } from '../seed/demo-site';
import { ADDRESS, Shopper, TEST_CARD } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { createTestPaymentProvider, TEST_CARDS, type PaymentProvider } from './payments';
import { RENEWAL_JOB, RENEWAL_RETRY_LIMIT, renewSubscription } from './renewals';
import { createJobQueue, type JobQueue } from '../jobs';
import { eventually } from '../../test/eventually';

const targets = await databaseTargets();

describe.each(targets)('subscription renewals on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let charges = 0;
  const test = createTestPaymentProvider();
  // Counts every call that reaches the provider, to prove a cycle is charged once.
  const counting: PaymentProvider = { ...test, chargeSaved: (r) => (charges++, test.chargeSaved!(r)) };
  const providers = new Map([[counting.id, counting]]);

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({ database, writesPerMinute: 0, paymentProviders: [counting] });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function subscribe(cardNumber: string = TEST_CARDS.success) {
    const shopper = new Shopper(app);
    const cart = await shopper.post('/api/3/commerce/cart/subscription', { itemId: 'prod-coffee', sku: 'COFFEE-250', qty: 1 });
    expect(cart.statusCode, cart.body).toBe(200);
    const res = await shopper.post('/api/commerce/checkout', {
      email: 'ada@example.com',
      shippingAddress: ADDRESS,
      payment: { ...TEST_CARD, cardNumber },
      cartToken: cart.json().cartToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (await database.db.select().from(orders).where(eq(orders.id, res.json().order.id)))[0]!;
  }
  const renewalsOf = (id: string) => database.db.select().from(orders).where(eq(orders.renewalOf, id));
  const reload = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('sets the first billing date one month after the purchase, and does not charge before it', async () => {
    const sub = await subscribe();
    const next = new Date(sub.createdAt);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(sub.subscriptionNextBillingAt?.getTime()).toBe(next.getTime());
    expect(sub.paymentMethod).toBe('test_pm_4242');
    expect(await renewSubscription(database.db, providers, sub.id, new Date(next.getTime() - 1000))).toBe('not-due');
    expect(await renewalsOf(sub.id)).toEqual([]);
  });

  it('renews a due subscription once, even run twice at once and again, and advances the billing date', async () => {
    const sub = await subscribe();
    const due = sub.subscriptionNextBillingAt!;
    const before = charges;
    const outcomes = await Promise.all([
      renewSubscription(database.db, providers, sub.id, due),
      renewSubscription(database.db, providers, sub.id, due),
    ]);
    expect(outcomes.sort()).toEqual(['not-due', 'renewed']);
    expect(await renewSubscription(database.db, providers, sub.id, due)).toBe('not-due');
    expect(charges - before).toBe(1);
    const renewals = await renewalsOf(sub.id);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ renewalCycle: 1, grandTotalCents: sub.grandTotalCents, paymentReference: `test_${sub.id}-r1` });
    expect(await database.db.select().from(orderItems).where(eq(orderItems.orderId, renewals[0]!.id))).toHaveLength(1);
    const after = await reload(sub.id);
    expect(after.subscriptionCycle).toBe(1);
    const second = new Date(sub.createdAt);
    second.setUTCMonth(second.getUTCMonth() + 2);
    expect(after.subscriptionNextBillingAt?.getTime()).toBe(second.getTime());
    // The next cycle is its own renewal.
    expect(await renewSubscription(database.db, providers, sub.id, second)).toBe('renewed');
    expect((await renewalsOf(sub.id)).map((o) => o.renewalCycle).sort()).toEqual([1, 2]);
  });

  it('retries a declined renewal, then pauses the subscription and queues one email', async () => {
    const sub = await subscribe(TEST_CARDS.renewalsDecline);
    const due = sub.subscriptionNextBillingAt!;
    for (let attempt = 1; attempt <= RENEWAL_RETRY_LIMIT; attempt++) {
      expect(await renewSubscription(database.db, providers, sub.id, due)).toBe('declined');
    }
    expect(await renewSubscription(database.db, providers, sub.id, due)).toBe('paused');
    expect(await renewSubscription(database.db, providers, sub.id, due)).toBe('not-due');
    expect(await renewalsOf(sub.id)).toEqual([]);
    const after = await reload(sub.id);
    expect(after.subscriptionPausedAt).not.toBeNull();
    expect(after.subscriptionFailedAttempts).toBe(RENEWAL_RETRY_LIMIT + 1);
    const mails = await database.db
      .select()
      .from(outgoingEmails)
      .where(and(eq(outgoingEmails.kind, 'subscription-paused'), eq(outgoingEmails.to, 'ada@example.com')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('is paused');
  });

  it('never charges a cancelled subscription', async () => {
    const sub = await subscribe();
    await database.db.update(orders).set({ subscriptionCancelledAt: new Date() }).where(eq(orders.id, sub.id));
    const before = charges;
    expect(await renewSubscription(database.db, providers, sub.id, new Date(Date.now() + 400 * 86_400_000))).toBe('not-due');
    expect(charges).toBe(before);
    expect(await renewalsOf(sub.id)).toEqual([]);
  });
});

describe.each(targets)('the renewal job on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let jobs: JobQueue;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    jobs = await createJobQueue(database, { retryDelaySeconds: 1, pollSeconds: 0.5 });
    app = await buildApp({ database, writesPerMinute: 0, jobs });
  });
  afterAll(async () => {
    await app?.close();
    await jobs?.stop();
    await database?.close();
  });

  it('renews a due subscription once when its job is enqueued twice and run by the queue', async () => {
    const shopper = new Shopper(app);
    const cart = await shopper.post('/api/3/commerce/cart/subscription', { itemId: 'prod-coffee', sku: 'COFFEE-250', qty: 1 });
    const res = await shopper.post('/api/commerce/checkout', { email: 'ada@example.com', shippingAddress: ADDRESS, payment: TEST_CARD, cartToken: cart.json().cartToken });
    expect(res.statusCode, res.body).toBe(200);
    const id: string = res.json().order.id;
    // Make it due now, then enqueue it twice more: once keyed like the scheduler, once unkeyed.
    await database.db.update(orders).set({ subscriptionNextBillingAt: new Date(Date.now() - 1000) }).where(eq(orders.id, id));
    await jobs.enqueue(RENEWAL_JOB, { subscriptionId: id });
    await jobs.enqueue(RENEWAL_JOB, { subscriptionId: id });
    await eventually(async () => {
      const renewals = await database.db.select().from(orders).where(eq(orders.renewalOf, id));
      expect(renewals).toHaveLength(1);
    }, 10_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await database.db.select().from(orders).where(eq(orders.renewalOf, id))).toHaveLength(1);
    const [sub] = await database.db.select().from(orders).where(eq(orders.id, id));
    expect(sub!.subscriptionCycle).toBe(1);
    expect(sub!.subscriptionNextBillingAt!.getTime()).toBeGreaterThan(Date.now());
  });
});
