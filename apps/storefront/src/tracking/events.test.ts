import {
  buttonEventSchema,
  overlayEventSchema,
  recordEventFormSchema,
  siteVisitorEventSchema,
  type Transport,
  type TrackingOptions,
} from '@site/tracking';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readPageContext, type PageContext } from '../page-context';
import { mountPopupOverlay } from '../popup/popup';
import { enhanceReviews } from '../product/reviews';
import {
  startPageTracking,
  trackCompleteRegistration,
  trackNewsletterSignUp,
  trackQuickView,
  trackRemoveFromCart,
  trackViewCart,
} from './index';

// The real tracking client, fed a recording transport: the tests read what would go over the wire.
const sent = vi.hoisted(() => [] as { url: string; body: string }[]);
const fbq = vi.hoisted(() => vi.fn());
vi.mock('@site/tracking', async (importOriginal) => {
  const real = await importOriginal<typeof import('@site/tracking')>();
  const transport: Transport = {
    async post(request) {
      sent.push({ url: request.url, body: request.body });
      return { status: 200 };
    },
    beacon(url, body) {
      sent.push({ url, body });
      return true;
    },
  };
  const options: TrackingOptions = {
    transport,
    cookies: real.createMemoryCookieJar({ crumb: 'crumb-1' }),
    environment: {
      url: 'https://shop.example/shop',
      title: 'Shop',
      referrer: '',
      userAgent: 'Test',
      language: 'en-US',
      viewport: { width: 1280, height: 800 },
      screen: { width: 1280, height: 800 },
      localStorageSupported: true,
    },
    lifecycle: { onLoad: () => () => undefined, onHidden: () => () => undefined },
    errorTarget: null,
    performance: false,
    pageTagTarget: () => ({ fbq }),
  };
  // The storefront's own choice (the visitor's analytics consent) goes through; the rest is the recorder.
  return {
    ...real,
    startTracking: (context: never, own?: TrackingOptions) =>
      real.startTracking(context, { ...options, analytics: own?.analytics }),
  };
});

const shop: Partial<PageContext> = {
  websiteId: 'demo',
  pageType: 1,
  pageId: 'page-shop',
  collectionId: 'page-shop',
  collectionType: 'products',
  storeCurrency: 'USD',
  locale: 'en-US',
  betaFeatureFlags: ['commerce_site_visitor_metrics'],
  pagePermissionType: 0,
};

const clanker = () =>
  sent
    .filter((r) => r.url === '/api/v1/clanker/events')
    .map((r) => siteVisitorEventSchema.parse(JSON.parse(JSON.parse(r.body).eventContent)));

async function settle(): Promise<void> {
  await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
  await new Promise((r) => setTimeout(r, 0));
}

beforeEach(() => {
  sent.length = 0;
  fbq.mockClear();
  document.body.innerHTML = '';
});

describe('site-visitor events the storefront sends', () => {
  it('product listing page visit: a shop page names its collection', async () => {
    startPageTracking({ ...readPageContext(document), ...shop });
    await settle();
    expect(clanker()).toEqual([
      {
        event_name: 'product_listing_page_visit',
        website_id: 'demo',
        page_id: 'page-shop',
        logged_in: false,
        collection_id: 'page-shop',
      },
    ]);
  });

  it('sends no listing visit from a page that lists no products', async () => {
    startPageTracking({ ...readPageContext(document), ...shop, collectionType: 'blog' });
    await settle();
    expect(clanker()).toEqual([]);
  });

  it('view cart and remove from cart: the cart id, the page type and the removed product', async () => {
    startPageTracking({
      ...readPageContext(document),
      ...shop,
      pageType: 200,
      collectionType: 'page',
      pageId: 'page-cart',
      collectionId: 'page-cart',
    });
    trackViewCart('cart-1');
    trackRemoveFromCart({
      cartId: 'cart-1',
      itemId: 'prod-tote',
      productType: 1,
      title: 'Canvas Tote',
      collectionId: 'page-shop',
    });
    await vi.waitFor(() => expect(clanker()).toHaveLength(2));
    expect(clanker()).toEqual([
      {
        event_name: 'view_cart',
        website_id: 'demo',
        page_id: 'page-cart',
        logged_in: false,
        cart_id: 'cart-1',
        page_type: 200,
      },
      {
        event_name: 'remove_from_cart',
        website_id: 'demo',
        page_id: 'page-cart',
        logged_in: false,
        cart_id: 'cart-1',
        product: {
          item_id: 'prod-tote',
          item_type: 'physical',
          item_title: 'Canvas Tote',
          item_collection_id: 'page-shop',
          item_collection_name: '',
        },
      },
    ]);
  });

  it('view cart from the drawer over a product page reports the drawer’s page type, 205', async () => {
    startPageTracking({ ...readPageContext(document), ...shop, pageType: 50 });
    trackViewCart('cart-1', 205);
    await vi.waitFor(() => expect(clanker().filter((e) => e.event_name === 'view_cart')).toHaveLength(1));
    expect(clanker().find((e) => e.event_name === 'view_cart')).toMatchObject({
      cart_id: 'cart-1',
      page_type: 205,
    });
  });
});

describe('reviews anchor and tab clicks', () => {
  const tote = {
    id: 'prod-tote',
    title: 'Canvas Tote',
    fullUrl: '/shop/p/canvas-tote',
    structuredContent: { productType: 1, variants: [] },
  } as unknown as NonNullable<PageContext['item']>;
  const page = {
    ...shop,
    collectionType: 'products',
    pageId: 'page-shop',
    itemId: 'prod-tote',
    item: tote,
  } satisfies Partial<PageContext>;
  // The product page's two reviews links as the theme prints them (collections/products.item).
  const markup = `<p class="product-rating"><a href="#reviews" data-reviews-anchor>★ 4.0 · 3 reviews</a></p>
    <section id="reviews" data-product-reviews="prod-tote" data-reviews-api="/x">
      <p class="product-reviews__summary"><a href="#reviews" data-reviews-tab>3 reviews</a></p></section>`;
  const product = {
    item_id: 'prod-tote',
    item_type: 'physical',
    item_title: 'Canvas Tote',
    item_collection_id: 'page-shop',
    item_collection_name: '',
  };
  const reviewEvents = () => clanker().filter((e) => e.event_name.startsWith('reviews_'));

  it('each link reports its click with the product shown', async () => {
    document.body.innerHTML = markup;
    const context = { ...readPageContext(document), ...page };
    startPageTracking(context);
    enhanceReviews(document, context);
    document.querySelector<HTMLElement>('[data-reviews-anchor]')!.click();
    document.querySelector<HTMLElement>('[data-reviews-tab]')!.click();
    await vi.waitFor(() => expect(reviewEvents()).toHaveLength(2));
    const common = { website_id: 'demo', page_id: 'page-shop', logged_in: false, product };
    expect(reviewEvents()).toEqual([
      { event_name: 'reviews_anchor_clicked', ...common },
      { event_name: 'reviews_tab_clicked', ...common },
    ]);
  });

  it('sends nothing when the visitor has not allowed analytics (consent) or the census is off', async () => {
    for (const [label, context, consent] of [
      ['consent', page, { analytics: false, marketing: () => false }],
      ['census disabled', { ...page, censusDisabled: true }, undefined],
    ] as const) {
      sent.length = 0;
      document.body.innerHTML = markup;
      const full = { ...readPageContext(document), ...context };
      startPageTracking(full, document, consent);
      enhanceReviews(document, full);
      document.querySelector<HTMLElement>('[data-reviews-anchor]')!.click();
      document.querySelector<HTMLElement>('[data-reviews-tab]')!.click();
      await new Promise((r) => setTimeout(r, 50));
      expect(reviewEvents(), label).toEqual([]);
    }
  });
});

describe('newsletter-form sign-up event', () => {
  it('records the sign-up with the page permission type and member locale, and fires the Lead pixel', async () => {
    startPageTracking({
      ...readPageContext(document),
      ...shop,
      collectionType: 'page',
      pagePermissionType: 2,
      memberLocale: 'fr-FR',
    });
    trackNewsletterSignUp('block-news');
    await vi.waitFor(() => expect(sent.some((r) => r.url === '/api/events/RecordEvent')).toBe(true));
    const request = sent.find((r) => r.url === '/api/events/RecordEvent')!;
    const form = recordEventFormSchema.parse(Object.fromEntries(new URLSearchParams(request.body)));
    expect(form.event).toBe('newsletter_form_signup');
    expect(form.data).toMatchObject({
      formId: 'block-news',
      websiteId: 'demo',
      websiteLocale: 'en-US',
      memberLocale: 'fr-FR',
      pagePermissionType: 2,
    });
    expect(fbq).toHaveBeenCalledWith('track', 'Lead');
  });
});

const census = (path: string) => sent.filter((r) => r.url === path).map((r) => JSON.parse(r.body) as unknown);

describe('census button events', () => {
  it('button render for each button block, and button click when it is followed', async () => {
    document.body.innerHTML = `<div class="block block--button" data-block-id="b-1" data-block-type="53">
      <div class="button-block"><a class="button" href="/shop"> Shop now </a></div></div>`;
    startPageTracking({ ...readPageContext(document), ...shop, collectionType: 'page' });
    await vi.waitFor(() => expect(census('/api/census/button-render')).toHaveLength(1));
    const fields = { buttonId: 'b-1', buttonText: 'Shop now', buttonHref: '/shop' };
    expect(buttonEventSchema.parse(census('/api/census/button-render')[0])).toMatchObject({
      ...fields,
      websiteId: 'demo',
      url: 'https://shop.example/shop',
    });
    const link = document.querySelector('a')!;
    link.addEventListener('click', (e) => e.preventDefault());
    link.click();
    await vi.waitFor(() => expect(census('/api/census/button-click')).toHaveLength(1));
    expect(buttonEventSchema.parse(census('/api/census/button-click')[0])).toMatchObject(fields);
  });
});

describe('census quick view', () => {
  it('RecordQuickView: opening a quick view names the product in the path, with no body', async () => {
    startPageTracking({ ...readPageContext(document), ...shop });
    trackQuickView('prod shirt/1');
    await vi.waitFor(() =>
      expect(sent.filter((r) => r.url.startsWith('/api/census/RecordQuickView/'))).toHaveLength(1),
    );
    expect(sent.find((r) => r.url.startsWith('/api/census/RecordQuickView/'))).toEqual({
      url: '/api/census/RecordQuickView/prod%20shirt%2F1',
      body: '',
    });
  });
});

describe('census overlay events', () => {
  it('the pop-up reports render when it opens, then close', async () => {
    document.body.innerHTML = `<dialog id="popup-overlay" data-version="1" data-hide-for-days="7" data-delay-seconds="0">
      <button type="button" data-popup-close>Close</button></dialog>`;
    startPageTracking({ ...readPageContext(document), ...shop, collectionType: 'page' });
    const runs: (() => void)[] = [];
    const schedule = ((fn: () => void) => runs.push(fn)) as unknown as typeof setTimeout;
    mountPopupOverlay(document, localStorage, { pageId: null }, () => 0, schedule);
    runs.forEach((r) => r());
    document.querySelector<HTMLButtonElement>('[data-popup-close]')!.click();
    await vi.waitFor(() => expect(census('/api/census/overlay')).toHaveLength(2));
    expect(census('/api/census/overlay').map((b) => overlayEventSchema.parse(b))).toMatchObject([
      { overlayId: 'popup-overlay', action: 'render', websiteId: 'demo' },
      { overlayId: 'popup-overlay', action: 'close', websiteId: 'demo' },
    ]);
  });
});

describe('ad pixel events', () => {
  it('Search: the search page tells the pixel what was searched for', async () => {
    window.history.replaceState(null, '', '/search?q=linen+tote');
    startPageTracking({ ...readPageContext(document), ...shop, pageType: 102, collectionType: undefined });
    await vi.waitFor(() =>
      expect(fbq).toHaveBeenCalledWith('track', 'Search', { search_string: 'linen tote' }),
    );
    window.history.replaceState(null, '', '/');
  });

  it('CompleteRegistration: a visitor created a member account', async () => {
    startPageTracking({ ...readPageContext(document), ...shop, collectionType: 'page' });
    trackCompleteRegistration();
    await vi.waitFor(() => expect(fbq).toHaveBeenCalledWith('track', 'CompleteRegistration'));
  });
});
