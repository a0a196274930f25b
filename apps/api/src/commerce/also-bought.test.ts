import { ALSO_BOUGHT_PATH, AlsoBoughtResponseSchema } from '@site/commerce-core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { carts, orderItems, orders, products, variants } from '../db/schema';
import { DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';

/** A paid order of these products (variant and price do not matter to what goes together). */
const paidOrder = (id: string, productIds: string[], status = 'paid') => ({
  order: {
    id,
    websiteId: DEMO_WEBSITE_ID,
    cartId: `cart-${id}`,
    email: 'buyer@example.com',
    currency: 'USD',
    subtotalCents: 1000,
    taxCents: 0,
    shippingCents: 0,
    discountCents: 0,
    grandTotalCents: 1000,
    paymentProvider: 'test',
    paymentReference: id,
    accessToken: id,
    status,
  },
  items: productIds.map((productId, i) => ({
    id: `${id}-${i}`,
    orderId: id,
    productId,
    variantId: 'v',
    sku: 's',
    productName: productId,
    quantity: 1,
    unitPriceCents: 1000,
  })),
});

describe.each(await databaseTargets())('customers also bought on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({ database, writesPerMinute: 0 });
    // The tote sells with the notebook three times, with the wallet twice, with the sketch pack
    // once in a pending order and with the workshop once in a cancelled one (neither counts).
    const all = [
      paidOrder('o1', ['prod-canvas-tote', 'prod-field-notebook']),
      paidOrder('o2', ['prod-canvas-tote', 'prod-field-notebook', 'prod-wallet']),
      paidOrder('o3', ['prod-canvas-tote', 'prod-field-notebook', 'prod-wallet'], 'fulfilled'),
      paidOrder('o4', ['prod-canvas-tote', 'prod-sketch-pack'], 'pending'),
      paidOrder('o5', ['prod-canvas-tote', 'prod-workshop'], 'cancelled'),
      paidOrder('o6', ['prod-linen-shirt', 'prod-coffee']),
    ];
    await database.db.insert(orders).values(all.map((o) => o.order));
    await database.db.insert(orderItems).values(all.flatMap((o) => o.items));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const suggestionsFor = async (shopper: Shopper) => {
    const res = await shopper.get(ALSO_BOUGHT_PATH);
    expect(res.statusCode, res.body).toBe(200);
    return AlsoBoughtResponseSchema.parse(res.json()).items;
  };

  it('answers nothing for a visitor without a cart', async () => {
    expect(await suggestionsFor(new Shopper(app))).toEqual([]);
  });

  it('puts what was bought with the cart’s products first, most often first, then others of the same store', async () => {
    const shopper = new Shopper(app);
    expect((await shopper.addToCart('prod-canvas-tote', 'TOTE-OLIVE')).statusCode).toBe(200);
    const items = await suggestionsFor(shopper);
    expect(items.map((i) => i.id).slice(0, 2)).toEqual(['prod-field-notebook', 'prod-wallet']);
    expect(items).toHaveLength(4);
    expect(items.every((i) => i.relatedTo === 'prod-canvas-tote')).toBe(true);
    // Never what is in the cart; never the sold-out mug.
    expect(items.map((i) => i.id)).not.toContain('prod-canvas-tote');
    expect(items.map((i) => i.id)).not.toContain('prod-enamel-mug');
    const notebook = items[0]!;
    expect(notebook).toMatchObject({
      title: expect.any(String),
      url: expect.stringMatching(/\/p\//),
      // On sale: the price a shopper pays now.
      price: { value: '14.00', currency: 'USD' },
      priceVaries: false,
      quickAddSku: 'NOTE-3',
    });
    // A product with a form to fill in opens its page instead of going straight into the cart.
    expect(items.find((i) => i.id === 'prod-wallet')?.quickAddSku).toBeUndefined();
  });

  it('drops a product the owner hides or that sells out, and one that is added to the cart', async () => {
    const shopper = new Shopper(app);
    await shopper.addToCart('prod-canvas-tote', 'TOTE-OLIVE');
    await database.db.update(products).set({ enabled: false }).where(eq(products.id, 'prod-field-notebook'));
    await database.db.update(variants).set({ qtyInStock: 0 }).where(eq(variants.sku, 'WALLET-1'));
    try {
      const ids = (await suggestionsFor(shopper)).map((i) => i.id);
      expect(ids).not.toContain('prod-field-notebook');
      expect(ids).not.toContain('prod-wallet');
    } finally {
      await database.db.update(products).set({ enabled: true }).where(eq(products.id, 'prod-field-notebook'));
      await database.db.update(variants).set({ qtyInStock: 10 }).where(eq(variants.sku, 'WALLET-1'));
    }
    await shopper.addToCart('prod-field-notebook', 'NOTE-3');
    const ids = (await suggestionsFor(shopper)).map((i) => i.id);
    expect(ids[0]).toBe('prod-wallet');
    expect(ids).not.toContain('prod-field-notebook');
  });

  it('says "from" for a product whose variants differ in price, and names no quick-add for it', async () => {
    const shopper = new Shopper(app);
    await shopper.addToCart('prod-coffee', 'COFFEE-250');
    const shirt = (await suggestionsFor(shopper)).find((i) => i.id === 'prod-linen-shirt');
    expect(shirt).toMatchObject({ priceVaries: true, price: { value: '120.00' }, relatedTo: 'prod-coffee' });
    expect(shirt?.quickAddSku).toBeUndefined();
  });

  it('answers nothing for a cart already bought', async () => {
    const shopper = new Shopper(app);
    await shopper.addToCart('prod-canvas-tote', 'TOTE-OLIVE');
    expect((await suggestionsFor(shopper)).length).toBeGreaterThan(0);
    const { id } = (await shopper.get('/api/commerce/shopping-cart')).json() as { id: string };
    await database.db.update(carts).set({ isPurchased: true }).where(eq(carts.id, id));
    expect(await suggestionsFor(shopper)).toEqual([]);
  });
});
