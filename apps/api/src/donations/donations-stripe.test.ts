import { randomBytes } from 'node:crypto';
import { messages as commerceMessages } from '@site/commerce-core';
import { STORE_API } from '@site/commerce-core/admin';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { donations, outgoingEmails, pages, paymentEvents } from '../db/schema';
import { createSecretBox } from '../security/secret-box';
import { stripeConnectionFrom } from '../payments/stripe-provider';
import { DEMO_OWNER, DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';
import { Shopper, TEST_CARD } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { EditorClient } from '../../test/editor';
import { deliverInto, FAKE_CARDS, startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { DONATIONS_API } from './routes';

const targets = await databaseTargets();

const giveDocument = {
  sections: [
    {
      id: 'give-section',
      blocks: [
        {
          id: 'give-roof',
          type: 'donation',
          settings: { title: 'Help us fix the roof', amounts: [{ amount: '10' }], fund: 'Roof appeal' },
        },
        // Any amount above zero: Stripe's own minimum is the one that refuses.
        { id: 'give-any', type: 'donation', settings: { minimum: '' } },
      ],
    },
  ],
};

describe.each(targets)('donations paid through Stripe on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let fake: FakeStripe;
  let owner: EditorClient;

  beforeAll(async () => {
    fake = await startFakeStripe();
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({
      database,
      writesPerMinute: 0,
      payments: { box: createSecretBox(randomBytes(32)), connection: stripeConnectionFrom(fake.url) },
    });
    deliverInto(fake, app);
    owner = await new EditorClient(app).signIn(DEMO_OWNER);
    const connected = await owner.call('PUT', '/api/editor/payments', {
      provider: 'stripe',
      ...fake.keys,
    });
    expect(connected.statusCode, connected.body).toBe(200);
    await database.db.insert(pages).values({
      id: 'give',
      websiteId: DEMO_WEBSITE_ID,
      path: '/give',
      title: 'Give',
      pageType: 2,
      templateName: 'page',
      status: 'published',
      publishedDocument: giveDocument as never,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await fake?.close();
  });

  const donationRow = async (id: string) =>
    (await database.db.select().from(donations).where(eq(donations.id, id)))[0]!;
  const receipts = async (email: string) =>
    database.db
      .select()
      .from(outgoingEmails)
      .where(and(eq(outgoingEmails.kind, 'donation-receipt'), eq(outgoingEmails.to, email)));
  const ownerList = async () =>
    ((await owner.call('GET', STORE_API.donations)).json().donations as { id: string }[]).map((d) => d.id);

  /** A visitor gives through the Payment Element: the donation waits for Stripe's word. */
  async function give(email: string, body: Record<string, unknown> = {}) {
    const visitor = new Shopper(app);
    const res = await visitor.post(DONATIONS_API, {
      blockId: 'give-roof',
      amount: '12.50',
      name: 'Ada Lovelace',
      email,
      payment: { provider: 'stripe' },
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as {
      donationId: string;
      redirectUrl: string;
      payment: { provider: string; clientSecret: string; amountCents: number };
    };
    return { visitor, ...answer, intentId: answer.payment.clientSecret.split('_secret_')[0]! };
  }

  it('refuses the test provider’s card fields once Stripe is connected', async () => {
    const res = await new Shopper(app).post(DONATIONS_API, {
      blockId: 'give-roof',
      amount: '10',
      name: 'Ada',
      email: 'test-card@example.test',
      payment: TEST_CARD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(commerceMessages.paymentMethodUnavailable);
  });

  it('makes a PaymentIntent for the amount, and the donor’s return settles it: paid, receipt, owner’s list, once', async () => {
    const { visitor, donationId, redirectUrl, payment, intentId } = await give('paid@example.test');
    expect(payment).toMatchObject({ provider: 'stripe', amountCents: 1250 });
    expect(redirectUrl).toMatch(/^\/api\/commerce\/donations\/[\w-]+\/return\?token=[\w-]+$/);
    expect(fake.intents.get(intentId)).toMatchObject({ amount: 1250, currency: 'usd' });
    expect(fake.intents.get(intentId)!.metadata).toMatchObject({ orderId: donationId });
    expect(await donationRow(donationId)).toMatchObject({
      status: 'pending',
      paymentProvider: 'stripe',
      paymentReference: intentId,
      testMode: true,
    });
    // Not paid yet: no receipt, and the owner does not count it.
    expect(await receipts('paid@example.test')).toHaveLength(0);
    expect(await ownerList()).not.toContain(donationId);

    await fake.confirm(intentId, FAKE_CARDS.success);
    const back = await visitor.get(redirectUrl);
    expect(back.statusCode).toBe(303);
    const confirmed = await visitor.get(back.headers.location as string);
    expect(confirmed.body).toContain('<body class="page-type-204">');
    expect(confirmed.body).toContain(
      'Your donation of <strong class="donate-page__amount">$12.50</strong> to Roof appeal has been received.',
    );
    expect((await donationRow(donationId)).status).toBe('paid');
    const [receipt] = await receipts('paid@example.test');
    expect(receipt!.body).toContain('Thank you for your donation of $12.50 to Roof appeal.');
    expect(await ownerList()).toContain(donationId);

    // The webhook for the same payment, twice, and the donor's return again: nothing more.
    const succeeded = fake.events.findLast((e) => e.type === 'payment_intent.succeeded')!;
    expect(await fake.deliver(succeeded)).toBe(200);
    expect(await fake.deliver(succeeded)).toBe(200);
    expect((await visitor.get(redirectUrl)).statusCode).toBe(303);
    expect(await receipts('paid@example.test')).toHaveLength(1);
  });

  it('refunds a donation from the editor through Stripe, and counts a refund made in Stripe’s dashboard', async () => {
    const { donationId, intentId, visitor, redirectUrl } = await give('refund@example.test');
    await fake.confirm(intentId, FAKE_CARDS.success);
    await visitor.get(redirectUrl);
    const part = await owner.call('POST', STORE_API.refundDonation(donationId), { amount: '2.50' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ refundedCents: 250 });
    expect(fake.refunds.at(-1)).toMatchObject({ payment_intent: intentId, amount: 250 });
    // The owner then gives back more in the dashboard: Stripe's total wins, never beyond the gift.
    const dashboard = await fake.dashboardRefund(intentId, 500);
    expect(await fake.deliver(dashboard)).toBe(200);
    expect((await donationRow(donationId)).refundedCents).toBe(750);
    const rest = await owner.call('POST', STORE_API.refundDonation(donationId), { amount: '6' });
    expect(rest.statusCode).toBe(400);
    expect(rest.json().error.message).toBe('You can refund at most $5.00 of this donation.');
  });

  it('waits on 204 while 3-D Secure is open, and the webhook settles it once however often it comes', async () => {
    const { visitor, donationId, redirectUrl, intentId } = await give('secure@example.test');
    expect((await fake.confirm(intentId, FAKE_CARDS.threeDSecure)).status).toBe('requires_action');
    const back = await visitor.get(redirectUrl);
    const waiting = await visitor.get(back.headers.location as string);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.body).toContain('is waiting for your bank to confirm the payment');
    expect(waiting.body).not.toContain('has been received');

    await fake.authenticate(intentId);
    const succeeded = fake.events.findLast((e) => e.type === 'payment_intent.succeeded')!;
    expect(await Promise.all([fake.deliver(succeeded), fake.deliver(succeeded)])).toEqual([200, 200]);
    expect((await donationRow(donationId)).status).toBe('paid');
    expect(await receipts('secure@example.test')).toHaveLength(1);
    expect(
      await database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, succeeded.id)),
    ).toHaveLength(1);
    expect((await visitor.get(back.headers.location as string)).body).toContain('has been received');
  });

  it('keeps a declined donation pending with the bank’s reason, out of the owner’s list, with no receipt', async () => {
    const { visitor, donationId, redirectUrl, intentId } = await give('declined@example.test');
    await expect(fake.confirm(intentId, FAKE_CARDS.declined)).rejects.toThrow('Your card was declined.');
    const failed = fake.events.findLast((e) => e.type === 'payment_intent.payment_failed')!;
    expect(await fake.deliver(failed)).toBe(200);
    expect(await donationRow(donationId)).toMatchObject({
      status: 'pending',
      paymentError: 'Your card was declined.',
    });
    const page = await visitor.get((await visitor.get(redirectUrl)).headers.location as string);
    expect(page.body).toContain('<h1 id="donate-title">Your donation did not go through</h1>');
    expect(page.body).toContain('was refused: Your card was declined. Nothing has been charged.');
    expect(page.body).toContain('href="/commerce/donate?block=give-roof&amp;amount=1250"');
    expect(page.body).not.toContain('This was a test donation');
    expect(await receipts('declined@example.test')).toHaveLength(0);
    expect(await ownerList()).not.toContain(donationId);
  });

  it('refuses a webhook not signed with the signing secret, and a signed one for another amount settles nothing', async () => {
    const { donationId, intentId } = await give('forged@example.test');
    await fake.confirm(intentId, FAKE_CARDS.success);
    const succeeded = fake.events.findLast((e) => e.type === 'payment_intent.succeeded')!;
    expect(await fake.deliver(succeeded, 'whsec_someoneelse123')).toBe(400);
    expect((await donationRow(donationId)).status).toBe('pending');
    const otherAmount = structuredClone(succeeded);
    otherAmount.id = `${succeeded.id}_other`;
    (otherAmount.data.object as Stripe.PaymentIntent).amount = 50;
    expect(await fake.deliver(otherAmount)).toBe(200);
    expect((await donationRow(donationId)).status).toBe('pending');
    expect(await receipts('forged@example.test')).toHaveLength(0);
    // The real event still settles it.
    expect(await fake.deliver(succeeded)).toBe(200);
    expect((await donationRow(donationId)).status).toBe('paid');
  });

  it('answers hostile returns and amounts under Stripe’s minimum with a 4xx, never a 5xx', async () => {
    const visitor = new Shopper(app);
    const tiny = await visitor.post(DONATIONS_API, {
      blockId: 'give-any',
      amount: '0.20',
      name: 'Ada',
      email: 'tiny@example.test',
      payment: { provider: 'stripe' },
    });
    expect(tiny.statusCode).toBe(402);
    expect(tiny.json().error.fieldErrors.amount).toBe('Amount must be at least $0.50 usd');
    const { donationId } = await give('hostile@example.test');
    for (const url of [
      `${DONATIONS_API}/${donationId}/return?token=forged`,
      `${DONATIONS_API}/${donationId}/return`,
      `${DONATIONS_API}/${'x'.repeat(5000)}/return?token=t`,
      `${DONATIONS_API}/%00/return?token=%00`,
      `${DONATIONS_API}/${donationId}/return?token=${'%F0%9F'.repeat(10)}`,
    ]) {
      const res = await visitor.get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const extra = await visitor.post(DONATIONS_API, {
      blockId: 'give-roof',
      amount: '10',
      name: 'Ada',
      email: 'extra@example.test',
      payment: { provider: 'stripe', clientSecret: { $gt: '' }, amount: 1 },
    });
    // The provider's fields cannot choose the amount: the block's rules and the typed amount do.
    expect(extra.statusCode).toBe(200);
    expect(extra.json().payment.amountCents).toBe(1000);
  });
});
