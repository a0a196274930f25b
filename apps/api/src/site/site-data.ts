import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { textArray } from '../db/text-array';
import { pages, products, templates, variants, websites } from '../db/schema';
import { isCurrencyCode, type CurrencyCode } from '@site/commerce-core';
import type { ListFilter } from './list-filter';
import { toProductItem } from './product-item';

export type WebsiteRow = typeof websites.$inferSelect;
export type PageRow = typeof pages.$inferSelect;

/** The website's currency; an unsupported stored value falls back to the default USD. */
export function storeCurrency(website: Pick<WebsiteRow, 'currency'>): CurrencyCode {
  return isCurrencyCode(website.currency) ? website.currency : 'USD';
}

export async function loadWebsite(db: Database, websiteId: string): Promise<WebsiteRow | undefined> {
  const [row] = await db.select().from(websites).where(eq(websites.id, websiteId));
  return row;
}

export async function loadPages(db: Database, websiteId: string): Promise<PageRow[]> {
  return db.select().from(pages).where(eq(pages.websiteId, websiteId)).orderBy(asc(pages.navigationIndex));
}

export async function loadTemplateSources(
  db: Database,
  websiteId: string,
): Promise<Map<string, { source: string; version: string }>> {
  const rows = await db
    .select({ name: templates.name, source: templates.source, updatedAt: templates.updatedAt })
    .from(templates)
    .where(eq(templates.websiteId, websiteId));
  return new Map(rows.map((r) => [r.name, { source: r.source, version: r.updatedAt.toISOString() }]));
}

/** A store's products visitors see, narrowed as asked (read through the collection's position index). */
function listedProducts(
  collectionId: string,
  filter: { urlId?: string; ids?: readonly string[] } & ListFilter,
) {
  return and(
    eq(products.collectionId, collectionId),
    eq(products.enabled, true),
    filter.urlId === undefined ? undefined : eq(products.urlId, filter.urlId),
    filter.ids === undefined ? undefined : sql`${products.id} = any(${textArray(filter.ids)})`,
    filter.tag === undefined ? undefined : sql`${products.tags} ? ${filter.tag}`,
    filter.category === undefined ? undefined : sql`${products.categories} ? ${filter.category}`,
  );
}

// Every column but the ones kept for searching, which no page shows (the vector is the largest
// column read).
const { searchVector: _searchVector, skus: _skus, ...shownColumns } = getTableColumns(products);
type ShownProduct = Omit<typeof products.$inferSelect, 'searchVector' | 'skus'>;

/** The rows' items in the templates' JSON shape, their variants read in one statement. */
async function withVariants(
  db: Database,
  website: WebsiteRow,
  productRows: readonly ShownProduct[],
  storeOf: (row: ShownProduct) => { id: string; path: string },
) {
  if (productRows.length === 0) return [];
  const variantRows = await db
    .select()
    .from(variants)
    .where(sql`${variants.productId} = any(${textArray(productRows.map((p) => p.id))})`)
    .orderBy(asc(variants.position));
  const byProduct = new Map<string, (typeof variantRows)[number][]>();
  for (const v of variantRows) {
    const list = byProduct.get(v.productId);
    if (list) list.push(v);
    else byProduct.set(v.productId, [v]);
  }
  return productRows.map((p) =>
    toProductItem(p, byProduct.get(p.id) ?? [], storeOf(p), storeCurrency(website)),
  );
}

/** Product items of a collection (or the given product ids), in the templates' JSON shape. */
export async function loadProductItems(
  db: Database,
  website: WebsiteRow,
  collection: { id: string; path: string },
  filter: { urlId?: string; ids?: readonly string[]; limit?: number; offset?: number } & ListFilter = {},
) {
  if (filter.ids?.length === 0) return [];
  const query = db
    .select(shownColumns)
    .from(products)
    .where(listedProducts(collection.id, filter))
    .orderBy(asc(products.position), asc(products.id))
    .$dynamic();
  if (filter.limit !== undefined) query.limit(filter.limit);
  if (filter.offset) query.offset(filter.offset);
  return withVariants(db, website, await query, () => collection);
}

/**
 * The products visitors see among `ids`, in whichever of `stores` each is listed: one read for
 * blocks naming products of several stores (not one per store).
 */
export async function loadProductItemsByIds(
  db: Database,
  website: WebsiteRow,
  stores: readonly { id: string; path: string }[],
  ids: readonly string[],
) {
  if (ids.length === 0 || stores.length === 0) return [];
  const byId = new Map(stores.map((s) => [s.id, s]));
  const rows = await db
    .select(shownColumns)
    .from(products)
    .where(
      and(
        sql`${products.id} = any(${textArray(ids)})`,
        sql`${products.collectionId} = any(${textArray([...byId.keys()])})`,
        eq(products.enabled, true),
      ),
    )
    .orderBy(asc(products.position), asc(products.id));
  return withVariants(db, website, rows, (row) => byId.get(row.collectionId)!);
}

/** A product's page: its item and its stored search settings (for the page's head), read together. */
export async function loadProductPage(
  db: Database,
  website: WebsiteRow,
  collection: { id: string; path: string },
  urlId: string,
): Promise<{ item: Awaited<ReturnType<typeof loadProductItems>>[number]; seo: unknown } | undefined> {
  const [row] = await db.select(shownColumns).from(products).where(listedProducts(collection.id, { urlId }));
  if (!row) return undefined;
  const [item] = await withVariants(db, website, [row], () => collection);
  return { item: item!, seo: row.seo };
}

/**
 * How many products a store's list shows across its pages, and the categories its visible products
 * carry (each a link to the list narrowed to it): one statement, as both read the same few hundred
 * rows of the collection's index and each statement costs a round trip and its planning.
 */
export async function productListFacts(
  db: Database,
  collection: { id: string; path: string },
  filter: ListFilter,
): Promise<{ total: number; categories: { name: string; url: string; active: boolean }[] }> {
  const [row] = rowsOf<{ total: number; categories: string[] | null }>(
    await db.execute(sql`
      select
        (select count(*)::int from ${products} where ${listedProducts(collection.id, filter)}) as total,
        (select array_agg(distinct c) from ${products}, jsonb_array_elements_text(${products.categories}) c
          where ${listedProducts(collection.id, {})}) as categories`),
  );
  return {
    total: Number(row?.total ?? 0),
    categories: (row?.categories ?? [])
      .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
      .map((name) => ({
        name,
        url: `${collection.path}?category=${encodeURIComponent(name)}`,
        active: name === filter.category,
      })),
  };
}
