import { type DonationRow } from '@site/commerce-core';
import { paymentMessages, STORE_API } from '@site/commerce-core/admin';
import { ACTIVITY_API, describeActivity, type ActivityEntry } from '@site/page-content';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { donations, pages } from '../db/schema';
import { DEMO_WEBSITE_ID } from '../seed/demo-site';
import { DONATIONS_API } from '../donations/routes';
import { Shopper, TEST_CARD } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';

const targets = await databaseTargets();

const giveDocument = {
  sections: [
    {
      id: 'refund-section',
      blocks: [{ id: 'give-refunds', type: 'donation', settings: { amounts: [{ amount: '25' }] } }],
    },
  ],
};

describe.each(targets)('refunding a donation from the editor on $name', (target) => {
  const site = demoSiteSuite(target);

  const give = async (amount = '25.00', name = 'Grace Hopper') => {
    await site.database.db
      .insert(pages)
      .values({
        id: 'give-refunds',
        websiteId: DEMO_WEBSITE_ID,
        path: '/give-refunds',
        title: 'Give',
        pageType: 2,
        templateName: 'page',
        status: 'published',
        publishedDocument: giveDocument as never,
      })
      .onConflictDoNothing();
    const res = await new Shopper(site.app).post(DONATIONS_API, {
      blockId: 'give-refunds',
      amount,
      name,
      email: 'grace@example.test',
      payment: TEST_CARD,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { donationId: string }).donationId;
  };
  const refund = (id: string, amount: unknown, client = site.owner) =>
    client.call('POST', STORE_API.refundDonation(id), { amount });
  const listed = async (id: string) =>
    ((await site.owner.call('GET', STORE_API.donations)).json().donations as DonationRow[]).find(
      (d) => d.id === id,
    );

  it('gives back part, then the rest, shows it on the list, the CSV and the activity log, then refuses more', async () => {
    const id = await give('25.00');
    const part = await refund(id, '5');
    expect(part.statusCode).toBe(200);
    expect(part.json()).toMatchObject({ id, amountCents: 2500, refundedCents: 500 });
    expect(await listed(id)).toMatchObject({ refundedCents: 500 });

    const tooMuch = await refund(id, '20.01');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toBe('You can refund at most $20.00 of this donation.');
    expect(tooMuch.json().error.issues[0].path).toEqual(['amount']);

    expect((await refund(id, '$20.00')).json()).toMatchObject({ refundedCents: 2500 });
    const none = await refund(id, '0.01');
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(paymentMessages.donationRefunded);

    const csv = (await site.owner.call('GET', STORE_API.donationsCsv)).body.split('\n');
    expect(csv[0]).toBe('Reference,Date,Donor,Email,Amount,Refunded,Currency,Fund,Test');
    expect(csv.find((line) => line.startsWith(`D-${id.slice(0, 8).toUpperCase()}`))).toContain(
      ',$25.00,$25.00,USD,',
    );

    const log = await site.owner.call('GET', `${ACTIVITY_API.log}?kind=order-refunded`);
    const described = (log.json().entries as ActivityEntry[]).map(describeActivity);
    const reference = `D-${id.slice(0, 8).toUpperCase()}`;
    expect(described).toContain(`Refunded $20.00 of Grace Hopper’s donation ${reference}`);
    expect(described).toContain(`Refunded $5.00 of Grace Hopper’s donation ${reference}`);
  });

  it.each([
    ['not money', 'a lot', 400, paymentMessages.refundAmountInvalid],
    ['zero', '0', 400, paymentMessages.refundAmountInvalid],
    ['negative', '-5', 400, paymentMessages.refundAmountInvalid],
    ['more decimals than dollars have', '1.001', 400, paymentMessages.refundAmountInvalid],
    ['a number instead of text', 5, 400, undefined],
    ['NUL bytes', '5\u0000', 400, undefined],
    ['a lone surrogate', '5\ud800', 400, undefined],
    ['a huge text', '9'.repeat(10_000), 400, undefined],
  ])('refuses an amount that is %s, and nothing is refunded', async (_, amount, status, message) => {
    const id = await give();
    const res = await refund(id, amount);
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json().error.message).toBe(message);
    expect((await listed(id))?.refundedCents).toBe(0);
  });

  it('answers an unknown or pending donation as not found, and a viewer or a visitor cannot refund', async () => {
    expect((await refund('no-such-donation', '1')).statusCode).toBe(404);
    const id = await give();
    await site.database.db.update(donations).set({ status: 'pending' }).where(eq(donations.id, id));
    expect((await refund(id, '1')).statusCode).toBe(404);
    await site.database.db.update(donations).set({ status: 'paid' }).where(eq(donations.id, id));

    expect((await refund(id, '1', site.viewer)).statusCode).toBe(403);
    const visitor = new Shopper(site.app);
    expect((await visitor.post(STORE_API.refundDonation(id), { amount: '1' })).statusCode).toBe(401);
    expect((await listed(id))?.refundedCents).toBe(0);
  });

  it('never gives back more than was given when refunds race', async () => {
    const id = await give('25.00');
    const results = await Promise.all(Array.from({ length: 6 }, () => refund(id, '10')));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(2);
    for (const r of results.filter((r) => r.statusCode !== 200))
      expect(r.json().error.message).toBe('You can refund at most $5.00 of this donation.');
    expect((await listed(id))?.refundedCents).toBe(2000);
  });

  it('keeps nothing when the processor refuses the refund', async () => {
    const id = await give();
    // A reference the test processor does not know stands for a charge it cannot refund.
    await site.database.db
      .update(donations)
      .set({ paymentReference: 'unknown-charge' })
      .where(eq(donations.id, id));
    const res = await refund(id, '5');
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe('The payment provider refused the refund: unknown charge');
    expect((await listed(id))?.refundedCents).toBe(0);
  });
});
