import {
  MEMBER_AREAS_API,
  memberAreaMessages,
  purchaseGrantsAccess,
  RENEWAL_GRACE_MS,
  type AreaMemberPage,
  type AreaMemberState,
  type MemberArea,
} from '@site/page-content';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestPaymentProvider, TEST_CARDS } from '../commerce/payments';
import { RENEWAL_RETRY_LIMIT, renewSubscription } from '../commerce/renewals';
import { memberAreaMembers, orders, products, variants } from '../db/schema';
import { createMember } from '../security/members';
import { DEMO_WEBSITE_ID } from '../seed/demo-site';
import { TEST_CARD } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { Member } from '../../test/member';
import { listAreaMembers } from './area-store';

const targets = await databaseTargets();
const AREA = (id: string) => MEMBER_AREAS_API.area.replace(':id', id);
// Words only the About page's published blocks hold: seen in a body, the content leaked.
const CONTENT = 'durable goods';
const PASSWORD = 'quince harbour 19';
const MONTHLY = { billing: 'month', amountMinor: 900 } as const;

describe.each(targets)('paid member areas on $name', (target) => {
  const provider = createTestPaymentProvider();
  const site = demoSiteSuite(target, { paymentProviders: [provider] });
  let area: MemberArea;

  const member = async (email: string) => {
    await createMember(site.database.db, {
      websiteId: DEMO_WEBSITE_ID,
      email,
      password: PASSWORD,
      roles: ['customer'],
    });
    const browser = new Member(site.app);
    expect((await browser.signIn({ email, password: PASSWORD })).statusCode).toBe(200);
    return browser;
  };
  /** The join screen's plain form, as a browser without script posts it. */
  const joinForm = (browser: Member, areaId: string) =>
    browser.request('POST', MEMBER_AREAS_API.join, `areaId=${areaId}&returnTo=/about`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
  /** Joins through the form, then pays at the checkout the form leads to. */
  const buy = async (browser: Member, email: string, cardNumber: string = TEST_CARDS.success) => {
    const form = await joinForm(browser, area.id);
    expect(form.statusCode).toBe(303);
    const location = String(form.headers.location);
    expect(location).toMatch(/^\/checkout\?cartToken=/);
    const cartToken = new URL(location, 'http://site.test').searchParams.get('cartToken');
    return browser.post('/api/commerce/checkout', {
      email,
      payment: { ...TEST_CARD, cardNumber },
      cartToken,
    });
  };
  const orderOf = async (id: string) =>
    (await site.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('lets only owners and admins set a price, refusing hostile prices with a 400 on the price', async () => {
    const input = { name: 'Supper club', description: 'Recipes.', pageIds: ['page-about'], price: MONTHLY };
    expect((await new Member(site.app).post(MEMBER_AREAS_API.list, input)).statusCode).toBe(401);
    expect((await site.viewer.call('POST', MEMBER_AREAS_API.list, input)).statusCode).toBe(403);
    for (const price of [
      { billing: 'month', amountMinor: 0 },
      { billing: 'month', amountMinor: '9.00' },
      { billing: 'year', amountMinor: 1e12 },
      { billing: 'once', amountMinor: { $gt: 0 } },
      'free',
    ]) {
      const res = await site.owner.call('POST', MEMBER_AREAS_API.list, { ...input, price });
      expect(res.statusCode, JSON.stringify(price)).toBe(400);
      expect(res.json().error.issues[0].path[0], res.body).toBe('price');
    }
    // A NUL byte is refused before the form is read, by the server's text guard.
    const nul = await site.owner.call('POST', MEMBER_AREAS_API.list, {
      ...input,
      price: { billing: 'once\u0000', amountMinor: 100 },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.code).toBe('INVALID_TEXT');
    const made = await site.owner.call('POST', MEMBER_AREAS_API.list, input);
    expect(made.statusCode, made.body).toBe(201);
    area = made.json();
    expect(area).toMatchObject({ price: MONTHLY, currency: 'USD', memberCount: 0, payingCount: 0 });
  });

  it('sells the area through a product of the store that the shop does not list', async () => {
    const [product] = await site.database.db
      .select()
      .from(products)
      .where(eq(products.urlId, `member-area-${area.id}`));
    expect(product).toMatchObject({ title: 'Supper club', enabled: false, collectionId: 'page-shop' });
    expect(product!.details).toMatchObject({
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' } },
    });
    const [variant] = await site.database.db
      .select()
      .from(variants)
      .where(eq(variants.productId, product!.id));
    expect(variant!.priceCents).toBe(900);
    expect((await new Member(site.app).get('/shop')).body).not.toContain('Supper club');
    // The store cannot delete it from under the area.
    const gone = await site.owner.call(
      'DELETE',
      `/api/editor/store/products/${product!.id}?version=${product!.version}`,
    );
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error.message).toBe(memberAreaMessages.productSellsArea('Supper club'));
  });

  it('shows the price on the join screen (106): "Join for $9.00 / month"', async () => {
    const visitor = await new Member(site.app).get('/about');
    expect(visitor.statusCode).toBe(403);
    expect(visitor.body).toContain('<p class="member-area-screen__price">$9.00 / month</p>');
    const ann = await member('ann@example.test');
    const screen = await ann.get('/about');
    expect(screen.body).toContain(memberAreaMessages.joinLeadPaid);
    expect(screen.body).toContain('<button class="button" type="submit">Join for $9.00 / month</button>');
  });

  it('refuses to join without paying, and a declined card joins nobody', async () => {
    const bea = await member('bea@example.test');
    const json = await bea.post(MEMBER_AREAS_API.join, { areaId: area.id, returnTo: '/about' });
    expect(json.statusCode).toBe(402);
    expect(json.json().error).toEqual({
      code: 'PAYMENT_REQUIRED',
      message: memberAreaMessages.paymentRequired,
    });
    const declined = await buy(bea, 'bea@example.test', TEST_CARDS.declined);
    expect(declined.statusCode).toBe(402);
    const page = await bea.get('/about');
    expect(page.statusCode).toBe(403);
    expect(page.body).not.toContain(CONTENT);
  });

  it('makes a paying member a member: the page opens, the owner counts them, a second join does not charge again', async () => {
    const cy = await member('cy@example.test');
    expect((await cy.get('/about')).statusCode).toBe(403);
    // The checkout's email is the receipt's: the account that joined is the one that pays.
    const paid = await buy(cy, 'cy.receipts@example.com');
    expect(paid.statusCode, paid.body).toBe(200);
    // The checkout's next page hands over to membership confirmed (208), naming the area.
    const confirmed = await cy.get(paid.json().redirectUrl);
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toMatch(/^\/account\/membership-confirmed\?orderId=/);
    const welcome = await cy.get(String(confirmed.headers.location));
    expect(welcome.statusCode).toBe(200);
    expect(welcome.body).toContain('<body class="page-type-208">');
    expect(welcome.body).toContain(memberAreaMessages.joinedArea('Supper club'));
    expect(welcome.body).toContain('<li><a href="/about">About</a></li>');
    // Someone else who follows the link is not told about the area.
    const other = await member('other@example.test');
    expect((await other.get(String(confirmed.headers.location))).body).not.toContain('Supper club');
    const page = await cy.get('/about');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(CONTENT);
    expect((await cy.post(MEMBER_AREAS_API.join, { areaId: area.id })).statusCode).toBe(204);
    // A paying member's form goes back to the page, not to a second checkout.
    const again = await joinForm(cy, area.id);
    expect(again.headers.location).toBe('/about');
    const listed = (await site.owner.call('GET', MEMBER_AREAS_API.list)).json().areas as MemberArea[];
    expect(listed.find((a) => a.id === area.id)).toMatchObject({ memberCount: 1, payingCount: 1 });
  });

  it('closes the area when a subscription lapses: cancelled at the end of its period, paused after renewals fail', async () => {
    const dee = await member('dee@example.test');
    const paid = await buy(dee, 'dee@example.test');
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await dee.get('/about')).statusCode).toBe(200);
    const id = paid.json().order.id as string;
    const order = await orderOf(id);
    // Cancelled: the month already paid for still opens it; past its end, it is closed.
    await site.database.db
      .update(orders)
      .set({ subscriptionCancelledAt: new Date() })
      .where(eq(orders.id, id));
    expect((await dee.get('/about')).statusCode).toBe(200);
    await site.database.db
      .update(orders)
      .set({ subscriptionNextBillingAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, id));
    expect((await dee.get('/about')).statusCode).toBe(403);
    expect((await dee.post(MEMBER_AREAS_API.join, { areaId: area.id })).statusCode).toBe(402);
    expect(order.subscriptionPlan).not.toBeNull();
  });

  it('closes the area once a renewal keeps being declined (the subscription is paused)', async () => {
    const eve = await member('eve@example.test');
    const paid = await buy(eve, 'eve@example.test', TEST_CARDS.renewalsDecline);
    expect(paid.statusCode, paid.body).toBe(200);
    const id = paid.json().order.id as string;
    const due = (await orderOf(id)).subscriptionNextBillingAt!;
    const providers = new Map([[provider.id, provider]]);
    for (let attempt = 0; attempt < RENEWAL_RETRY_LIMIT; attempt++)
      expect(await renewSubscription(site.database.db, providers, id, due)).toBe('declined');
    // While the renewal is retried the member keeps the area (within the grace).
    await site.database.db
      .update(orders)
      .set({ subscriptionNextBillingAt: new Date(Date.now() - RENEWAL_GRACE_MS / 2) })
      .where(eq(orders.id, id));
    expect((await eve.get('/about')).statusCode).toBe(200);
    expect(await renewSubscription(site.database.db, providers, id, due)).toBe('paused');
    expect((await eve.get('/about')).statusCode).toBe(403);
  });

  it('grants nothing for a payment still pending, and an order refunded in full closes the area', async () => {
    const fay = await member('fay@example.test');
    const paid = await buy(fay, 'fay@example.test');
    const id = paid.json().order.id as string;
    await site.database.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, id));
    expect((await fay.get('/about')).statusCode).toBe(403);
    await site.database.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, id));
    expect((await fay.get('/about')).statusCode).toBe(200);
    const order = await orderOf(id);
    await site.database.db
      .update(orders)
      .set({ refundedCents: order.grandTotalCents })
      .where(eq(orders.id, id));
    expect((await fay.get('/about')).statusCode).toBe(403);
  });

  it('changes the price in place (the same product), and a free area joins without paying', async () => {
    const yearly = await site.owner.call('PUT', AREA(area.id), {
      name: area.name,
      pageIds: area.pageIds,
      price: { billing: 'year', amountMinor: 9000 },
    });
    expect(yearly.statusCode, yearly.body).toBe(200);
    expect(yearly.json().price).toEqual({ billing: 'year', amountMinor: 9000 });
    const made = await site.database.db
      .select()
      .from(products)
      .where(eq(products.urlId, `member-area-${area.id}`));
    expect(made).toHaveLength(1);
    // A change that leaves the price out keeps it.
    const renamed = await site.owner.call('PUT', AREA(area.id), { name: area.name, pageIds: area.pageIds });
    expect(renamed.json().price).toEqual({ billing: 'year', amountMinor: 9000 });
    const free = await site.owner.call('PUT', AREA(area.id), {
      name: area.name,
      pageIds: area.pageIds,
      price: { billing: 'free' },
    });
    expect(free.json().price).toEqual({ billing: 'free' });
    const gus = await member('gus@example.test');
    expect((await gus.post(MEMBER_AREAS_API.join, { areaId: area.id })).statusCode).toBe(204);
    expect((await gus.get('/about')).statusCode).toBe(200);
  });

  const membersOf = async (areaId: string, query = '') => {
    const res = await site.owner.call('GET', `${MEMBER_AREAS_API.members.replace(':id', areaId)}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AreaMemberPage;
  };
  const statesOf = (page: AreaMemberPage) =>
    Object.fromEntries(page.members.map((m) => [m.email, m.state])) as Record<string, AreaMemberState>;

  it('tells the owner who pays, whose payment lapsed and who joined free, and filters by it', async () => {
    const all = statesOf(await membersOf(area.id));
    expect(all).toEqual({
      'cy@example.test': 'paying',
      'dee@example.test': 'lapsed', // cancelled, past the period paid for
      'eve@example.test': 'lapsed', // renewals declined: paused
      'fay@example.test': 'lapsed', // refunded in full
      'gus@example.test': 'free', // joined once the area was free
    });
    for (const state of ['paying', 'lapsed', 'free'] as const) {
      const page = await membersOf(area.id, `?state=${state}`);
      expect(page.members.map((m) => m.email).sort()).toEqual(
        Object.keys(all)
          .filter((email) => all[email] === state)
          .sort(),
      );
    }
    for (const state of ['Paying', 'owed', "paying' or 1=1", '']) {
      const res = await site.owner.call(
        'GET',
        `${MEMBER_AREAS_API.members.replace(':id', area.id)}?state=${encodeURIComponent(state)}`,
      );
      expect(res.statusCode, state).toBe(400);
      expect(res.json().error.issues[0].message).toBe(memberAreaMessages.badMemberState);
    }
  });

  it('keeps a member who joined before the area had a price as free', async () => {
    const made = await site.owner.call('POST', MEMBER_AREAS_API.list, {
      name: 'Early birds',
      pageIds: ['page-about'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const early = made.json() as MemberArea;
    const hal = await member('hal@example.test');
    expect((await hal.post(MEMBER_AREAS_API.join, { areaId: early.id })).statusCode).toBe(204);
    const priced = await site.owner.call('PUT', AREA(early.id), {
      name: early.name,
      pageIds: early.pageIds,
      price: MONTHLY,
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(statesOf(await membersOf(early.id))).toEqual({ 'hal@example.test': 'free' });
    expect((await membersOf(early.id, '?state=paying')).members).toEqual([]);
    expect((await site.owner.call('DELETE', AREA(early.id))).statusCode).toBe(204);
  });

  it('decides paying or lapsed exactly as purchaseGrantsAccess does, in the list and in its filter', async () => {
    const [cy] = (await membersOf(area.id, '?state=paying')).members;
    const [row] = await site.database.db
      .select({ orderId: memberAreaMembers.orderId })
      .from(memberAreaMembers)
      .where(eq(memberAreaMembers.memberId, cy!.memberId));
    const id = row!.orderId!;
    const original = await orderOf(id);
    const now = new Date('2030-01-15T12:00:00Z');
    const at = (ms: number) => new Date(now.getTime() + ms);
    const hour = 60 * 60 * 1000;
    const base = {
      status: 'paid',
      cancelledAt: null,
      refundedCents: 0,
      subscriptionPlan: original.subscriptionPlan,
      subscriptionNextBillingAt: at(7 * 24 * hour),
      subscriptionCancelledAt: null,
      subscriptionPausedAt: null,
    };
    const cases: Record<string, Partial<typeof original>> = {
      'renews next week': {},
      'renewal due an hour ago, retried in the grace': { subscriptionNextBillingAt: at(-hour) },
      'renewal due past the grace': { subscriptionNextBillingAt: at(-RENEWAL_GRACE_MS - hour) },
      'cancelled, period not over': { subscriptionCancelledAt: at(-hour) },
      'cancelled, period over an hour ago': {
        subscriptionCancelledAt: at(-48 * hour),
        subscriptionNextBillingAt: at(-hour),
      },
      paused: { subscriptionPausedAt: at(-hour) },
      'payment pending': { status: 'pending' },
      'order cancelled': { cancelledAt: at(-hour) },
      'refunded in full': { refundedCents: original.grandTotalCents },
      'refunded in part': { refundedCents: 1 },
      'no further billing': { subscriptionNextBillingAt: null },
      'one payment, long ago': { subscriptionPlan: null, subscriptionNextBillingAt: at(-400 * 24 * hour) },
    };
    try {
      for (const [name, change] of Object.entries(cases)) {
        await site.database.db
          .update(orders)
          .set({ ...base, ...change })
          .where(eq(orders.id, id));
        const order = await orderOf(id);
        const expected: AreaMemberState = purchaseGrantsAccess(
          {
            status: order.status,
            cancelledAt: order.cancelledAt,
            refundedCents: order.refundedCents,
            grandTotalCents: order.grandTotalCents,
            ...(order.subscriptionPlan && {
              subscription: {
                nextBillingAt: order.subscriptionNextBillingAt,
                cancelledAt: order.subscriptionCancelledAt,
                pausedAt: order.subscriptionPausedAt,
              },
            }),
          },
          now,
        )
          ? 'paying'
          : 'lapsed';
        const listed = await listAreaMembers(
          site.database.db,
          DEMO_WEBSITE_ID,
          area.id,
          undefined,
          undefined,
          now,
        );
        expect(listed.members.find((m) => m.memberId === cy!.memberId)?.state, name).toBe(expected);
        for (const state of ['paying', 'lapsed'] as const) {
          const filtered = await listAreaMembers(
            site.database.db,
            DEMO_WEBSITE_ID,
            area.id,
            undefined,
            state,
            now,
          );
          expect(
            filtered.members.some((m) => m.memberId === cy!.memberId),
            `${name}: ${state}`,
          ).toBe(state === expected);
        }
      }
    } finally {
      const restore = Object.fromEntries(Object.keys(base).map((k) => [k, original[k as keyof typeof base]]));
      await site.database.db.update(orders).set(restore).where(eq(orders.id, id));
    }
  });
});
