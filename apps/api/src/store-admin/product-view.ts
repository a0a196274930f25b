import { type CurrencyCode, type SubscriptionPlan } from '@site/commerce-core';
import { adminProductType, type ProductMerchandising } from '@site/commerce-core/admin';
import { readItemSeo } from '@site/page-content';
import type { products, variants } from '../db/schema';

/** The columns a product's view reads: a list leaves out the search columns and the description. */
type ProductRow = Omit<typeof products.$inferSelect, 'searchVector' | 'skus' | 'body'>;
type VariantRow = typeof variants.$inferSelect;

/** Money in the admin calls: whole minor units as a string, with the store currency. */
const money = (cents: number, currency: CurrencyCode) => ({ value: String(cents), currency });

export function toAdminVariant(v: VariantRow, currency: CurrencyCode) {
  return {
    id: v.id,
    sku: v.sku,
    attributes: v.attributes,
    price: money(v.priceCents, currency),
    ...(v.onSale || v.salePriceCents > 0 ? { salePrice: money(v.salePriceCents, currency) } : {}),
    onSale: v.onSale,
    qtyInStock: v.qtyInStock,
    unlimited: v.unlimited,
  };
}

export function toAdminProduct(p: ProductRow, rows: readonly VariantRow[], currency: CurrencyCode) {
  const details = p.details as {
    variantOptionOrdering?: string[];
    subscriptionPlan?: SubscriptionPlan;
    customAddButtonText?: string;
    imageFileIds?: string[];
    digitalFileId?: string;
    additionalFieldsFormId?: string;
    merchandising?: ProductMerchandising;
    shipping?: Record<string, number>;
    taxExempt?: boolean;
    noShipping?: boolean;
    translations?: Record<string, { title?: string; excerpt?: string }>;
  };
  return {
    id: p.id,
    collectionId: p.collectionId,
    title: p.title,
    urlId: p.urlId,
    excerpt: p.excerpt,
    productType: adminProductType(p.productType) ?? 'physical',
    enabled: p.enabled,
    version: p.version,
    imageUrl: p.imageUrl,
    variantOptionOrdering: details.variantOptionOrdering ?? [],
    variants: rows.map((v) => toAdminVariant(v, currency)),
    ...(details.subscriptionPlan && { subscriptionPlan: details.subscriptionPlan }),
    ...(details.customAddButtonText && { customAddButtonText: details.customAddButtonText }),
    imageFileIds: details.imageFileIds ?? [],
    ...(details.digitalFileId && { digitalFileId: details.digitalFileId }),
    ...(details.additionalFieldsFormId && { additionalFieldsFormId: details.additionalFieldsFormId }),
    ...(details.merchandising && { merchandising: details.merchandising }),
    ...(details.shipping && { shipping: details.shipping }),
    ...(details.taxExempt && { taxExempt: true }),
    ...(details.noShipping && { noShipping: true }),
    ...(details.translations && { translations: details.translations }),
    tags: p.tags,
    categories: p.categories,
    seo: readItemSeo(p.seo),
    createdAt: p.createdAt.toISOString(),
  };
}
export type AdminProductView = ReturnType<typeof toAdminProduct>;
