import type { Tracking } from '@site/tracking';
import type { ConfirmedOrder, ListedItem, PageContext as StorefrontContext, ProductItem } from '../page-context';

/** Fields the tracking library reads that the storefront context may carry under other names. */
type TrackingSource = Pick<
  StorefrontContext,
  | 'websiteId'
  | 'pageType'
  | 'pageId'
  | 'collectionId'
  | 'itemId'
  | 'storeCurrency'
  | 'locale'
  | 'authenticatedAccount'
  | 'websiteRoles'
  | 'cookieSettings'
  | 'betaFeatureFlags'
  | 'censusDisabled'
> & {
  templateId?: string | null;
  pagePermissionType?: number;
};

/** The page context in the shape @site/tracking validates (its PageContext). */
export function trackingContext(context: TrackingSource) {
  return {
    websiteId: context.websiteId,
    // The server does not embed a template id yet; the page id identifies the layout well enough.
    templateId: context.templateId || context.pageId || 'site',
    pageType: context.pageType,
    ...(context.collectionId ? { collectionId: context.collectionId } : {}),
    ...(context.itemId ? { itemId: context.itemId } : {}),
    storeCurrency: context.storeCurrency,
    websiteLocale: context.locale,
    // The exclusion rules (storefront.md §4) read who is signed in, their roles and the flags.
    ...(context.authenticatedAccount ? { authenticatedAccount: { id: context.authenticatedAccount.id } } : {}),
    ...(context.websiteRoles ? { websiteRoles: context.websiteRoles } : {}),
    ...(context.cookieSettings ? { cookieSettings: context.cookieSettings } : {}),
    ...(context.betaFeatureFlags ? { betaFeatureFlags: context.betaFeatureFlags } : {}),
    ...(context.pagePermissionType !== undefined ? { pagePermissionType: context.pagePermissionType } : {}),
    ...(context.censusDisabled ? { censusDisabled: true } : {}),
  };
}

let started: Promise<Tracking | undefined> = Promise.resolve(undefined);

/**
 * Starts visitor tracking. @site/tracking (and the zod it pulls in) is loaded with a dynamic
 * import so it is a chunk of its own, fetched after the page's own code and never counted in the
 * product page's first-load JS. Tracking failures are logged only (storefront.md §8).
 */
export function startPageTracking(context: StorefrontContext, doc: Document = document): void {
  if (!context.websiteId) return;
  started = import('@site/tracking')
    .then(({ startTracking }) => {
      const tracking = startTracking(trackingContext(context));
      // Site forms announce that they were shown, so the owner can compare views with submissions.
      for (const form of Array.from(
        doc.querySelectorAll<HTMLElement>('form[data-site-form][data-form-id]'),
      )) {
        void tracking.census.formRender(form.dataset.formId!);
      }
      if (context.order) void trackPurchase(tracking, context.order);
      if (context.item && context.item.id === context.itemId) trackProductView(tracking, context.item, context);
      return tracking;
    })
    .catch((error: unknown) => {
      console.warn('Tracking did not start', error);
      return undefined;
    });
}

/** Runs once tracking has started; a page without tracking (or where it failed) skips it. */
function whenTracking(run: (tracking: Tracking) => unknown): void {
  void started.then((tracking) => (tracking ? run(tracking) : undefined)).catch((error: unknown) => console.warn('Tracking event failed', error));
}

/** A product added to the cart: the site-visitor event and the site's ad pixel (storefront.md §7). */
export function trackAddToCart(input: {
  item: ListedItem;
  collectionName?: string;
  collectionId: string | null;
  cartId: string | undefined;
  productPage: 'pdp' | 'plp';
  quantity: number;
  currency: string;
}): void {
  const { item } = input;
  // Listed products carry no prices in the page context; the product page's do.
  const price = (item as Partial<ProductItem>).structuredContent?.variants[0]?.priceMoney?.value;
  whenTracking((tracking) => {
    void tracking.siteVisitor.addToCart({
      cartId: input.cartId,
      productPage: input.productPage,
      product: {
        itemId: item.id,
        productType: item.structuredContent.productType,
        title: item.title,
        collectionId: collectionIdOf(item) ?? input.collectionId ?? undefined,
        collectionName: input.collectionName ?? '',
      },
    });
    tracking.pageTags.addToCart({
      itemId: item.id,
      title: item.title,
      quantity: input.quantity,
      currency: input.currency,
      ...(price !== undefined ? { price: Number(price) } : {}),
    });
  });
}

/** The checkout opened with something to pay for. */
export function trackCheckoutStarted(cartId: string): void {
  whenTracking((tracking) => tracking.siteVisitor.checkoutStarted(cartId));
}

function trackPurchase(tracking: Tracking, order: ConfirmedOrder) {
  const items = order.items.map((i) => ({ itemId: i.itemId, title: i.productName, sku: i.sku, quantity: i.quantity, price: i.unitPrice }));
  tracking.pageTags.purchase({ orderId: order.id, currency: order.currency, value: order.grandTotal, shipping: order.shipping, tax: order.tax, items });
  return tracking.siteVisitor.purchase({
    orderId: order.id,
    currency: order.currency,
    value: order.grandTotal,
    shipping: order.shipping,
    tax: order.tax,
    items,
  });
}

/** A product page: the site-visitor visit and the pixel's ViewContent. */
function trackProductView(tracking: Tracking, item: ProductItem, context: StorefrontContext) {
  const price = item.structuredContent.variants[0]?.priceMoney?.value;
  void tracking.siteVisitor.productDetailPageVisit({
    itemId: item.id,
    productType: item.structuredContent.productType,
    title: item.title,
    collectionId: collectionIdOf(item) ?? context.collectionId ?? undefined,
  });
  tracking.pageTags.viewContent({
    itemId: item.id,
    title: item.title,
    currency: context.storeCurrency,
    ...(price !== undefined ? { price: Number(price) } : {}),
  });
}

/** A product's own collection, when the item carries it (listing pages list several). */
function collectionIdOf(item: ListedItem): string | undefined {
  const id = (item as { collectionId?: unknown }).collectionId;
  return typeof id === 'string' && id ? id : undefined;
}
