import { shouldLoadCartAtStart } from '@site/commerce-core';
import { readCookie } from './api';
import { createCartStore } from './cart/cart-store';
import { mountShell } from './cart/shell';
import { enhanceAccountPages } from './account';
import { enhanceForms } from './forms';
import { readPageContext } from './page-context';
import { startPageTracking } from './tracking';
import { mountAddToCartButtons } from './product/add-to-cart';
import { enhanceProductPage } from './product/product-page';
import { enhanceQuickViewButtons } from './quick-view';
import { enhanceSiteNav } from './site-nav';
import { enhanceInPageLinks } from './scroll/in-page-links';
import { mountPopupOverlay } from './popup/popup';
import { applyCookieConsent, hasTrackingCookie } from './consent/cookie-consent';
import { runInTurns } from './run-in-turns';

// The readable site-user cookie (`authenticated=true&siteUserId=…`) says a member is signed in.
const signedIn = () => new URLSearchParams(readCookie('siteUser') ?? '').get('authenticated') === 'true';

// Each feature finds its own server-rendered marker; a page without the marker costs nothing.
const context = readPageContext(document);
const store = createCartStore();
// Reading localStorage throws where the visitor blocks site data.
const storage = (() => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
})();

/** The page's own enhancements: the lazy features its markers ask for, and the cart. */
function loadPageFeatures() {
  // The full cart and the checkout are pages of their own: their code loads only there.
  // A blog post's comment form, like and share links load only on posts.
  if (document.querySelector('[data-product-reviews]'))
    void import('./product/reviews').then((m) => m.enhanceReviews(document, context));
  if (document.querySelector('[data-review-request-form]'))
    void import('./product/review-request').then((m) => m.enhanceReviewRequest(document));
  if (document.querySelector('[data-gift-card-balance]'))
    void import('./product/gift-card').then((m) => m.enhanceGiftCardBalance(document));
  if (document.querySelector('.blog-post')) void import('./blog').then((m) => m.enhanceBlogPost(document));
  if (document.querySelector('[data-product-gallery]'))
    void import('./product/gallery').then((m) => m.enhanceProductGallery(document));
  if (document.querySelector('[data-countdown]'))
    void import('./countdown').then((m) => m.enhanceCountdowns(document));
  if (document.querySelector('[data-donate-form]'))
    void import('./donate').then((m) => m.enhanceDonateForm(document));
  if (document.querySelector('[data-gallery]'))
    void import('./gallery').then((m) => m.enhanceGalleries(document));
  const cartRoot = document.getElementById('sqs-cart-root');
  if (cartRoot) {
    // The server already rendered the empty cart of a visitor who has none: nothing to fetch or mount.
    if (!cartRoot.querySelector('[data-state="empty"]'))
      void import('./cart/cart-page').then((m) => m.mountCartPage(document, context, store));
  } else if (document.getElementById('sqs-checkout-root')) {
    void import('./checkout/checkout-page').then((m) => m.mountCheckoutPage(document, context, store));
  } else if (shouldLoadCartAtStart({ signedIn: signedIn(), hasCartCookie: readCookie('hasCart') })) {
    // The cart loads at start only for shoppers who have one (storefront.md §4).
    void store.load();
  }
}

// One task per feature, so a phone stays responsive while the page comes to life (no long task;
// README.md, "Start after the first paint"). The menu first: it is what a visitor taps first.
/** Settles once every feature has taken over its controls (the entry replays early taps then). */
export const started = runInTurns([
  () => enhanceSiteNav(document),
  () => enhanceInPageLinks(document),
  () => mountShell(document, context, store),
  () => mountAddToCartButtons(document, context, store),
  () => enhanceProductPage(document, context),
  () => enhanceQuickViewButtons(document, context, store),
  () => enhanceForms(document, context),
  () => enhanceAccountPages(document, context),
  () =>
    // Under opt-in consent each category waits for the visitor's choice (the owner's cookie banner).
    applyCookieConsent(document, context, {
      startTracking: (consent) => startPageTracking(context, document, consent),
      // The tracking code loads only for a visitor who still carries its cookies.
      clearTracking: () => {
        if (hasTrackingCookie(document.cookie))
          void import('@site/tracking').then((t) => t.clearTrackingCookies(t.createDocumentCookieJar()));
      },
      storage,
    }),
  () => mountPopupOverlay(document, storage, context),
  loadPageFeatures,
]);
