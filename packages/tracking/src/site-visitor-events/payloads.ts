import { z } from 'zod';

const id = /* @__PURE__ */ (() => z.string().min(1))();

/** Product types by their storefront codes (storefront.md §3). */
export const PRODUCT_ITEM_TYPES = {
  1: 'physical',
  2: 'digital',
  3: 'service',
  4: 'gift_card',
  5: 'paywall',
} as const;
export const productItemTypeSchema = /* @__PURE__ */ (() =>
  z.enum(['physical', 'digital', 'service', 'gift_card', 'paywall']))();
export type ProductItemType = z.infer<typeof productItemTypeSchema>;

export const PRODUCT_PAGES = ['plp', 'pdp', 'add-on', 'product_block'] as const;
export type ProductPage = (typeof PRODUCT_PAGES)[number];

export const siteVisitorProductSchema = /* @__PURE__ */ (() =>
  z.object({
    item_id: id,
    item_type: productItemTypeSchema,
    item_title: z.string(),
    item_collection_id: id,
    item_collection_name: z.string(),
  }))();
export type SiteVisitorProduct = z.infer<typeof siteVisitorProductSchema>;

/** A purchased line as the purchase event names it (the page tag's items). */
export const siteVisitorPurchaseItemSchema = /* @__PURE__ */ (() =>
  z.object({
    item_id: id,
    item_title: z.string().max(500),
    sku: z.string().max(200),
    quantity: z.number().int().min(1).max(100_000),
    /** Unit price in the order's currency, major units. */
    price: z.number().nonnegative().max(1e9),
  }))();
export type SiteVisitorPurchaseItem = z.infer<typeof siteVisitorPurchaseItemSchema>;

const amount = /* @__PURE__ */ (() => z.number().nonnegative().max(1e9))();

const base = { website_id: id, page_id: id, logged_in: /* @__PURE__ */ (() => z.boolean())() };

export const siteVisitorEventSchema = /* @__PURE__ */ (() =>
  z.discriminatedUnion('event_name', [
    z.object({
      ...base,
      event_name: z.literal('product_detail_page_visit'),
      product: siteVisitorProductSchema,
    }),
    z.object({ ...base, event_name: z.literal('product_listing_page_visit'), collection_id: id }),
    z.object({
      ...base,
      event_name: z.literal('add_to_cart'),
      cart_id: id,
      product_page: z.enum(PRODUCT_PAGES),
      product: siteVisitorProductSchema,
    }),
    z.object({
      ...base,
      event_name: z.literal('view_cart'),
      cart_id: id,
      /** Where the cart was seen: 200 its page, 205 the drawer (cart v2). */
      page_type: z.number().int().optional(),
    }),
    z.object({
      ...base,
      event_name: z.literal('remove_from_cart'),
      cart_id: id,
      product: siteVisitorProductSchema,
    }),
    z.object({
      ...base,
      event_name: z.literal('related_products_shown'),
      product: siteVisitorProductSchema,
      related_item_ids: z.array(id).min(1),
    }),
    z.object({
      ...base,
      event_name: z.literal('related_product_clicked'),
      product: siteVisitorProductSchema,
      related_item_id: id,
    }),
    z.object({
      ...base,
      event_name: z.literal('related_product_added'),
      cart_id: id,
      product: siteVisitorProductSchema,
      related_item_id: id,
    }),
    // The product page's reviews: the rating summary by the title (the anchor) and the reviews
    // section's own summary link (the tab: our product page shows reviews in a section, not tabs).
    z.object({ ...base, event_name: z.literal('reviews_anchor_clicked'), product: siteVisitorProductSchema }),
    z.object({ ...base, event_name: z.literal('reviews_tab_clicked'), product: siteVisitorProductSchema }),
    z.object({ ...base, event_name: z.literal('checkout_started'), cart_id: id }),
    z.object({
      ...base,
      event_name: z.literal('purchase'),
      /** The order's id: the transaction id of the page tag. */
      transaction_id: id,
      currency: z.string().regex(/^[A-Z]{3}$/),
      value: amount,
      shipping: amount,
      tax: amount,
      items: z.array(siteVisitorPurchaseItemSchema).min(1).max(500),
    }),
  ]))();
export type SiteVisitorEvent = z.infer<typeof siteVisitorEventSchema>;
export type SiteVisitorEventName = SiteVisitorEvent['event_name'];

/** Schema name under which site-visitor events go to the v2 events service. */
export const SITE_VISITOR_SCHEMA_NAME = 'commerce_site_visitor';
