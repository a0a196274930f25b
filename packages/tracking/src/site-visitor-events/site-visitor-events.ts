import { COMMERCE_VISITOR_METRICS_FLAG } from '../constants';
import type { Events } from '../events/events';
import { hasBetaFlag, type PageContext } from '../page-context/page-context';
import {
  PRODUCT_ITEM_TYPES,
  SITE_VISITOR_SCHEMA_NAME,
  siteVisitorEventSchema,
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
  viewCart(cartId?: string): Promise<boolean>;
  removeFromCart(input: { cartId?: string; product: ProductFacts }): Promise<boolean>;
  relatedProductsShown(input: { product: ProductFacts; relatedItemIds: readonly string[] }): Promise<boolean>;
  relatedProductClicked(input: { product: ProductFacts; relatedItemId?: string }): Promise<boolean>;
  relatedProductAdded(input: { cartId?: string; product: ProductFacts; relatedItemId?: string }): Promise<boolean>;
}

function itemType(type: ProductFacts['productType']): ProductItemType | undefined {
  if (typeof type === 'number') return (PRODUCT_ITEM_TYPES as Record<number, ProductItemType>)[type];
  return type;
}

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
 * on and when the strict schema accepts the event, which is how "all required
 * ids are known" is enforced: a missing id fails the schema and nothing is sent.
 */
export function createSiteVisitorEvents(deps: SiteVisitorDeps): SiteVisitorEvents {
  const common = () => ({
    website_id: deps.context.websiteId,
    page_id: deps.context.collectionId,
    logged_in: deps.context.authenticatedAccount !== undefined,
  });

  const send = async (candidate: Record<string, unknown>): Promise<boolean> => {
    if (!deps.isEnabled() || !hasBetaFlag(deps.context, COMMERCE_VISITOR_METRICS_FLAG)) return false;
    const parsed = siteVisitorEventSchema.safeParse({ ...common(), ...candidate });
    if (!parsed.success) return false;
    const event: SiteVisitorEvent = parsed.data;
    return deps.events.sendClanker(SITE_VISITOR_SCHEMA_NAME, event);
  };

  return {
    productDetailPageVisit: (product) => send({ event_name: 'product_detail_page_visit', product: productOf(product) }),
    productListingPageVisit: (collectionId = deps.context.collectionId) =>
      send({ event_name: 'product_listing_page_visit', collection_id: collectionId }),
    addToCart: ({ cartId, productPage, product }) =>
      send({ event_name: 'add_to_cart', cart_id: cartId, product_page: productPage, product: productOf(product) }),
    viewCart: (cartId) => send({ event_name: 'view_cart', cart_id: cartId }),
    removeFromCart: ({ cartId, product }) =>
      send({ event_name: 'remove_from_cart', cart_id: cartId, product: productOf(product) }),
    relatedProductsShown: ({ product, relatedItemIds }) =>
      send({ event_name: 'related_products_shown', product: productOf(product), related_item_ids: [...relatedItemIds] }),
    relatedProductClicked: ({ product, relatedItemId }) =>
      send({ event_name: 'related_product_clicked', product: productOf(product), related_item_id: relatedItemId }),
    relatedProductAdded: ({ cartId, product, relatedItemId }) =>
      send({
        event_name: 'related_product_added',
        cart_id: cartId,
        product: productOf(product),
        related_item_id: relatedItemId,
      }),
  };
}
