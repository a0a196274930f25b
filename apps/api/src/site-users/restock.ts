import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ApiError } from '../http';
import type { Database } from '../db/client';
import { pages, products, restockSignups, variants } from '../db/schema';
import { queueEmail } from '../mail/queue-email';
import { decodeCursor, encodeCursor } from '../http/cursor';

export const RESTOCK_PAGE_SIZE = 20;

export interface VariantRef {
  productId: string;
  variantId: string;
}

/** "Size: M, Color: Rust", in the product's option order when it has one. */
export function describeVariant(
  attributes: Record<string, string>,
  details: Record<string, unknown>,
): string {
  const ordering = Array.isArray(details.variantOptionOrdering)
    ? (details.variantOptionOrdering as unknown[])
    : [];
  const names = [
    ...ordering.filter((n): n is string => typeof n === 'string' && n in attributes),
    ...Object.keys(attributes).filter((n) => !ordering.includes(n)),
  ];
  return names.map((n) => `${n}: ${attributes[n]}`).join(', ');
}

const inStock = (v: { unlimited: boolean; qtyInStock: number }) => v.unlimited || v.qtyInStock > 0;

/** The variant on this site, or a 404 the client can show. */
export async function findSiteVariant(db: Database, websiteId: string, ref: VariantRef) {
  const [row] = await db
    .select({ id: variants.id, unlimited: variants.unlimited, qtyInStock: variants.qtyInStock })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      and(eq(variants.id, ref.variantId), eq(products.id, ref.productId), eq(products.websiteId, websiteId)),
    );
  if (!row) throw new ApiError(404, 'ITEM_NOT_FOUND', 'That product variant does not exist.');
  return { ...row, inStock: inStock(row) };
}

/** A signed-in member's own sign-up; signing up again re-arms a notice that was already sent. */
export async function signUpMember(
  db: Database,
  websiteId: string,
  email: string,
  ref: VariantRef & { language?: string },
) {
  const variant = await findSiteVariant(db, websiteId, ref);
  if (variant.inStock) throw new ApiError(409, 'IN_STOCK', 'Good news: this item is in stock now.');
  await db
    .insert(restockSignups)
    .values({
      id: randomUUID(),
      websiteId,
      productId: ref.productId,
      variantId: ref.variantId,
      email,
      language: ref.language ?? null,
    })
    .onConflictDoUpdate({
      target: [restockSignups.variantId, restockSignups.email],
      set: { notifiedAt: null, ...(ref.language ? { language: ref.language } : {}) },
    });
}

const groupCursor = z.tuple([z.number().int(), z.string(), z.number().int(), z.string()]);

/**
 * Variants with sign-ups still waiting for a notice, in catalogue order (product position, then
 * variant position; ids break ties so the order is total). signUpCount counts those waiting.
 */
export async function listSignUpGroups(db: Database, websiteId: string, cursor?: string) {
  const after = decodeCursor(groupCursor, cursor);
  const rows = await db
    .select({
      productId: products.id,
      variantId: variants.id,
      productTitle: products.title,
      details: products.details,
      attributes: variants.attributes,
      sku: variants.sku,
      qtyInStock: variants.qtyInStock,
      unlimited: variants.unlimited,
      productPosition: products.position,
      variantPosition: variants.position,
      signUpCount: sql<number>`count(*)::int`,
    })
    .from(restockSignups)
    .innerJoin(variants, eq(variants.id, restockSignups.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      and(
        eq(restockSignups.websiteId, websiteId),
        isNull(restockSignups.notifiedAt),
        after
          ? sql`(${products.position}, ${products.id}, ${variants.position}, ${variants.id}) > (${after[0]}::int, ${after[1]}::text, ${after[2]}::int, ${after[3]}::text)`
          : undefined,
      ),
    )
    .groupBy(products.id, variants.id)
    .orderBy(asc(products.position), asc(products.id), asc(variants.position), asc(variants.id))
    .limit(RESTOCK_PAGE_SIZE + 1);
  const page = rows.slice(0, RESTOCK_PAGE_SIZE);
  const last = page.at(-1);
  const hasNextPage = rows.length > RESTOCK_PAGE_SIZE;
  return {
    signUpGroups: page.map((r) => ({
      productId: r.productId,
      variantId: r.variantId,
      productTitle: r.productTitle,
      variantDescription: describeVariant(r.attributes, r.details),
      sku: r.sku,
      qtyInStock: r.qtyInStock,
      unlimited: r.unlimited,
      signUpCount: r.signUpCount,
    })),
    hasNextPage,
    nextPageCursor:
      hasNextPage && last
        ? encodeCursor([last.productPosition, last.productId, last.variantPosition, last.variantId])
        : null,
  };
}

// created_at travels as PostgreSQL's own text form: a JavaScript Date would drop the microseconds
// and the next page could repeat or skip a row.
const signUpCursor = z.tuple([z.string().min(1).max(64), z.string()]);

/** Everyone signed up for one variant, oldest first, notified or not. */
export async function listSignUps(db: Database, websiteId: string, ref: VariantRef, cursor?: string) {
  const after = decodeCursor(signUpCursor, cursor);
  await findSiteVariant(db, websiteId, ref);
  const rows = await db
    .select({
      id: restockSignups.id,
      email: restockSignups.email,
      createdAt: restockSignups.createdAt,
      createdAtKey: sql<string>`${restockSignups.createdAt}::text`,
      notifiedAt: restockSignups.notifiedAt,
      joinMailingList: restockSignups.joinMailingList,
    })
    .from(restockSignups)
    .where(
      and(
        eq(restockSignups.websiteId, websiteId),
        eq(restockSignups.variantId, ref.variantId),
        after
          ? sql`(${restockSignups.createdAt}, ${restockSignups.id}) > (${after[0]}::timestamptz, ${after[1]}::text)`
          : undefined,
      ),
    )
    .orderBy(asc(restockSignups.createdAt), asc(restockSignups.id))
    .limit(RESTOCK_PAGE_SIZE + 1);
  const page = rows.slice(0, RESTOCK_PAGE_SIZE);
  const last = page.at(-1);
  const hasNextPage = rows.length > RESTOCK_PAGE_SIZE;
  return {
    signUps: page.map((r) => ({
      email: r.email,
      createdAt: r.createdAt.toISOString(),
      notifiedAt: r.notifiedAt ? r.notifiedAt.toISOString() : null,
      joinMailingList: r.joinMailingList,
    })),
    hasNextPage,
    nextPageCursor: hasNextPage && last ? encodeCursor([last.createdAtKey, last.id]) : null,
  };
}

export interface SendResult extends VariantRef {
  notifiedCount: number;
}

/**
 * Marks the waiting sign-ups of each variant notified and queues one email per address, all in
 * one transaction: either every requested variant is sent or none is. Every variant must exist
 * (404) and be back in stock (409, listing the ones that are not) before anything is written.
 *
 * Nothing is delivered here: rows land in outgoing_emails, which the mail worker drains.
 */
export async function sendRestockNotices(
  db: Database,
  websiteId: string,
  requests: readonly VariantRef[],
  origin: string,
): Promise<SendResult[]> {
  const unique = [...new Map(requests.map((r) => [`${r.productId}\u0000${r.variantId}`, r])).values()];
  return db.transaction(async (tx) => {
    const found = await tx
      .select({
        productId: products.id,
        variantId: variants.id,
        productTitle: products.title,
        urlId: products.urlId,
        details: products.details,
        attributes: variants.attributes,
        qtyInStock: variants.qtyInStock,
        unlimited: variants.unlimited,
        collectionPath: pages.path,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .innerJoin(pages, eq(pages.id, products.collectionId))
      .where(
        and(
          eq(products.websiteId, websiteId),
          inArray(
            variants.id,
            unique.map((r) => r.variantId),
          ),
        ),
      );
    const byVariant = new Map(found.map((f) => [f.variantId, f]));

    const missing = unique.filter((r) => byVariant.get(r.variantId)?.productId !== r.productId);
    if (missing.length > 0) {
      throw new ApiError(404, 'ITEM_NOT_FOUND', 'That product variant does not exist.', {
        notFound: missing,
      });
    }
    const soldOut = unique.filter((r) => !inStock(byVariant.get(r.variantId)!));
    if (soldOut.length > 0) {
      throw new ApiError(
        409,
        'OUT_OF_STOCK',
        'This item is still out of stock. Restock it before notifying the people waiting for it.',
        { outOfStock: soldOut },
      );
    }

    const notified = new Map<string, number>();
    // Claimed in variant-id order so two concurrent batches lock rows in the same order and
    // cannot deadlock; the answer keeps the request's order.
    for (const ref of [...unique].sort((a, b) =>
      a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0,
    )) {
      const v = byVariant.get(ref.variantId)!;
      // Only rows still waiting are claimed: a concurrent send of the same variant waits on these
      // row locks, then finds them notified and claims nothing, so no one gets two emails.
      const claimed = await tx
        .update(restockSignups)
        .set({ notifiedAt: sql`now()` })
        .where(
          and(
            eq(restockSignups.websiteId, websiteId),
            eq(restockSignups.variantId, ref.variantId),
            isNull(restockSignups.notifiedAt),
          ),
        )
        .returning({ email: restockSignups.email });
      if (claimed.length > 0) {
        const variantText = describeVariant(v.attributes, v.details);
        const name = variantText ? `${v.productTitle} (${variantText})` : v.productTitle;
        const url = `${origin}${v.collectionPath === '/' ? '' : v.collectionPath}/p/${v.urlId}`;
        for (const c of claimed) {
          await queueEmail(tx, websiteId, 'restock-notice', c.email, {
            productTitle: v.productTitle,
            productName: name,
            productUrl: url,
          });
        }
      }
      notified.set(ref.variantId, claimed.length);
    }
    return unique.map((ref) => ({ ...ref, notifiedCount: notified.get(ref.variantId) ?? 0 }));
  });
}
