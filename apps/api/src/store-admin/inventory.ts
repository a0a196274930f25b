import { type CurrencyCode } from '@site/commerce-core';
import { adminMessages, type StockUpdate } from '@site/commerce-core/admin';
import { and, asc, eq, getTableColumns, gt, ilike, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { products, variants } from '../db/schema';
import { EditorError } from '../editor/http';
import { decodeCursor, encodeCursor } from '../site-users/cursor';
import { toAdminVariant } from './product-view';

export const InventoryQuerySchema = z.strictObject({
  q: z.string().max(200).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

/** Every variant of the site with its product, by product title then variant position. */
export async function listInventory(db: Database, websiteId: string, currency: CurrencyCode, query: z.infer<typeof InventoryQuerySchema>) {
  const after = decodeCursor(z.tuple([z.string(), z.string()]), query.cursor);
  const q = query.q?.trim().replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select({ variant: variants, productTitle: products.title, productId: products.id, collectionId: products.collectionId })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      and(
        eq(products.websiteId, websiteId),
        q ? or(ilike(products.title, `%${q}%`), ilike(variants.sku, `%${q}%`)) : undefined,
        after ? or(gt(products.title, after[0]), and(eq(products.title, after[0]), gt(variants.id, after[1]))) : undefined,
      ),
    )
    .orderBy(asc(products.title), asc(variants.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({ productId: r.productId, productTitle: r.productTitle, collectionId: r.collectionId, ...toAdminVariant(r.variant, currency) })),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.productTitle, last.variant.id]) : null,
  };
}

/**
 * Sets a variant's stock with one UPDATE. Checkout takes units with its own conditional UPDATE
 * of the same row (checkout.ts), so the two serialise on the row lock: a checkout that commits
 * after this edit takes its units from the new value, and none is ever lost.
 */
export async function setStock(db: Database, websiteId: string, variantId: string, update: StockUpdate, currency: CurrencyCode) {
  const [row] = await db
    .update(variants)
    .set(update)
    .from(products)
    .where(and(eq(variants.id, variantId), eq(products.id, variants.productId), eq(products.websiteId, websiteId)))
    .returning(getTableColumns(variants));
  if (!row) throw new EditorError(404, 'VARIANT_NOT_FOUND', adminMessages.variantNotFound);
  return toAdminVariant(row, currency);
}
