import { randomBytes } from 'node:crypto';
import {
  type CurrencyCode,
  EDITOR_LIMITS,
  fillMessage,
  formatMinorWithSymbol,
  storeUrlId,
} from '@site/commerce-core';
import {
  ADMIN_PRODUCT_TYPES,
  adminMessages,
  fillSkus,
  skuStem,
  type AdminProductSave,
  LOW_STOCK_UNITS,
  parseMinorUnits,
  type ProductListQuery,
} from '@site/commerce-core/admin';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Tx } from '../db/client';
import { files, forms, memberAreas, products, variants, websites } from '../db/schema';
import { FILES_API, memberAreaMessages, sanitizeRichText, type ItemSeo } from '@site/page-content';
import { siteLanguages } from '../multilingual/settings';
import { recordActivity, type Actor } from '../activity/activity-log';
import { ApiError } from '../http';
import { decodeCursor, encodeCursor } from '../http/cursor';
import { textArray } from '../db/text-array';
import { toAdminProduct, type AdminProductView } from './product-view';
import { findStore } from './stores';

type ProductRow = typeof products.$inferSelect;
const newId = (prefix: string) => `${prefix}-${randomBytes(9).toString('base64url')}`;

export const productNotFound = () => new ApiError(404, 'PRODUCT_NOT_FOUND', adminMessages.productNotFound);
const invalid = (message: string, path: (string | number)[]) =>
  new ApiError(400, 'INVALID', message, [{ path, message }]);

export async function variantsOf(db: Database | Tx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(variants)
    .where(sql`${variants.productId} = any(${textArray(ids)})`)
    .orderBy(asc(variants.position));
}

type VariantRow = Awaited<ReturnType<typeof variantsOf>>[number];
/** Each variant's price by its SKU: what a price change in the activity log compares. */
const pricesOf = (rows: readonly VariantRow[]) =>
  JSON.stringify(rows.map((v) => [v.sku, v.priceCents]).sort());
/** "$12.00", or "$10.00–$14.00" when the variants differ. */
function priceRange(rows: readonly VariantRow[], currency: CurrencyCode): string {
  const cents = rows.map((v) => v.priceCents);
  if (cents.length === 0) return '—';
  const [low, high] = [Math.min(...cents), Math.max(...cents)].map((c) =>
    formatMinorWithSymbol(BigInt(c), currency),
  );
  return low === high ? low! : `${low}–${high}`;
}

export async function getProduct(
  db: Database,
  websiteId: string,
  id: string,
  currency: CurrencyCode,
): Promise<AdminProductView> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.websiteId, websiteId)));
  if (!row) throw productNotFound();
  return toAdminProduct(row, await variantsOf(db, [row.id]), currency);
}

const hasStock = (low: number) =>
  sql`exists (select 1 from ${variants} v where v.product_id = ${products.id} and (v.unlimited or v.qty_in_stock >= ${low}))`;
const stockFilters: Record<NonNullable<ProductListQuery['stock']>, SQL> = {
  in: hasStock(1),
  out: sql`not ${hasStock(1)}`,
  low: sql`${hasStock(1)} and not ${hasStock(LOW_STOCK_UNITS + 1)}`,
};

// PostgreSQL keeps microseconds, a JS Date only milliseconds: the cursor carries the stored
// instant to the microsecond (as text), so paging compares the bare column — which the
// (website_id, created_at, id) index serves — and a row is never skipped or repeated.
const createdMicros = sql<string>`to_char(${products.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const createdAt = sql`${products.createdAt}`;
const dateKey = z.tuple([z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/), z.string()]);
const textKey = z.tuple([z.string(), z.string()]);

type ListedRow = Omit<ProductRow, 'searchVector' | 'skus' | 'body'> & { createdMicros: string };
interface Sort {
  column: SQL;
  /** The same order through an expression no index holds (see pageOf). */
  unindexed: SQL;
  /**
   * Searched, the titles' matches sit together in this order (text looked for is often a title's
   * start): a walk of its index from the top passes everything before them, so the matches are
   * read and sorted instead (`oak clay` by title at 100 000: 62 000 products walked, 88 ms).
   */
  matchesCluster?: true;
  dir: 'asc' | 'desc';
  key: z.ZodType<[string | number, string]>;
  keyOf: (p: ListedRow) => string | number;
}
const byColumn = (column: typeof products.position | typeof products.title) => sql`${column}`;
const titleUnindexed = sql`${products.title} || ''`;
const createdUnindexed = sql`${products.createdAt} + interval '0 s'`;

/** Keyset pages per sort: the cursor is the last row's sort key and id. */
const sorts: Record<ProductListQuery['sort'], Sort> = {
  position: {
    column: byColumn(products.position),
    unindexed: sql`${products.position} + 0`,
    dir: 'asc',
    key: z.tuple([z.number(), z.string()]),
    keyOf: (p) => p.position,
  },
  title: {
    column: byColumn(products.title),
    unindexed: titleUnindexed,
    matchesCluster: true,
    dir: 'asc',
    key: textKey,
    keyOf: (p) => p.title,
  },
  '-title': {
    column: byColumn(products.title),
    unindexed: titleUnindexed,
    matchesCluster: true,
    dir: 'desc',
    key: textKey,
    keyOf: (p) => p.title,
  },
  oldest: {
    column: createdAt,
    unindexed: createdUnindexed,
    dir: 'asc',
    key: dateKey,
    keyOf: (p) => p.createdMicros,
  },
  newest: {
    column: createdAt,
    unindexed: createdUnindexed,
    dir: 'desc',
    key: dateKey,
    keyOf: (p) => p.createdMicros,
  },
};

// A made SKU is its stem cut to leave room for a "-n" suffix of up to 10 characters (MAX_SKU 80):
// every candidate starts with the stem's first 70.
const SKU_STEM_PREFIX = 70;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The products of a list page: those the filters keep, after the cursor, in the sort's order. A
 * search keeps those whose title or one of whose SKUs holds its text. A SKU holds no whitespace,
 * so text with some is looked for in titles only.
 *
 * The SKUs are the products' own SKU lines (kept from the variants by triggers), read by their
 * trigram index: a SKU part is typically rare and spread through the list's order, so its matches
 * are read and sorted, and only a page of them goes on to the test with the titles, by key. Left
 * to itself the planner walks the sort's index testing every product when it knows how many
 * match (`SKU-77`, 1 111 of 100 000: 11.9 ms of PostgreSQL a search against 4.0). The titles stay
 * with the planner, a walk meeting a page of a common word soon, except in title order (see
 * Sort.matchesCluster).
 */
function pageOf(sort: Sort, filters: (SQL | undefined)[], q: string | undefined, size: number) {
  if (!q) return and(...filters);
  const pattern = `%${escapeLike(q)}%`;
  if (/\s/.test(q)) return and(...filters, sql`${products.title} ilike ${pattern}`);
  const skuPage = sql`select ${products.id} from ${products}
    where ${and(...filters, sql`${products.skus} ilike ${pattern}`)}
    order by ${sort.unindexed} ${sort.dir === 'asc' ? sql`asc` : sql`desc`}, ${products.id} || '' ${sort.dir === 'asc' ? sql`asc` : sql`desc`}
    limit ${size}`;
  return and(
    ...filters,
    sql`(${products.title} ilike ${pattern} or ${products.id} = any(array(${skuPage})))`,
  );
}

// A list page reads neither the search columns (a tsvector and the SKU lines) nor the descriptions.
const { searchVector: _searchVector, skus: _skus, body: _body, ...listedColumns } = getTableColumns(products);

export async function listProducts(
  db: Database,
  websiteId: string,
  currency: CurrencyCode,
  query: ProductListQuery,
) {
  const sort = sorts[query.sort];
  const after = decodeCursor(sort.key, query.cursor);
  // Typed in SQL: the drivers would send a Date parameter of an expression (not a column) differently.
  const afterValue = after && (sort.column === createdAt ? sql`${after[0]}::timestamptz` : after[0]);
  const q = query.q?.trim();
  const filters = [
    eq(products.websiteId, websiteId),
    query.collectionId ? eq(products.collectionId, query.collectionId) : undefined,
    query.type ? eq(products.productType, ADMIN_PRODUCT_TYPES[query.type]) : undefined,
    query.stock ? stockFilters[query.stock] : undefined,
    query.category
      ? sql`exists (select 1 from jsonb_array_elements_text(${products.categories}) as c(name) where lower(c.name) = ${query.category.toLocaleLowerCase('en')})`
      : undefined,
    // A row comparison in the index's order: the index range starts right after the cursor.
    after
      ? sql`(${sort.column}, ${products.id}) ${sort.dir === 'asc' ? sql`>` : sql`<`} (${afterValue}, ${after[1]})`
      : undefined,
  ];
  const rows = await db
    .select({ ...listedColumns, createdMicros })
    .from(products)
    .where(pageOf(sort, filters, q, query.limit + 1))
    .orderBy(
      ...(q && sort.matchesCluster
        ? [
            sort.dir === 'asc' ? asc(sort.unindexed) : desc(sort.unindexed),
            sql`${products.id} || '' ${sort.dir === 'asc' ? sql`asc` : sql`desc`}`,
          ]
        : sort.dir === 'asc'
          ? [asc(sort.column), asc(products.id)]
          : [desc(sort.column), desc(products.id)]),
    )
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const all = await variantsOf(
    db,
    page.map((p) => p.id),
  );
  const last = page.at(-1);
  const lastKey = last && sort.keyOf(last);
  return {
    products: page.map((p) =>
      toAdminProduct(
        p,
        all.filter((v) => v.productId === p.id),
        currency,
      ),
    ),
    nextCursor: rows.length > query.limit && last ? encodeCursor([lastKey, last.id]) : null,
  };
}

export function checkCurrency(input: AdminProductSave, currency: CurrencyCode): void {
  input.variants.forEach((v, i) => {
    for (const [field, money] of [
      ['price', v.price],
      ['salePrice', v.salePrice],
    ] as const) {
      if (money && money.currency !== currency)
        throw invalid(fillMessage(adminMessages.wrongCurrency, { currency }), ['variants', i, field]);
    }
  });
}

/**
 * Creates (no id) or replaces a product with all its variants in one transaction, so a refused
 * save leaves nothing behind. Saves of one site queue on an advisory lock: the per-store product
 * limit and the per-site SKU rule are checks over other rows that a unique index cannot express.
 */
export async function saveProduct(
  db: Database,
  websiteId: string,
  currency: CurrencyCode,
  id: string | undefined,
  input: AdminProductSave,
  actor: Actor,
): Promise<AdminProductView> {
  checkCurrency(input, currency);
  if (id && input.id !== undefined && input.id !== id) throw invalid(adminMessages.productIdMismatch, ['id']);
  if (id && input.version === undefined) throw invalid(adminMessages.staleProduct, ['version']);
  const store = await findStore(db, websiteId, input.collectionId);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`store-products:${websiteId}`}))`);
    const [existing] = id
      ? await tx
          .select()
          .from(products)
          .where(and(eq(products.id, id), eq(products.websiteId, websiteId)))
      : [];
    if (id && !existing) throw productNotFound();
    if (existing && existing.version !== input.version)
      throw new ApiError(409, 'STALE_VERSION', adminMessages.staleProduct);

    if (!existing || existing.collectionId !== store.id) {
      const [held] = await tx
        .select({ n: count() })
        .from(products)
        .where(eq(products.collectionId, store.id));
      if ((held?.n ?? 0) >= EDITOR_LIMITS.maxProductsPerCollection) {
        throw new ApiError(
          409,
          'PRODUCT_LIMIT',
          fillMessage(adminMessages.productsLimit, { max: EDITOR_LIMITS.maxProductsPerCollection }),
        );
      }
    }

    const siblings = await tx
      .select({ urlId: products.urlId })
      .from(products)
      .where(and(eq(products.collectionId, store.id), id ? ne(products.id, id) : undefined));
    const takenUrls = siblings.map((s) => s.urlId);
    const urlId =
      input.urlId ??
      (existing?.collectionId === store.id ? existing.urlId : storeUrlId(input.title, takenUrls, 'product'));
    if (takenUrls.includes(urlId)) {
      const message = fillMessage(adminMessages.storeUrlIdTaken, {
        urlId: `${store.path.slice(1)}/p/${urlId}`,
      });
      throw new ApiError(409, 'URL_TAKEN', message, [{ path: ['urlId'], message }]);
    }

    // Made under the site's lock, so two saves at once cannot both take the same free SKU.
    if (input.variants.some((v) => !v.sku)) {
      // Only SKUs a made one could clash with: those starting with one of the stems (read through
      // the SKU trigram index), not every SKU of the site.
      const stems = new Set(
        input.variants
          .filter((v) => !v.sku)
          .map((v) =>
            skuStem(
              input.title,
              input.variantOptionOrdering.map((o) => v.attributes[o] ?? ''),
            ).slice(0, SKU_STEM_PREFIX),
          ),
      );
      const others = await tx
        .select({ sku: variants.sku })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(
          and(
            or(...[...stems].map((stem) => ilike(variants.sku, `${escapeLike(stem)}%`))),
            eq(products.websiteId, websiteId),
            id ? ne(products.id, id) : undefined,
          ),
        );
      input = {
        ...input,
        variants: fillSkus(
          input.title,
          input.variantOptionOrdering,
          input.variants,
          others.map((o) => o.sku),
        ),
      };
    }
    const lowered = input.variants.map((v) => v.sku.toLowerCase());
    const clash = await skuClash(tx, websiteId, id, lowered);
    if (clash) {
      const i = lowered.indexOf(clash.sku.toLowerCase());
      throw new ApiError(409, 'SKU_TAKEN', fillMessage(adminMessages.skuTaken, { sku: clash.sku }), [
        { path: ['variants', i, 'sku'], message: fillMessage(adminMessages.skuTaken, { sku: clash.sku }) },
      ]);
    }

    const references = await checkReferences(tx, websiteId, input);

    const fields = {
      collectionId: store.id,
      imageUrl: references.imageUrl,
      urlId,
      title: input.title,
      excerpt: sanitizeRichText(input.excerpt),
      productType: ADMIN_PRODUCT_TYPES[input.productType],
      enabled: input.enabled,
      // Every picture's address, for the product page's gallery (the row keeps the first for listings).
      details: { ...productDetails(existing?.details ?? {}, input), imageUrls: references.imageUrls },
    };
    const productId = existing?.id ?? newId('product');
    if (existing) {
      await tx
        .update(products)
        .set({ ...fields, version: existing.version + 1 })
        .where(eq(products.id, productId));
    } else {
      const [last] = await tx
        .select({ max: sql<number>`coalesce(max(${products.position}), -1)` })
        .from(products)
        .where(eq(products.collectionId, store.id));
      await tx
        .insert(products)
        .values({ id: productId, websiteId, ...fields, position: Number(last?.max ?? -1) + 1 });
    }
    const before = existing ? await variantsOf(tx, [productId]) : [];
    await writeVariants(tx, productId, input);
    const [row] = await tx.select().from(products).where(eq(products.id, productId));
    const after = await variantsOf(tx, [productId]);
    if (existing && pricesOf(before) !== pricesOf(after))
      await recordActivity(tx, websiteId, actor, {
        kind: 'price-changed',
        subject: input.title,
        detail: { from: priceRange(before, currency), to: priceRange(after, currency) },
      });
    return toAdminProduct(row!, after, currency);
  });
}

/**
 * A variant of another product of the site already using one of the SKUs (lower case): read
 * through the index on lower(sku), so the check costs the same however many variants the site has.
 */
export async function skuClash(
  tx: Database | Tx,
  websiteId: string,
  productId: string | undefined,
  lowered: readonly string[],
): Promise<{ sku: string } | undefined> {
  if (lowered.length === 0) return undefined;
  const [clash] = await tx
    .select({ sku: variants.sku })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      and(
        inArray(sql`lower(${variants.sku})`, [...lowered]),
        eq(products.websiteId, websiteId),
        productId ? ne(products.id, productId) : undefined,
      ),
    )
    .limit(1);
  return clash;
}

/**
 * Files, the form and the languages a product names must exist on this site, checked inside the
 * save's transaction; the main image's address is kept on the row for listings.
 */
export async function checkReferences(
  tx: Database | Tx,
  websiteId: string,
  input: AdminProductSave,
): Promise<{ imageUrl: string | null; imageUrls: string[] }> {
  const ids = [...new Set([...input.imageFileIds, ...(input.digitalFileId ? [input.digitalFileId] : [])])];
  const found = ids.length
    ? await tx
        .select({ id: files.id, name: files.name })
        .from(files)
        .where(and(eq(files.websiteId, websiteId), inArray(files.id, ids)))
    : [];
  const byId = new Map(found.map((f) => [f.id, f]));
  input.imageFileIds.forEach((id, i) => {
    if (!byId.has(id)) throw invalid(adminMessages.fileNotFound, ['imageFileIds', i]);
  });
  if (input.digitalFileId && !byId.has(input.digitalFileId))
    throw invalid(adminMessages.fileNotFound, ['digitalFileId']);
  if (input.additionalFieldsFormId) {
    const [form] = await tx
      .select({ id: forms.id })
      .from(forms)
      .where(and(eq(forms.websiteId, websiteId), eq(forms.id, input.additionalFieldsFormId)));
    if (!form) throw invalid(adminMessages.formNotFound, ['additionalFieldsFormId']);
  }
  if (input.translations && Object.keys(input.translations).length) {
    const [site] = await tx
      .select({ settings: websites.settings })
      .from(websites)
      .where(eq(websites.id, websiteId));
    const added = siteLanguages(site?.settings ?? {});
    for (const language of Object.keys(input.translations)) {
      if (!(added as string[]).includes(language))
        throw invalid(adminMessages.unknownLanguage, ['translations', language]);
    }
  }
  const imageUrls = input.imageFileIds.map((id) => FILES_API.asset(id, byId.get(id)!.name));
  return { imageUrl: imageUrls[0] ?? null, imageUrls };
}

/** Fields the editor does not manage (express checkout, a stored form copy) are kept. */
export function productDetails(
  current: Record<string, unknown>,
  input: AdminProductSave,
): Record<string, unknown> {
  const {
    subscriptionPlan: _plan,
    customAddButtonText: _text,
    imageFileIds: _images,
    digitalFileId: _file,
    additionalFieldsFormId: _form,
    merchandising: _merchandising,
    shipping: _shipping,
    taxExempt: _taxExempt,
    noShipping: _noShipping,
    translations: _translations,
    ...kept
  } = current;
  const translations = Object.fromEntries(
    Object.entries(input.translations ?? {}).flatMap(([language, t]) => {
      const filled = Object.fromEntries(
        Object.entries(t)
          .filter(([, v]) => v)
          .map(([key, v]) => [key, key === 'excerpt' ? sanitizeRichText(v) : v]),
      );
      return Object.keys(filled).length ? [[language, filled]] : [];
    }),
  );
  return {
    ...kept,
    imageFileIds: input.imageFileIds,
    ...(input.digitalFileId && { digitalFileId: input.digitalFileId }),
    ...(input.additionalFieldsFormId && { additionalFieldsFormId: input.additionalFieldsFormId }),
    ...(input.merchandising && { merchandising: input.merchandising }),
    ...(input.shipping && { shipping: input.shipping }),
    ...(input.taxExempt && { taxExempt: true }),
    ...(input.noShipping && { noShipping: true }),
    ...(Object.keys(translations).length && { translations }),
    variantOptionOrdering: input.variantOptionOrdering,
    isSubscribable: input.subscriptionPlan !== undefined,
    ...(input.subscriptionPlan && { subscriptionPlan: input.subscriptionPlan }),
    useCustomAddButtonText: Boolean(input.customAddButtonText),
    ...(input.customAddButtonText && { customAddButtonText: input.customAddButtonText }),
  };
}

async function writeVariants(tx: Tx, productId: string, input: AdminProductSave): Promise<void> {
  const current = await tx
    .select({ id: variants.id })
    .from(variants)
    .where(eq(variants.productId, productId));
  const known = new Set(current.map((v) => v.id));
  const kept = new Set<string>();
  input.variants.forEach((v, i) => {
    if (v.id !== undefined && !known.has(v.id))
      throw invalid(adminMessages.variantNotFound, ['variants', i, 'id']);
    if (v.id) kept.add(v.id);
  });
  const gone = [...known].filter((v) => !kept.has(v));
  if (gone.length) await tx.delete(variants).where(inArray(variants.id, gone));
  // Variants may trade SKUs in one save; parking the kept ones on their ids first keeps the
  // (product, sku) index from seeing a transient duplicate.
  if (kept.size)
    await tx
      .update(variants)
      .set({ sku: sql`'~' || ${variants.id}` })
      .where(inArray(variants.id, [...kept]));
  for (const [position, v] of input.variants.entries()) {
    const row = {
      sku: v.sku,
      attributes: v.attributes,
      priceCents: parseMinorUnits(v.price.value)!,
      salePriceCents: v.salePrice ? parseMinorUnits(v.salePrice.value)! : 0,
      onSale: v.onSale,
      // Set, never computed from a read: a checkout taking units at the same moment is not undone.
      ...(v.qtyInStock !== undefined && { qtyInStock: v.qtyInStock }),
      unlimited: v.unlimited,
      position,
    };
    if (v.id) await tx.update(variants).set(row).where(eq(variants.id, v.id));
    else await tx.insert(variants).values({ id: newId('variant'), productId, qtyInStock: 0, ...row });
  }
}

export async function deleteProduct(
  db: Database,
  websiteId: string,
  id: string,
  version: number,
): Promise<void> {
  // Members pay through it: the area's price goes first (the area's form makes it free).
  const [area] = await db
    .select({ name: memberAreas.name })
    .from(memberAreas)
    .where(and(eq(memberAreas.productId, id), eq(memberAreas.websiteId, websiteId)));
  if (area) throw new ApiError(409, 'SELLS_MEMBER_AREA', memberAreaMessages.productSellsArea(area.name));
  const gone = await db
    .delete(products)
    .where(and(eq(products.id, id), eq(products.websiteId, websiteId), eq(products.version, version)))
    .returning({ id: products.id });
  if (gone.length) return;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), eq(products.websiteId, websiteId)));
  throw row ? new ApiError(409, 'STALE_VERSION', adminMessages.staleProduct) : productNotFound();
}

/**
 * The product's search result and social card settings, replaced whole. Apart from the product's
 * save and not version-checked (like its tags): they are the only thing this call writes.
 */
export async function saveProductSeo(
  db: Database,
  websiteId: string,
  id: string,
  seo: ItemSeo,
  currency: CurrencyCode,
): Promise<AdminProductView> {
  const [row] = await db
    .update(products)
    .set({ seo })
    .where(and(eq(products.id, id), eq(products.websiteId, websiteId)))
    .returning();
  if (!row) throw productNotFound();
  return toAdminProduct(row, await variantsOf(db, [row.id]), currency);
}

/** Enable or disable without sending the whole product; still version-checked. */
export async function setProductEnabled(
  db: Database,
  websiteId: string,
  id: string,
  version: number,
  enabled: boolean,
): Promise<void> {
  const done = await db
    .update(products)
    .set({ enabled, version: sql`${products.version} + 1` })
    .where(and(eq(products.id, id), eq(products.websiteId, websiteId), eq(products.version, version)))
    .returning({ id: products.id });
  if (done.length) return;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), eq(products.websiteId, websiteId)));
  throw row ? new ApiError(409, 'STALE_VERSION', adminMessages.staleProduct) : productNotFound();
}
