import { STORE_API } from '@site/commerce-core/admin';
import { MULTILINGUAL_API } from '@site/page-content';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { DEMO_VIEWER, DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';
import { databaseTargets } from '../../test/databases';
import { Shopper } from '../../test/client';
import { EditorClient } from '../../test/editor';

const targets = await databaseTargets();
const W = DEMO_WEBSITE_ID;

/**
 * Every owner call of the store flow (issue 16's Done-when: create a store, its products, see,
 * fulfil and refund an order, set the checkout minimum, add French and translate a product) is
 * refused without the owner's session: 401 signed out, 403 for a member who may only look.
 */
const FLOW: [string, string, unknown?][] = [
  [
    'POST',
    STORE_API.storeCollections(W),
    { navigationTitle: 'Prints', title: 'Prints', urlId: '', description: '', enabled: true },
  ],
  [
    'POST',
    STORE_API.rootCategory(W, 'any'),
    { displayName: 'Prints', type: 'ROOT', pageRendering: 'LIST_VIEW', displayIndex: 1 },
  ],
  [
    'POST',
    STORE_API.products,
    {
      collectionId: 'any',
      title: 'Poster',
      productType: 'physical',
      variants: [{ sku: 'P', price: { value: '100', currency: 'USD' } }],
    },
  ],
  [
    'PUT',
    STORE_API.product('prod-field-notebook'),
    {
      collectionId: 'any',
      title: 'X',
      productType: 'physical',
      variants: [{ sku: 'P', price: { value: '100', currency: 'USD' } }],
    },
  ],
  ['PATCH', STORE_API.product('prod-field-notebook'), { version: 0, enabled: false }],
  ['DELETE', `${STORE_API.product('prod-field-notebook')}?version=0`],
  ['PATCH', STORE_API.variantStock('any'), { qtyInStock: 5 }],
  ['GET', STORE_API.orders],
  ['GET', STORE_API.order('any')],
  ['POST', STORE_API.fulfilOrder('any'), { trackingNumber: '1Z' }],
  ['POST', STORE_API.refundLine('any'), { orderItemId: 'any', quantity: 1 }],
  ['PUT', STORE_API.commercePreferences('checkout'), { checkoutMinimumSubtotalCents: '5000' }],
  ['PUT', MULTILINGUAL_API.languages, { languages: ['fr'] }],
];

describe.each(targets)('the store flow without the owner on $name', (target) => {
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

  it.each(FLOW)('%s %s is refused signed out (401)', async (method, url, body) => {
    const res = await new Shopper(app).request(method as 'GET', url, body);
    expect(res.statusCode, res.body).toBe(401);
  });

  it.each(FLOW.filter(([method]) => method !== 'GET'))(
    '%s %s is refused to a viewer (403)',
    async (method, url, body) => {
      const viewer = await new EditorClient(app).signIn(DEMO_VIEWER);
      const res = await viewer.call(method as 'GET', url, body);
      expect(res.statusCode, res.body).toBe(403);
    },
  );
});
