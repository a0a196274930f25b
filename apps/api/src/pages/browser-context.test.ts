import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { seedDemoSite } from '../seed/demo-site';
import { browserItem, browserMerchandising } from './browser-context';

const variant = {
  id: 'v1',
  sku: 'S1',
  attributes: { Color: 'Olive' },
  optionValues: [{ optionName: 'Color', value: 'Olive' }],
  price: 8500,
  salePrice: 0,
  onSale: false,
  priceMoney: { value: '85.00', currency: 'USD' },
  salePriceMoney: { value: '0.00', currency: 'USD' },
  qtyInStock: 2,
  unlimited: false,
};
const product = {
  id: 'p1',
  title: 'Tote',
  fullUrl: '/shop/p/tote',
  excerpt: '<p>Long text</p>',
  body: '<p>Longer text</p>',
  structuredContent: {
    productType: 1,
    variantOptionOrdering: ['Color'],
    isSubscribable: false,
    expressCheckout: true,
    useCustomAddButtonText: false,
    additionalFieldsFormId: 'f1',
    additionalFieldsForm: { fields: [] },
    variants: [variant],
  },
};

describe('browserItem', () => {
  it('keeps what adding from a list needs and drops texts and prices', () => {
    expect(browserItem(product, false)).toEqual({
      id: 'p1',
      title: 'Tote',
      structuredContent: {
        productType: 1,
        variantOptionOrdering: ['Color'],
        isSubscribable: false,
        expressCheckout: true,
        additionalFieldsFormId: 'f1',
        additionalFieldsForm: { fields: [] },
        variants: [{ id: 'v1', sku: 'S1', attributes: { Color: 'Olive' }, qtyInStock: 2, unlimited: false }],
      },
    });
  });

  it('keeps each variant price of the detailed product', () => {
    const slim = browserItem(product, true) as { structuredContent: { variants: Record<string, unknown>[] } };
    const { optionValues: _dropped, ...priced } = variant;
    expect(slim.structuredContent.variants).toEqual([priced]);
    expect(slim).not.toHaveProperty('body');
  });

  it('reduces an item that is not a product to its id and title, and nothing to null', () => {
    expect(browserItem({ id: 'post', title: 'A post', body: 'x', comments: [] }, true)).toEqual({
      id: 'post',
      title: 'A post',
    });
    expect(browserItem(undefined, true)).toBeNull();
    expect(browserItem('text', false)).toBeNull();
  });
});

describe('browserMerchandising', () => {
  const merchandising = {
    p1: {
      scarcityText: 'Only {qtyInStock} left',
      mailingListSignUpEnabled: true,
      restockNotificationMessages: { CTAText: 'Tell me' },
    },
    p2: { mailingListSignUpEnabled: false },
  };
  it('keeps only the restock settings of the detailed product', () => {
    expect(browserMerchandising(merchandising, { id: 'p1' })).toEqual({
      p1: { mailingListSignUpEnabled: true, restockNotificationMessages: { CTAText: 'Tell me' } },
    });
  });
  it('is empty on a page that details no product', () => {
    expect(browserMerchandising(merchandising, null)).toEqual({});
    expect(browserMerchandising(undefined, { id: 'p1' })).toEqual({});
  });
});

const embedded = (html: string) =>
  JSON.parse(/<script[^>]*id="page-context"[^>]*>([^<]*)<\/script>/.exec(html)![1]!);

describe.each(await databaseTargets())('the embedded page context on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({ database, writesPerMinute: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('lists the shop products slimmed, while ?format=json keeps whole items', async () => {
    const page = embedded((await app.inject('/shop')).body);
    const full = (await app.inject('/shop?format=json')).json();
    expect(page.items.map((i: { id: string }) => i.id)).toEqual(full.items.map((i: { id: string }) => i.id));
    expect(page.items[0]).not.toHaveProperty('excerpt');
    // The listing-visit event needs to know the page lists products; a public page has type 0.
    expect(page).toMatchObject({ collectionType: 'products', pagePermissionType: 0 });
    expect(page.items[0].structuredContent.variants[0]).not.toHaveProperty('priceMoney');
    expect(page.merchandising).toEqual({});
    expect(full.items[0]).toHaveProperty('excerpt');
    expect(full.productMerchandisingContext[full.items[0].id]).toHaveProperty('scarcityText');
  });

  it('gives a product page its priced variants and its own restock settings', async () => {
    const page = embedded((await app.inject('/shop/p/canvas-tote')).body);
    expect(page.itemId).toBe('prod-canvas-tote');
    expect(
      page.item.structuredContent.variants.map((v: { priceMoney: { value: string } }) => v.priceMoney.value),
    ).toContain('85.00');
    expect(Object.keys(page.merchandising)).toEqual(['prod-canvas-tote']);
    expect(page.merchandising['prod-canvas-tote'].restockNotificationMessages.CTAText).toBeTruthy();
  });
});
