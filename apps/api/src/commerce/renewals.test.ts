import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { fillMessage } from '@site/commerce-core';
import { adminMessages, STORE_API } from '@site/commerce-core/admin';
import { orderItems, orders, outgoingEmails, websites } from '../db/schema';
import { DEMO_OWNER, DEMO_VIEWER, seedDemoSite } from '../seed/demo-site';
import { EditorClient } from '../../test/editor';
import { ADDRESS, Shopper, TEST_CARD } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { createTestPaymentProvider, TEST_CARDS, type PaymentProvider } from './payments';
import { RENEWAL_JOB, RENEWAL_RETRY_LIMIT, renewSubscription, resumeSubscription } from './renewals';
import { createMember } from '../security/members';
import { memberMessages } from '../security/member-messages';
import { Member } from '../../test/member';
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

  async function subscribe(cardNumber: string = TEST_CARDS.success, email = 'ada@example.com') {
    const shopper = new Shopper(app);
    const cart = await shopper.post('/api/3/commerce/cart/subscription', {
      itemId: 'prod-coffee',
      sku: 'COFFEE-250',
      qty: 1,
    });
    expect(cart.statusCode, cart.body).toBe(200);
    const res = await shopper.post('/api/commerce/checkout', {
      email,
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
    expect(await renewSubscription(database.db, providers, sub.id, new Date(next.getTime() - 1000))).toBe(
      'not-due',
    );
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
    expect(renewals[0]).toMatchObject({
      renewalCycle: 1,
      grandTotalCents: sub.grandTotalCents,
      paymentReference: `test_${sub.id}-r1`,
    });
    expect(
      await database.db.select().from(orderItems).where(eq(orderItems.orderId, renewals[0]!.id)),
    ).toHaveLength(1);
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

  async function pausedSubscription(email = 'ada@example.com') {
    const sub = await subscribe(TEST_CARDS.renewalsDecline, email);
    const due = sub.subscriptionNextBillingAt!;
    for (let attempt = 0; attempt <= RENEWAL_RETRY_LIMIT; attempt++)
      await renewSubscription(database.db, providers, sub.id, due);
    const paused = await reload(sub.id);
    expect(paused.subscriptionPausedAt).not.toBeNull();
    return paused;
  }
  const monthAfter = (date: Date, months = 1) => {
    const d = new Date(date);
    d.setUTCMonth(d.getUTCMonth() + months);
    return d;
  };

  it('resumes a paused subscription: charges the missed cycle now, once, and bills one period from the resume', async () => {
    const sub = await pausedSubscription();
    // The card still declines: it stays paused, nothing is billed, and the provider's reason comes back.
    const before = charges;
    expect(await resumeSubscription(database.db, providers, sub.id)).toEqual({
      kind: 'declined',
      message: 'Your card was declined.',
    });
    expect(charges - before).toBe(1);
    expect(await renewalsOf(sub.id)).toEqual([]);
    expect((await reload(sub.id)).subscriptionPausedAt).not.toBeNull();

    // The bank lets the card through again.
    await database.db.update(orders).set({ paymentMethod: 'test_pm_4242' }).where(eq(orders.id, sub.id));
    const resumedAt = new Date(sub.subscriptionNextBillingAt!.getTime() + 20 * 86_400_000);
    const outcomes = await Promise.all([
      resumeSubscription(database.db, providers, sub.id, resumedAt),
      resumeSubscription(database.db, providers, sub.id, resumedAt),
    ]);
    expect(outcomes).toContainEqual({ kind: 'resumed', nextBillingAt: monthAfter(resumedAt) });
    expect(outcomes).toContainEqual({ kind: 'not-paused' });
    expect(charges - before).toBe(2);
    const renewals = await renewalsOf(sub.id);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({
      renewalCycle: 1,
      grandTotalCents: sub.grandTotalCents,
      createdAt: resumedAt,
      paymentReference: `test_${sub.id}-r1`,
    });
    const after = await reload(sub.id);
    expect(after).toMatchObject({
      subscriptionPausedAt: null,
      subscriptionFailedAttempts: 0,
      subscriptionCycle: 1,
      subscriptionNextBillingAt: monthAfter(resumedAt),
    });

    // Not due before that date; then renewals carry on a period apart from the resume.
    expect(
      await renewSubscription(
        database.db,
        providers,
        sub.id,
        new Date(monthAfter(resumedAt).getTime() - 1000),
      ),
    ).toBe('not-due');
    expect(await renewSubscription(database.db, providers, sub.id, monthAfter(resumedAt))).toBe('renewed');
    expect((await reload(sub.id)).subscriptionNextBillingAt).toEqual(monthAfter(resumedAt, 2));
  });

  it('resumes only a paused subscription that is not cancelled', async () => {
    const active = await subscribe();
    expect(await resumeSubscription(database.db, providers, active.id)).toEqual({ kind: 'not-paused' });
    const paused = await pausedSubscription();
    await database.db
      .update(orders)
      .set({ subscriptionCancelledAt: new Date() })
      .where(eq(orders.id, paused.id));
    const before = charges;
    expect(await resumeSubscription(database.db, providers, paused.id)).toEqual({ kind: 'cancelled' });
    expect(await resumeSubscription(database.db, providers, 'no-such-order')).toEqual({ kind: 'not-found' });
    expect(charges).toBe(before);
  });

  it('lets the member resume from the account: 402 with the reason while the card declines, then the next charge date', async () => {
    const email = 'resumer@example.test';
    await createMember(database.db, {
      websiteId: 'demo',
      email,
      password: 'plum orchard 42',
      roles: ['customer'],
    });
    const sub = await pausedSubscription(email);
    const member = new Member(app);
    expect((await member.signIn({ email, password: 'plum orchard 42' })).statusCode).toBe(200);
    const url = `/api/site-users/account/subscriptions/${sub.id}/resume`;
    expect((await member.post(url, {})).statusCode).toBe(403);

    const declined = await member.send('POST', url);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toEqual({
      code: 'CARD_DECLINED',
      message: memberMessages.subscriptionResumeDeclined.replace('{reason}', 'Your card was declined.'),
    });
    expect((await member.get('/api/site-users/account')).json().subscriptions[0]).toMatchObject({
      orderId: sub.id,
      pausedOn: expect.any(String),
      nextBillingOn: null,
    });

    await database.db.update(orders).set({ paymentMethod: 'test_pm_4242' }).where(eq(orders.id, sub.id));
    const resumed = await member.send('POST', url);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toEqual({ resumed: true, nextBillingOn: expect.any(String) });
    const listed = (await member.get('/api/site-users/account')).json().subscriptions[0];
    expect(listed).toMatchObject({ pausedOn: null, nextBillingOn: resumed.json().nextBillingOn });
    expect(new Date(listed.nextBillingOn).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect((await member.send('POST', url)).json().error).toEqual({
      code: 'SUBSCRIPTION_NOT_PAUSED',
      message: memberMessages.subscriptionNotPaused,
    });

    // Another member's subscription is not theirs to resume.
    const other = await pausedSubscription();
    expect(
      (await member.send('POST', `/api/site-users/account/subscriptions/${other.id}/resume`)).statusCode,
    ).toBe(404);
    expect((await new Member(app).post(url, {})).statusCode).toBe(401);
  });

  it("lets the shop owner resume a member's paused subscription from the editor: one charge for two clicks, 402 with the reason, 409 when not paused", async () => {
    const owner = await new EditorClient(app).signIn(DEMO_OWNER);
    const sub = await pausedSubscription('owned@example.test');
    const url = STORE_API.resumeSubscription(sub.id);
    const listed = async () =>
      (await owner.call('GET', `${STORE_API.orders}?kind=subscription`))
        .json()
        .orders.find((o: { id: string }) => o.id === sub.id);
    expect(await listed()).toMatchObject({ subscriptionState: 'paused' });

    const before = charges;
    const declined = await owner.call('POST', url);
    expect(declined.statusCode, declined.body).toBe(402);
    expect(declined.json().error).toEqual({
      code: 'CARD_DECLINED',
      message: fillMessage(adminMessages.subscriptionResumeDeclined, { reason: 'Your card was declined.' }),
    });
    expect(await listed()).toMatchObject({ subscriptionState: 'paused' });

    await database.db.update(orders).set({ paymentMethod: 'test_pm_4242' }).where(eq(orders.id, sub.id));
    const both = await Promise.all([owner.call('POST', url), owner.call('POST', url)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 200)!.json()).toEqual({
      resumed: true,
      nextBillingOn: expect.any(String),
    });
    expect(both.find((r) => r.statusCode === 409)!.json().error.code).toBe('SUBSCRIPTION_NOT_PAUSED');
    expect(charges - before).toBe(2);
    expect(await renewalsOf(sub.id)).toHaveLength(1);
    expect(await listed()).toMatchObject({ subscriptionState: 'active' });
    expect((await owner.call('POST', STORE_API.resumeSubscription('no-such-order'))).statusCode).toBe(404);
  });

  it('lets the owner cancel an active or paused subscription once, and no one but the owner or an admin', async () => {
    const owner = await new EditorClient(app).signIn(DEMO_OWNER);
    const active = await subscribe();
    const paused = await pausedSubscription();
    for (const sub of [active, paused]) {
      const res = await owner.call('POST', STORE_API.cancelSubscription(sub.id));
      expect(res.statusCode, res.body).toBe(200);
      expect((await reload(sub.id)).subscriptionCancelledAt).not.toBeNull();
      expect((await owner.call('POST', STORE_API.cancelSubscription(sub.id))).json().error.code).toBe(
        'SUBSCRIPTION_CANCELLED',
      );
    }
    const before = charges;
    expect((await owner.call('POST', STORE_API.resumeSubscription(paused.id))).json().error.code).toBe(
      'SUBSCRIPTION_CANCELLED',
    );
    expect(charges).toBe(before);

    // Another site's subscription names nothing here.
    const other = await pausedSubscription();
    await database.db.insert(websites).values({ id: 'elsewhere', title: 'Elsewhere' }).onConflictDoNothing();
    await database.db.update(orders).set({ websiteId: 'elsewhere' }).where(eq(orders.id, other.id));
    for (const path of [STORE_API.resumeSubscription(other.id), STORE_API.cancelSubscription(other.id)]) {
      expect((await owner.call('POST', path)).statusCode).toBe(404);
    }

    const target = await pausedSubscription();
    await createMember(database.db, {
      websiteId: 'demo',
      email: 'writer@example.test',
      password: 'plum orchard 42',
      roles: ['editor'],
    });
    const editor = await new EditorClient(app).signIn({
      email: 'writer@example.test',
      password: 'plum orchard 42',
    });
    const viewer = await new EditorClient(app).signIn(DEMO_VIEWER);
    const refusedBefore = charges;
    for (const path of [STORE_API.resumeSubscription(target.id), STORE_API.cancelSubscription(target.id)]) {
      expect((await new Shopper(app).post(path, {})).statusCode).toBe(401);
      expect((await viewer.call('POST', path)).statusCode).toBe(403);
      expect((await editor.call('POST', path)).statusCode).toBe(403);
      // Without the session's XSRF header the owner is refused too.
      expect((await owner.request('POST', path)).statusCode).toBe(403);
    }
    expect(charges).toBe(refusedBefore);
    expect(await reload(target.id)).toMatchObject({
      subscriptionCancelledAt: null,
      subscriptionPausedAt: expect.any(Date),
    });
  });

  it('never charges a cancelled subscription', async () => {
    const sub = await subscribe();
    await database.db
      .update(orders)
      .set({ subscriptionCancelledAt: new Date() })
      .where(eq(orders.id, sub.id));
    const before = charges;
    expect(
      await renewSubscription(database.db, providers, sub.id, new Date(Date.now() + 400 * 86_400_000)),
    ).toBe('not-due');
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
    const cart = await shopper.post('/api/3/commerce/cart/subscription', {
      itemId: 'prod-coffee',
      sku: 'COFFEE-250',
      qty: 1,
    });
    const res = await shopper.post('/api/commerce/checkout', {
      email: 'ada@example.com',
      shippingAddress: ADDRESS,
      payment: TEST_CARD,
      cartToken: cart.json().cartToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id: string = res.json().order.id;
    // Make it due now, then enqueue it twice more: once keyed like the scheduler, once unkeyed.
    await database.db
      .update(orders)
      .set({ subscriptionNextBillingAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, id));
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
