import { CartViewSchema } from '@site/commerce-core';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { variants } from '../db/schema';
import { seedDemoSite } from '../seed/demo-site';
import { databaseTargets } from '../../test/databases';
import { ADDRESS, Shopper, TEST_CARD } from '../../test/client';

const targets = await databaseTargets();

describe.each(targets)('commerce API on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let shopper: Shopper;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({ database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(() => {
    shopper = new Shopper(app);
  });

  const setStock = (sku: string, qty: number) =>
    database.db.update(variants).set({ qtyInStock: qty }).where(eq(variants.sku, sku));

  describe('GET /api/commerce/shopping-cart', () => {
    it('answers an empty cart with the spec defaults when the visitor has none', async () => {
      const res = await shopper.get('/api/commerce/shopping-cart');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        entries: [],
        isPurchased: false,
        subtotalCents: 0,
        taxCents: 0,
        shippingCostCents: 0,
        discountCents: 0,
        grandTotalCents: 0,
        totalQuantity: 0,
        hasDigital: false,
        purelyDigital: false,
        requiresShipping: false,
      });
    });
  });

  describe('POST /api/commerce/shopping-cart/entries', () => {
    it('creates a cart, sets the cart cookies and returns shoppingCart and newlyAdded', async () => {
      const res = await shopper.addToCart('prod-canvas-tote', 'TOTE-OLIVE', 2);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.newlyAdded).toMatchObject({
        itemId: 'prod-canvas-tote',
        quantity: 2,
        purchasePriceCents: 8500,
        chosenVariant: { sku: 'TOTE-OLIVE', attributes: { Color: 'Olive' } },
      });
      expect(body.shoppingCart).toMatchObject({
        subtotalCents: 17000,
        totalQuantity: 2,
        requiresShipping: true,
      });
      expect(shopper.cookies.get('hasCart')).toBe('true');
      expect(shopper.cookies.get('SiteCart')).toBeTruthy();
      const again = await shopper.get('/api/commerce/shopping-cart');
      expect(again.json().entries).toHaveLength(1);
      // The answer is the shared contract the storefront reads.
      expect(CartViewSchema.parse(again.json())).toMatchObject({
        totalQuantity: 2,
        checkoutMinimumSubtotalCents: 500,
      });
      expect(CartViewSchema.safeParse(body.shoppingCart).success).toBe(true);
    });

    it('adds the same variant onto one line and prices with the sale price', async () => {
      await shopper.addToCart('prod-field-notebook', 'NOTE-3', 1);
      const res = await shopper.addToCart('prod-field-notebook', 'NOTE-3', 2);
      expect(res.json().shoppingCart.entries).toHaveLength(1);
      expect(res.json().newlyAdded).toMatchObject({ quantity: 3, purchasePriceCents: 1400 });
    });

    it('keeps entries with additional-field answers on their own lines', async () => {
      await shopper.addToCart('prod-field-notebook', 'NOTE-3', 1, { engraving: 'AL' });
      const res = await shopper.addToCart('prod-field-notebook', 'NOTE-3', 1);
      expect(res.json().shoppingCart.entries).toHaveLength(2);
      expect(JSON.parse(res.json().shoppingCart.entries[0].additionalFields)).toEqual({ engraving: 'AL' });
    });

    it.each([
      [
        'an unknown sku',
        { itemId: 'prod-canvas-tote', sku: 'NOPE', quantity: 1 },
        400,
        'VARIANT_UNAVAILABLE',
        'Sorry, that item variant is unavailable. Please select another variant.',
      ],
      [
        'an unknown product',
        { itemId: 'nope', sku: 'X', quantity: 1 },
        404,
        'ITEM_NOT_FOUND',
        'Sorry, that item variant is unavailable. Please select another variant.',
      ],
      [
        'a gift card without denomination',
        { itemId: 'prod-gift-card', sku: '', quantity: 1 },
        400,
        'GIFT_CARD_DENOMINATION_MISSING',
        'Select a denomination for the Gift Card',
      ],
      [
        'more than the stock',
        { itemId: 'prod-canvas-tote', sku: 'TOTE-SAND', quantity: 4 },
        409,
        'OUT_OF_STOCK',
        'Sorry, we do not have enough of that item available.',
      ],
      [
        'a sold-out variant',
        { itemId: 'prod-enamel-mug', sku: 'MUG-1', quantity: 1 },
        409,
        'OUT_OF_STOCK',
        'Sorry, we do not have enough of that item available.',
      ],
      [
        'a fractional quantity',
        { itemId: 'prod-canvas-tote', sku: 'TOTE-OLIVE', quantity: 1.5 },
        400,
        'INVALID_REQUEST',
        'quantity',
      ],
      [
        'quantity 0',
        { itemId: 'prod-canvas-tote', sku: 'TOTE-OLIVE', quantity: 0 },
        400,
        'INVALID_REQUEST',
        'quantity',
      ],
      [
        'quantity 10000',
        { itemId: 'prod-canvas-tote', sku: 'TOTE-OLIVE', quantity: 10000 },
        400,
        'INVALID_REQUEST',
        'quantity',
      ],
      [
        'additionalFields that are not JSON',
        { itemId: 'prod-canvas-tote', sku: 'TOTE-OLIVE', quantity: 1, additionalFields: '{' },
        400,
        'INVALID_REQUEST',
        'additionalFields',
      ],
    ])('refuses %s', async (_name, payload, status, code, message) => {
      const res = await shopper.post('/api/commerce/shopping-cart/entries', payload);
      expect(res.statusCode).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.message).toContain(message);
    });

    it('checks additional-field answers with the form rules', async () => {
      const none = await shopper.addToCart('prod-wallet', 'WALLET-1', 1);
      expect(none.statusCode).toBe(400);
      expect(none.json().error).toMatchObject({
        code: 'INVALID_FIELDS',
        fieldErrors: { initials: 'Required', thread: 'Required' },
      });
      const long = await shopper.addToCart('prod-wallet', 'WALLET-1', 1, { initials: 'ABCD', thread: 'Red' });
      expect(long.json().error.fieldErrors).toEqual({ initials: 'You have exceeded the character limit.' });
      const unknown = await shopper.addToCart('prod-wallet', 'WALLET-1', 1, {
        initials: 'AB',
        thread: 'Red',
        extra: 'x',
      });
      expect(unknown.json().error.message).toBe(
        'Could not parse the form fields, please check your entries.',
      );
      const ok = await shopper.addToCart('prod-wallet', 'WALLET-1', 1, { initials: 'AB', thread: 'Red' });
      expect(ok.statusCode).toBe(200);
      const bad = await shopper.put(
        `/api/commerce/shopping-cart/entries/${ok.json().newlyAdded.id}/additionalFields`,
        {
          itemId: 'prod-wallet',
          sku: 'WALLET-1',
          additionalFields: JSON.stringify({ initials: '', thread: 'Red' }),
        },
      );
      expect(bad.json().error.fieldErrors).toEqual({ initials: 'Required' });
    });

    it('checks stock against what the cart already holds', async () => {
      expect((await shopper.addToCart('prod-canvas-tote', 'TOTE-SAND', 2)).statusCode).toBe(200);
      const res = await shopper.addToCart('prod-canvas-tote', 'TOTE-SAND', 2);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('Sorry, we do not have enough of that item available.');
    });

    it('adds a digital product by item id alone (no sku) with unlimited stock', async () => {
      const res = await shopper.addToCart('prod-sketch-pack', '', 500);
      expect(res.statusCode).toBe(200);
      expect(res.json().shoppingCart).toMatchObject({
        hasDigital: true,
        purelyDigital: true,
        requiresShipping: false,
      });
    });

    it('answers crumbFail without a valid crumb header', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/commerce/shopping-cart/entries',
        payload: { itemId: 'prod-canvas-tote', sku: 'TOTE-OLIVE', quantity: 1 },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().crumbFail).toBe(true);
    });
  });

  it('writes cart lines through the relaxed-commit connection, and orders through the durable one', async () => {
    const show = async (db: typeof database.db) =>
      (await db.execute(sql`show synchronous_commit`)) as unknown as {
        rows?: { synchronous_commit: string }[];
      } & { synchronous_commit?: string }[];
    const relaxed = await show(database.relaxedDb);
    const durable = await show(database.db);
    const value = (r: Awaited<ReturnType<typeof show>>) => (r.rows ?? r)[0]!.synchronous_commit;
    expect(value(durable)).toBe('on');
    // PGlite is one embedded connection: it has nothing to relax.
    expect(value(relaxed)).toBe(target.name === 'postgres' ? 'off' : 'on');
  });

  describe('cart answer reuse', () => {
    it('reuses the answer for the version the browser holds, and every write moves the version', async () => {
      await shopper.addToCart('prod-field-notebook', 'NOTE-3', 1);
      const version = shopper.cookies.get('SiteCartVersion');
      expect(version).toBeTruthy();
      const first = await shopper.get('/api/commerce/shopping-cart');
      // An edit made behind the API's back is not seen while the version stands…
      await database.db.update(variants).set({ salePriceCents: 1300 }).where(eq(variants.sku, 'NOTE-3'));
      const second = await shopper.get('/api/commerce/shopping-cart');
      expect(second.body).toBe(first.body);
      // …but the shopper's own next write always is, with the fresh price.
      const added = await shopper.addToCart('prod-field-notebook', 'NOTE-3', 1);
      expect(shopper.cookies.get('SiteCartVersion')).not.toBe(version);
      expect(added.json().shoppingCart.subtotalCents).toBe(2600);
      expect((await shopper.get('/api/commerce/shopping-cart')).json().subtotalCents).toBe(2600);
      await database.db.update(variants).set({ salePriceCents: 1400 }).where(eq(variants.sku, 'NOTE-3'));
    });

    it('never serves a failed write as a change, and forgets the version at checkout', async () => {
      await shopper.addToCart('prod-field-notebook', 'NOTE-3', 1);
      const version = shopper.cookies.get('SiteCartVersion');
      await shopper.addToCart('prod-field-notebook', 'NOPE', 1);
      expect(shopper.cookies.get('SiteCartVersion')).toBe(version);
      await shopper.post('/api/commerce/checkout', {
        email: 'ada@example.com',
        shippingAddress: ADDRESS,
        payment: TEST_CARD,
      });
      expect(shopper.cookies.has('SiteCartVersion')).toBe(false);
      expect((await shopper.get('/api/commerce/shopping-cart')).json().entries).toEqual([]);
    });
  });

  describe('entry updates', () => {
    it('changes a quantity, checks stock, and removes at 0 or by DELETE', async () => {
      const added = (await shopper.addToCart('prod-canvas-tote', 'TOTE-OLIVE', 1)).json().newlyAdded;
      const more = await shopper.put(`/api/commerce/shopping-cart/entries/${added.id}`, { quantity: 5 });
      expect(more.json().shoppingCart.totalQuantity).toBe(5);
      const tooMany = await shopper.put(`/api/commerce/shopping-cart/entries/${added.id}`, { quantity: 13 });
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json().error.code).toBe('OUT_OF_STOCK');
      const zero = await shopper.put(`/api/commerce/shopping-cart/entries/${added.id}`, { quantity: 0 });
      expect(zero.json().shoppingCart.entries).toEqual([]);
      const again = (await shopper.addToCart('prod-canvas-tote', 'TOTE-OLIVE', 1)).json().newlyAdded;
      const removed = await shopper.delete(`/api/commerce/shopping-cart/entries/${again.id}`);
      expect(removed.json().shoppingCart.entries).toEqual([]);
      const gone = await shopper.delete(`/api/commerce/shopping-cart/entries/${again.id}`);
      expect(gone.statusCode).toBe(404);
    });

    it("never touches another shopper's entry", async () => {
      const added = (await shopper.addToCart('prod-canvas-tote', 'TOTE-OLIVE', 1)).json().newlyAdded;
      const stranger = new Shopper(app);
      await stranger.addToCart('prod-field-notebook', 'NOTE-3', 1);
      const res = await stranger.delete(`/api/commerce/shopping-cart/entries/${added.id}`);
      expect(res.statusCode).toBe(404);
    });

    it('updates additional fields and returns updatedEntry', async () => {
      const added = (await shopper.addToCart('prod-field-notebook', 'NOTE-3', 1, { engraving: 'A' })).json()
        .newlyAdded;
      const res = await shopper.put(`/api/commerce/shopping-cart/entries/${added.id}/additionalFields`, {
        itemId: 'prod-field-notebook',
        sku: 'NOTE-3',
        additionalFields: JSON.stringify({ engraving: 'B' }),
      });
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(res.json().updatedEntry.additionalFields)).toEqual({ engraving: 'B' });
    });
  });

  describe('stock, subscriptions and restock', () => {
    it('answers stock results per variant', async () => {
      const res = await shopper.get('/api/commerce/inventory/stock/?itemId=prod-canvas-tote');
      expect(res.json().results).toEqual([
        expect.objectContaining({ sku: 'TOTE-OLIVE', unlimited: false, qtyInStock: expect.any(Number) }),
        expect.objectContaining({ sku: 'TOTE-SAND', unlimited: false }),
        expect.objectContaining({ sku: 'TOTE-BLACK', unlimited: false, qtyInStock: 0 }),
      ]);
      expect((await shopper.get('/api/commerce/inventory/stock/')).statusCode).toBe(400);
    });

    it('buys a subscription through its own cart token, leaving the visitor cart alone', async () => {
      await shopper.addToCart('prod-field-notebook', 'NOTE-3', 1);
      const ok = await shopper.post('/api/3/commerce/cart/subscription', {
        itemId: 'prod-coffee',
        sku: 'COFFEE-250',
        qty: 2,
      });
      expect(ok.statusCode).toBe(200);
      const { cartToken } = ok.json();
      expect(cartToken).toMatch(/^[\w-]{20,}$/);
      const cart = (await shopper.get(`/api/commerce/shopping-cart?cartToken=${cartToken}`)).json();
      expect(cart.entries).toEqual([expect.objectContaining({ itemId: 'prod-coffee', quantity: 2 })]);
      const res = await shopper.post('/api/commerce/checkout', {
        email: 'ada@example.com',
        shippingAddress: ADDRESS,
        payment: TEST_CARD,
        cartToken,
      });
      expect(res.statusCode).toBe(200);
      const page = await shopper.get(res.json().redirectUrl);
      expect(page.body).toContain('Your subscription is confirmed');
      // The billing period the shopper signed up for, at what the first charge cost.
      const total = res.json().order.grandTotalCents as number;
      expect(page.body).toContain(`Billed <strong>$${(total / 100).toFixed(2)} every month</strong>`);
      expect((await shopper.get(`${res.json().redirectUrl}&format=json`)).json().pageType).toBe(206);
      // The visitor's own cart is still there.
      expect((await shopper.get('/api/commerce/shopping-cart')).json().entries).toHaveLength(1);
      const no = await shopper.post('/api/3/commerce/cart/subscription', {
        itemId: 'prod-canvas-tote',
        sku: 'TOTE-OLIVE',
        qty: 1,
      });
      expect(no.json().error.code).toBe('NOT_SUBSCRIBABLE');
    });

    it('signs a visitor up for a sold-out variant, once, with the spec messages for bad email', async () => {
      const payload = {
        productId: 'prod-enamel-mug',
        variantId: 'prod-enamel-mug-mug-1',
        siteVisitorEmail: 'ada@example.com',
        isJoinMailingList: true,
        recaptchaEnterpriseV3Token: 'local',
      };
      expect((await shopper.post('/api/commerce/restock-notifications', payload)).json()).toEqual({
        signedUp: true,
      });
      expect((await shopper.post('/api/commerce/restock-notifications', payload)).statusCode).toBe(200);
      const blank = await shopper.post('/api/commerce/restock-notifications', {
        ...payload,
        siteVisitorEmail: '',
      });
      expect(blank.json().error.message).toBe('Email cannot be blank');
      const bad = await shopper.post('/api/commerce/restock-notifications', {
        ...payload,
        siteVisitorEmail: 'ada@',
      });
      expect(bad.json().error.message).toBe('Email is invalid');
      const inStock = await shopper.post('/api/commerce/restock-notifications', {
        ...payload,
        productId: 'prod-canvas-tote',
        variantId: 'prod-canvas-tote-tote-olive',
      });
      expect(inStock.json().error.code).toBe('IN_STOCK');
    });
  });

  describe('checkout', () => {
    it('prices shipping, coupon and tax, takes stock, and shows the order', async () => {
      await setStock('SHIRT-M-RUST', 4);
      await shopper.addToCart('prod-linen-shirt', 'SHIRT-M-RUST', 2);
      const express = await shopper.put('/api/commerce/shopping-cart/shipping-option', {
        optionId: 'express',
      });
      expect(express.json().shoppingCart.selectedShippingOption).toMatchObject({
        id: 'express',
        costCents: 1800,
      });
      const coupon = await shopper.post('/api/commerce/shopping-cart/coupons', { code: 'welcome10' });
      expect(coupon.json().shoppingCart).toMatchObject({ subtotalCents: 24000, discountCents: 2400 });
      const badCoupon = await shopper.post('/api/commerce/shopping-cart/coupons', { code: 'NOPE' });
      expect(badCoupon.json().error.code).toBe('COUPON_INVALID');
      const cart = (await shopper.get('/api/commerce/shopping-cart')).json();
      // 8.25 % on the discounted subtotal: 21600 → 1782.
      expect(cart).toMatchObject({
        taxCents: 1782,
        shippingCostCents: 1800,
        grandTotalCents: 24000 - 2400 + 1800 + 1782,
      });

      const res = await shopper.post('/api/commerce/checkout', {
        email: 'ada@example.com',
        shippingAddress: ADDRESS,
        payment: TEST_CARD,
      });
      expect(res.statusCode).toBe(200);
      const { order, redirectUrl } = res.json();
      expect(order).toMatchObject({ grandTotalCents: cart.grandTotalCents, currency: 'USD' });
      expect(shopper.cookies.has('SiteCart')).toBe(false);
      const [row] = await database.db.select().from(variants).where(eq(variants.sku, 'SHIRT-M-RUST'));
      expect(row!.qtyInStock).toBe(2);

      const page = await shopper.get(redirectUrl);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`Order <strong>#${order.orderNumber}</strong> is confirmed`);
      expect(page.body).toContain('$240.00');
      // The country by its name in the site's language, never its ISO code.
      expect(page.body).toMatch(/N1 9GU<br>United Kingdom<\/address>/);
      // Each line says which variant it is.
      expect(page.body).toMatch(
        /<p class="order-line__options"><span>Size: M<\/span><span aria-hidden="true"> · <\/span><span>Color: Rust<\/span><\/p>/,
      );
      const api = await shopper.get(`/api/commerce/orders/${order.id}?token=${order.accessToken}`);
      expect(api.json().order).not.toHaveProperty('accessToken');
      expect(api.json().items[0]).toMatchObject({ sku: 'SHIRT-M-RUST', quantity: 2, unitPriceCents: 12000 });
      expect((await shopper.get(`/api/commerce/orders/${order.id}?token=wrong`)).statusCode).toBe(404);
      expect((await shopper.get(`/orders/${order.id}?token=wrong`)).statusCode).toBe(404);
    });

    it('shows a personalised line with the form’s own questions on the order pages, answers escaped', async () => {
      const buyer = new Shopper(app);
      await setStock('WALLET-1', 10);
      expect(
        (await buyer.addToCart('prod-wallet', 'WALLET-1', 1, { initials: 'A<B', thread: 'Red' })).statusCode,
      ).toBe(200);
      const res = await buyer.post('/api/commerce/checkout', {
        email: 'ada@example.com',
        shippingAddress: ADDRESS,
        payment: TEST_CARD,
      });
      expect(res.statusCode).toBe(200);
      const { order, redirectUrl } = res.json();
      for (const url of [redirectUrl, `/orders/${order.id}?token=${order.accessToken}`]) {
        const page = await buyer.get(url);
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('<div><dt>Initials (up to 3 letters)</dt><dd>A&lt;B</dd></div>');
        expect(page.body).toContain(
          '<div><dt>Initials (up to 3 letters)</dt><dd>A&lt;B</dd></div><div><dt>Thread color</dt><dd>Red</dd></div>',
        );
        // A product without options has no options line.
        expect(page.body).not.toContain('order-line__options');
      }
      const status = await buyer.get(`/orders/${order.id}?token=${order.accessToken}`);
      expect(status.body).toContain('<h1 id="order-title">Order status</h1>');
      expect(status.body).toContain('Paid — being prepared');
    });

    it.each([
      ['a bad email', { email: 'ada@', shippingAddress: ADDRESS, payment: TEST_CARD }, 400, 'email'],
      [
        'no address for goods that ship',
        { email: 'ada@example.com', payment: TEST_CARD },
        400,
        'shippingAddress',
      ],
      [
        'a declined card',
        {
          email: 'ada@example.com',
          shippingAddress: ADDRESS,
          payment: { ...TEST_CARD, cardNumber: '4000 0000 0000 0002' },
        },
        402,
        'cardNumber',
      ],
      [
        'an invalid card number',
        { email: 'ada@example.com', shippingAddress: ADDRESS, payment: { ...TEST_CARD, cardNumber: '1234' } },
        402,
        'cardNumber',
      ],
      [
        'an expired card',
        { email: 'ada@example.com', shippingAddress: ADDRESS, payment: { ...TEST_CARD, expiry: '01/20' } },
        402,
        'expiry',
      ],
    ])('refuses %s with a field error and takes no stock', async (_name, payload, status, field) => {
      await setStock('TOTE-OLIVE', 10);
      await shopper.addToCart('prod-canvas-tote', 'TOTE-OLIVE', 1);
      const res = await shopper.post('/api/commerce/checkout', payload);
      expect(res.statusCode).toBe(status);
      expect(res.json().error.fieldErrors).toHaveProperty(field);
      const [row] = await database.db.select().from(variants).where(eq(variants.sku, 'TOTE-OLIVE'));
      expect(row!.qtyInStock).toBe(10);
    });

    it('refuses an empty cart and a subtotal below the store minimum', async () => {
      expect(
        (
          await shopper.post('/api/commerce/checkout', { email: 'ada@example.com', payment: TEST_CARD })
        ).json().error.code,
      ).toBe('CART_EMPTY');
      const lowStock = await database.db.select().from(variants).where(eq(variants.sku, 'BRUSH-DL'));
      expect(lowStock).toHaveLength(1);
      await database.db.update(variants).set({ priceCents: 300 }).where(eq(variants.sku, 'BRUSH-DL'));
      await shopper.addToCart('prod-sketch-pack', '', 1);
      const res = await shopper.post('/api/commerce/checkout', {
        email: 'ada@example.com',
        payment: TEST_CARD,
      });
      expect(res.json().error).toMatchObject({
        code: 'BELOW_MINIMUM',
        message: 'Your order subtotal must be at least $5.00 to check out.',
      });
      await database.db.update(variants).set({ priceCents: 1200 }).where(eq(variants.sku, 'BRUSH-DL'));
    });

    it('checks out a purely digital cart without an address', async () => {
      await shopper.addToCart('prod-sketch-pack', '', 1);
      const res = await shopper.post('/api/commerce/checkout', {
        email: 'ada@example.com',
        payment: TEST_CARD,
      });
      expect(res.json().error).toBeUndefined();
      expect(res.statusCode).toBe(200);
      expect(res.json().order.grandTotalCents).toBe(1200 + 99);
    });

    it('sells the last units exactly once under 50 concurrent checkouts', async () => {
      await setStock('NOTE-3', 5);
      const shoppers = Array.from({ length: 50 }, () => new Shopper(app));
      for (const s of shoppers)
        expect((await s.addToCart('prod-field-notebook', 'NOTE-3', 1)).statusCode).toBe(200);
      const results = await Promise.all(
        shoppers.map((s) =>
          s.post('/api/commerce/checkout', {
            email: 'rush@example.com',
            shippingAddress: ADDRESS,
            payment: TEST_CARD,
          }),
        ),
      );
      const ok = results.filter((r) => r.statusCode === 200);
      const refused = results.filter((r) => r.statusCode === 409);
      expect(ok).toHaveLength(5);
      expect(refused).toHaveLength(45);
      expect(results.every((r) => r.statusCode < 500)).toBe(true);
      for (const r of refused) expect(r.json().error.code).toBe('OUT_OF_STOCK');
      const [row] = await database.db.select().from(variants).where(eq(variants.sku, 'NOTE-3'));
      expect(row!.qtyInStock).toBe(0);
    });
  });
});
