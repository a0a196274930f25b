import type { Readable } from 'node:stream';
import { fillMessage, type CurrencyCode } from '@site/commerce-core';
import { adminMessages, StockSchema, type StockUpdate } from '@site/commerce-core/admin';
import { and, asc, eq, getTableColumns, gte, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { products, variants } from '../db/schema';
import { ApiError, csvBody, keysetPages } from '../http';
import { decodeCursor, encodeCursor } from '../http/cursor';
import { csvLine, parseCsv } from './csv';
import { toAdminVariant } from './product-view';

export const InventoryQuerySchema = z.strictObject({
  q: z.string().max(200).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

/** Every variant of the site with its product, by product title then variant position. */
export async function listInventory(
  db: Database,
  websiteId: string,
  currency: CurrencyCode,
  query: z.infer<typeof InventoryQuerySchema>,
) {
  const after = decodeCursor(z.tuple([z.string(), z.string()]), query.cursor);
  const text = query.q?.trim();
  const q = text?.replace(/[\\%_]/g, (c) => `\\${c}`);
  // The bare `>=` lets the (website_id, title) index start at the cursor; the OR settles ties.
  const from = (title: SQL | AnyColumn, id: SQL | AnyColumn) =>
    after
      ? sql`${title} >= ${after[0]} and (${title} > ${after[0]} or (${title} = ${after[0]} and ${id} > ${after[1]}))`
      : sql`true`;
  // A SKU holds no whitespace: text with some is looked for in titles only.
  const productMatch =
    q &&
    (/\s/.test(text!)
      ? sql`p.title ilike ${`%${q}%`}`
      : sql`(p.title ilike ${`%${q}%`} or p.skus ilike ${`%${q}%`})`);
  const rows = await db
    .select({
      variant: variants,
      productTitle: products.title,
      productId: products.id,
      collectionId: products.collectionId,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      and(
        eq(products.websiteId, websiteId),
        q
          ? // The page's products first, by their titles and SKU lines (trigram indexes, each
            // product's title at hand). Every product has a variant (a save needs one), and every
            // matching product a matching variant, so the first limit + 1 products past the
            // cursor's title (with those tying the last one's title, and those of the cursor's own
            // title) hold the page; only their variants are read. Choosing among the matching
            // variants instead looked up each one's product by key: `SKU-77` matches a thousand.
            // Sorted by an expression no index holds: told how many match, the planner walks the
            // titles' index testing each product, 62 000 of them for `oak clay` at 100 000.
            sql`${variants.id} in (select v.id from (
                (select p.id, p.title from ${products} p
                  where p.website_id = ${websiteId} and ${productMatch}
                    ${after ? sql`and p.title > ${after[0]}` : sql``}
                  order by p.title || '' fetch first (${query.limit + 1}) rows with ties)
                ${
                  after
                    ? sql`union all (select p.id, p.title from ${products} p
                        where p.website_id = ${websiteId} and ${productMatch} and p.title = ${after[0]})`
                    : sql``
                }
              ) c join ${variants} v on v.product_id = c.id
              where (c.title ilike ${`%${q}%`} or v.sku ilike ${`%${q}%`}) and ${from(sql`c.title`, sql`v.id`)}
              order by c.title, v.id limit ${query.limit + 1})`
          : from(products.title, variants.id),
      ),
    )
    .orderBy(asc(products.title), asc(variants.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      productId: r.productId,
      productTitle: r.productTitle,
      collectionId: r.collectionId,
      ...toAdminVariant(r.variant, currency),
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.productTitle, last.variant.id]) : null,
  };
}

/**
 * Sets a variant's stock with one UPDATE. Checkout takes units with its own conditional UPDATE
 * of the same row (checkout.ts), so the two serialise on the row lock: a checkout that commits
 * after this edit takes its units from the new value, and none is ever lost.
 */
export async function setStock(
  db: Database,
  websiteId: string,
  variantId: string,
  update: StockUpdate,
  currency: CurrencyCode,
) {
  const [row] = await db
    .update(variants)
    .set(update)
    .from(products)
    .where(
      and(eq(variants.id, variantId), eq(products.id, variants.productId), eq(products.websiteId, websiteId)),
    )
    .returning(getTableColumns(variants));
  if (!row) throw new ApiError(404, 'VARIANT_NOT_FOUND', adminMessages.variantNotFound);
  return toAdminVariant(row, currency);
}

const CSV_HEADER = ['Product', 'SKU', 'Options', 'Stock'];
/** The word a stock cell holds for a variant that never runs out, on export and import. */
const UNLIMITED = 'unlimited';

/** Variants per statement of the export. */
const EXPORT_PAGE = 1000;

interface InventoryRow {
  title: string;
  productId: string;
  position: number;
  variantId: string;
  sku: string;
  attributes: Record<string, string>;
  unlimited: boolean;
  qtyInStock: number;
}

/**
 * Every variant of the site as CSV, the file an owner edits and imports back: by product title,
 * then variant position, streamed in keyset pages.
 */
export function inventoryCsv(db: Database, websiteId: string): Readable {
  const pages = keysetPages<InventoryRow>((after) =>
    db
      .select({
        title: products.title,
        productId: products.id,
        position: variants.position,
        variantId: variants.id,
        sku: variants.sku,
        attributes: variants.attributes,
        unlimited: variants.unlimited,
        qtyInStock: variants.qtyInStock,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(
        and(
          eq(products.websiteId, websiteId),
          // `>=` on the title lets the (website_id, title, id) index start at the page's first row.
          after ? gte(products.title, after.title) : undefined,
          after
            ? sql`(${products.title}, ${products.id}, ${variants.position}, ${variants.id}) > (${after.title}, ${after.productId}, ${after.position}, ${after.variantId})`
            : undefined,
        ),
      )
      .orderBy(asc(products.title), asc(products.id), asc(variants.position), asc(variants.id))
      .limit(EXPORT_PAGE),
  );
  return csvBody(`${csvLine(CSV_HEADER)}\r\n`, pages, inventoryCsvLine);
}

function inventoryCsvLine(v: InventoryRow): string {
  const options = Object.entries(v.attributes)
    .map(([k, val]) => `${k}: ${val}`)
    .join('; ');
  return `${csvLine([v.title, v.sku, options, v.unlimited ? UNLIMITED : String(v.qtyInStock)])}\r\n`;
}

/** SKUs per lookup statement of an import: well under PostgreSQL's bind-parameter limit. */
const LOOKUP_BATCH = 1000;

const rowIssue = (row: number, message: string) =>
  new ApiError(400, 'INVALID_CSV', fillMessage(adminMessages.csvRowInvalid, { row, message }), [
    { path: ['csv', row], message },
  ]);

/**
 * Sets stock from a CSV with SKU and Stock columns (other columns are ignored). Every row is
 * checked before anything is written, and all rows are written in one transaction: a file with
 * one bad row changes nothing. Each row is the same single-row UPDATE as an inline edit.
 */
export async function importInventoryCsv(
  db: Database,
  websiteId: string,
  text: string,
): Promise<{ updated: number }> {
  const [header, ...rows] = parseCsv(text);
  const col = (name: string) => header?.findIndex((h) => h.trim().toLowerCase() === name.toLowerCase()) ?? -1;
  const skuAt = col('SKU');
  const stockAt = col('Stock');
  if (skuAt < 0 || stockAt < 0) throw rowIssue(1, adminMessages.csvColumnsMissing);
  // Only the file's SKUs, looked up through the lower(sku) index a thousand at a time, not every
  // variant of the site.
  const wanted = [...new Set(rows.map((cells) => (cells[skuAt] ?? '').trim().toLowerCase()))];
  const bySku = new Map<string, string>();
  for (let i = 0; i < wanted.length; i += LOOKUP_BATCH) {
    const known = await db
      .select({ id: variants.id, sku: variants.sku })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(
        and(
          inArray(sql`lower(${variants.sku})`, wanted.slice(i, i + LOOKUP_BATCH)),
          eq(products.websiteId, websiteId),
        ),
      );
    for (const v of known) bySku.set(v.sku.toLowerCase(), v.id);
  }
  const updates = rows.map((cells, i) => {
    const line = i + 2;
    const sku = (cells[skuAt] ?? '').trim();
    const id = bySku.get(sku.toLowerCase());
    if (!id) throw rowIssue(line, fillMessage(adminMessages.csvUnknownSku, { sku }));
    const stock = (cells[stockAt] ?? '').trim();
    if (stock.toLowerCase() === UNLIMITED) return { id, update: { unlimited: true } };
    const parsed = StockSchema.safeParse(/^\d+$/.test(stock) ? Number(stock) : Number.NaN);
    if (!parsed.success) throw rowIssue(line, adminMessages.stockNegative);
    return { id, update: { qtyInStock: parsed.data, unlimited: false } };
  });
  await db.transaction(async (tx) => {
    for (const { id, update } of updates) await tx.update(variants).set(update).where(eq(variants.id, id));
  });
  return { updated: updates.length };
}
