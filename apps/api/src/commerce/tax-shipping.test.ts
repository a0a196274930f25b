import { CartViewSchema, shippingMessages, taxMessages } from '@site/commerce-core';
import { adminMessages, STORE_API } from '@site/commerce-core/admin';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, Shopper, TEST_CARD } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { orders, products } from '../db/schema';

// One database is enough here: nothing below races; the cart and checkout suites cover both.
const [target] = await databaseTargets();

const TAX = {
  taxOriginCountry: 'DE',
  taxRates: [
    { country: 'DE', name: 'VAT', rate: '19', included: true, shipping: true },
    { country: 'US', region: 'CA', name: 'CA sales tax', rate: '7.25' },
  ],
};
const SHIPPING = {
  shippingZones: [
    {
      id: 'de',
      name: 'Germany',
      areas: ['DE'],
      rates: [
        {
          kind: 'weight',
          id: 'dhl',
          name: 'DHL parcel',
          brackets: [
            { minGrams: 0, amountCents: 490 },
            { minGrams: 1000, amountCents: 790 },
          ],
        },
        { kind: 'pickup', id: 'pickup', name: 'Pick up in Berlin', instructions: 'Mon–Fri 10–18' },
      ],
    },
    {
      id: 'us',
      name: 'United States',
      areas: ['US'],
      rates: [{ kind: 'flat', id: 'ups', name: 'UPS', amountCents: 1500 }],
    },
  ],
};

describe('taxes by region and shipping zones over HTTP', () => {
  const demo = demoSiteSuite(target!);

  beforeAll(async () => {
    for (const [namespace, body] of [
      ['tax', TAX],
      ['shipping', SHIPPING],
    ] as const) {
      const res = await demo.owner.call('PUT', STORE_API.commercePreferences(namespace), body);
      expect(res.statusCode, res.body).toBe(200);
    }
    // The tote weighs 600 g: two of them reach DHL's second bracket.
    await demo.database.db
      .update(products)
      .set({ details: { shipping: { weightGrams: 600 } } })
      .where(eq(products.id, 'prod-canvas-tote'));
  });

  const located = async (shopper: Shopper, country: string, region = '') => {
    const res = await shopper.put('/api/commerce/shopping-cart/shipping-location', { country, region });
    expect(res.statusCode, res.body).toBe(200);
    return CartViewSchema.parse(res.json().shoppingCart);
  };

  it('keeps the owner’s rates and zones as saved and refuses a place listed twice', async () => {
    const saved = await demo.owner.call('GET', STORE_API.commercePreferences('tax'));
    expect(saved.json().taxRates[1]).toEqual({ ...TAX.taxRates[1], shipping: false, included: false });
    const twice = await demo.owner.call('PUT', STORE_API.commercePreferences('tax'), {
      taxRates: [TAX.taxRates[0], { ...TAX.taxRates[0], rate: '7' }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain(taxMessages.duplicatePlace);
    const bad = await demo.owner.call('PUT', STORE_API.commercePreferences('shipping'), {
      shippingZones: [{ ...SHIPPING.shippingZones[0], areas: ['Germany'] }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(shippingMessages.areaCode);
    const viewer = await demo.viewer.call('PUT', STORE_API.commercePreferences('tax'), TAX);
    expect(viewer.statusCode).toBe(403);
  });

  it('recomputes options and tax as the shopper’s address changes', async () => {
    const shopper = new Shopper(demo.app);
    await shopper.addToCart('prod-canvas-tote', 'TOTE-OLIVE', 2);

    const germany = await located(shopper, 'de');
    expect(germany.shippingOptions).toEqual([
      { id: 'dhl', name: 'DHL parcel', costCents: 790 },
      { id: 'pickup', name: 'Pick up in Berlin', costCents: 0, pickup: true, instructions: 'Mon–Fri 10–18' },
    ]);
    // 170.00 with 19 % VAT in it holds 27.14; the shopper pays the shown price.
    expect(germany.taxLines).toMatchObject([{ name: 'VAT', rate: '19', included: true, taxCents: 2714 }]);
    expect(germany.grandTotalCents).toBe(17000);

    const california = await located(shopper, 'US', 'California');
    expect(california.shippingOptions.map((o) => o.id)).toEqual(['ups']);
    // 7.25 % of 170.00 = 12.325 → 12.33, added on top.
    expect(california.taxLines).toMatchObject([{ name: 'CA sales tax', included: false, taxCents: 1233 }]);
    expect(california.grandTotalCents).toBe(17000 + 1500 + 1233);

    const japan = await located(shopper, 'JP');
    expect(japan.shippingOptions).toEqual([]);
    expect(japan.taxCents).toBe(0);
  });

  it('refuses a location that is not a country code, and an order to a place without shipping', async () => {
    const shopper = new Shopper(demo.app);
    await shopper.addToCart('prod-canvas-tote', 'TOTE-OLIVE', 1);
    for (const body of [
      { country: 'Germany' },
      { country: 1 },
      { country: 'DE\u0000' },
      { country: 'DE', extra: 1 },
    ]) {
      const res = await shopper.put('/api/commerce/shopping-cart/shipping-location', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const res = await shopper.post('/api/commerce/checkout', {
      email: 'ken@example.com',
      shippingAddress: { ...ADDRESS, country: 'JP', city: 'Tokyo' },
      payment: TEST_CARD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fieldErrors.shippingOptionId).toBe(shippingMessages.noShippingTo);
  });

  it('prices the order for the address it goes to, keeps its tax lines and reports them by month and place', async () => {
    const buy = async (shippingAddress: typeof ADDRESS, shippingOptionId: string) => {
      const shopper = new Shopper(demo.app);
      await shopper.addToCart('prod-canvas-tote', 'TOTE-OLIVE', 1);
      const res = await shopper.post('/api/commerce/checkout', {
        email: 'ada@example.com',
        shippingAddress,
        shippingOptionId,
        payment: TEST_CARD,
      });
      expect(res.statusCode, res.body).toBe(200);
      const [order] = await demo.database.db.select().from(orders).where(eq(orders.id, res.json().order.id));
      return order!;
    };
    const berlin = await buy({ ...ADDRESS, city: 'Berlin', country: 'DE' }, 'dhl');
    // 85.00 + 4.90 shipping, VAT in both: 13.57 + 0.78.
    expect(berlin).toMatchObject({ grandTotalCents: 8990, taxCents: 1435, shippingCents: 490 });
    expect(berlin.taxLines).toMatchObject([{ name: 'VAT', country: 'DE', included: true, taxCents: 1435 }]);
    const la = await buy({ ...ADDRESS, city: 'Los Angeles', region: 'CA', country: 'US' }, 'ups');
    // 7.25 % of 85.00 = 6.1625 → 6.16.
    expect(la).toMatchObject({ grandTotalCents: 8500 + 1500 + 616, taxCents: 616 });

    const csv = await demo.owner.call('GET', `/api/editor/store/tax-report.csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const month = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' }).slice(0, 7);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Month,Country,State/Province,Tax,Rate,Included in prices,Orders,Taxable amount,Tax collected',
    );
    expect(lines).toContain(`${month},DE,,VAT,19 %,yes,1,75.55,14.35`);
    expect(lines).toContain(`${month},US,CA,CA sales tax,7.25 %,no,1,85.00,6.16`);
  });

  it('honours the product form’s Tax exempt and No shipping switches, each flipped on and off', async () => {
    const path = STORE_API.product('prod-canvas-tote');
    const save = async (switches: { taxExempt: boolean; noShipping: boolean }) => {
      const view = (await demo.owner.get(path)).json() as { variants: { attributes: object }[] };
      // The suite's set-up wrote the details over, option order included; the variants still name it.
      const variantOptionOrdering = Object.keys(view.variants[0]!.attributes);
      const res = await demo.owner.call('PUT', path, { ...view, variantOptionOrdering, ...switches });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject(Object.fromEntries(Object.entries(switches).filter(([, on]) => on)));
    };
    const cartIn = async (country: string) => {
      const shopper = new Shopper(demo.app);
      await shopper.addToCart('prod-canvas-tote', 'TOTE-OLIVE', 1);
      return { shopper, cart: await located(shopper, country) };
    };

    await save({ taxExempt: true, noShipping: false });
    let { cart } = await cartIn('DE');
    expect(cart.taxLines).toEqual([]);
    expect(cart.requiresShipping).toBe(true);

    await save({ taxExempt: false, noShipping: true });
    const nothingSent = await cartIn('DE');
    expect(nothingSent.cart).toMatchObject({
      requiresShipping: false,
      shippingOptions: [],
      shippingCostCents: 0,
    });
    expect(nothingSent.cart.taxLines).toMatchObject([{ name: 'VAT', included: true }]);
    // No address is asked for, and none is needed to place the order.
    const placed = await nothingSent.shopper.post('/api/commerce/checkout', {
      email: 'ada@example.com',
      payment: TEST_CARD,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    // A service never ships anyway: the switch is refused there rather than kept and ignored.
    const service = STORE_API.product('prod-workshop');
    const refused = await demo.owner.call('PUT', service, {
      ...((await demo.owner.get(service)).json() as object),
      noShipping: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues).toEqual([
      { path: ['noShipping'], message: adminMessages.shippingOnlyForPhysical },
    ]);

    await save({ taxExempt: false, noShipping: false });
    ({ cart } = await cartIn('DE'));
    expect(cart.requiresShipping).toBe(true);
    expect(cart.shippingOptions.map((o) => o.id)).toEqual(['dhl', 'pickup']);
    expect(cart.taxLines).toMatchObject([{ name: 'VAT' }]);
  });
});
