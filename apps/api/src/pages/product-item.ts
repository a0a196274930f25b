import type { products, variants } from '../db/schema';

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof variants.$inferSelect;

/** Minor units → the decimal string the templates' money shape carries ("8500" → "85.00"). */
function decimal(cents: number, fractionDigits: number): string {
  if (fractionDigits === 0) return String(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const unit = 10 ** fractionDigits;
  return `${sign}${Math.trunc(abs / unit)}.${String(abs % unit).padStart(fractionDigits, '0')}`;
}

/**
 * The product item as templates read it (storefront.md §3, "Product item"): the database keeps
 * integers and relations; templates get the platform's JSON shape with both money forms.
 */
export function toProductItem(
  product: ProductRow,
  productVariants: readonly VariantRow[],
  collection: { id: string; path: string },
  currency: string,
) {
  const fractionDigits = currency === 'JPY' ? 0 : 2;
  const money = (cents: number) => ({ currency, value: decimal(cents, fractionDigits) });
  const details = product.details as Record<string, unknown>;
  const ordering = (details.variantOptionOrdering as string[] | undefined) ?? [];
  return {
    id: product.id,
    collectionId: product.collectionId,
    recordType: 11,
    title: product.title,
    urlId: product.urlId,
    fullUrl: `${collection.path}/p/${product.urlId}`,
    assetUrl: product.imageUrl ?? undefined,
    excerpt: product.excerpt,
    body: product.body,
    structuredContent: {
      productType: product.productType,
      variantOptionOrdering: ordering,
      isSubscribable: details.isSubscribable === true,
      subscriptionPlan: details.subscriptionPlan,
      useCustomAddButtonText: details.useCustomAddButtonText === true,
      customAddButtonText: details.customAddButtonText,
      additionalFieldsFormId: details.additionalFieldsFormId,
      additionalFieldsForm: details.additionalFieldsForm,
      variants: productVariants.map((v) => ({
        id: v.id,
        sku: v.sku,
        attributes: v.attributes,
        optionValues: (ordering.length ? ordering : Object.keys(v.attributes)).map((name) => ({
          optionName: name,
          value: v.attributes[name],
        })),
        price: v.priceCents,
        salePrice: v.salePriceCents,
        onSale: v.onSale,
        priceMoney: money(v.priceCents),
        salePriceMoney: money(v.salePriceCents),
        qtyInStock: v.qtyInStock,
        unlimited: v.unlimited,
      })),
    },
  };
}
