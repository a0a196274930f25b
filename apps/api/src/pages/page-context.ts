import { businessHoursRows, pageVisibility, VIEWING_ROLES, visitorCookieSettings } from '@site/page-content';
import { PAGE_PERMISSION_TYPE, recordingSettingsOf } from '@site/tracking';
import type { Viewer } from './site-chrome';
import type { orderContext } from './order-pages';
import { popupOverlaySettings } from '../site/popup-overlay';
import type { PageRow, WebsiteRow } from '../site/site-data';
import { PAGE_TYPE } from '../site/page-type';
import { COLLECTION_TYPE } from '@site/template-engine';
import type { Resolved } from './resolve-path';

export function websiteContext(website: WebsiteRow, language: string) {
  return {
    id: website.id,
    siteTitle: website.title,
    timeZone: website.timeZone,
    language,
    baseUrl: '',
    // The share-button formatters read it from `website` (platform.md §3).
    shareButtonOptions: website.settings.shareButtonOptions,
    // The owner's opening hours as rows a theme prints; undefined, themes leave hours out.
    businessHours: businessHoursRows(website.settings, language),
  };
}

export function collectionContext(page: PageRow) {
  return {
    id: page.id,
    title: page.title,
    fullUrl: page.path,
    typeName: page.collectionType,
    // platform.md §3: a plain page, a products collection, or a generic one (blog, events…).
    type:
      page.kind !== 'collection'
        ? COLLECTION_TYPE.page
        : page.collectionType === 'products'
          ? COLLECTION_TYPE.products
          : COLLECTION_TYPE.generic,
    ...page.context,
    description: page.description,
  };
}

/**
 * The page context fields of storefront.md §3 beyond the page itself: who is signed in and their
 * roles on this site (every role named, true or false), cookie settings, store currency and the
 * beta flags that are on. Per member, so the page cache keys members by id.
 */
export function visitorContext(website: WebsiteRow, viewer: Viewer) {
  const settings = website.settings as {
    betaFeatureFlags?: unknown;
    censusDisabled?: unknown;
    visitorRecordings?: unknown;
    captchaSettings?: { siteKey?: unknown };
  };
  const roles = viewer.account?.roles ?? [];
  return {
    authenticatedAccount: viewer.account ? { id: viewer.account.id } : undefined,
    // Events carry the member's own language beside the site's (storefront.md §6).
    ...(viewer.account?.locale ? { memberLocale: viewer.account.locale } : {}),
    websiteRoles: Object.fromEntries(VIEWING_ROLES.map((role) => [role, roles.includes(role)])),
    // Opt-in limited to the consent region asks a visitor there, or one whose country is not known.
    cookieSettings: visitorCookieSettings(website.settings, viewer.region ?? 'unknown'),
    storeCurrency: website.currency,
    betaFeatureFlags: Array.isArray(settings.betaFeatureFlags)
      ? settings.betaFeatureFlags.filter((f): f is string => typeof f === 'string')
      : [],
    // The owner's switch that turns visitor tracking off for the whole site (storefront.md §4).
    censusDisabled: settings.censusDisabled === true,
    // The owner's "Record visits" switch: the storefront asks for a recording id only when on.
    visitorRecordings: recordingSettingsOf(settings.visitorRecordings).enabled,
    // Public by design: the provider's script is loaded with it (the secret stays in CAPTCHA_SECRET).
    ...(typeof settings.captchaSettings?.siteKey === 'string' && settings.captchaSettings.siteKey
      ? { captchaSettings: { siteKey: settings.captchaSettings.siteKey } }
      : {}),
  };
}

/**
 * Who may see the page, as events and form submissions report it: behind a password (locked, even
 * once unlocked), members only, or public.
 */
export function pagePermissionType(page: PageRow | undefined, locked: boolean, now: Date): number {
  if (locked) return PAGE_PERMISSION_TYPE.password;
  if (page && pageVisibility(page.status, page.publishAt, now) === 'members-only')
    return PAGE_PERMISSION_TYPE.members;
  return PAGE_PERMISSION_TYPE.public;
}

type OrderContext = Awaited<ReturnType<typeof orderContext>>;

/**
 * The confirmed order as the purchase event reports it (transaction id, value, shipping, tax and
 * items), only on the page right after checkout (confirmed, subscription confirmed, or received while
 * the payment is confirmed): the order status page is revisited and is no purchase.
 */
export function confirmedOrderForBrowser(resolved: Resolved) {
  const order = resolved.extra.order as OrderContext | undefined;
  if (
    !order ||
    !(
      [PAGE_TYPE.orderConfirmed, PAGE_TYPE.subscriptionConfirmed, PAGE_TYPE.orderReceived] as number[]
    ).includes(resolved.pageType)
  )
    return undefined;
  return {
    id: order.id,
    currency: order.grandTotal.currency,
    grandTotal: Number(order.grandTotal.value),
    shipping: Number(order.shipping.value),
    tax: Number(order.tax.value),
    items: order.items.map((i) => ({
      itemId: i.itemId,
      productName: i.productName,
      sku: i.sku,
      quantity: i.quantity,
      unitPrice: Number(i.unitPrice.value),
    })),
  };
}

/**
 * The popup overlay (104), when the owner turned it on (website settings `popupOverlay`); never
 * over a cover page, a lock screen, an error, a refusal, the cart or checkout, where it would stand
 * in the way, nor over the product editor's preview, which shows the product.
 */
export function popupOverlayContext(website: WebsiteRow, resolved: Resolved) {
  if (
    resolved.status !== 200 ||
    (
      [
        PAGE_TYPE.cover,
        PAGE_TYPE.cart,
        PAGE_TYPE.checkout,
        PAGE_TYPE.cartV2,
        PAGE_TYPE.composerPreview,
      ] as number[]
    ).includes(resolved.pageType)
  )
    return undefined;
  return popupOverlaySettings(website.settings);
}
