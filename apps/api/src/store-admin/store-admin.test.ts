import { adminMessages, STORE_API } from '@site/commerce-core/admin';
import { EDITOR_API, messages as pageMessages, productTagsPath } from '@site/page-content';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, Shopper, TEST_CARD } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { categories, files, outgoingEmails, pages, products, variants } from '../db/schema';

const targets = await databaseTargets();
const usd = (value: string) => ({ value, currency: 'USD' });

describe.each(targets)('store admin on $name', (target) => {
  const demo = demoSiteSuite(target);

  const createStore = (title: string, urlId = '') =>
    demo.owner.call('POST', STORE_API.storeCollections('demo'), {
      navigationTitle: title,
      title,
      urlId,
      description: `${title} store`,
      enabled: true,
    });
  const physical = (collectionId: string, skuPrefix: string, over: Record<string, unknown> = {}) => ({
    collectionId,
    title: `Print ${skuPrefix}`,
    productType: 'physical',
    variantOptionOrdering: ['Size', 'Paper'],
    variants: [
      {
        sku: `${skuPrefix}-A4-M`,
        attributes: { Size: 'A4', Paper: 'Matte' },
        price: usd('2500'),
        qtyInStock: 5,
      },
      {
        sku: `${skuPrefix}-A4-G`,
        attributes: { Size: 'A4', Paper: 'Gloss' },
        price: usd('2500'),
        qtyInStock: 5,
      },
      {
        sku: `${skuPrefix}-A3-M`,
        attributes: { Size: 'A3', Paper: 'Matte' },
        price: usd('4000'),
        salePrice: usd('3500'),
        onSale: true,
        qtyInStock: 2,
      },
      {
        sku: `${skuPrefix}-A3-G`,
        attributes: { Size: 'A3', Paper: 'Gloss' },
        price: usd('4000'),
        unlimited: true,
      },
    ],
    ...over,
  });
  const countRows = async () => ({
    products: (await demo.database.db.select().from(products)).length,
    variants: (await demo.database.db.select().from(variants)).length,
  });
  const buy = async (itemId: string, sku: string, quantity: number, email = 'buyer@example.com') => {
    const shopper = new Shopper(demo.app);
    expect((await shopper.addToCart(itemId, sku, quantity)).statusCode).toBe(200);
    return shopper.post('/api/commerce/checkout', { email, shippingAddress: ADDRESS, payment: TEST_CARD });
  };

  describe('who may call', () => {
    it('refuses every call without a session (401) and a viewer writing (403)', async () => {
      const visitor = new Shopper(demo.app);
      const calls = [
        ['POST', STORE_API.storeCollections('demo')],
        ['POST', STORE_API.rootCategory('demo', 'page-shop')],
        ['GET', STORE_API.commercePreferences('checkout')],
        ['PUT', STORE_API.commercePreferences('checkout')],
        ['GET', STORE_API.products],
        ['POST', STORE_API.products],
        ['PUT', STORE_API.product('prod-canvas-tote')],
        ['DELETE', `${STORE_API.product('prod-canvas-tote')}?version=0`],
        ['GET', STORE_API.inventory],
        ['PATCH', STORE_API.variantStock('x')],
        ['GET', STORE_API.orders],
        ['GET', STORE_API.ordersCsv],
        ['POST', STORE_API.fulfilOrder('x')],
        ['POST', STORE_API.refundLine('x')],
        ['POST', STORE_API.cancelOrder('x')],
      ] as const;
      for (const [method, url] of calls) {
        const body = method === 'GET' || method === 'DELETE' ? undefined : {};
        const res = await visitor.request(method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json().error.code).toBe('NOT_SIGNED_IN');
        if (method === 'GET') expect((await demo.viewer.get(url)).statusCode, `viewer ${url}`).toBe(200);
        else
          expect((await demo.viewer.call(method, url, body)).statusCode, `viewer ${method} ${url}`).toBe(403);
      }
    });

    it('answers 404 for another website id in the path', async () => {
      const res = await demo.owner.call('POST', STORE_API.storeCollections('other-site'), {
        navigationTitle: 'X',
        title: 'X',
        urlId: '',
        description: '',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(pageMessages.unableToLocateContent);
    });
  });

  describe('store creation', () => {
    it('creates a store page at its URL, in the main navigation, rendered at once, with its root category', async () => {
      const res = await createStore('Prints');
      expect(res.statusCode, res.body).toBe(201);
      const store = res.json();
      expect(store).toMatchObject({
        title: 'Prints',
        navigationTitle: 'Prints',
        urlId: 'prints',
        fullUrl: '/prints',
        enabled: true,
      });
      const root = await demo.owner.call('POST', STORE_API.rootCategory('demo', store.id), {
        displayName: 'Prints',
        type: 'ROOT',
        pageRendering: 'LIST_VIEW',
        displayIndex: 1,
      });
      expect(root.statusCode, root.body).toBe(201);
      expect(root.json()).toMatchObject({
        collectionId: store.id,
        parentCategoryId: null,
        type: 'ROOT',
        pageRendering: 'LIST_VIEW',
        displayIndex: 1,
      });
      const again = await demo.owner.call('POST', STORE_API.rootCategory('demo', store.id), {
        displayName: 'Prints',
        type: 'ROOT',
        pageRendering: 'LIST_VIEW',
        displayIndex: 1,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(adminMessages.rootCategoryExists);
      expect(
        await demo.database.db.select().from(categories).where(eq(categories.collectionId, store.id)),
      ).toHaveLength(1);

      const page = await new Shopper(demo.app).get('/prints?format=json');
      expect(page.statusCode).toBe(200);
      const layout = (await demo.owner.get(EDITOR_API.siteLayout)).json();
      expect(JSON.stringify(layout)).toContain(store.id);
      expect(
        (await demo.owner.get(STORE_API.stores)).json().stores.map((s: { urlId: string }) => s.urlId),
      ).toEqual(expect.arrayContaining(['shop', 'prints']));
    });

    it('derives the URL id: fallback title under 3 characters, -N on collision; a taken URL id given is refused', async () => {
      expect((await createStore('Prints')).json().urlId).toBe('prints-1');
      expect((await createStore('ab')).json().urlId).toBe('store');
      expect((await createStore(' x ')).json().urlId).toBe('store-1');
      const taken = await createStore('About us', 'about');
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toMatchObject({
        code: 'URL_TAKEN',
        message: 'Another page already uses the URL /about. Choose another URL.',
      });
      expect(await demo.database.db.select().from(pages).where(eq(pages.title, 'About us'))).toHaveLength(0);
    });

    it('refuses a payload without the spec fields, and a root category of a page that is not a store', async () => {
      expect(
        (await demo.owner.call('POST', STORE_API.storeCollections('demo'), { title: 'No nav' })).statusCode,
      ).toBe(400);
      const res = await demo.owner.call('POST', STORE_API.rootCategory('demo', 'page-about'), {
        displayName: 'x',
        type: 'ROOT',
        pageRendering: 'LIST_VIEW',
        displayIndex: 1,
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('commerce preferences', () => {
    it('drops websiteId and empty values, and the checkout minimum reaches the cart and checkout', async () => {
      const put = await demo.owner.call('PUT', STORE_API.commercePreferences('checkout'), {
        websiteId: 'demo',
        checkoutMinimumSubtotalCents: '50000',
        orderNotesLabel: '',
        orderNotesEnabled: true,
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toEqual({ checkoutMinimumSubtotalCents: '50000', orderNotesEnabled: true });
      expect((await demo.viewer.get(STORE_API.commercePreferences('checkout'))).json()).toEqual(put.json());
      const shopper = new Shopper(demo.app);
      await shopper.addToCart('prod-canvas-tote', 'TOTE-OLIVE', 1);
      const checkout = await shopper.post('/api/commerce/checkout', {
        email: 'a@example.com',
        shippingAddress: ADDRESS,
        payment: TEST_CARD,
      });
      expect(checkout.statusCode).toBe(409);
      expect(checkout.json().error.code).toBe('BELOW_MINIMUM');
      // Emptied, the minimum goes back to none.
      expect(
        (
          await demo.owner.call('PUT', STORE_API.commercePreferences('checkout'), {
            checkoutMinimumSubtotalCents: '',
          })
        ).json(),
      ).toEqual({});
      const paid = await shopper.post('/api/commerce/checkout', {
        email: 'a@example.com',
        shippingAddress: ADDRESS,
        payment: TEST_CARD,
      });
      expect(paid.statusCode, paid.body).toBe(200);
    });

    it('requires the free label with free-if-zero, and refuses unknown namespaces and fields', async () => {
      const res = await demo.owner.call('PUT', STORE_API.commercePreferences('currency'), {
        freeIfZero: true,
        freeLabel: '  ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(adminMessages.freeLabelRequired);
      expect(
        (
          await demo.owner.call('PUT', STORE_API.commercePreferences('currency'), {
            freeIfZero: true,
            freeLabel: 'Free',
          })
        ).json(),
      ).toEqual({ freeIfZero: true, freeLabel: 'Free' });
      expect((await demo.owner.get(STORE_API.commercePreferences('nope'))).statusCode).toBe(404);
      expect(
        (await demo.owner.call('PUT', STORE_API.commercePreferences('tax'), { taxRate: 5 })).statusCode,
      ).toBe(400);
      expect((await demo.owner.call('PUT', STORE_API.commercePreferences('tax'), [1])).statusCode).toBe(400);
    });

    it('keeps "When a shopper adds to cart" and tells the storefront, refusing anything but its choices', async () => {
      const path = STORE_API.commercePreferences('cart');
      const productContext = async () => {
        const html = (await new Shopper(demo.app).get('/shop/p/canvas-tote')).body;
        return JSON.parse(/<script[^>]*id="page-context"[^>]*>([^<]*)<\/script>/.exec(html)![1]!) as {
          afterAddToCart?: string;
        };
      };
      // The default, the message, is what the storefront does without being told.
      expect((await productContext()).afterAddToCart).toBeUndefined();
      for (const choice of ['drawer', 'page', 'message'] as const) {
        const put = await demo.owner.call('PUT', path, { afterAddToCart: choice });
        expect(put.statusCode, put.body).toBe(200);
        expect((await demo.owner.get(path)).json()).toEqual({ afterAddToCart: choice });
        expect((await productContext()).afterAddToCart).toBe(choice === 'message' ? undefined : choice);
      }
      await demo.owner.call('PUT', path, { afterAddToCart: 'drawer' });
      for (const hostile of [
        { afterAddToCart: 'popup' },
        { afterAddToCart: 205 },
        { afterAddToCart: ['drawer'] },
        { afterAddToCart: { value: 'drawer' } },
        { afterAddToCart: 'drawer\u0000' },
        { afterAddToCart: '\ud800' },
        { afterAddToCart: 'drawer', cartType: 'page' },
        { afterAddToCart: 'x'.repeat(100_000) },
      ]) {
        const res = await demo.owner.call('PUT', path, hostile);
        expect(res.statusCode, JSON.stringify(hostile).slice(0, 60)).toBe(400);
        expect(res.json().error.message).toBeTruthy();
      }
      // Nothing refused was kept: the drawer is still the choice.
      expect((await demo.owner.get(path)).json()).toEqual({ afterAddToCart: 'drawer' });
      expect((await productContext()).afterAddToCart).toBe('drawer');
      expect((await demo.viewer.call('PUT', path, { afterAddToCart: 'page' })).statusCode).toBe(403);
      await demo.owner.call('PUT', path, { afterAddToCart: 'message' });
    });
  });

  describe('products', () => {
    let storeId: string;
    beforeAll(async () => {
      storeId = (await demo.owner.get(STORE_API.stores))
        .json()
        .stores.find((s: { urlId: string }) => s.urlId === 'prints').id;
    });

    it('creates a product with four variants, shows it to visitors, edits it with a version check', async () => {
      const res = await demo.owner.call('POST', STORE_API.products, physical(storeId, 'P1'));
      expect(res.statusCode, res.body).toBe(201);
      const product = res.json();
      expect(product).toMatchObject({
        urlId: 'print-p1',
        version: 0,
        variantOptionOrdering: ['Size', 'Paper'],
      });
      expect(product.variants[2]).toMatchObject({
        price: usd('4000'),
        salePrice: usd('3500'),
        onSale: true,
        qtyInStock: 2,
      });
      expect((await new Shopper(demo.app).get('/prints/p/print-p1')).statusCode).toBe(200);

      const edited = await demo.owner.call('PUT', STORE_API.product(product.id), {
        ...physical(storeId, 'P1'),
        version: 0,
        title: 'Print one',
        variants: product.variants.slice(0, 2),
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ title: 'Print one', version: 1, urlId: 'print-p1' });
      expect(edited.json().variants.map((v: { id: string }) => v.id)).toEqual(
        product.variants.slice(0, 2).map((v: { id: string }) => v.id),
      );
      const stale = await demo.owner.call('PUT', STORE_API.product(product.id), {
        ...physical(storeId, 'P1'),
        version: 0,
        title: 'Lost',
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.message).toBe(adminMessages.staleProduct);

      const disabled = await demo.owner.call('PATCH', STORE_API.product(product.id), {
        version: 1,
        enabled: false,
      });
      expect(disabled.json()).toMatchObject({ enabled: false, version: 2 });
      expect((await new Shopper(demo.app).get('/prints/p/print-p1')).statusCode).toBe(404);
      expect((await new Shopper(demo.app).addToCart(product.id, 'P1-A4-M', 1)).statusCode).toBe(404);
    });

    it('makes the SKUs left empty, unique across the site even when saves race, and keeps them editable', async () => {
      // A store of its own, so the list tests below count the prints alone.
      const mugs = await createStore('Mugs');
      expect(mugs.statusCode, mugs.body).toBe(201);
      const mug = {
        collectionId: mugs.json().id,
        title: 'Mug',
        productType: 'physical',
        variantOptionOrdering: ['Colour'],
        variants: [
          { attributes: { Colour: 'Red' }, price: usd('850'), qtyInStock: 1 },
          { sku: '', attributes: { Colour: 'Blue' }, price: usd('850'), qtyInStock: 1 },
        ],
      };
      const saves = await Promise.all(
        Array.from({ length: 6 }, () => demo.owner.call('POST', STORE_API.products, mug)),
      );
      for (const res of saves) expect(res.statusCode, res.body).toBe(201);
      const skus = saves.flatMap((res) => res.json().variants.map((v: { sku: string }) => v.sku));
      expect(new Set(skus.map((s: string) => s.toLowerCase())).size).toBe(12);
      expect(skus).toContain('MUG-RED');
      expect(skus).toContain('MUG-BLUE-6');
      const stored = await demo.database.db.select({ sku: variants.sku }).from(variants);
      const lowered = stored.map((v) => v.sku.toLowerCase());
      expect(new Set(lowered).size).toBe(lowered.length);

      const first = saves[0]!.json();
      const renamed = await demo.owner.call('PUT', STORE_API.product(first.id), {
        ...mug,
        version: first.version,
        variants: first.variants.map((v: { sku: string }, i: number) => ({
          ...v,
          sku: i === 0 ? 'MUG-R' : v.sku,
        })),
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().variants[0].sku).toBe('MUG-R');
      expect(renamed.json().variants[1].sku).toBe(first.variants[1].sku);
    });

    it('sells a product as a subscription with its own button text', async () => {
      const plan = { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 6 };
      const res = await demo.owner.call(
        'POST',
        STORE_API.products,
        physical(storeId, 'SUB', {
          title: 'Print club',
          subscriptionPlan: plan,
          customAddButtonText: 'Join',
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ subscriptionPlan: plan, customAddButtonText: 'Join' });
      const page = (await new Shopper(demo.app).get('/prints/p/print-club?format=json')).json();
      expect(page.item.structuredContent).toMatchObject({
        isSubscribable: true,
        subscriptionPlan: plan,
        useCustomAddButtonText: true,
        customAddButtonText: 'Join',
      });
      const giftCard = await demo.owner.call('POST', STORE_API.products, {
        ...physical(storeId, 'GCS', { productType: 'giftCard', subscriptionPlan: plan }),
      });
      expect(giftCard.json().error.message).toBe(adminMessages.giftCardNotSubscribable);
    });

    it('creates digital, service and gift-card products', async () => {
      for (const [productType, sku, extra] of [
        ['digital', 'DL-1', { variantOptionOrdering: [] }],
        ['service', 'SV-1', { variantOptionOrdering: [] }],
        ['giftCard', 'GC-P', { variantOptionOrdering: ['Amount'] }],
      ] as const) {
        const attributes = productType === 'giftCard' ? { Amount: '$50' } : {};
        const res = await demo.owner.call('POST', STORE_API.products, {
          collectionId: storeId,
          title: `A ${productType}`,
          productType,
          ...extra,
          variants: [{ sku, attributes, price: usd('5000'), unlimited: true }],
        });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().productType).toBe(productType);
      }
    });

    it('names files, forms and languages of this site only, and keeps merchandising and weight', async () => {
      const digital = (over: Record<string, unknown>) =>
        demo.owner.call('POST', STORE_API.products, {
          collectionId: storeId,
          title: 'Poster file',
          productType: 'digital',
          variants: [
            { sku: `DLF-${Math.random().toString(36).slice(2, 8)}`, price: usd('900'), unlimited: true },
          ],
          ...over,
        });
      const before = await countRows();
      for (const [over, message] of [
        [{ digitalFileId: 'file-nope' }, adminMessages.fileNotFound],
        [{ imageFileIds: ['file-nope'] }, adminMessages.fileNotFound],
        [{ additionalFieldsFormId: 'form-nope' }, adminMessages.formNotFound],
        [{ translations: { fr: { title: 'Affiche' } } }, adminMessages.unknownLanguage],
        [{ shipping: { weightGrams: 100 } }, adminMessages.shippingOnlyForPhysical],
        [{ productType: 'service', digitalFileId: 'file-x' }, adminMessages.fileOnlyForDigital],
      ] as const) {
        const res = await digital(over);
        expect(res.statusCode, JSON.stringify(over)).toBe(400);
        expect(res.json().error.message).toBe(message);
      }
      expect(await countRows()).toEqual(before);
      const merchandising = { scarcityEnabled: false, customSoldOutText: 'Gone for now' };
      const physicalRes = await demo.owner.call(
        'POST',
        STORE_API.products,
        physical(storeId, 'MER', {
          title: 'Merch print',
          merchandising,
          shipping: { weightGrams: 350, lengthMm: 400 },
        }),
      );
      expect(physicalRes.statusCode, physicalRes.body).toBe(201);
      expect(physicalRes.json()).toMatchObject({
        merchandising,
        shipping: { weightGrams: 350, lengthMm: 400 },
        imageFileIds: [],
      });
      const page = (await new Shopper(demo.app).get('/prints/p/merch-print?format=json')).json();
      expect(page.productMerchandisingContext[physicalRes.json().id]).toMatchObject({
        scarcityEnabled: false,
        customSoldOutText: 'Gone for now',
      });
      // Out of the way of the listing tests below.
      expect(
        (
          await demo.owner.call(
            'DELETE',
            `${STORE_API.product(physicalRes.json().id)}?version=${physicalRes.json().version}`,
          )
        ).statusCode,
      ).toBe(204);
    });

    it('shows every picture of a product in its page gallery, in the owner’s order', async () => {
      const picture = (id: string, name: string) => ({
        id,
        websiteId: 'demo',
        name,
        contentType: 'image/png',
        size: 10,
        width: 10,
        height: 10,
        status: 'complete' as const,
      });
      await demo.database.db
        .insert(files)
        .values([picture('file-front', 'front.png'), picture('file-back', 'back.png')]);
      const saved = await demo.owner.call(
        'POST',
        STORE_API.products,
        physical(storeId, 'PIC', { title: 'Pictured print', imageFileIds: ['file-back', 'file-front'] }),
      );
      expect(saved.statusCode, saved.body).toBe(201);
      const body = (await new Shopper(demo.app).get('/prints/p/pictured-print')).body;
      const zoomed = [...body.matchAll(/class="product-gallery__zoom" href="([^"]+)"/g)].map((m) => m[1]);
      expect(zoomed).toEqual(['/files/file-back/back.png', '/files/file-front/front.png']);
      expect(
        (
          await demo.owner.call(
            'DELETE',
            `${STORE_API.product(saved.json().id)}?version=${saved.json().version}`,
          )
        ).statusCode,
      ).toBe(204);
    });

    it('refuses bad input with a clear 4xx and saves nothing', async () => {
      const before = await countRows();
      const cases: [Record<string, unknown>, number, string][] = [
        [
          physical(storeId, 'X', {
            variants: [
              { sku: 'X-1', attributes: { Size: 'A4', Paper: 'Matte' }, price: usd('100'), qtyInStock: -3 },
            ],
          }),
          400,
          adminMessages.stockNegative,
        ],
        [
          physical(storeId, 'X', {
            variants: [
              {
                sku: 'X-1',
                attributes: { Size: 'A4', Paper: 'Matte' },
                price: { value: '100', currency: 'ABC' },
              },
            ],
          }),
          400,
          'ABC is not a store currency.',
        ],
        [
          physical(storeId, 'X', {
            variants: [
              {
                sku: 'X-1',
                attributes: { Size: 'A4', Paper: 'Matte' },
                price: { value: '100', currency: 'EUR' },
              },
            ],
          }),
          400,
          'Prices must be in the store currency, USD.',
        ],
        // P1-A4-M belongs to the first product: SKUs are unique across the site.
        [
          physical(storeId, 'X', {
            variants: [
              { sku: 'X-OK', attributes: { Size: 'A4', Paper: 'Matte' }, price: usd('100') },
              { sku: 'p1-a4-m', attributes: { Size: 'A3', Paper: 'Matte' }, price: usd('100') },
            ],
          }),
          409,
          'The SKU P1-A4-M is already used by another product variant.',
        ],
        [
          physical(storeId, 'X', { urlId: 'print-p1' }),
          409,
          'Another page already uses the URL /prints/p/print-p1. Choose another URL.',
        ],
        [physical('page-about', 'X'), 404, adminMessages.collectionNotStore],
        [{ ...physical(storeId, 'X'), title: 'nul\u0000' }, 400, ''],
      ];
      for (const [body, status, message] of cases) {
        const res = await demo.owner.call('POST', STORE_API.products, body);
        expect(res.statusCode, res.body).toBe(status);
        if (message) expect(res.json().error.message).toBe(message);
      }
      expect(await countRows()).toEqual(before);
    });

    it('keeps a store to 200 products', async () => {
      const { id: collectionId } = (await createStore('Full shop')).json();
      await demo.database.db.insert(products).values(
        Array.from({ length: 200 }, (_, i) => ({
          id: `full-${i}`,
          websiteId: 'demo',
          collectionId,
          urlId: `full-${i}`,
          title: `Full ${i}`,
          productType: 1,
        })),
      );
      const res = await demo.owner.call('POST', STORE_API.products, physical(collectionId, 'FULL'));
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'PRODUCT_LIMIT',
        message: 'A store can hold at most 200 products. Delete a product before adding another.',
      });
      expect(
        await demo.database.db.select().from(variants).where(eq(variants.sku, 'FULL-A4-M')),
      ).toHaveLength(0);
    });

    it('lists with search, type and stock filters, sorts and cursor pages', async () => {
      const list = async (query: string) =>
        (await demo.owner.get(`${STORE_API.products}?collectionId=${storeId}&${query}`)).json();
      expect((await list('q=digital')).products.map((p: { title: string }) => p.title)).toEqual([
        'A digital',
      ]);
      expect((await list('q=gc-p')).products).toHaveLength(1);
      expect(
        (await list('type=giftCard')).products.map((p: { productType: string }) => p.productType),
      ).toEqual(['giftCard']);
      expect((await list('stock=out')).products).toHaveLength(0);
      const sorted = await list('sort=title&limit=2');
      expect(sorted.products.map((p: { title: string }) => p.title)).toEqual(['A digital', 'A giftCard']);
      const next = await list(`sort=title&limit=2&cursor=${sorted.nextCursor}`);
      expect(next.products.map((p: { title: string }) => p.title)).toEqual(['A service', 'Print club']);
      const last = await list(`sort=title&limit=2&cursor=${next.nextCursor}`);
      expect(last.products.map((p: { title: string }) => p.title)).toEqual(['Print one']);
      expect(last.nextCursor).toBeNull();
      expect((await list('sort=-title&limit=1')).products[0].title).toBe('Print one');
      expect((await demo.owner.get(`${STORE_API.products}?cursor=garbage`)).statusCode).toBe(400);
      // A well-formed cursor of the wrong shape for its sort is refused too, never a 500.
      const foreign = Buffer.from(JSON.stringify(['not a date', 'x'])).toString('base64url');
      expect((await demo.owner.get(`${STORE_API.products}?sort=newest&cursor=${foreign}`)).statusCode).toBe(
        400,
      );
      expect((await demo.owner.get(`${STORE_API.products}?sort=position&cursor=${foreign}`)).statusCode).toBe(
        400,
      );
      const newest = await list('sort=newest&limit=1');
      expect((await list(`sort=newest&limit=1&cursor=${newest.nextCursor}`)).products[0].id).not.toBe(
        newest.products[0].id,
      );
    });

    it('filters by category, type and stock together, as the store screen asks', async () => {
      const list = async (query: string) =>
        (await demo.owner.get(`${STORE_API.products}?collectionId=${storeId}&sort=title&${query}`))
          .json()
          .products.map((p: { title: string }) => p.title);
      const all = (await demo.owner.get(`${STORE_API.products}?collectionId=${storeId}`)).json().products as {
        id: string;
        title: string;
        variants: { id: string }[];
      }[];
      const named = (title: string) => all.find((p) => p.title === title)!;
      for (const [title, categories] of [
        ['A digital', ['Downloads']],
        ['Print club', ['downloads', 'Prints']],
      ] as const) {
        const res = await demo.owner.call('PUT', productTagsPath(named(title).id), { tags: [], categories });
        expect(res.statusCode, res.body).toBe(200);
      }
      // A category matches ignoring case, as the tag manager treats names.
      expect(await list('category=Downloads')).toEqual(['A digital', 'Print club']);
      expect(await list('category=downloads&type=physical')).toEqual(['Print club']);
      expect(await list('category=Prints&type=digital')).toEqual([]);
      expect(await list('category=Nowhere')).toEqual([]);
      expect((await demo.owner.get(`${STORE_API.products}?category=`)).statusCode).toBe(400);
      expect((await demo.owner.get(`${STORE_API.products}?type=poster`)).statusCode).toBe(400);
      expect((await demo.owner.get(`${STORE_API.products}?stock=some`)).statusCode).toBe(400);

      // Print one's two variants: 0 and 3 left is low stock; 0 and 0 is sold out.
      const [first, second] = named('Print one').variants;
      const stock = (id: string, qtyInStock: number) =>
        demo.owner.call('PATCH', STORE_API.variantStock(id), { qtyInStock });
      expect((await stock(first!.id, 0)).statusCode).toBe(200);
      expect((await stock(second!.id, 3)).statusCode).toBe(200);
      expect(await list('stock=low')).toEqual(['Print one']);
      expect(await list('stock=out')).toEqual([]);
      expect(await list('stock=in&type=physical')).toEqual(['Print club', 'Print one']);
      expect((await stock(second!.id, 0)).statusCode).toBe(200);
      expect(await list('stock=out')).toEqual(['Print one']);
      expect(await list('stock=in&type=physical')).toEqual(['Print club']);
      expect(await list('stock=low')).toEqual([]);
      expect(await list('type=service&stock=in')).toEqual(['A service']);
      expect((await stock(first!.id, 5)).statusCode).toBe(200);
      expect((await stock(second!.id, 5)).statusCode).toBe(200);
    });

    it('takes back the product view of GET as a save, tags and categories included (those stay as their own call set them)', async () => {
      const { id } = (
        await demo.owner.call('POST', STORE_API.products, physical(storeId, 'RT', { title: 'Round trip' }))
      ).json();
      expect(
        (await demo.owner.call('PUT', productTagsPath(id), { tags: ['framed'], categories: ['Prints'] }))
          .statusCode,
      ).toBe(200);
      const view = (await demo.owner.get(STORE_API.product(id))).json();
      expect(view).toMatchObject({ tags: ['framed'], categories: ['Prints'] });

      const saved = await demo.owner.call('PUT', STORE_API.product(id), {
        ...view,
        title: 'Round trip, framed',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const { version: _v, title: _t, ...rest } = view;
      expect(saved.json()).toMatchObject({ ...rest, title: 'Round trip, framed', version: view.version + 1 });
      // The names a save carries are not written: a form read before a tag merge cannot undo it.
      const stale = await demo.owner.call('PUT', STORE_API.product(id), {
        ...(saved.json() as object),
        tags: ['old'],
        categories: [],
      });
      expect(stale.statusCode, stale.body).toBe(200);
      expect(stale.json()).toMatchObject({ tags: ['framed'], categories: ['Prints'] });
      expect((await demo.owner.get(STORE_API.product(id))).json()).toMatchObject({
        tags: ['framed'],
        categories: ['Prints'],
      });

      const answered = stale.json() as { version: number };
      const other = await demo.owner.call('PUT', STORE_API.product(id), {
        ...answered,
        id: 'prod-canvas-tote',
      });
      expect(other.statusCode).toBe(400);
      expect(other.json().error.message).toBe(adminMessages.productIdMismatch);
      expect(
        (await demo.owner.call('PUT', STORE_API.product(id), { ...answered, surprise: 1 })).statusCode,
      ).toBe(400);
      expect(
        (await demo.owner.call('DELETE', `${STORE_API.product(id)}?version=${answered.version}`)).statusCode,
      ).toBe(204);
    });

    it('deletes with a version check', async () => {
      const { id } = (await demo.owner.call('POST', STORE_API.products, physical(storeId, 'DEL'))).json();
      expect((await demo.owner.call('DELETE', `${STORE_API.product(id)}?version=3`)).statusCode).toBe(409);
      expect((await demo.owner.call('DELETE', `${STORE_API.product(id)}?version=0`)).statusCode).toBe(204);
      expect((await demo.owner.get(STORE_API.product(id))).statusCode).toBe(404);
    });
  });

  describe('inventory', () => {
    it('sets stock and refuses negative stock', async () => {
      const [v] = await demo.database.db.select().from(variants).where(eq(variants.sku, 'TOTE-OLIVE'));
      const res = await demo.owner.call('PATCH', STORE_API.variantStock(v!.id), { qtyInStock: 40 });
      expect(res.json()).toMatchObject({ sku: 'TOTE-OLIVE', qtyInStock: 40 });
      expect(
        (await demo.owner.call('PATCH', STORE_API.variantStock(v!.id), { qtyInStock: -1 })).statusCode,
      ).toBe(400);
      expect(
        (await demo.owner.call('PATCH', STORE_API.variantStock('nope'), { qtyInStock: 1 })).statusCode,
      ).toBe(404);
      const rows = (await demo.owner.get(`${STORE_API.inventory}?q=tote-olive`)).json().items;
      expect(rows).toEqual([expect.objectContaining({ productTitle: expect.any(String), qtyInStock: 40 })]);
    });

    it('keeps the stock of an existing variant a save leaves out; a new variant without stock starts at 0', async () => {
      const storeId = (await demo.owner.get(STORE_API.stores))
        .json()
        .stores.find((s: { urlId: string }) => s.urlId === 'prints').id;
      const created = (await demo.owner.call('POST', STORE_API.products, physical(storeId, 'KEEP'))).json();
      // A sale taken after the owner's form was read: the save must not put the unit back.
      await demo.database.db
        .update(variants)
        .set({ qtyInStock: 4 })
        .where(eq(variants.id, created.variants[0].id));
      const withoutStock = created.variants.map(({ qtyInStock: _q, ...v }: { qtyInStock: number }) => v);
      const res = await demo.owner.call('PUT', STORE_API.product(created.id), {
        ...physical(storeId, 'KEEP'),
        version: created.version,
        title: 'Kept stock',
        variants: [
          ...withoutStock,
          { sku: 'KEEP-NEW', attributes: { Size: 'A5', Paper: 'Matte' }, price: usd('100') },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().variants.map((v: { qtyInStock: number }) => v.qtyInStock)).toEqual([
        4,
        ...created.variants.slice(1).map((v: { qtyInStock: number }) => v.qtyInStock),
        0,
      ]);
      expect(
        (await demo.owner.call('DELETE', `${STORE_API.product(created.id)}?version=${res.json().version}`))
          .statusCode,
      ).toBe(204);
    });

    it('exports stock as CSV and imports it back, all rows or none', async () => {
      const csv = await demo.owner.get(STORE_API.inventoryCsv);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body.split('\r\n')[0]).toBe('Product,SKU,Options,Stock');
      expect(csv.body).toMatch(/,TOTE-OLIVE,Color: Olive,40\r\n/);
      const send = (body: string) =>
        demo.owner.call('POST', STORE_API.inventoryCsv, body, { 'content-type': 'text/csv' });
      const bad = await send('SKU,Stock\r\nTOTE-OLIVE,7\r\nNOPE-1,3\r\n');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe('Row 3: no variant has the SKU "NOPE-1".');
      expect((await send('SKU,Stock\nTOTE-OLIVE,-2\n')).json().error.message).toBe(
        'Row 2: Stock cannot be negative.',
      );
      expect((await send('Name,Qty\nx,1\n')).json().error.message).toBe(
        'Row 1: The file needs a SKU column and a Stock column.',
      );
      const [unchanged] = await demo.database.db
        .select()
        .from(variants)
        .where(eq(variants.sku, 'TOTE-OLIVE'));
      expect(unchanged!.qtyInStock).toBe(40);
      const ok = await send('"Product",SKU,Stock\n"Tote, olive",tote-olive,12\nPack,P1-A4-M,unlimited\n');
      expect(ok.json()).toEqual({ updated: 2 });
      const [after] = await demo.database.db.select().from(variants).where(eq(variants.sku, 'TOTE-OLIVE'));
      expect(after!.qtyInStock).toBe(12);
      await demo.owner.call('PATCH', STORE_API.variantStock(after!.id), { qtyInStock: 40 });
      expect(
        (
          await demo.viewer.call('POST', STORE_API.inventoryCsv, 'SKU,Stock\n', {
            'content-type': 'text/csv',
          })
        ).statusCode,
      ).toBe(403);
    });

    it('never loses an update racing checkouts: stock = set value − units sold after the edit', async () => {
      const [v] = await demo.database.db.select().from(variants).where(eq(variants.sku, 'TOTE-OLIVE'));
      await demo.owner.call('PATCH', STORE_API.variantStock(v!.id), { qtyInStock: 500 });
      const quantities = [1, 2, 3, 1, 2, 3, 1, 2];
      const checkouts = quantities.map(async (q, i) => {
        const res = await buy('prod-canvas-tote', 'TOTE-OLIVE', q, `race${i}@example.com`);
        expect(res.statusCode, res.body).toBe(200);
        return { q, orderNumber: res.json().order.orderNumber as number };
      });
      const edit = demo.owner.call('PATCH', STORE_API.variantStock(v!.id), { qtyInStock: 100 });
      const sold = await Promise.all(checkouts);
      expect((await edit).statusCode).toBe(200);
      const [after] = await demo.database.db.select().from(variants).where(eq(variants.id, v!.id));
      // Stock updates serialise on the row, and each checkout numbers its order while holding it,
      // so "after the edit" is a tail of the orders by number.
      const byNumber = sold.sort((a, b) => a.orderNumber - b.orderNumber);
      const tails = byNumber.map((_, i) => byNumber.slice(i).reduce((n, s) => n + s.q, 0)).concat(0);
      expect(tails).toContain(100 - after!.qtyInStock);
    });
  });

  describe('orders', () => {
    let orderId: string;
    it('lists, filters and shows an order with its lines', async () => {
      const res = await buy('prod-canvas-tote', 'TOTE-OLIVE', 3, 'grace@example.com');
      orderId = res.json().order.id;
      const list = (await demo.owner.get(`${STORE_API.orders}?q=GRACE&status=paid`)).json();
      expect(list.orders).toEqual([
        expect.objectContaining({ id: orderId, email: 'grace@example.com', status: 'paid' }),
      ]);
      const today = new Date().toISOString().slice(0, 10);
      expect(
        (await demo.owner.get(`${STORE_API.orders}?from=${today}&to=${today}&limit=1`)).json(),
      ).toMatchObject({ orders: [expect.anything()], nextCursor: expect.any(String) });
      expect((await demo.owner.get(`${STORE_API.orders}?to=2000-01-01`)).json().orders).toEqual([]);
      expect((await demo.owner.get(`${STORE_API.orders}?from=yesterday`)).statusCode).toBe(400);
      // The Subscriptions list: only orders that started a subscription.
      expect(
        (await demo.owner.get(`${STORE_API.orders}?kind=subscription`))
          .json()
          .orders.map((o: { id: string }) => o.id),
      ).not.toContain(orderId);
      expect((await demo.owner.get(`${STORE_API.orders}?kind=gift`)).statusCode).toBe(400);
      const detail = (await demo.owner.get(STORE_API.order(orderId))).json();
      expect(detail).toMatchObject({
        shippingAddress: expect.objectContaining({ city: 'London' }),
        payment: { provider: 'test', testMode: true },
      });
      expect(detail.lines[0]).toMatchObject({
        sku: 'TOTE-OLIVE',
        quantity: 3,
        attributes: expect.any(Object),
        refundedQuantity: 0,
      });
    });

    it('refunds a line through the provider and returns the stock', async () => {
      const [before] = await demo.database.db.select().from(variants).where(eq(variants.sku, 'TOTE-OLIVE'));
      const lineId = (await demo.owner.get(STORE_API.order(orderId))).json().lines[0].id;
      const res = await demo.owner.call('POST', STORE_API.refundLine(orderId), {
        orderItemId: lineId,
        quantity: 2,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().lines[0].refundedQuantity).toBe(2);
      const [after] = await demo.database.db.select().from(variants).where(eq(variants.sku, 'TOTE-OLIVE'));
      expect(after!.qtyInStock).toBe(before!.qtyInStock + 2);
      const tooMany = await demo.owner.call('POST', STORE_API.refundLine(orderId), {
        orderItemId: lineId,
        quantity: 2,
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().error.message).toBe('Only 1 of this line can still be refunded.');
    });

    it('fulfils with a tracking number and queues the shipping email in the same transaction', async () => {
      const res = await demo.owner.call('POST', STORE_API.fulfilOrder(orderId), {
        trackingNumber: '1Z999',
        carrier: 'UPS',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'fulfilled', trackingNumber: '1Z999' });
      const mails = await demo.database.db
        .select()
        .from(outgoingEmails)
        .where(eq(outgoingEmails.to, 'grace@example.com'));
      expect(mails.filter((m) => m.kind === 'shipping')).toHaveLength(1);
      // UPS is a listed carrier: the email links to that parcel's page on ups.com.
      expect(mails.find((m) => m.kind === 'shipping')!.html).toContain(
        'href="https://www.ups.com/track?tracknum=1Z999"',
      );
      expect(
        (await demo.owner.call('POST', STORE_API.fulfilOrder(orderId), { trackingNumber: '1Z999' }))
          .statusCode,
      ).toBe(409);
      expect((await demo.owner.call('POST', STORE_API.cancelOrder(orderId))).statusCode).toBe(409);
    });

    it('cancels an unfulfilled order, refunding and restocking everything', async () => {
      const [before] = await demo.database.db.select().from(variants).where(eq(variants.sku, 'TOTE-OLIVE'));
      const { id } = (await buy('prod-canvas-tote', 'TOTE-OLIVE', 2, 'cancel@example.com')).json().order;
      const res = await demo.owner.call('POST', STORE_API.cancelOrder(id));
      expect(res.json()).toMatchObject({
        status: 'cancelled',
        refunded: { value: res.json().grandTotal.value },
      });
      const [after] = await demo.database.db.select().from(variants).where(eq(variants.sku, 'TOTE-OLIVE'));
      expect(after!.qtyInStock).toBe(before!.qtyInStock);
    });

    it('exports CSV that a spreadsheet cannot read as formulas', async () => {
      await buy('prod-canvas-tote', 'TOTE-OLIVE', 1, '=cmd@example.com');
      const res = await demo.owner.get(`${STORE_API.ordersCsv}?q=example.com`);
      expect(res.headers['content-type']).toContain('text/csv');
      const lines = res.body.trim().split('\r\n');
      expect(lines[0]).toBe(
        'Order number,Created,Email,Status,Currency,Subtotal,Tax,Shipping,Discount,Total,Refunded,Items,Tracking number',
      );
      expect(res.body).toContain("'=cmd@example.com");
      expect(res.body).toContain('1Z999');
    });
  });
});
