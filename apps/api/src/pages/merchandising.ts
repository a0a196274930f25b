import type { toProductItem } from '../site/product-item';

type ProductItem = ReturnType<typeof toProductItem>;

/** The store's merchandising settings (website.settings.merchandising); the defaults are ours. */
export interface MerchandisingSettings {
  restockNotificationsEnabled?: boolean;
  mailingListSignUpEnabled?: boolean;
  mailingListOptInByDefault?: boolean;
  restockSuccessText?: string;
  scarcityEnabled?: boolean;
  /** Variants at or below this stock show the scarcity notice. */
  scarcityThreshold?: number;
  scarcityText?: string;
  customSoldOutText?: string;
}

const defaults: Required<MerchandisingSettings> = {
  restockNotificationsEnabled: true,
  mailingListSignUpEnabled: true,
  mailingListOptInByDefault: false,
  restockSuccessText: '',
  scarcityEnabled: true,
  scarcityThreshold: 3,
  scarcityText: 'Only {qtyInStock} left in stock',
  customSoldOutText: '',
};

const restockMessages = {
  CTAText: 'Get notified by email when this product is back in stock',
  placeholderText: 'Your Email',
  buttonText: 'Sign Up',
  mailingListDescription: 'Subscribe to our mailing list',
};

/**
 * The per-product merchandising context (storefront.md §3) the engine's scarcity and restock
 * formatters read: one restock view per sold-out limited variant and one scarcity view per
 * low-stock variant, shown up front only when the product has a single variant (otherwise the
 * storefront reveals the one matching the shopper's selection).
 */
export function productMerchandisingContext(
  items: readonly ProductItem[],
  stored: MerchandisingSettings = {},
) {
  const base = { ...defaults, ...stored };
  const context: Record<string, unknown> = {};
  for (const item of items) {
    // A product's own choices win over the store's (the editor's merchandising options).
    const s = { ...base, ...(item.merchandisingOverrides as MerchandisingSettings | undefined) };
    const variants = item.structuredContent.variants;
    const single = variants.length === 1;
    const limited = variants.filter((v) => !v.unlimited);
    context[item.id] = {
      scarcityEnabled: s.scarcityEnabled,
      scarcityText: s.scarcityText,
      scarcityShownByDefault: single,
      scarcityTemplateViews: limited
        .filter((v) => v.qtyInStock > 0 && v.qtyInStock <= s.scarcityThreshold)
        .map((v) => ({ attributes: single ? undefined : v.attributes, qtyInStock: v.qtyInStock })),
      customSoldOutText: s.customSoldOutText || undefined,
      restockNotificationViews: s.restockNotificationsEnabled
        ? limited
            .filter((v) => v.qtyInStock === 0)
            .map((v) => ({ variantId: v.id, hiddenByDefault: !single }))
        : [],
      restockNotificationMessages: restockMessages,
      restockSuccessText: s.restockSuccessText || undefined,
      mailingListSignUpEnabled: s.mailingListSignUpEnabled,
      mailingListOptInByDefault: s.mailingListOptInByDefault,
    };
  }
  return context;
}
