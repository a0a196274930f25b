/**
 * The page context embedded in every page for the storefront bundle (apps/storefront, its
 * `page-context.ts`). Every cached page hit writes it to the socket, and on a shop page the full
 * product items and merchandising were over half the answer, so it carries only the fields the
 * bundle reads; `?format=json` keeps the whole context (storefront.md §3).
 */

import type { AfterAddToCart } from '@site/commerce-core';

type Loose = Record<string, unknown>;

const pickFrom = (source: Loose, keys: readonly string[]): Loose => {
  const picked: Loose = {};
  for (const key of keys) if (source[key] !== undefined) picked[key] = source[key];
  return picked;
};

// Adding from a list: the shared add-to-cart rules (@site/commerce-core) read the type, the option
// order, the flags that pick the button's kind, and each variant's attributes and stock.
const CONTENT_KEYS = [
  'productType',
  'variantOptionOrdering',
  'isSubscribable',
  'expressCheckout',
  'additionalFieldsFormId',
  'additionalFieldsForm',
];
const LISTED_VARIANT_KEYS = ['id', 'sku', 'attributes', 'qtyInStock', 'unlimited'];
// The product page also re-prices for the chosen variant and sizes the instalment pill.
const DETAIL_CONTENT_KEYS = [...CONTENT_KEYS, 'onSale', 'priceMoney', 'salePriceMoney'];
const DETAIL_VARIANT_KEYS = [
  ...LISTED_VARIANT_KEYS,
  'price',
  'salePrice',
  'onSale',
  'priceMoney',
  'salePriceMoney',
];
// The restock form's texts and mailing-list choice (packages/ui RestockMerchandising).
const RESTOCK_KEYS = [
  'mailingListSignUpEnabled',
  'mailingListOptInByDefault',
  'restockNotificationMessages',
  'restockSuccessText',
];

/** A product as the bundle needs it; anything else (a blog post, an event) only by id and title. */
export function browserItem(item: unknown, detail: boolean): Loose | null {
  if (typeof item !== 'object' || item === null) return null;
  const whole = item as Loose;
  const content = whole.structuredContent as Loose | undefined;
  const slim = pickFrom(whole, ['id', 'title']);
  if (!content || !Array.isArray(content.variants)) return slim;
  slim.structuredContent = {
    ...pickFrom(content, detail ? DETAIL_CONTENT_KEYS : CONTENT_KEYS),
    variants: (content.variants as Loose[]).map((v) =>
      pickFrom(v, detail ? DETAIL_VARIANT_KEYS : LISTED_VARIANT_KEYS),
    ),
  };
  return slim;
}

/** Restock settings of the product the page details: no other product's form is ever mounted. */
export function browserMerchandising(merchandising: unknown, item: Loose | null): Record<string, Loose> {
  const id = typeof item?.id === 'string' ? item.id : undefined;
  const own =
    id && typeof merchandising === 'object' && merchandising !== null
      ? (merchandising as Record<string, unknown>)[id]
      : undefined;
  return typeof own === 'object' && own !== null ? { [id!]: pickFrom(own as Loose, RESTOCK_KEYS) } : {};
}

export interface BrowserContextInput {
  websiteId: string;
  pageType: number;
  templateId: string;
  pageId: string | null;
  /** The page's collection type ('products' on a shop listing), for the listing-visit event. */
  collectionType?: string;
  /** Who may see the page (@site/tracking PAGE_PERMISSION_TYPE), reported with events and forms. */
  pagePermissionType: number;
  /** Products the page lists or features (with their translated titles). */
  items: readonly unknown[];
  /** The item the page details, when it is one. */
  item: unknown;
  merchandising: unknown;
  instalments: unknown;
  /** The owner's label for a zero price, when they turned it on. */
  zeroPriceLabel?: string;
  /** On the checkout, while the shop takes order notes: the box's label ('' for the default). */
  orderNotesLabel?: string;
  /** The owner's "When a shopper adds to cart" (store settings); the default message is left out. */
  afterAddToCart?: AfterAddToCart;
  /** On the checkout, while the install suggests addresses (storefront.md §7's places calls). */
  addressAutocomplete?: boolean;
  locale: string;
  /** Who is signed in, their roles, cookie settings, currency and beta flags (storefront.md §3). */
  visitor: Loose;
  /** On the order-confirmed page: what the purchase event reports. */
  order?: Loose;
}

export function pageContextForBrowser(input: BrowserContextInput) {
  const item = browserItem(input.item, true);
  return {
    websiteId: input.websiteId,
    pageType: input.pageType,
    templateId: input.templateId,
    pageId: input.pageId,
    collectionId: input.pageId,
    itemId: typeof item?.id === 'string' ? item.id : null,
    ...(input.collectionType ? { collectionType: input.collectionType } : {}),
    pagePermissionType: input.pagePermissionType,
    ...input.visitor,
    item,
    items: input.items.map((i) => browserItem(i, false)).filter((i) => i !== null),
    merchandising: browserMerchandising(input.merchandising, item),
    instalments: input.instalments,
    ...(input.zeroPriceLabel ? { zeroPriceLabel: input.zeroPriceLabel } : {}),
    ...(input.orderNotesLabel !== undefined ? { orderNotesLabel: input.orderNotesLabel } : {}),
    ...(input.afterAddToCart && input.afterAddToCart !== 'message'
      ? { afterAddToCart: input.afterAddToCart }
      : {}),
    ...(input.addressAutocomplete ? { addressAutocomplete: true } : {}),
    locale: input.locale,
    ...(input.order ? { order: input.order } : {}),
  };
}
