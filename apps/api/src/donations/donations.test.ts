import { messages as commerceMessages } from '@site/commerce-core';
import { STORE_API } from '@site/commerce-core/admin';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { donations, orders, outgoingEmails, pages, websites } from '../db/schema';
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
  it('pages the owner’s list 50 at a time, newest first, without a gap or a repeat, and the CSV holds every one', async () => {
    const { db } = site.database;
    await db.delete(donations).where(eq(donations.websiteId, DEMO_WEBSITE_ID));
    await db.insert(websites).values({ id: 'other-site', title: 'Other' }).onConflictDoNothing();
    // 120 paid donations whose instants come in threes (so pages cut through a shared instant) and
    // differ below the millisecond, which a JS Date would round away; pending ones and another
    // site's never show.
    const insert = (select: ReturnType<typeof sql>) =>
      db.execute(sql`
        insert into donations (id, website_id, block_id, donor_name, email, amount_cents, currency,
                               payment_provider, payment_reference, status, access_token, created_at)
        ${select}`);
    await insert(sql`
      select 'pg-' || lpad(i::text, 3, '0'), ${DEMO_WEBSITE_ID}, 'give-roof', 'Donor ' || i,
             'd' || i || '@example.test', 100 * i, 'USD', 'test', 'ref-' || i, 'paid', 'tok-' || i,
             timestamptz '2026-11-01 12:00:00' + (i / 3) * interval '1 microsecond'
      from generate_series(1, 120) i`);
    await insert(sql`
      select 'pending-' || i, ${DEMO_WEBSITE_ID}, 'give-roof', 'Pending ' || i, 'p@example.test', 500,
             'USD', 'stripe', 'pi-' || i, 'pending', 'tok-p' || i,
             timestamptz '2026-11-01 12:00:00' + i * interval '1 second'
      from generate_series(1, 5) i`);
    await insert(sql`
      select 'elsewhere-' || i, 'other-site', 'give', 'Elsewhere ' || i, 'e@example.test', 500,
             'USD', 'test', 'ref-e' || i, 'paid', 'tok-e' || i,
             timestamptz '2026-11-01 12:00:00' + i * interval '1 second'
      from generate_series(1, 60) i`);
    const expected = Array.from({ length: 120 }, (_, i) => 120 - i)
      .sort((a, b) => Math.floor(b / 3) - Math.floor(a / 3) || (b > a ? 1 : -1))
      .map((i) => `pg-${String(i).padStart(3, '0')}`);

    const sizes: number[] = [];
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const res = await site.owner.call('GET', `${STORE_API.donations}${query}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { donations: { id: string }[]; nextCursor: string | null };
      sizes.push(page.donations.length);
      seen.push(...page.donations.map((d) => d.id));
      cursor = page.nextCursor;
    } while (cursor && sizes.length < 10);
    expect(sizes).toEqual([50, 50, 20]);
    expect(seen).toEqual(expected);

    // A forged, garbled or foreign cursor is the client's mistake: 400 with a clear message.
    const forged = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
    for (const bad of [
      'garbage',
      '%%%',
      forged(['not a date', 'pg-001']),
      forged(['2026-11-01T12:00:00.000001Z']),
      forged({ a: 1 }),
      forged([false, '2026-11-01', 'x']),
      forged(['2026-11-01T12:00:00Z', '']),
    ]) {
      const res = await site.owner.call('GET', `${STORE_API.donations}?cursor=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.message, bad).toBe(
        'That page cursor is not valid; start again from the first page.',
      );
    }
    expect(
      (await site.owner.call('GET', `${STORE_API.donations}?cursor=${'x'.repeat(501)}`)).statusCode,
    ).toBe(400);
    expect((await site.owner.call('GET', `${STORE_API.donations}?limit=1000`)).statusCode).toBe(400);

    // The CSV: every paid donation of this site, newest first, and nothing else.
    const csv = await site.owner.call('GET', STORE_API.donationsCsv);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\n').filter(Boolean);
    expect(lines).toHaveLength(121);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(
      expected.map((id) => `D-${id.slice(0, 8).toUpperCase()}`),
    );
    expect(csv.body).not.toMatch(/Pending|Elsewhere/);
  });
});
