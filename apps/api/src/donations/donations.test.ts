import { messages as commerceMessages } from '@site/commerce-core';
import { STORE_API } from '@site/commerce-core/admin';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { donations, orders, outgoingEmails, pages } from '../db/schema';
import { DEMO_WEBSITE_ID } from '../seed/demo-site';
import { Shopper, TEST_CARD } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { DONATIONS_API } from './routes';

const targets = await databaseTargets();

const block = (id: string, settings: Record<string, unknown>) => ({ id, type: 'donation', settings });
const giveDocument = {
  sections: [
    {
      id: 'give-section',
      blocks: [
        block('give-roof', {
          title: 'Help us fix the roof',
          amounts: [{ amount: '10' }, { amount: '25' }, { amount: '3' }],
          minimum: '5',
          fund: 'Roof appeal',
        }),
        block('give-fixed', { amounts: [{ amount: '20' }], allowCustom: false }),
      ],
    },
  ],
};

describe.each(targets)('donations (page types 203 and 204) on $name', (target) => {
  const site = demoSiteSuite(target);
  const publish = async (id: string, status = 'published', document: unknown = giveDocument) => {
    await site.database.db
      .insert(pages)
      .values({
        id,
        websiteId: DEMO_WEBSITE_ID,
        path: `/${id}`,
        title: 'Give',
        pageType: 2,
        templateName: 'page',
        status: status as 'published',
        publishedDocument: document as never,
      })
      .onConflictDoNothing();
  };
  const donate = (visitor: Shopper, body: Record<string, unknown>) =>
    visitor.post(DONATIONS_API, {
      blockId: 'give-roof',
      amount: '25',
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      payment: TEST_CARD,
      ...body,
    });

  it('shows the donate page with the block’s amounts, then confirms a paid custom amount on 204 with its receipt', async () => {
    await publish('give');
    const visitor = new Shopper(site.app);
    const page = await visitor.get('/commerce/donate?block=give-roof&amount=2500');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<body class="page-type-203">');
    expect(page.body).toContain('<p class="donate-page__fund">Roof appeal</p>');
    expect(page.body).toContain('<h1 id="donate-title">Help us fix the roof</h1>');
    expect(page.body).toContain('value="25.00" checked><span>$25.00</span>');
    expect(page.body).toContain('At least $5.00.');
    expect(page.body).toContain('data-donate-form data-block-id="give-roof"');

    const ordersBefore = await site.database.db.select().from(orders);
    const paid = await donate(visitor, { amount: '$42.50' });
    expect(paid.statusCode).toBe(200);
    const { donationId, redirectUrl } = paid.json() as { donationId: string; redirectUrl: string };
    expect(redirectUrl).toMatch(/^\/commerce\/donate\/confirmed\?donation=[\w-]+&token=[\w-]+$/);

    const confirmed = await visitor.get(redirectUrl);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('<body class="page-type-204">');
    expect(confirmed.body).toContain('<h1 id="donate-title">Thank you, Ada Lovelace</h1>');
    expect(confirmed.body).toContain(
      'Your donation of <strong class="donate-page__amount">$42.50</strong> to Roof appeal has been received.',
    );
    expect(confirmed.body).toContain('This was a test donation');
    // Another token opens nothing, and says so like an unknown donation.
    const forged = await visitor.get(redirectUrl.replace(/token=[\w-]+/, 'token=forged'));
    expect(forged.statusCode).toBe(404);
    expect(forged.body).toContain('Donation not found');

    const [row] = await site.database.db.select().from(donations).where(eq(donations.id, donationId));
    expect(row).toMatchObject({ amountCents: 4250, currency: 'USD', fund: 'Roof appeal', testMode: true });
    // Not an order: no order row, no tax, no shipping; the receipt has its own wording.
    expect(await site.database.db.select().from(orders)).toHaveLength(ordersBefore.length);
    const [receipt] = await site.database.db
      .select()
      .from(outgoingEmails)
      .where(and(eq(outgoingEmails.kind, 'donation-receipt'), eq(outgoingEmails.to, 'ada@example.test')));
    expect(receipt!.subject).toMatch(/^Thank you for your donation to /);
    expect(receipt!.body).toContain('Thank you for your donation of $42.50 to Roof appeal.');
    expect(receipt!.body).not.toMatch(/tax:|shipping:/i);
  });

  it.each([
    ['below the minimum', { amount: '4.99' }, 'amount', 'The smallest donation is $5.00.'],
    ['not a number', { amount: 'lots' }, 'amount', 'Type the amount as a number, like 8.50.'],
    ['no amount', { amount: '' }, 'amount', commerceMessages.donationAmountMissing],
    ['a missing email', { email: '' }, 'email', commerceMessages.donationEmailMissing],
    ['an email that is not one', { email: 'ada@' }, 'email', commerceMessages.donationEmailInvalid],
    ['a missing name', { name: '   ' }, 'name', commerceMessages.donationNameMissing],
    [
      'a custom amount the block does not take',
      { blockId: 'give-fixed', amount: '12' },
      'amount',
      commerceMessages.donationCustomOff,
    ],
    [
      'a declined card',
      { payment: { ...TEST_CARD, cardNumber: '4000000000000002' } },
      'cardNumber',
      'Your card was declined.',
    ],
  ])('refuses %s with a message beside its field', async (_, body, field, message) => {
    await publish('give');
    const res = await donate(new Shopper(site.app), body);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.message).toBe(message);
    expect(res.json().error.fieldErrors[field]).toBe(message);
  });

  it('takes a suggested amount under the minimum: the owner chose it', async () => {
    await publish('give');
    expect((await donate(new Shopper(site.app), { amount: '3.00' })).statusCode).toBe(200);
  });

  it.each([
    ['NUL bytes', { name: 'Ada\u0000' }],
    ['a lone surrogate', { name: 'Ada \ud800' }],
    ['a number for the amount', { amount: 25 }],
    ['an unknown field', { discountCode: 'FREE' }],
    ['a huge amount text', { amount: '9'.repeat(5000) }],
    ['an array body', null],
  ])('answers hostile input (%s) with a 4xx, never a 5xx', async (_, body) => {
    await publish('give');
    const visitor = new Shopper(site.app);
    const res = body === null ? await visitor.post(DONATIONS_API, [1, 2]) : await donate(visitor, body);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('refuses a donation without the crumb, and blocks that are not on a public page', async () => {
    await publish('give');
    const res = await site.app.inject({
      method: 'POST',
      url: DONATIONS_API,
      payload: { blockId: 'give-roof' },
    });
    expect(res.statusCode).toBe(403);
    await publish('give-draft', 'draft', { sections: [{ id: 's', blocks: [block('draft-block', {})] }] });
    const visitor = new Shopper(site.app);
    expect((await donate(visitor, { blockId: 'draft-block' })).statusCode).toBe(404);
    expect((await donate(visitor, { blockId: 'no-such-block' })).json().error.message).toBe(
      commerceMessages.donationUnavailable,
    );
    const page = await visitor.get('/commerce/donate?block=draft-block');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain(commerceMessages.donationUnavailable);
  });

  it('lists donations to the owner, newest first, and as a CSV; a visitor gets neither', async () => {
    await publish('give');
    await donate(new Shopper(site.app), {
      name: '=HYPERLINK("x")',
      amount: '10',
      email: 'first@example.test',
    });
    const list = await site.owner.call('GET', STORE_API.donations);
    expect(list.statusCode).toBe(200);
    const [newest] = list.json().donations as { donorName: string; amountCents: number; fund: string }[];
    expect(newest).toMatchObject({ donorName: '=HYPERLINK("x")', amountCents: 1000, fund: 'Roof appeal' });
    const csv = await site.owner.call('GET', STORE_API.donationsCsv);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('Reference,Date,Donor,Email,Amount,Refunded,Currency,Fund,Test');
    // A name that looks like a formula is written as text.
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")",first@example.test,$10.00,,USD,Roof appeal,yes`);
    expect((await new Shopper(site.app).get(STORE_API.donations)).statusCode).toBe(401);
  });
});
