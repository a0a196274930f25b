import { messages, ProductType } from '@site/commerce-core';
import { and, asc, eq } from 'drizzle-orm';
import { products, variants } from '../db/schema';
import { ApiError } from '../http';
import type { Queryable } from '../db/client';

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof variants.$inferSelect;

/**
 * The product and variant a request names by item id and sku, from rows already loaded, or a
 * shopper-readable error. The one place these rules live: the add-to-cart path loads the rows in
 * its own batched query, the other calls through findPurchasable.
 */
export function pickPurchasable(
  product: ProductRow | undefined,
  rows: readonly VariantRow[],
  sku: string,
): { product: ProductRow; variant: VariantRow } {
  // A disabled product is hidden from visitors, so it cannot be bought either.
  if (!product?.enabled) throw new ApiError(404, 'ITEM_NOT_FOUND', messages.variantUnavailable);
  // A digital product has one price and no options: an empty sku means that one variant.
  const variant =
    rows.find((v) => v.sku === sku) ??
    (product.productType === ProductType.DIGITAL && !sku ? rows[0] : undefined);
  if (!variant) {
    const giftCard = product.productType === ProductType.GIFT_CARD;
    throw new ApiError(
      400,
      giftCard ? 'GIFT_CARD_DENOMINATION_MISSING' : 'VARIANT_UNAVAILABLE',
      giftCard ? messages.giftCardDenominationMissing : messages.variantUnavailable,
    );
  }
  return { product, variant };
}

export async function findPurchasable(
  db: Queryable,
  websiteId: string,
  itemId: string,
  sku: string,
): Promise<{ product: ProductRow; variant: VariantRow }> {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, itemId), eq(products.websiteId, websiteId)));
  const rows = product
    ? await db
        .select()
        .from(variants)
        .where(eq(variants.productId, product.id))
        .orderBy(asc(variants.position))
    : [];
  return pickPurchasable(product, rows, sku);
}

export function assertStock(variant: VariantRow, wanted: number): void {
  if (!variant.unlimited && variant.qtyInStock < wanted) {
    throw new ApiError(409, 'OUT_OF_STOCK', messages.notEnoughStock, { qtyInStock: variant.qtyInStock });
  }
}
