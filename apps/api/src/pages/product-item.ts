import { minorToMoney, ProductType, type CurrencyCode } from '@site/commerce-core';
import type { products, variants } from '../db/schema';

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof variants.$inferSelect;

/**
 * The product item as templates read it (storefront.md §3, "Product item"): the database keeps
 * integers and relations; templates get the platform's JSON shape with both money forms.
 */
export function toProductItem(
  product: ProductRow,
  productVariants: readonly VariantRow[],
  collection: { id: string; path: string },
  currency: CurrencyCode,
) {
  const money = (cents: number) => minorToMoney({ minor: BigInt(cents), currency });
  const details = product.details as Record<string, unknown>;
  const ordering = (details.variantOptionOrdering as string[] | undefined) ?? [];
  // Digital products carry one price on the product itself (storefront.md §3), not per variant.
  const single = product.productType === ProductType.DIGITAL ? productVariants[0] : undefined;
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
    /** Read by the page renderer (languages, merchandising) and removed before templates see the item. */
    translations: details.translations as Record<string, { title?: string; excerpt?: string }> | undefined,
    merchandisingOverrides: details.merchandising as Record<string, unknown> | undefined,
    structuredContent: {
      productType: product.productType,
      variantOptionOrdering: ordering,
      ...(single && {
        priceMoney: money(single.priceCents),
        salePriceMoney: money(single.salePriceCents),
        onSale: single.onSale,
      }),
      isSubscribable: details.isSubscribable === true,
      subscriptionPlan: details.subscriptionPlan,
      useCustomAddButtonText: details.useCustomAddButtonText === true,
      customAddButtonText: details.customAddButtonText,
      additionalFieldsFormId: details.additionalFieldsFormId,
      additionalFieldsForm: details.additionalFieldsForm,
      expressCheckout: details.expressCheckout === true,
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
