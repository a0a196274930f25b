import type { AfterAddToCart } from '@site/commerce-core';
import type { RestockMerchandising } from '@site/ui';

/** A variant of a listed product: what adding it from a list checks. */
export interface ListedVariant {
  id: string;
  sku: string;
  attributes: Record<string, string>;
  qtyInStock: number;
  unlimited: boolean;
}

/**
 * A product as the server embeds it for this bundle: only the fields read here (the server's
 * `browser-context.ts` keeps the two in step; `?format=json` has the whole item).
 */
export interface ListedItem {
  id: string;
  title: string;
  structuredContent: {
    productType: number;
    variants: ListedVariant[];
    [key: string]: unknown;
  };
}

/** The product a product page details: its variants also carry their prices. */
export interface ProductItem extends ListedItem {
  structuredContent: {
    productType: number;
    variants: (ListedVariant & {
      price: number;
      onSale: boolean;
      salePrice: number;
      /** The same amounts as decimal strings in the store currency (the server's money shape). */
      priceMoney: { value: string; currency: string };
      salePriceMoney: { value: string; currency: string };
    })[];
    [key: string]: unknown;
  };
}

export interface InstalmentSettings {
  afterPayAvailable: boolean;
  afterPayMin: number;
  afterPayMax: number;
  shopperLanguage: string;
  stripeAccountCountry: string;
  /** The owner's number of payments; 4 when absent. */
  numberOfInstalments?: number;
}

/** The order on the order-confirmed page: what the purchase event reports (amounts in major units). */
export interface ConfirmedOrder {
  id: string;
  currency: string;
  grandTotal: number;
  shipping: number;
  tax: number;
  items: { itemId: string; productName: string; sku: string; quantity: number; unitPrice: number }[];
}

export interface PageContext {
  websiteId: string;
  pageType: number;
  /** The page template's name, reported with tracking hits. */
  templateId?: string;
  pageId: string | null;
  collectionId: string | null;
  itemId: string | null;
  storeCurrency: string;
  locale: string;
  /** The product a product page details; null elsewhere (see readPageContext). */
  item: ProductItem | null;
  items: ListedItem[];
  /** Restock settings of the detailed product, by its id. */
  merchandising: Record<string, RestockMerchandising>;
  instalments?: InstalmentSettings;
  /** What a zero price shows instead of the amount (the owner's "free" label), when set. */
  zeroPriceLabel?: string;
  /** On the checkout, while the install suggests addresses (the places calls of storefront.md §7). */
  addressAutocomplete?: boolean;
  /** On the checkout, while the shop takes order notes: the box's label ('' for the default). */
  orderNotesLabel?: string;
  /** The owner's "When a shopper adds to cart", when it is not the default message. */
  afterAddToCart?: AfterAddToCart;
  /** 'products' on a shop listing page. */
  collectionType?: string;
  /** Who may see the page (0 public, 1 password, 2 members only), reported with events and forms. */
  pagePermissionType?: number;
  /** The signed-in member's own language, when they chose one. */
  memberLocale?: string;
  /** The signed-in member and their roles on this site (every viewing role named). */
  authenticatedAccount?: { id: string };
  websiteRoles?: Record<string, boolean>;
  cookieSettings?: { isRestrictiveCookiePolicyEnabled?: boolean; isCookieBannerEnabled?: boolean };
  betaFeatureFlags?: string[];
  /** The owner turned visitor tracking off for the site. */
  censusDisabled?: boolean;
  /** The owner turned visitor recordings on (the server still decides who is recorded). */
  visitorRecordings?: boolean;
  /** The site's captcha key; forms with their captcha on load the provider's script with it. */
  captchaSettings?: { siteKey?: string };
  /** Only on the order-confirmed page. */
  order?: ConfirmedOrder;
}

/** The server embeds the page context as JSON; a missing or broken one degrades to defaults. */
export function readPageContext(doc: Document): PageContext {
  const fallback: PageContext = {
    websiteId: '',
    pageType: 2,
    pageId: null,
    collectionId: null,
    itemId: null,
    storeCurrency: 'USD',
    locale: doc.documentElement.lang || 'en-US',
    item: null,
    items: [],
    merchandising: {},
  };
  const text = doc.getElementById('page-context')?.textContent;
  if (!text) return fallback;
  try {
    const parsed = JSON.parse(text) as Partial<PageContext>;
    // The server also embeds a blog post or event as `item` (id and title only); code reading
    // `item` expects a product's variants, so anything that is not a product is dropped here.
    return { ...fallback, ...parsed, item: isProduct(parsed.item) ? parsed.item : null };
  } catch {
    return fallback;
  }
}

function isProduct(item: unknown): item is ProductItem {
  const content = (item as Partial<ProductItem> | null | undefined)?.structuredContent;
  return Array.isArray(content?.variants);
}
