import { and, asc, eq, getTableColumns, getTableName, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { textArray } from '../db/text-array';
import { pages, products, productVersions, templates, variants, websites } from '../db/schema';
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

type VariantRow = typeof variants.$inferSelect;
/** A variant as its product's row carries it: id, SKU, attributes, the prices, stock and position. */
type VariantTuple = [
  id: string,
  sku: string,
  attributes: Record<string, string>,
  priceCents: number,
  salePriceCents: number,
  onSale: boolean,
  qtyInStock: number,
  unlimited: boolean,
  position: number,
];

// Every column but the ones kept for searching, which no page shows (the vector is the largest
// column read), and the product's variants by position: read with the product rather than by a
// second statement (one round trip and one planning fewer for every product page and list). The
// product's id is named with its table: a select from one table names its own columns bare, and a
// bare "id" here would be the variant's.
const { searchVector: _searchVector, skus: _skus, ...productColumns } = getTableColumns(products);
const shownColumns = {
  ...productColumns,
  variantTuples: sql<VariantTuple[]>`(select coalesce(json_agg(json_build_array(v.id, v.sku, v.attributes,
      v.price_cents, v.sale_price_cents, v.on_sale, v.qty_in_stock, v.unlimited, v.position) order by v.position, v.id), '[]'::json)
    from ${variants} v where v.product_id = ${sql.identifier(getTableName(products))}.id)`,
  // The product's page-cache counter in the same snapshot as what the page shows of it, so keeping
  // the page needs no read of its own (src/pages/site-versions.ts).
  cacheVersion: sql<number | string | null>`(select pv.version from ${productVersions} pv
    where pv.product_id = ${sql.identifier(getTableName(products))}.id)`,
};
type ShownProduct = Omit<typeof products.$inferSelect, 'searchVector' | 'skus'> & {
  variantTuples: VariantTuple[];
  cacheVersion: number | string | null;
};

/** The page-cache counter each product item was read with (0 for a product never changed). */
const versionsRead = new WeakMap<object, number>();

/** The page-cache counter read with a product item, if it came from here. */
export const versionReadWith = (item: unknown): number | undefined =>
  typeof item === 'object' && item !== null ? versionsRead.get(item) : undefined;

const variantRow = (productId: string, t: VariantTuple): VariantRow => ({
  id: t[0],
  productId,
  sku: t[1],
  attributes: t[2],
  priceCents: t[3],
  salePriceCents: t[4],
  onSale: t[5],
  qtyInStock: t[6],
  unlimited: t[7],
  position: t[8],
});

/** The rows' items in the templates' JSON shape. */
function withVariants(
  website: WebsiteRow,
  productRows: readonly ShownProduct[],
  storeOf: (row: ShownProduct) => { id: string; path: string },
) {
  return productRows.map((row) => {
    const { variantTuples, cacheVersion, ...product } = row;
    const productVariants = variantTuples.map((t) => variantRow(product.id, t));
    const item = toProductItem(product, productVariants, storeOf(row), storeCurrency(website));
    versionsRead.set(item, Number(cacheVersion ?? 0));
    return item;
  });
}

type ItemsFilter = { urlId?: string; ids?: readonly string[]; limit?: number; offset?: number } & ListFilter;

/** The rows of a collection's products (or the given ids) with `columns`, in the store's order. */
function productRows<C extends typeof shownColumns>(
  db: Database,
  columns: C,
  collection: { id: string },
  filter: ItemsFilter,
) {
  const order = [asc(products.position), asc(products.id)];
  const query = db.select(columns).from(products).$dynamic();
  if (filter.offset) {
    // PostgreSQL computes a row's select list before OFFSET drops it, so the variants and counter
    // subqueries would run for every skipped row (192 of them on a list's 9th page): the page's
    // ids are chosen first, narrow, and only its rows are read whole.
    const page = db
      .select({ id: products.id })
      .from(products)
      .where(listedProducts(collection.id, filter))
      .orderBy(...order)
      .offset(filter.offset)
      .$dynamic();
    if (filter.limit !== undefined) page.limit(filter.limit);
    query.where(inArray(products.id, page));
  } else {
    query.where(listedProducts(collection.id, filter));
    if (filter.limit !== undefined) query.limit(filter.limit);
  }
  return query.orderBy(...order);
}

/** Product items of a collection (or the given product ids), in the templates' JSON shape. */
export async function loadProductItems(
  db: Database,
  website: WebsiteRow,
  collection: { id: string; path: string },
  filter: ItemsFilter = {},
) {
  if (filter.ids?.length === 0) return [];
  return withVariants(website, await productRows(db, shownColumns, collection, filter), () => collection);
}

// How many products a store's list shows across its pages, and the categories its visible products
// carry: both read the same few hundred rows of the collection's index.
const listTotal = (collectionId: string, filter: ListFilter) =>
  sql<number>`(select count(*)::int from ${products} where ${listedProducts(collectionId, filter)})`;
const listCategories = (collectionId: string) =>
  sql<
    string[] | null
  >`(select array_agg(distinct c) from ${products}, jsonb_array_elements_text(${products.categories}) c
    where ${listedProducts(collectionId, {})})`;

// One collator for every sort: `localeCompare` with options builds one on each comparison.
const byName = new Intl.Collator('en', { sensitivity: 'base' }).compare;

interface ListFacts {
  total: number;
  categories: { name: string; url: string; active: boolean }[];
}

const listFacts = (
  collection: { path: string },
  filter: ListFilter,
  total: number | string | null | undefined,
  categories: string[] | null | undefined,
): ListFacts => ({
  total: Number(total ?? 0),
  categories: (categories ?? []).sort(byName).map((name) => ({
    name,
    url: `${collection.path}?category=${encodeURIComponent(name)}`,
    active: name === filter.category,
  })),
});

/**
 * One page of a store's list with how many products it shows across its pages and the categories
 * (each a link to the list narrowed to it): one statement, the count and categories computed once
 * beside the page's rows. A page with no rows (past the last, or a filter matching nothing) reads
 * them on their own.
 */
export async function loadProductListPage(
  db: Database,
  website: WebsiteRow,
  collection: { id: string; path: string },
  filter: { limit: number; offset: number } & ListFilter,
): Promise<{ items: Awaited<ReturnType<typeof loadProductItems>> } & ListFacts> {
  const rows = await productRows(
    db,
    {
      ...shownColumns,
      listTotal: listTotal(collection.id, filter),
      listCategories: listCategories(collection.id),
    },
    collection,
    filter,
  );
  const [first] = rows;
  const facts = first
    ? listFacts(collection, filter, first.listTotal, first.listCategories)
    : await productListFacts(db, collection, filter);
  const items = withVariants(
    website,
    rows.map(({ listTotal: _total, listCategories: _categories, ...row }) => row),
    () => collection,
  );
  return { items, ...facts };
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
  return withVariants(website, rows, (row) => byId.get(row.collectionId)!);
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
  const [item] = withVariants(website, [row], () => collection);
  return { item: item!, seo: row.seo };
}

/** How many products a store's list shows across its pages and the categories, read on their own. */
export async function productListFacts(
  db: Database,
  collection: { id: string; path: string },
  filter: ListFilter,
): Promise<ListFacts> {
  const [row] = rowsOf<{ total: number; categories: string[] | null }>(
    await db.execute(
      sql`select ${listTotal(collection.id, filter)} as total, ${listCategories(collection.id)} as categories`,
    ),
  );
  return listFacts(collection, filter, row?.total, row?.categories);
}
