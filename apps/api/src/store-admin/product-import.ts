import { randomUUID } from 'node:crypto';
import { fillMessage, type CurrencyCode } from '@site/commerce-core';
import {
  isImportableText,
  PRODUCT_IMPORT_MAX_BYTES,
  productImportMessages,
  productsFromCsv,
  type ProductImportView,
} from '@site/commerce-core/admin';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../activity/activity-log';
import type { Database } from '../db/client';
import { productImports } from '../db/schema';
import { ApiError } from '../http';
import type { JobQueue } from '../jobs';
import { parseCsv } from './csv';
import { saveProduct } from './products';
import { findStore } from './stores';
import { loadWebsite, storeCurrency } from '../site/site-data';

export const PRODUCT_IMPORT_JOB = 'product-import';

type ImportRow = typeof productImports.$inferSelect;

export const importView = (row: ImportRow): ProductImportView => ({
  id: row.id,
  status: row.status,
  progress:
    row.total === 0 ? (row.status === 'running' ? 0 : 100) : Math.floor((row.processed * 100) / row.total),
  total: row.total,
  imported: row.imported,
  errors: row.errors,
  createdAt: row.createdAt.toISOString(),
});

const refused = (message: string) => new ApiError(400, 'INVALID_CSV', message);

/**
 * Takes the file: refuses at once (400) what cannot be a product CSV at all — not text, no
 * Handle/Title/Variant Price columns, no rows — so the owner learns it before waiting; then keeps
 * the file on a row and hands it to the job. One import per site at a time.
 */
export async function startProductImport(
  db: Database,
  jobs: JobQueue | undefined,
  websiteId: string,
  currency: CurrencyCode,
  collectionId: string,
  actor: Actor,
  text: string,
): Promise<ProductImportView> {
  if (Buffer.byteLength(text) > PRODUCT_IMPORT_MAX_BYTES)
    throw new ApiError(
      413,
      'TOO_LARGE',
      fillMessage(productImportMessages.tooLarge, { max: PRODUCT_IMPORT_MAX_BYTES / 1024 / 1024 }),
    );
  if (!isImportableText(text)) throw refused(productImportMessages.unreadable);
  const store = await findStore(db, websiteId, collectionId);
  const read = productsFromCsv(parseCsv(text.replace(/^\uFEFF/, '')), { currency, collectionId: store.id });
  if (!read.ok) throw refused(read.message);
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`product-import:${websiteId}`}))`);
    const [running] = await tx
      .select({ id: productImports.id })
      .from(productImports)
      .where(and(eq(productImports.websiteId, websiteId), eq(productImports.status, 'running')));
    if (running) throw new ApiError(409, 'IMPORT_RUNNING', productImportMessages.running);
    const [inserted] = await tx
      .insert(productImports)
      .values({
        id: randomUUID(),
        websiteId,
        collectionId: store.id,
        memberId: actor.id,
        memberEmail: actor.email,
        status: 'running',
        source: text,
        total: read.products.length,
      })
      .returning();
    return inserted!;
  });
  if (jobs) await jobs.enqueue(PRODUCT_IMPORT_JOB, { importId: row.id }, { singletonKey: row.id });
  else void runProductImport(db, row.id);
  return importView(row);
}

/**
 * Saves the file's products one by one, each with the editor's own save (its checks, the store's
 * 200-product cap, SKUs unique in the site), in its own transaction: a refused product is written
 * down with its row and reason and the rest go on. The row says how far it got after each, so a
 * retried job continues where the last attempt stopped.
 */
export async function runProductImport(db: Database, importId: string): Promise<void> {
  const [row] = await db.select().from(productImports).where(eq(productImports.id, importId));
  if (!row || row.status !== 'running') return;
  const actor: Actor = { id: row.memberId, email: row.memberEmail };
  try {
    const website = await loadWebsite(db, row.websiteId);
    if (!website) throw new Error('the site is gone');
    const currency = storeCurrency(website);
    const read = productsFromCsv(parseCsv(row.source.replace(/^\uFEFF/, '')), {
      currency,
      collectionId: row.collectionId,
    });
    if (!read.ok) throw new Error(read.message);
    let { processed, imported } = row;
    const errors = [...row.errors];
    for (const product of read.products.slice(processed)) {
      if ('error' in product) errors.push({ row: product.row, message: product.error });
      else {
        try {
          await saveProduct(db, row.websiteId, currency, undefined, product.input, actor);
          imported++;
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          errors.push({
            row: product.row,
            message: fillMessage(productImportMessages.row, { row: product.row, message: err.message }),
          });
        }
      }
      processed++;
      await db
        .update(productImports)
        .set({ processed, imported, errors })
        .where(eq(productImports.id, importId));
    }
    await db
      .update(productImports)
      .set({ status: 'done', finishedAt: new Date() })
      .where(eq(productImports.id, importId));
  } catch (err) {
    await db
      .update(productImports)
      .set({ status: 'failed', finishedAt: new Date() })
      .where(eq(productImports.id, importId));
    // Not a row's fault (the database went away): the owner sees it failed and can send the file
    // again; the products saved so far stay, and so do their rows' results.
    console.error('product import failed', importId, err);
  }
}

export async function latestProductImport(
  db: Database,
  websiteId: string,
  id?: string,
): Promise<ProductImportView | null> {
  const [row] = await db
    .select()
    .from(productImports)
    .where(and(eq(productImports.websiteId, websiteId), id ? eq(productImports.id, id) : undefined))
    .orderBy(desc(productImports.createdAt))
    .limit(1);
  if (!row && id) throw new ApiError(404, 'NOT_FOUND', productImportMessages.notFound);
  return row ? importView(row) : null;
}
