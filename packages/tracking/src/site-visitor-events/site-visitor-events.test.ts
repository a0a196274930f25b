import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { PageContext } from '../page-context/page-context';
import { context } from '../testing/fixtures';
import { siteVisitorEventSchema, type SiteVisitorEvent } from './payloads';
import {
  createSiteVisitorEvents,
  isCompleteSiteVisitorEvent,
  type ProductFacts,
  type PurchaseFacts,
} from './site-visitor-events';

const flagged: PageContext = { ...context, betaFeatureFlags: ['commerce_site_visitor_metrics'] };
const product: ProductFacts = {
  itemId: 'item-1',
  productType: 1,
  title: 'Mug',
  collectionId: 'col-1',
  collectionName: 'Shop',
};

function setup(ctx: PageContext = flagged, enabled = true) {
  const sendClanker = vi.fn(
    async (_schema: string, _fields: Readonly<Record<string, unknown>>, _options?: { beacon?: boolean }) =>
      true,
  );
  const events = createSiteVisitorEvents({ events: { sendClanker }, context: ctx, isEnabled: () => enabled });
  const sent = () =>
    sendClanker.mock.calls.map(([schema, fields]) => ({ schema, fields: fields as SiteVisitorEvent }));
  const beacons = () =>
    sendClanker.mock.calls.map(([, fields, options]) => [fields.event_name, options?.beacon === true]);
  return { events, sent, beacons };
}

describe('site-visitor commerce events', () => {
  it('sends add to cart with the spec fields', async () => {
    const { events, sent } = setup();
    await expect(events.addToCart({ cartId: 'cart-1', productPage: 'pdp', product })).resolves.toBe(true);
    expect(sent()).toEqual([
      {
        schema: 'commerce_site_visitor',
        fields: {
          event_name: 'add_to_cart',
          website_id: 'site-1',
          page_id: 'col-1',
          cart_id: 'cart-1',
          logged_in: false,
          product_page: 'pdp',
          product: {
            item_id: 'item-1',
            item_type: 'physical',
            item_title: 'Mug',
            item_collection_id: 'col-1',
            item_collection_name: 'Shop',
          },
        },
      },
    ]);
    expect(siteVisitorEventSchema.safeParse(sent()[0]!.fields).success).toBe(true);
  });

  it.each<[string, ProductFacts, string | undefined]>([
    ['cart unknown', product, undefined],
    ['item unknown', { ...product, itemId: undefined }, 'cart-1'],
    ['collection unknown', { ...product, collectionId: undefined }, 'cart-1'],
    ['product type unknown', { ...product, productType: undefined }, 'cart-1'],
    ['product type code not recognised', { ...product, productType: 9 }, 'cart-1'],
  ])('skips add to cart when the %s', async (_label, facts, cartId) => {
    const { events, sent } = setup();
    await expect(events.addToCart({ cartId, productPage: 'plp', product: facts })).resolves.toBe(false);
    expect(sent()).toEqual([]);
  });

  it('skips when the website id is unknown', async () => {
    const { events, sent } = setup({ ...flagged, websiteId: '' });
    await events.viewCart('cart-1');
    expect(sent()).toEqual([]);
  });

  it.each([
    ['the cart page reports its own page type', { pageType: 200 }, undefined, 200],
    ['the drawer (cart v2) reports 205 over a product page', { pageType: 50 }, 205, 205],
  ])('view cart: %s', async (_label, page, pageType, expected) => {
    const { events, sent } = setup({ ...flagged, ...page });
    await events.viewCart('cart-1', pageType);
    expect(sent()[0]!.fields).toMatchObject({
      event_name: 'view_cart',
      cart_id: 'cart-1',
      page_type: expected,
    });
  });

  it('sends nothing without the visitor-metrics flag or with tracking off', async () => {
    for (const { events, sent } of [setup(context), setup(flagged, false)]) {
      await events.addToCart({ cartId: 'c', productPage: 'pdp', product });
      await events.productDetailPageVisit(product);
      expect(sent()).toEqual([]);
    }
  });

  it('covers page visits, view/remove cart and related products', async () => {
    const { events, sent } = setup({ ...flagged, authenticatedAccount: { id: 'm' } });
    await events.productDetailPageVisit(product);
    await events.productListingPageVisit();
    await events.viewCart('cart-1');
    await events.removeFromCart({ cartId: 'cart-1', product: { ...product, productType: 'digital' } });
    await events.relatedProductsShown({ product, relatedItemIds: ['r1', 'r2'] });
    await events.relatedProductsShown({ product, relatedItemIds: [] });
    await events.relatedProductClicked({ product, relatedItemId: 'r1' });
    await events.relatedProductAdded({ cartId: 'cart-1', product, relatedItemId: 'r2' });
    expect(sent().map((s) => s.fields.event_name)).toEqual([
      'product_detail_page_visit',
      'product_listing_page_visit',
      'view_cart',
      'remove_from_cart',
      'related_products_shown',
      'related_product_clicked',
      'related_product_added',
    ]);
    expect(sent().every((s) => s.fields.logged_in)).toBe(true);
    expect(sent()[1]!.fields).toMatchObject({ collection_id: 'col-1' });
  });
});

describe('reviews anchor and tab clicks', () => {
  const productFields = {
    item_id: 'item-1',
    item_type: 'physical',
    item_title: 'Mug',
    item_collection_id: 'col-1',
    item_collection_name: 'Shop',
  };
  const sends = {
    reviews_anchor_clicked: (e: ReturnType<typeof setup>['events'], p: ProductFacts) =>
      e.reviewsAnchorClicked(p),
    reviews_tab_clicked: (e: ReturnType<typeof setup>['events'], p: ProductFacts) => e.reviewsTabClicked(p),
  };

  it.each(Object.entries(sends))(
    'sends %s with the product, like the related-product events',
    async (name, call) => {
      const { events, sent, beacons } = setup({ ...flagged, authenticatedAccount: { id: 'm' } });
      await expect(call(events, product)).resolves.toBe(true);
      expect(sent()).toEqual([
        {
          schema: 'commerce_site_visitor',
          fields: {
            event_name: name,
            website_id: 'site-1',
            page_id: 'col-1',
            logged_in: true,
            product: productFields,
          },
        },
      ]);
      expect(siteVisitorEventSchema.safeParse(sent()[0]!.fields).success).toBe(true);
      // A jump within the page: no navigation to outlive, so a plain request.
      expect(beacons()).toEqual([[name, false]]);
    },
  );

  it.each<[string, ProductFacts, PageContext, boolean]>([
    ['item unknown', { ...product, itemId: undefined }, flagged, true],
    ['collection unknown', { ...product, collectionId: undefined }, flagged, true],
    ['product type unknown', { ...product, productType: undefined }, flagged, true],
    ['product type code not recognised', { ...product, productType: 9 }, flagged, true],
    ['website id unknown', product, { ...flagged, websiteId: '' }, true],
    ['visitor-metrics flag off', product, context, true],
    ['tracking off (consent refused, census disabled)', product, flagged, false],
  ])('sends neither when the %s', async (_label, facts, ctx, enabled) => {
    const { events, sent } = setup(ctx, enabled);
    await expect(events.reviewsAnchorClicked(facts)).resolves.toBe(false);
    await expect(events.reviewsTabClicked(facts)).resolves.toBe(false);
    expect(sent()).toEqual([]);
  });
});

describe('checkout and purchase events', () => {
  const order: PurchaseFacts = {
    orderId: 'order-1',
    currency: 'USD',
    value: 27.99,
    shipping: 5,
    tax: 0,
    items: [{ itemId: 'item-1', title: 'Mug', sku: 'SQ-1', quantity: 2, price: 11.495 }],
  };

  it('sends checkout started with the cart, named by the page template off collections', async () => {
    const { events, sent } = setup({ ...flagged, collectionId: undefined, templateId: 'checkout' });
    await expect(events.checkoutStarted('cart-1')).resolves.toBe(true);
    expect(sent()[0]!.fields).toEqual({
      event_name: 'checkout_started',
      website_id: 'site-1',
      page_id: 'checkout',
      cart_id: 'cart-1',
      logged_in: false,
    });
    expect(siteVisitorEventSchema.safeParse(sent()[0]!.fields).success).toBe(true);
  });

  it('sends the funnel steps as beacons, which outlive the navigation that follows them', async () => {
    const { events, beacons } = setup();
    await events.productDetailPageVisit(product);
    await events.addToCart({ cartId: 'cart-1', productPage: 'pdp', product });
    await events.viewCart('cart-1');
    await events.checkoutStarted('cart-1');
    await events.purchase(order);
    expect(beacons()).toEqual([
      ['product_detail_page_visit', false],
      ['add_to_cart', true],
      ['view_cart', false],
      ['checkout_started', true],
      ['purchase', true],
    ]);
  });

  it("sends the purchase with the order's fields", async () => {
    const { events, sent } = setup({ ...flagged, collectionId: undefined, templateId: 'order-confirmed' });
    await expect(events.purchase(order)).resolves.toBe(true);
    expect(sent()[0]!.fields).toEqual({
      event_name: 'purchase',
      website_id: 'site-1',
      page_id: 'order-confirmed',
      logged_in: false,
      transaction_id: 'order-1',
      currency: 'USD',
      value: 27.99,
      shipping: 5,
      tax: 0,
      items: [{ item_id: 'item-1', item_title: 'Mug', sku: 'SQ-1', quantity: 2, price: 11.495 }],
    });
    expect(siteVisitorEventSchema.safeParse(sent()[0]!.fields).success).toBe(true);
  });

  it.each<[string, PurchaseFacts]>([
    ['order id unknown', { ...order, orderId: undefined }],
    ['no items', { ...order, items: [] }],
    ['an item without its id', { ...order, items: [{ ...order.items[0]!, itemId: undefined }] }],
    ['an item without a quantity', { ...order, items: [{ ...order.items[0]!, quantity: 0 }] }],
    ['a negative total', { ...order, value: -1 }],
    ['a currency that is no code', { ...order, currency: 'usd' }],
  ])('skips the purchase when %s', async (_label, facts) => {
    const { events, sent } = setup();
    await expect(events.purchase(facts)).resolves.toBe(false);
    await expect(events.checkoutStarted(undefined)).resolves.toBe(false);
    expect(sent()).toEqual([]);
  });
});

describe('isCompleteSiteVisitorEvent', () => {
  const maybeId = fc.option(fc.constantFrom('', 'x', 'id-1'), { nil: undefined });
  const productArb = fc.option(
    fc.record({
      item_id: maybeId,
      item_type: fc.constantFrom('physical', 'digital', 'gift_card', 'boat', undefined),
      item_title: fc.option(fc.string(), { nil: undefined }),
      item_collection_id: maybeId,
      item_collection_name: fc.constantFrom('Shop', undefined),
    }),
    { nil: undefined },
  );
  const candidateArb = fc.record({
    event_name: fc.constantFrom(
      'product_detail_page_visit',
      'product_listing_page_visit',
      'add_to_cart',
      'view_cart',
      'remove_from_cart',
      'related_products_shown',
      'related_product_clicked',
      'related_product_added',
      'reviews_anchor_clicked',
      'reviews_tab_clicked',
      'checkout_started',
      'purchase',
      'unknown_event',
    ),
    website_id: maybeId,
    page_id: maybeId,
    logged_in: fc.constantFrom(true, false, undefined),
    cart_id: maybeId,
    collection_id: maybeId,
    product_page: fc.constantFrom('plp', 'pdp', 'add-on', 'product_block', 'home', undefined),
    product: productArb,
    related_item_id: maybeId,
    related_item_ids: fc.option(fc.array(fc.constantFrom('', 'r1')), { nil: undefined }),
    transaction_id: maybeId,
    currency: fc.constantFrom('USD', 'usd', 'EURO', undefined),
    value: fc.option(fc.constantFrom(0, 12.5, -1, 2e9, Number.NaN), { nil: undefined }),
    shipping: fc.option(fc.constantFrom(0, 5, -0.01), { nil: undefined }),
    tax: fc.option(fc.constantFrom(0, 1.25, Number.POSITIVE_INFINITY), { nil: undefined }),
    items: fc.option(
      fc.array(
        fc.record({
          item_id: maybeId,
          item_title: fc.option(fc.constantFrom('Mug', 'x'.repeat(501)), { nil: undefined }),
          sku: fc.option(fc.constantFrom('SQ-1', ''), { nil: undefined }),
          quantity: fc.option(fc.constantFrom(1, 0, 2.5, 100_001), { nil: undefined }),
          price: fc.option(fc.constantFrom(0, 9.99, -2), { nil: undefined }),
        }),
        { maxLength: 3 },
      ),
      { nil: undefined },
    ),
  });

  it('agrees with the API schema on every candidate', () => {
    fc.assert(
      fc.property(candidateArb, (candidate) => {
        const defined = Object.fromEntries(Object.entries(candidate).filter(([, v]) => v !== undefined));
        expect(isCompleteSiteVisitorEvent(defined)).toBe(siteVisitorEventSchema.safeParse(defined).success);
      }),
      { numRuns: 2000 },
    );
  });
});
