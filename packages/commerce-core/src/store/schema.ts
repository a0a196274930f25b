import { z } from 'zod';
import { CurrencyCodeSchema } from '../money/money';
import { DEFAULT_CURRENCY } from '../money/currencies';
import { TaxSettingsSchema } from '../tax/schema';
import { ShippingZonesSchema } from '../shipping/schema';

const Cents = /* @__PURE__ */ (() => z.number().int().min(0))();

/** A shipping option the merchant offers; `table` picks the rate of the highest threshold reached. */
export const ShippingOptionSettingSchema = /* @__PURE__ */ (() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('flat'), id: z.string(), name: z.string(), amountCents: Cents }),
    z.object({
      kind: z.literal('table'),
      id: z.string(),
      name: z.string(),
      /** Rates by order subtotal; a rate applies from its minSubtotalCents up. */
      rates: z.array(z.object({ minSubtotalCents: Cents, amountCents: Cents })).min(1),
    }),
  ]))();

/** What a digital product's buyer may do with the download link (our design; README). */
export const DOWNLOAD_LIMIT_RANGES = {
  downloadsPerUnit: { min: 1, max: 100 },
  linkDays: { min: 1, max: 365 },
} as const;
export const DOWNLOAD_LIMIT_DEFAULTS = { downloadsPerUnit: 5, linkDays: 30 } as const;
export const UNLIMITED = 'unlimited';

/** A download limit: a whole number in its range, or unlimited. */
export const downloadLimitSchema = (range: { min: number; max: number }, message?: string) => {
  // Every part carries the message: a union answers with the issue of the option that came closest.
  const error = message ? { error: message } : undefined;
  return z.union(
    [z.number(error).int(error).min(range.min, error).max(range.max, error), z.literal(UNLIMITED, error)],
    error,
  );
};
export type DownloadLimit = number | typeof UNLIMITED;

/**
 * What a shopper sees after adding to the cart (our design: storefront.md §2 names the popover
 * and a "cart v2" page type 205 without a rule for when a visitor sees which). `message` is the
 * spec's popover and the default; `drawer` opens the cart in a side panel (page type 205);
 * `page` goes to the full-page cart (200).
 */
export const AFTER_ADD_TO_CART = ['message', 'drawer', 'page'] as const;
export type AfterAddToCart = (typeof AFTER_ADD_TO_CART)[number];

/**
 * The response a visitor gets to an add. On the cart and checkout pages the cart is already in
 * view, so a suggestion added there only shows the message: no drawer over the cart, no reload.
 */
export function afterAddToCartAction(
  setting: AfterAddToCart | undefined,
  page: { showsCart: boolean },
): AfterAddToCart {
  return page.showsCart ? 'message' : (setting ?? 'message');
}

/** Whether the cart indicator and pill open the drawer instead of following their link. */
export function cartLinksOpenDrawer(
  setting: AfterAddToCart | undefined,
  page: { showsCart: boolean },
): boolean {
  return setting === 'drawer' && !page.showsCart;
}

/**
 * Store settings. The spec names multipleQuantityAllowedForServices and the selected currency;
 * tax, shipping and the checkout minimum are our design (README), because the cart model
 * needs them and the spec leaves them open.
 */
export const StoreSettingsSchema = /* @__PURE__ */ (() =>
  z.object({
    selectedCurrency: CurrencyCodeSchema.default(DEFAULT_CURRENCY),
    multipleQuantityAllowedForServices: z.boolean().default(true),
    /**
     * One store-wide tax on the discounted subtotal, in basis points (825 = 8.25 %): the setting
     * before rates by region. It applies, as a rate for every country, while taxRates is empty.
     */
    taxRateBasisPoints: z.number().int().min(0).max(10_000).default(0),
    /** Whether shipping is taxed as well. */
    taxShipping: z.boolean().default(false),
    ...TaxSettingsSchema.shape,
    /** Flat and table rates for everywhere, from before zones; used while shippingZones is empty. */
    shippingOptions: z.array(ShippingOptionSettingSchema).default([]),
    shippingZones: ShippingZonesSchema.default([]),
    /** Checkout needs an order subtotal at or above this (platform.md §5); 0 means no minimum. */
    checkoutMinimumSubtotalCents: Cents.default(0),
    /** Downloads a digital line's link allows per unit bought, fixed on the link when it is issued. */
    downloadsPerUnit: downloadLimitSchema(DOWNLOAD_LIMIT_RANGES.downloadsPerUnit).default(
      DOWNLOAD_LIMIT_DEFAULTS.downloadsPerUnit,
    ),
    /** Days from the purchase a download link works, fixed on the link when it is issued. */
    linkDays: downloadLimitSchema(DOWNLOAD_LIMIT_RANGES.linkDays).default(DOWNLOAD_LIMIT_DEFAULTS.linkDays),
    /** The checkout shows a box for a note to the shop, labelled `orderNotesLabel` (default "Order notes"). */
    orderNotesEnabled: z.boolean().default(false),
    orderNotesLabel: z.string().max(100).optional(),
    /** A zero price reads as `freeLabel` ("Free") instead of $0.00 (platform.md §5). */
    freeIfZero: z.boolean().default(false),
    freeLabel: z.string().max(40).optional(),
    afterAddToCart: z.enum(AFTER_ADD_TO_CART).default('message'),
  }))();

/** What a zero price shows instead of the amount, when the owner asked for one. */
export function zeroPriceLabel(storeSettings: unknown): string | undefined {
  if (typeof storeSettings !== 'object' || storeSettings === null) return undefined;
  const { freeIfZero, freeLabel } = storeSettings as { freeIfZero?: unknown; freeLabel?: unknown };
  return freeIfZero === true && typeof freeLabel === 'string' && freeLabel.trim()
    ? freeLabel.trim()
    : undefined;
}

export type ShippingOptionSetting = z.infer<typeof ShippingOptionSettingSchema>;
export type StoreSettings = z.infer<typeof StoreSettingsSchema>;
export type StoreSettingsInput = z.input<typeof StoreSettingsSchema>;

/** Store collection creation payload (platform.md §3). */
export const StoreCollectionCreateSchema = /* @__PURE__ */ (() =>
  z.object({
    navigationTitle: z.string(),
    title: z.string(),
    urlId: z.string(),
    description: z.string(),
    enabled: z.literal(true).default(true),
  }))();

/** Root category payload (platform.md §3). */
export const RootCategoryCreateSchema = /* @__PURE__ */ (() =>
  z.object({
    displayName: z.string(),
    parentCategoryId: z.undefined().optional(),
    type: z.literal('ROOT'),
    pageRendering: z.literal('LIST_VIEW'),
    displayIndex: z.literal(1),
  }))();

export type StoreCollectionCreate = z.infer<typeof StoreCollectionCreateSchema>;
export type RootCategoryCreate = z.infer<typeof RootCategoryCreateSchema>;

/**
 * The label of the checkout's order-notes box while the owner takes notes ('' for the default
 * wording), undefined while they do not.
 */
export function orderNotesLabel(storeSettings: {
  orderNotesEnabled?: boolean;
  orderNotesLabel?: string;
}): string | undefined {
  return storeSettings.orderNotesEnabled ? (storeSettings.orderNotesLabel ?? '').trim() : undefined;
}
