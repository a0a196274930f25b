import { COMMERCE_VISITOR_METRICS_FLAG } from '../constants';
import type { Events } from '../events/events';
import { hasBetaFlag, type PageContext } from '../page-context/page-context';
import {
  PRODUCT_ITEM_TYPES,
  PRODUCT_PAGES,
  SITE_VISITOR_SCHEMA_NAME,
  type ProductItemType,
  type ProductPage,
  type SiteVisitorEvent,
} from './payloads';

/** What callers usually know about a product; any id may still be missing. */
export interface ProductFacts {
  itemId?: string;
  /** Storefront numeric code or the name. */
  productType?: number | ProductItemType;
  title?: string;
  collectionId?: string;
  collectionName?: string;
}

export interface SiteVisitorEvents {
  productDetailPageVisit(product: ProductFacts): Promise<boolean>;
  productListingPageVisit(collectionId?: string): Promise<boolean>;
  addToCart(input: { cartId?: string; productPage: ProductPage; product: ProductFacts }): Promise<boolean>;
  /**
   * The cart was shown: on its page (the page's type, 200) or in the drawer over another page,
   * which passes the drawer's own type (205, cart v2) since the page under it is no cart.
   */
  viewCart(cartId?: string, pageType?: number): Promise<boolean>;
  removeFromCart(input: { cartId?: string; product: ProductFacts }): Promise<boolean>;
  relatedProductsShown(input: { product: ProductFacts; relatedItemIds: readonly string[] }): Promise<boolean>;
  relatedProductClicked(input: { product: ProductFacts; relatedItemId?: string }): Promise<boolean>;
  relatedProductAdded(input: {
    cartId?: string;
    product: ProductFacts;
    relatedItemId?: string;
  }): Promise<boolean>;
  /** The rating summary by the product's title, which jumps to its reviews, was followed. */
  reviewsAnchorClicked(product: ProductFacts): Promise<boolean>;
  /** The reviews section's own summary link (the product page's "reviews tab") was followed. */
  reviewsTabClicked(product: ProductFacts): Promise<boolean>;
  /** The checkout was opened with a cart to pay for. */
  checkoutStarted(cartId?: string): Promise<boolean>;
  /** The order-confirmed page: the order's own figures (the page tag's purchase fields). */
  purchase(order: PurchaseFacts): Promise<boolean>;
}

/** An order as the confirmation page knows it; amounts in major units of its currency. */
export interface PurchaseFacts {
  orderId?: string;
  currency?: string;
  value?: number;
  shipping?: number;
  tax?: number;
  items: readonly { itemId?: string; title?: string; sku?: string; quantity?: number; price?: number }[];
}

function itemType(type: ProductFacts['productType']): ProductItemType | undefined {
  if (typeof type === 'number') return (PRODUCT_ITEM_TYPES as Record<number, ProductItemType>)[type];
  return type;
}

const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const ITEM_TYPES: readonly unknown[] = Object.values(PRODUCT_ITEM_TYPES);
const PAGES: readonly unknown[] = PRODUCT_PAGES;

/** Fields each event requires beyond website_id, page_id and logged_in. */
const REQUIRED: Record<SiteVisitorEvent['event_name'], readonly string[]> = {
  product_detail_page_visit: ['product'],
  product_listing_page_visit: ['collection_id'],
  add_to_cart: ['cart_id', 'product_page', 'product'],
  view_cart: ['cart_id'],
  remove_from_cart: ['cart_id', 'product'],
  related_products_shown: ['product', 'related_item_ids'],
  related_product_clicked: ['product', 'related_item_id'],
  related_product_added: ['cart_id', 'product', 'related_item_id'],
  reviews_anchor_clicked: ['product'],
  reviews_tab_clicked: ['product'],
  checkout_started: ['cart_id'],
  purchase: ['transaction_id', 'currency', 'value', 'shipping', 'tax', 'items'],
};

function isProduct(v: unknown): boolean {
  const p = v as Record<string, unknown> | undefined;
  return (
    !!p &&
    isId(p.item_id) &&
    ITEM_TYPES.includes(p.item_type) &&
    typeof p.item_title === 'string' &&
    isId(p.item_collection_id) &&
    typeof p.item_collection_name === 'string'
  );
}

const isAmount = (v: unknown): boolean => typeof v === 'number' && v >= 0 && v <= 1e9;
const isShortText =
  (max: number) =>
  (v: unknown): boolean =>
    typeof v === 'string' && v.length <= max;

function isPurchaseItem(v: unknown): boolean {
  const i = v as Record<string, unknown> | undefined;
  return (
    !!i &&
    isId(i.item_id) &&
    isShortText(500)(i.item_title) &&
    isShortText(200)(i.sku) &&
    Number.isInteger(i.quantity) &&
    (i.quantity as number) >= 1 &&
    (i.quantity as number) <= 100_000 &&
    isAmount(i.price)
  );
}

const FIELD_CHECKS: Record<string, (v: unknown) => boolean> = {
  product: isProduct,
  currency: (v) => typeof v === 'string' && /^[A-Z]{3}$/.test(v),
  value: isAmount,
  shipping: isAmount,
  tax: isAmount,
  items: (v) => Array.isArray(v) && v.length > 0 && v.length <= 500 && v.every(isPurchaseItem),
  product_page: (v) => PAGES.includes(v),
  related_item_ids: (v) => Array.isArray(v) && v.length > 0 && v.every(isId),
};

/**
 * "All required ids are known", checked by hand so the browser bundle needs no
 * zod; a test keeps it in step with siteVisitorEventSchema, the API's contract.
 */
export function isCompleteSiteVisitorEvent(
  candidate: Record<string, unknown>,
): candidate is SiteVisitorEvent {
  const required = REQUIRED[candidate.event_name as SiteVisitorEvent['event_name']];
  if (
    !required ||
    !isId(candidate.website_id) ||
    !isId(candidate.page_id) ||
    typeof candidate.logged_in !== 'boolean'
  ) {
    return false;
  }
  return required.every((key) => (FIELD_CHECKS[key] ?? isId)(candidate[key]));
}

const BEACON_EVENTS: ReadonlySet<string> = new Set(['add_to_cart', 'checkout_started', 'purchase']);

function productOf(facts: ProductFacts) {
  return {
    item_id: facts.itemId,
    item_type: itemType(facts.productType),
    item_title: facts.title ?? '',
    item_collection_id: facts.collectionId,
    item_collection_name: facts.collectionName ?? '',
  };
}

export interface SiteVisitorDeps {
  events: Pick<Events, 'sendClanker'>;
  context: PageContext;
  /** Visitor tracking rules outcome. */
  isEnabled: () => boolean;
}

/**
 * Commerce site-visitor events. Sent only with the visitor-metrics beta flag
 * on and when every required id is known; otherwise nothing is sent.
 */
export function createSiteVisitorEvents(deps: SiteVisitorDeps): SiteVisitorEvents {
  const common = () => ({
    website_id: deps.context.websiteId,
    // Checkout and order pages are no collection; their template names the page instead.
    page_id: deps.context.collectionId ?? deps.context.templateId,
    logged_in: deps.context.authenticatedAccount !== undefined,
  });

  const send = async (candidate: Record<string, unknown>): Promise<boolean> => {
    if (!deps.isEnabled() || !hasBetaFlag(deps.context, COMMERCE_VISITOR_METRICS_FLAG)) return false;
    const event = { ...common(), ...candidate };
    if (!isCompleteSiteVisitorEvent(event)) return false;
    // The funnel's steps are followed by a navigation (express checkout, Place Order, leaving the
    // confirmation): a beacon outlives the page where a plain request would be cancelled.
    return BEACON_EVENTS.has(event.event_name)
      ? deps.events.sendClanker(SITE_VISITOR_SCHEMA_NAME, event, { beacon: true })
      : deps.events.sendClanker(SITE_VISITOR_SCHEMA_NAME, event);
  };

  return {
    productDetailPageVisit: (product) =>
      send({ event_name: 'product_detail_page_visit', product: productOf(product) }),
    productListingPageVisit: (collectionId = deps.context.collectionId) =>
      send({ event_name: 'product_listing_page_visit', collection_id: collectionId }),
    addToCart: ({ cartId, productPage, product }) =>
      send({
        event_name: 'add_to_cart',
        cart_id: cartId,
        product_page: productPage,
        product: productOf(product),
      }),
    viewCart: (cartId, pageType = deps.context.pageType) =>
      send({
        event_name: 'view_cart',
        cart_id: cartId,
        ...(pageType !== undefined ? { page_type: pageType } : {}),
      }),
    removeFromCart: ({ cartId, product }) =>
      send({ event_name: 'remove_from_cart', cart_id: cartId, product: productOf(product) }),
    relatedProductsShown: ({ product, relatedItemIds }) =>
      send({
        event_name: 'related_products_shown',
        product: productOf(product),
        related_item_ids: [...relatedItemIds],
      }),
    relatedProductClicked: ({ product, relatedItemId }) =>
      send({
        event_name: 'related_product_clicked',
        product: productOf(product),
        related_item_id: relatedItemId,
      }),
    relatedProductAdded: ({ cartId, product, relatedItemId }) =>
      send({
        event_name: 'related_product_added',
        cart_id: cartId,
        product: productOf(product),
        related_item_id: relatedItemId,
      }),
    reviewsAnchorClicked: (product) =>
      send({ event_name: 'reviews_anchor_clicked', product: productOf(product) }),
    reviewsTabClicked: (product) => send({ event_name: 'reviews_tab_clicked', product: productOf(product) }),
    checkoutStarted: (cartId) => send({ event_name: 'checkout_started', cart_id: cartId }),
    purchase: (order) =>
      send({
        event_name: 'purchase',
        transaction_id: order.orderId,
        currency: order.currency,
        value: order.value,
        shipping: order.shipping,
        tax: order.tax,
        items: order.items.map((i) => ({
          item_id: i.itemId,
          item_title: i.title ?? '',
          sku: i.sku ?? '',
          quantity: i.quantity,
          price: i.price,
        })),
      }),
  };
}
