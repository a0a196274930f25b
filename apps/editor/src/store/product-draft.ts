import type { CurrencyCode } from '@site/commerce-core';
import type { AdminProduct, AdminProductSave } from '@site/commerce-core/admin';
import type { ProductDraft } from '@site/ui';

/**
 * The save call for what the editor holds: amounts go as typed (the server says which field is
 * wrong), an empty sale price is no sale price, and only the options still listed are sent.
 */
export function toProductSave(
  draft: ProductDraft,
  meta: { collectionId: string; currency: CurrencyCode; version?: number; existing?: AdminProduct },
): AdminProductSave {
  // Fields the form does not show yet are sent back as loaded, so a save never drops them.
  const kept = meta.existing;
  const money = (value: string) => ({ value: value.trim(), currency: meta.currency });
  return {
    collectionId: meta.collectionId,
    ...(meta.version !== undefined && { version: meta.version }),
    title: draft.title,
    excerpt: draft.excerpt,
    productType: draft.productType,
    enabled: draft.enabled,
    variantOptionOrdering: draft.options,
    imageFileIds: kept?.imageFileIds ?? [],
    ...(kept?.digitalFileId && { digitalFileId: kept.digitalFileId }),
    ...(kept?.additionalFieldsFormId && { additionalFieldsFormId: kept.additionalFieldsFormId }),
    ...(kept?.merchandising && { merchandising: kept.merchandising }),
    ...(kept?.shipping && { shipping: kept.shipping }),
    ...(kept?.translations && { translations: kept.translations }),
    ...(draft.customAddButtonText.trim() && { customAddButtonText: draft.customAddButtonText.trim() }),
    ...(draft.subscription.enabled && {
      subscriptionPlan: {
        billingPeriod: { value: Number(draft.subscription.every), unit: draft.subscription.unit },
        numBillingCycles: Number(draft.subscription.cycles || 0),
      },
    }),
    variants: draft.variants.map((v) => ({
      ...(v.id && { id: v.id }),
      sku: v.sku.trim(),
      attributes: Object.fromEntries(draft.options.map((o) => [o, v.attributes[o] ?? ''])),
      price: money(v.price),
      ...(v.salePrice.trim() && { salePrice: money(v.salePrice) }),
      onSale: v.onSale,
      qtyInStock: Number(v.qtyInStock || 0),
      unlimited: v.unlimited,
    })),
  };
}
