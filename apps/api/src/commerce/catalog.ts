import { messages, ProductType } from '@site/commerce-core';
import { and, asc, eq } from 'drizzle-orm';
import { products, variants } from '../db/schema';
import type { Queryable } from './cart-store';
import { CommerceError } from './errors';

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof variants.$inferSelect;

/** The product and the variant a request names by item id and sku, or a shopper-readable error. */
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
  if (!product) throw new CommerceError(404, 'ITEM_NOT_FOUND', messages.variantUnavailable);
  const rows = await db.select().from(variants).where(eq(variants.productId, product.id)).orderBy(asc(variants.position));
  // A digital product has one price and no options: an empty sku means that one variant.
  const variant = rows.find((v) => v.sku === sku) ?? (product.productType === ProductType.DIGITAL && !sku ? rows[0] : undefined);
  if (!variant) {
    const giftCard = product.productType === ProductType.GIFT_CARD;
    throw new CommerceError(
      400,
      giftCard ? 'GIFT_CARD_DENOMINATION_MISSING' : 'VARIANT_UNAVAILABLE',
      giftCard ? messages.giftCardDenominationMissing : messages.variantUnavailable,
    );
  }
  return { product, variant };
}

export function assertStock(variant: VariantRow, wanted: number): void {
  if (!variant.unlimited && variant.qtyInStock < wanted) {
    throw new CommerceError(409, 'OUT_OF_STOCK', messages.notEnoughStock, { qtyInStock: variant.qtyInStock });
  }
}
