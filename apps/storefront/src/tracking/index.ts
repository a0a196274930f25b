import type { PageTagTarget, Tracking } from '@site/tracking';
import type {
  ConfirmedOrder,
  ListedItem,
  PageContext as StorefrontContext,
  ProductItem,
} from '../page-context';

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
  | 'memberLocale'
  | 'pagePermissionType'
> & {
  templateId?: string | null;
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
    ...(context.memberLocale ? { memberLocale: context.memberLocale } : {}),
    // The exclusion rules (storefront.md §4) read who is signed in, their roles and the flags.
    ...(context.authenticatedAccount
      ? { authenticatedAccount: { id: context.authenticatedAccount.id } }
      : {}),
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
export function startPageTracking(
  context: StorefrontContext,
  doc: Document = document,
  consent: { analytics: boolean; marketing: () => boolean } = { analytics: true, marketing: () => true },
): void {
  if (!context.websiteId) return;
  started = import('@site/tracking')
    .then(({ startTracking, startVisitorRecording, createBrowserTransport, createBrowserLifecycle }) => {
      // The ad pixel is marketing: fed only while the visitor allows that category.
      const tracking = startTracking(trackingContext(context), {
        analytics: consent.analytics,
        pageTagTarget: () =>
          (consent.marketing() ? (doc.defaultView as PageTagTarget | null) : null) ?? undefined,
      });
      // Site forms announce that they were shown, so the owner can compare views with submissions.
      for (const form of Array.from(
        doc.querySelectorAll<HTMLElement>('form[data-site-form][data-form-id]'),
      )) {
        void tracking.census.formRender(form.dataset.formId!);
      }
      trackButtons(tracking, doc);
      // The search page: the site's pixel hears what was searched for.
      const query = new URLSearchParams(doc.defaultView?.location.search ?? '').get('q')?.trim();
      if (context.pageType === SEARCH_PAGE_TYPE && query) tracking.pageTags.search(query);
      if (context.order) void trackPurchase(tracking, context.order);
      // Recorded only with the visitor's analytics kept (session flags exist only then), and only
      // when the owner turned recordings on; the gate's other rules are checked by the server.
      if (tracking.session && context.visitorRecordings)
        void startVisitorRecording({
          enabled: true,
          cores: doc.defaultView?.navigator.hardwareConcurrency,
          doc,
          transport: createBrowserTransport(),
          lifecycle: createBrowserLifecycle(doc.defaultView ?? undefined),
          now: () => Date.now(),
        }).catch((error: unknown) => tracking.errors.report('visitor-recording', error));
      if (context.item && context.item.id === context.itemId)
        trackProductView(tracking, context.item, context);
      else if (context.collectionType === 'products' && context.collectionId)
        void tracking.siteVisitor.productListingPageVisit(context.collectionId);
      return tracking;
    })
    .catch((error: unknown) => {
      console.warn('Tracking did not start', error);
      return undefined;
    });
}

const SEARCH_PAGE_TYPE = 102;

/**
 * The owner's button blocks: each is reported as rendered, and again when clicked, so the owner
 * can compare how often a call to action is seen with how often it is followed.
 */
function trackButtons(tracking: Tracking, doc: Document) {
  for (const link of Array.from(
    doc.querySelectorAll<HTMLAnchorElement>('.block--button[data-block-id] a.button'),
  )) {
    const button = {
      buttonId: link.closest<HTMLElement>('[data-block-id]')!.dataset.blockId!,
      buttonText: link.textContent?.trim() ?? '',
      buttonHref: link.getAttribute('href') ?? '',
    };
    void tracking.census.buttonRender(button);
    link.addEventListener('click', () => void tracking.census.buttonClick(button));
  }
}

/**
 * Runs once tracking has started; a page without tracking (or where it failed) skips it. An
 * analytics failure is reported through the client's error reporting and never breaks the page.
 */
function whenTracking(run: (tracking: Tracking) => unknown): void {
  void started.then(async (tracking) => {
    if (!tracking) return;
    try {
      await run(tracking);
    } catch (error) {
      tracking.errors.report('analytics', error);
    }
  });
}

/**
 * A storefront failure the visitor need not see (an instalment pill that failed to render):
 * reported through the tracking client's error reporting (storefront.md §8), or, on a page where
 * the client could not start, a console warning.
 */
export function reportError(kind: string, error: unknown): void {
  void started.then((tracking) => {
    if (tracking) tracking.errors.report(kind, error);
    else console.warn(`${kind} failed`, error);
  });
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

/** A product's quick view was opened on a listing (storefront.md §7, RecordQuickView). */
export function trackQuickView(itemId: string): void {
  whenTracking((tracking) => tracking.census.quickView(itemId));
}

/**
 * The cart was shown with something in it (storefront.md §7, view cart): on its page, which
 * reports the page's type, or in the drawer, which passes 205 (cart v2).
 */
export function trackViewCart(cartId: string, pageType?: number): void {
  whenTracking((tracking) => tracking.siteVisitor.viewCart(cartId, pageType));
}

/** A line removed from the cart: the product as the cart knows it. */
export function trackRemoveFromCart(input: {
  cartId: string;
  itemId: string;
  productType?: number;
  title: string;
  collectionId?: string;
}): void {
  whenTracking((tracking) =>
    tracking.siteVisitor.removeFromCart({
      cartId: input.cartId,
      product: {
        itemId: input.itemId,
        productType: input.productType,
        title: input.title,
        collectionId: input.collectionId,
      },
    }),
  );
}

/** A cart line as the related-product events name it: the product a suggestion came from. */
export interface RelatedSource {
  itemId: string;
  productType?: number;
  title: string;
  collectionId?: string;
}

/** The cart's "customers also bought" row came into view: one event per cart product it serves. */
export function trackRelatedProductsShown(source: RelatedSource, relatedItemIds: readonly string[]): void {
  whenTracking((tracking) => tracking.siteVisitor.relatedProductsShown({ product: source, relatedItemIds }));
}

/** The shopper followed a suggestion to its page. */
export function trackRelatedProductClicked(source: RelatedSource, relatedItemId: string): void {
  whenTracking((tracking) => tracking.siteVisitor.relatedProductClicked({ product: source, relatedItemId }));
}

/** The shopper put a suggestion straight into the cart. */
export function trackRelatedProductAdded(cartId: string, source: RelatedSource, relatedItemId: string): void {
  whenTracking((tracking) =>
    tracking.siteVisitor.relatedProductAdded({ cartId, product: source, relatedItemId }),
  );
}

/**
 * A reviews link on the product page was followed (storefront.md: "reviews tab and anchor
 * clicks"). The anchor is the rating summary by the title, which jumps to the reviews; our page
 * shows reviews in a section rather than tabs, so the tab is that section's own summary link.
 */
export function trackReviewsClicked(
  link: 'anchor' | 'tab',
  item: ProductItem,
  collectionId: string | null,
): void {
  const product = {
    itemId: item.id,
    productType: item.structuredContent.productType,
    title: item.title,
    collectionId: collectionIdOf(item) ?? collectionId ?? undefined,
  };
  whenTracking((tracking) =>
    link === 'anchor'
      ? tracking.siteVisitor.reviewsAnchorClicked(product)
      : tracking.siteVisitor.reviewsTabClicked(product),
  );
}

/** A newsletter form saved a sign-up: the form flow's sign-up event and the site's Lead pixel. */
export function trackNewsletterSignUp(formId: string): void {
  whenTracking((tracking) => {
    tracking.pageTags.lead();
    return tracking.events.newsletterSignUp(formId);
  });
}

/** What the visitor did with the promotional pop-up (census overlay event). */
export function trackOverlay(action: 'render' | 'close' | 'submit' | 'click'): void {
  whenTracking((tracking) => tracking.census.overlay({ overlayId: 'popup-overlay', action }));
}

/** A visitor created a member account: the site's CompleteRegistration pixel. */
export function trackCompleteRegistration(): void {
  whenTracking((tracking) => tracking.pageTags.completeRegistration());
}

/** The checkout opened with something to pay for. */
export function trackCheckoutStarted(cartId: string): void {
  whenTracking((tracking) => tracking.siteVisitor.checkoutStarted(cartId));
}

function trackPurchase(tracking: Tracking, order: ConfirmedOrder) {
  const items = order.items.map((i) => ({
    itemId: i.itemId,
    title: i.productName,
    sku: i.sku,
    quantity: i.quantity,
    price: i.unitPrice,
  }));
  tracking.pageTags.purchase({
    orderId: order.id,
    currency: order.currency,
    value: order.grandTotal,
    shipping: order.shipping,
    tax: order.tax,
    items,
  });
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
