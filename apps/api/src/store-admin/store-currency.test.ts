import { adminMessages, STORE_API } from '@site/commerce-core/admin';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADDRESS, Shopper, TEST_CARD } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { orders } from '../db/schema';

const targets = await databaseTargets();
const TOTE = { itemId: 'prod-canvas-tote', sku: 'TOTE-OLIVE', path: '/shop/p/canvas-tote' };

describe.each(targets)('the store currency on $name', (target) => {
  const demo = demoSiteSuite(target);

  const setCurrency = (body: unknown) => demo.owner.call('PUT', STORE_API.storeCurrency, body);
  const shopPrice = async (path: string) => {
    const html = (await new Shopper(demo.app).get(path)).body;
    // The tote's price as the product page prints it (85 in the store's currency).
    return /(?:\$|€|¥|£)\s?85(?:[.,]00)?|85(?:[.,]00)?\s?(?:\$|€|¥|£)/.exec(html)?.[0];
  };
  const buyTote = async () => {
    const shopper = new Shopper(demo.app);
    expect((await shopper.addToCart(TOTE.itemId, TOTE.sku)).statusCode).toBe(200);
    const cartPage = (await shopper.get('/cart')).body;
    const placed = await shopper.post('/api/commerce/checkout', {
      email: 'buyer@example.com',
      shippingAddress: ADDRESS,
      payment: TEST_CARD,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    return {
      cartPage,
      order: placed.json().order as { id: string; currency: string; grandTotalCents: number },
    };
  };
  const storedCurrency = async (orderId: string) =>
    (await demo.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.currency;

  it('refuses a code that is not a store currency, lower case, NUL, wrong types and stray fields (400)', async () => {
    const cases: [unknown, string][] = [
      [
        { currency: 'XYZ' },
        'XYZ is not a currency the store can use. Choose one from the list, like EUR or JPY.',
      ],
      [{ currency: 'eur' }, 'Write the currency code in capitals: EUR.'],
      [{ currency: 42 }, adminMessages.currencyNotText],
      [{ currency: ['EUR'] }, adminMessages.currencyNotText],
      [{ currency: 'E'.repeat(5000) }, adminMessages.currencyNotText],
      [{}, adminMessages.currencyNotText],
      [{ currency: 'EUR', confirmed: 'yes' }, adminMessages.currencyConfirmedNotBoolean],
    ];
    for (const [body, message] of cases) {
      const res = await setCurrency(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message, JSON.stringify(body)).toBe(message);
    }
    const stray = await setCurrency({ currency: 'EUR', rate: 1.1 });
    expect(stray.statusCode).toBe(400);
    const nul = await setCurrency({ currency: 'EU\u0000R' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.code).toBe('INVALID_TEXT');
    expect((await setCurrency(['EUR'])).statusCode).toBe(400);
    expect((await setCurrency(null)).statusCode).toBe(400);
    expect((await demo.owner.get(STORE_API.storeCurrency)).json().currency).toBe('USD');
  });

  it('lets only the owner or an admin change it; a viewer reads it', async () => {
    expect((await demo.viewer.get(STORE_API.storeCurrency)).json()).toMatchObject({ currency: 'USD' });
    const refused = await demo.viewer.call('PUT', STORE_API.storeCurrency, { currency: 'EUR' });
    expect(refused.statusCode).toBe(403);
    expect((await new Shopper(demo.app).put(STORE_API.storeCurrency, { currency: 'EUR' })).statusCode).toBe(
      401,
    );
  });

  it('changes what the shop and cart show; after the first order a change needs confirming and orders keep theirs', async () => {
    const before = (await demo.owner.get(STORE_API.storeCurrency)).json();
    expect(before.currency).toBe('USD');
    expect(await shopPrice(TOTE.path)).toBe('$85.00');

    // No orders yet: the change needs no confirmation.
    if (before.orderCount === 0) {
      const eur = await setCurrency({ currency: 'EUR' });
      expect(eur.statusCode, eur.body).toBe(200);
      expect(eur.json()).toEqual({ currency: 'EUR', orderCount: 0 });
      expect(await shopPrice(TOTE.path)).toBe('€85.00');
      expect((await setCurrency({ currency: 'USD' })).statusCode).toBe(200);
    }

    const first = await buyTote();
    expect(first.cartPage).toContain('"storeCurrency":"USD"');
    expect(first.order.currency).toBe('USD');
    const orderCount = before.orderCount + 1;

    const unconfirmed = await setCurrency({ currency: 'EUR' });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().error).toMatchObject({
      code: 'CONFIRM_CURRENCY_CHANGE',
      message:
        orderCount === 1
          ? 'This store has 1 order. It keeps the currency it was placed in (USD); new prices and orders will be in EUR, and prices are not converted. Confirm to change the currency.'
          : `This store has ${orderCount} orders. They keep the currency they were placed in (USD); new prices and orders will be in EUR, and prices are not converted. Confirm to change the currency.`,
    });
    expect(await shopPrice(TOTE.path)).toBe('$85.00');
    expect((await setCurrency({ currency: 'EUR', confirmed: false })).statusCode).toBe(409);

    const confirmed = await setCurrency({ currency: 'EUR', confirmed: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ currency: 'EUR', orderCount });
    // Setting the currency it already has is no change, so it needs no confirmation.
    expect((await setCurrency({ currency: 'EUR' })).statusCode).toBe(200);

    expect(await shopPrice(TOTE.path)).toBe('€85.00');
    expect(await shopPrice('/shop')).toBe('€85.00');
    const second = await buyTote();
    expect(second.cartPage).toContain('"storeCurrency":"EUR"');
    expect(second.order).toMatchObject({ currency: 'EUR', grandTotalCents: first.order.grandTotalCents });

    // The first order was never rewritten: stored, in the owner's order screen and its own page.
    expect(await storedCurrency(first.order.id)).toBe('USD');
    expect((await demo.owner.get(STORE_API.order(first.order.id))).json()).toMatchObject({ currency: 'USD' });
    expect((await demo.owner.get(STORE_API.order(second.order.id))).json()).toMatchObject({
      currency: 'EUR',
    });

    // A zero-decimal currency: the tote's 8500 stored units read as ¥8,500.
    expect((await setCurrency({ currency: 'JPY', confirmed: true })).statusCode).toBe(200);
    expect((await new Shopper(demo.app).get(TOTE.path)).body).toContain('¥8,500');
    expect((await setCurrency({ currency: 'USD', confirmed: true })).json().currency).toBe('USD');
    expect(await shopPrice(TOTE.path)).toBe('$85.00');
  });
});
