import { decideTracking, pageContextSchema } from '@site/tracking';
import { describe, expect, it, vi } from 'vitest';
import { readPageContext } from '../page-context';
import {
  reportError,
  startPageTracking,
  trackAddToCart,
  trackCheckoutStarted,
  trackingContext,
  trackViewCart,
} from './index';

const startTracking = vi.hoisted(() => vi.fn());
const startVisitorRecording = vi.hoisted(() => vi.fn(async (_deps: object) => undefined));
vi.mock('@site/tracking', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  startTracking,
  startVisitorRecording,
}));

const embedded = {
  websiteId: 'demo',
  pageType: 2,
  pageId: 'page-contact',
  collectionId: 'page-contact',
  itemId: null,
  storeCurrency: 'USD',
  locale: 'en-US',
};

describe('storefront tracking', () => {
  it('maps the embedded page context onto the tracking page context', () => {
    const mapped = trackingContext({ ...readPageContext(document), ...embedded });
    expect(pageContextSchema.parse(mapped)).toEqual({
      websiteId: 'demo',
      templateId: 'page-contact',
      pageType: 2,
      collectionId: 'page-contact',
      storeCurrency: 'USD',
      websiteLocale: 'en-US',
    });
    expect(trackingContext({ ...embedded, pageId: null, templateId: 't-1' }).templateId).toBe('t-1');
    expect(trackingContext({ ...embedded, pageId: null }).templateId).toBe('site');
  });

  // What the server embeds beside the page (render-page.ts visitorContext): every viewing role named.
  const roles = (held: string[]) =>
    Object.fromEntries(['owner', 'admin', 'editor', 'viewer'].map((r) => [r, held.includes(r)]));
  const visitorContext = {
    websiteRoles: roles([]),
    cookieSettings: { isRestrictiveCookiePolicyEnabled: false },
    betaFeatureFlags: ['commerce_site_visitor_metrics'],
    censusDisabled: false,
  };
  it.each<[string, Record<string, unknown>, string, string | undefined]>([
    ['an anonymous visitor', {}, '/shop', undefined],
    ['a signed-in customer', { authenticatedAccount: { id: 'm1' } }, '/shop', 'logged-in'],
    [
      'the signed-in owner',
      { authenticatedAccount: { id: 'm2' }, websiteRoles: roles(['owner']) },
      '/',
      'logged-in',
    ],
    [
      'a viewer-only member on the site',
      { authenticatedAccount: { id: 'm3' }, websiteRoles: roles(['viewer']) },
      '/shop',
      undefined,
    ],
    [
      'a viewer-only member in /config',
      { authenticatedAccount: { id: 'm3' }, websiteRoles: roles(['viewer']) },
      '/config/analytics',
      'logged-in',
    ],
    ['a site with the census switched off', { censusDisabled: true }, '/', 'census-disabled'],
    ['the not-found page', { pageType: 100 }, '/nope', 'not-found-page'],
    ['a lock screen', { pageType: 103 }, '/', 'lock-screen-page'],
    ['an access-denied page', { pageType: 106 }, '/members', 'access-denied-page'],
  ])('applies the exclusion rules to the embedded context: %s', (_label, patch, path, reason) => {
    const mapped = pageContextSchema.parse(
      trackingContext({ ...readPageContext(document), ...embedded, ...visitorContext, ...patch }),
    );
    expect(mapped.betaFeatureFlags).toEqual(['commerce_site_visitor_metrics']);
    expect(decideTracking(mapped, path)).toEqual(reason ? { enabled: false, reason } : { enabled: true });
  });

  it('starts tracking from the lazily loaded chunk and reports each site form as rendered', async () => {
    const formRender = vi.fn(async () => undefined);
    startTracking.mockReturnValue({ census: { formRender } });
    document.body.innerHTML = '<form data-site-form data-form-id="form-contact"></form>';
    startPageTracking({ ...readPageContext(document), ...embedded });
    await vi.waitFor(() => expect(formRender).toHaveBeenCalledWith('form-contact'));
    expect(startTracking.mock.calls[0]![0]).toMatchObject({ websiteId: 'demo', templateId: 'page-contact' });
  });

  it.each<[string, boolean | undefined, object | undefined, boolean]>([
    ['recordings on and the session flags kept', true, { cohort: 'A' }, true],
    ['recordings off', false, { cohort: 'A' }, false],
    ['no session flags (cookies refused or tracking off)', true, undefined, false],
  ])('starts the visitor recorder only with %s', async (_, visitorRecordings, session, started) => {
    startVisitorRecording.mockClear();
    const formRender = vi.fn(async () => undefined);
    startTracking.mockReturnValue({ census: { formRender }, session });
    document.body.innerHTML = '<form data-site-form data-form-id="f"></form>';
    startPageTracking({ ...readPageContext(document), ...embedded, visitorRecordings });
    await vi.waitFor(() => expect(formRender).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    expect(startVisitorRecording).toHaveBeenCalledTimes(started ? 1 : 0);
    if (started)
      expect(startVisitorRecording.mock.calls[0]![0]).toMatchObject({ enabled: true, doc: document });
  });

  it('sends add to cart, checkout and purchase once tracking has started', async () => {
    const siteVisitor = {
      addToCart: vi.fn(async () => true),
      checkoutStarted: vi.fn(async () => true),
      purchase: vi.fn(async () => true),
      productDetailPageVisit: vi.fn(async () => true),
    };
    const pageTags = { addToCart: vi.fn(), purchase: vi.fn(), viewContent: vi.fn() };
    startTracking.mockReturnValue({ census: { formRender: vi.fn() }, siteVisitor, pageTags });
    const variant = { priceMoney: { value: '12.50', currency: 'USD' } };
    const item = {
      id: 'prod-tote',
      title: 'Tote',
      fullUrl: '/shop/p/tote',
      collectionId: 'page-shop',
      structuredContent: { productType: 1, variants: [variant] },
    } as never;
    const order = {
      id: 'o1',
      currency: 'USD',
      grandTotal: 31.5,
      shipping: 6,
      tax: 0.5,
      items: [{ itemId: 'prod-tote', productName: 'Tote', sku: 'SQ-1', quantity: 2, unitPrice: 12.5 }],
    };
    startPageTracking({ ...readPageContext(document), ...embedded, order });
    trackAddToCart({
      item,
      collectionId: null,
      cartId: 'cart-1',
      productPage: 'pdp',
      quantity: 2,
      currency: 'USD',
    });
    trackCheckoutStarted('cart-1');
    await vi.waitFor(() => expect(siteVisitor.checkoutStarted).toHaveBeenCalledWith('cart-1'));
    expect(siteVisitor.addToCart).toHaveBeenCalledWith({
      cartId: 'cart-1',
      productPage: 'pdp',
      product: {
        itemId: 'prod-tote',
        productType: 1,
        title: 'Tote',
        collectionId: 'page-shop',
        collectionName: '',
      },
    });
    expect(pageTags.addToCart).toHaveBeenCalledWith({
      itemId: 'prod-tote',
      title: 'Tote',
      quantity: 2,
      currency: 'USD',
      price: 12.5,
    });
    const items = [{ itemId: 'prod-tote', title: 'Tote', sku: 'SQ-1', quantity: 2, price: 12.5 }];
    expect(siteVisitor.purchase).toHaveBeenCalledWith({
      orderId: 'o1',
      currency: 'USD',
      value: 31.5,
      shipping: 6,
      tax: 0.5,
      items,
    });
    expect(pageTags.purchase).toHaveBeenCalledWith({
      orderId: 'o1',
      currency: 'USD',
      value: 31.5,
      shipping: 6,
      tax: 0.5,
      items,
    });
  });

  // The server embeds a blog post as `item` with no product content: tracking must still start.
  it('starts on a blog post, whose embedded item is not a product', async () => {
    const formRender = vi.fn(async () => undefined);
    const productDetailPageVisit = vi.fn(async () => true);
    startTracking.mockReturnValue({ census: { formRender }, siteVisitor: { productDetailPageVisit } });
    const warn = vi.spyOn(console, 'warn');
    const post = { ...embedded, pageType: 50, itemId: 'post-1', item: { id: 'post-1', title: 'A post' } };
    document.body.innerHTML = `<form data-site-form data-form-id="form-comment"></form>
      <script id="page-context" type="application/json">${JSON.stringify(post)}</script>`;
    startPageTracking(readPageContext(document));
    await vi.waitFor(() => expect(formRender).toHaveBeenCalledWith('form-comment'));
    await new Promise((r) => setTimeout(r, 0));
    expect(productDetailPageVisit).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalledWith('Tracking did not start', expect.anything());
    warn.mockRestore();
  });

  it('reports analytics failures through error reporting instead of the console', async () => {
    const report = vi.fn(() => true);
    const viewCart = vi.fn(async () => {
      throw new Error('events service gone');
    });
    startTracking.mockReturnValue({
      census: { formRender: vi.fn() },
      siteVisitor: { viewCart },
      errors: { report },
    });
    const warn = vi.spyOn(console, 'warn');
    startPageTracking({ ...readPageContext(document), ...embedded });
    trackViewCart('cart-1');
    await vi.waitFor(() =>
      expect(report).toHaveBeenCalledWith(
        'analytics',
        expect.objectContaining({ message: 'events service gone' }),
      ),
    );
    reportError('instalment', new Error('pill broke'));
    await vi.waitFor(() => expect(report).toHaveBeenCalledTimes(2));
    expect(report).toHaveBeenLastCalledWith('instalment', expect.objectContaining({ message: 'pill broke' }));
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('does nothing without a website id', () => {
    startTracking.mockClear();
    startPageTracking({ ...readPageContext(document), websiteId: '' });
    expect(startTracking).not.toHaveBeenCalled();
  });
});
