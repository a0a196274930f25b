import { dayInZone, fillMessage, messages, type DiscountDraft } from '@site/commerce-core';
import { adminMessages, STORE_API } from '@site/commerce-core/admin';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADDRESS, Shopper, TEST_CARD } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { Member } from '../../test/member';
import { DEMO_VIEWER } from '../seed/demo-site';
import { discountRedemptions, discounts, orders, variants } from '../db/schema';

const targets = await databaseTargets();
const today = dayInZone(new Date(), 'America/New_York');
const shift = (days: number) => {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const draft = (over: Partial<DiscountDraft> = {}): DiscountDraft => ({
  name: '20 % off',
  code: 'TWENTY',
  effect: { type: 'percentage', basisPoints: 2000 },
  scope: { type: 'all' },
  minimum: { type: 'none' },
  startsOn: null,
  endsOn: null,
  usageLimit: null,
  perCustomerLimit: null,
  combinable: false,
  ...over,
});

describe.each(targets)('discounts on $name', (target) => {
  const demo = demoSiteSuite(target);
  const create = async (over: Partial<DiscountDraft> = {}) => {
    const res = await demo.owner.call('POST', STORE_API.discounts, draft(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; code: string | null };
  };
  /** A shopper with a $16 coffee bag × `bags` in the cart. */
  const shopperWith = async (bags: number) => {
    const shopper = new Shopper(demo.app);
    expect((await shopper.addToCart('prod-coffee', 'COFFEE-250', bags)).statusCode).toBe(200);
    return shopper;
  };
  const checkout = (shopper: Shopper, email = 'buyer@example.com') =>
    shopper.post('/api/commerce/checkout', { email, shippingAddress: ADDRESS, payment: TEST_CARD });

  it('keeps the seed coupon: WELCOME10 is a discount row now', async () => {
    const shopper = await shopperWith(2);
    const res = await shopper.post('/api/commerce/shopping-cart/coupons', { code: 'welcome10' });
    expect(res.json().shoppingCart).toMatchObject({
      discountCents: 320,
      validCoupons: ['WELCOME10'],
      discounts: [{ name: 'Welcome 10 % off', code: 'WELCOME10', amountCents: 320 }],
    });
  });

  it.each<[string, Partial<DiscountDraft>, number, string, Record<string, string | number>]>([
    ['expired', { endsOn: shift(-1) }, 1, messages.discountExpired, {}],
    ['not yet valid', { startsOn: shift(2) }, 1, messages.discountNotYetValid, {}],
    [
      'minimum not met',
      { minimum: { type: 'subtotal', amountCents: 5000 } },
      3,
      messages.discountMinimumSubtotal,
      { amount: '$50.00' },
    ],
    [
      'not for these items',
      { scope: { type: 'categories', categories: ['Bags'] } },
      1,
      messages.discountNotApplicable,
      {},
    ],
  ])(
    'answers a code %s with its message and keeps it out of the cart',
    async (name, over, bags, template, values) => {
      const code = `M${name.replace(/\W/g, '').toUpperCase()}`;
      await create({ code, ...over });
      const shopper = await shopperWith(bags);
      const res = await shopper.post('/api/commerce/shopping-cart/coupons', { code });
      expect(res.statusCode).toBe(400);
      const message = res.json().error.message as string;
      if (name === 'not yet valid')
        expect(message).toMatch(new RegExp(`^The code "${code}" can be used from \\w+ \\d+, \\d{4}\\.$`));
      else expect(message).toBe(fillMessage(template, { code, ...values }));
      expect((await shopper.get('/api/commerce/shopping-cart')).json().coupons).toEqual([]);
    },
  );

  it('answers an unknown code as before', async () => {
    const shopper = await shopperWith(1);
    const res = await shopper.post('/api/commerce/shopping-cart/coupons', { code: 'NOPE' });
    expect(res.json().error).toMatchObject({
      code: 'COUPON_INVALID',
      message: 'The code "NOPE" is not valid for this order',
    });
  });

  it('lists uses and revenue per code, and an archived code keeps them but stops applying', async () => {
    const { id } = await create({
      name: 'Five off',
      code: 'FIVEOFF',
      effect: { type: 'fixed-amount', amountCents: 500 },
    });
    const shopper = await shopperWith(2);
    expect((await shopper.post('/api/commerce/shopping-cart/coupons', { code: 'fiveoff' })).statusCode).toBe(
      200,
    );
    const placed = await checkout(shopper);
    expect(placed.statusCode, placed.body).toBe(200);
    const [order] = await demo.database.db.select().from(orders).where(eq(orders.id, placed.json().order.id));
    expect(order!.discountCents).toBe(500);

    const listed = async () =>
      ((await demo.owner.call('GET', STORE_API.discounts)).json().discounts as { id: string }[]).find(
        (d) => d.id === id,
      );
    expect(await listed()).toMatchObject({
      usedCount: 1,
      revenueCents: order!.grandTotalCents,
      archived: false,
    });

    const archived = await demo.owner.call('POST', STORE_API.archiveDiscount(id));
    expect(archived.json()).toMatchObject({
      archived: true,
      usedCount: 1,
      revenueCents: order!.grandTotalCents,
    });
    expect(await listed()).toMatchObject({ archived: true, usedCount: 1 });
    const later = await shopperWith(2);
    const refused = await later.post('/api/commerce/shopping-cart/coupons', { code: 'FIVEOFF' });
    expect(refused.json().error.message).toBe(fillMessage(messages.discountExpired, { code: 'FIVEOFF' }));
    const edit = await demo.owner.call('PUT', STORE_API.discount(id), draft({ code: 'FIVEOFF' }));
    expect(edit.json().error).toMatchObject({
      code: 'DISCOUNT_ARCHIVED',
      message: adminMessages.discountArchived,
    });
    // Its code stays taken, so the history never names two discounts.
    const again = await demo.owner.call('POST', STORE_API.discounts, draft({ code: 'fiveOFF' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.issues[0]).toMatchObject({ path: ['code'] });
  });

  it('edits a discount, and an edit is what the next cart sees', async () => {
    const { id } = await create({ code: 'EDITME' });
    const res = await demo.owner.call(
      'PUT',
      STORE_API.discount(id),
      draft({ code: 'EDITME', effect: { type: 'percentage', basisPoints: 5000 } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const shopper = await shopperWith(1);
    const applied = await shopper.post('/api/commerce/shopping-cart/coupons', { code: 'EDITME' });
    expect(applied.json().shoppingCart.discountCents).toBe(800);
    expect((await demo.owner.call('PUT', STORE_API.discount('nope'), draft({ code: 'X1' }))).statusCode).toBe(
      404,
    );
  });

  it('applies an automatic free shipping over $50 by name, and counts it', async () => {
    const { id } = await create({
      name: 'Free shipping over $50',
      code: null,
      effect: { type: 'free-shipping' },
      minimum: { type: 'subtotal', amountCents: 5000 },
    });
    const small = await shopperWith(3);
    const smallCart = (await small.get('/api/commerce/shopping-cart')).json();
    expect(smallCart.shippingCostCents).toBeGreaterThan(0);
    expect(smallCart.discounts).toEqual([]);
    const big = await shopperWith(4);
    const bigCart = (await big.get('/api/commerce/shopping-cart')).json();
    expect(bigCart.shippingCostCents).toBe(0);
    expect(bigCart.discounts).toEqual([
      {
        id,
        name: 'Free shipping over $50',
        code: null,
        amountCents: bigCart.selectedShippingOption.costCents,
        freeShipping: true,
      },
    ]);
    const placed = await checkout(big);
    expect(placed.statusCode, placed.body).toBe(200);
    const [order] = await demo.database.db.select().from(orders).where(eq(orders.id, placed.json().order.id));
    expect(order!.shippingCents).toBe(0);
    await demo.owner.call('POST', STORE_API.archiveDiscount(id));
  });

  it('holds a per-customer limit by email, whatever its case', async () => {
    await create({ code: 'ONCE', perCustomerLimit: 1 });
    const first = await shopperWith(1);
    await first.post('/api/commerce/shopping-cart/coupons', { code: 'ONCE' });
    expect((await checkout(first, 'once@example.com')).statusCode).toBe(200);
    const second = await shopperWith(1);
    await second.post('/api/commerce/shopping-cart/coupons', { code: 'ONCE' });
    const refused = await checkout(second, 'ONCE@example.com');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(fillMessage(messages.discountUsedByCustomer, { code: 'ONCE' }));
    expect((await checkout(second, 'other@example.com')).statusCode).toBe(200);
  });

  it('counts a signed-in member as one customer whatever email they type', async () => {
    await create({ code: 'MEMBERONCE', perCustomerLimit: 1 });
    const member = new Member(demo.app);
    expect((await member.signIn(DEMO_VIEWER)).statusCode).toBe(200);
    const buy = async (email: string) => {
      expect((await member.addToCart('prod-coffee', 'COFFEE-250', 1)).statusCode).toBe(200);
      await member.post('/api/commerce/shopping-cart/coupons', { code: 'MEMBERONCE' });
      return checkout(member, email);
    };
    expect((await buy('first@example.com')).statusCode).toBe(200);
    const refused = await buy('second@example.com');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      fillMessage(messages.discountUsedByCustomer, { code: 'MEMBERONCE' }),
    );
  });

  it.each<[string, unknown]>([
    ['a code with a NUL byte', draft({ code: 'A\u0000B' })],
    ['a name with a lone surrogate', { ...draft(), name: 'Sale \ud800' }],
    ['a percentage as text', { ...draft(), effect: { type: 'percentage', basisPoints: '20' } }],
    ['an unknown effect', { ...draft(), effect: { type: 'everything-free' } }],
    ['an end before the start', draft({ startsOn: '2026-06-10', endsOn: '2026-06-01' })],
    ['a negative amount', { ...draft(), effect: { type: 'fixed-amount', amountCents: -500 } }],
    ['nothing', null],
  ])('refuses %s with a 400', async (_, body) => {
    const res = await demo.owner.call('POST', STORE_API.discounts, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toEqual(expect.any(String));
  });

  it('lets a viewer read the list but not write', async () => {
    expect((await demo.viewer.call('GET', STORE_API.discounts)).statusCode).toBe(200);
    expect((await demo.viewer.call('POST', STORE_API.discounts, draft({ code: 'VIEWER' }))).statusCode).toBe(
      403,
    );
  });

  it.runIf(target.name === 'postgres')(
    'gives exactly 5 discounted orders when 50 shoppers check out at once on a code limited to 5 uses',
    async () => {
      const { id } = await create({ code: 'FIVEUSES', usageLimit: 5 });
      // Fifty variants, one per shopper, so no stock row lines the checkouts up: only the
      // discount's own guard can keep the limit.
      const db = demo.database.db;
      await db.insert(variants).values(
        Array.from({ length: 50 }, (_, i) => ({
          id: `coffee-race-${i}`,
          productId: 'prod-coffee',
          sku: `RACE-${i}`,
          priceCents: 1600,
          qtyInStock: 10,
        })),
      );
      const shoppers = await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const shopper = new Shopper(demo.app);
          expect((await shopper.addToCart('prod-coffee', `RACE-${i}`, 1)).statusCode).toBe(200);
          expect(
            (await shopper.post('/api/commerce/shopping-cart/coupons', { code: 'FIVEUSES' })).statusCode,
          ).toBe(200);
          return shopper;
        }),
      );
      const results = await Promise.all(shoppers.map((s, i) => checkout(s, `racer${i}@example.com`)));
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 409)).toHaveLength(45);
      for (const r of results.filter((r) => r.statusCode === 409))
        expect(r.json().error.message).toBe(fillMessage(messages.discountUsedUp, { code: 'FIVEUSES' }));
      const [row] = await db.select().from(discounts).where(eq(discounts.id, id));
      expect(row!.usedCount).toBe(5);
      const uses = await db.select().from(discountRedemptions).where(eq(discountRedemptions.discountId, id));
      expect(uses).toHaveLength(5);
      // The ones turned away were charged nothing and hold no order.
      const placed = await db.select().from(orders).where(eq(orders.discountCents, 320));
      expect(placed.filter((o) => o.email.startsWith('racer'))).toHaveLength(5);
    },
    60_000,
  );
});
