import { randomBytes, randomUUID } from 'node:crypto';
import {
  CartComputationError,
  computeCart,
  dayInZone,
  messages,
  StoreSettingsSchema,
  type CartView,
  type ShoppingCart,
  type StoreSettings,
} from '@site/commerce-core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { textArray } from '../db/text-array';
import { cartEntries, carts, pages, products, variants } from '../db/schema';
import { toProductItem } from '../site/product-item';
import { storeCurrency, type WebsiteRow } from '../site/site-data';
import { ApiError } from '../http';
import { loadStoreDiscounts, NO_DISCOUNTS, type StoreDiscounts } from './discounts';

export type CartRow = typeof carts.$inferSelect;
export type CartEntryRow = typeof cartEntries.$inferSelect;

const frozenRowSettings = new WeakMap<WebsiteRow, StoreSettings>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * The store's settings of a website row, parsed. A frozen row (a site snapshot's, which every
 * uncached page of the site renders from) is parsed once and its answer frozen: zod parsing ran
 * twice on every uncached storefront page.
 */
export function storeSettings(website: WebsiteRow): StoreSettings {
  const held = frozenRowSettings.get(website);
  if (held) return held;
  const raw = (website.settings as { storeSettings?: unknown }).storeSettings ?? {};
  const settings = StoreSettingsSchema.parse({
    ...(raw as object),
    selectedCurrency: storeCurrency(website),
  });
  if (!Object.isFrozen(website) || !Object.isFrozen(website.settings)) return settings;
  frozenRowSettings.set(website, deepFreeze(settings));
  return settings;
}

// Parsing the settings with zod is a measurable share of a cart call, and the cart routes hand in
// the same (briefly cached) website row many times a second: parse once per row object. Only the
// cart code uses this copy, and it never changes the settings it is given.
const parsedSettings = new WeakMap<WebsiteRow, StoreSettings>();
function cartSettings(website: WebsiteRow): StoreSettings {
  let settings = parsedSettings.get(website);
  if (!settings) {
    settings = storeSettings(website);
    parsedSettings.set(website, settings);
  }
  return settings;
}

export function newCartToken(): string {
  return randomBytes(24).toString('base64url');
}

export async function findCart(
  db: Queryable,
  websiteId: string,
  token: string | undefined,
): Promise<CartRow | undefined> {
  if (!token) return undefined;
  const [row] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.token, token), eq(carts.websiteId, websiteId)));
  return row && !row.isPurchased ? row : undefined;
}

export async function createCart(
  db: Queryable,
  websiteId: string,
  kind: 'standard' | 'subscription' | 'gift-card' | 'member-area' = 'standard',
): Promise<CartRow> {
  const [row] = await db
    .insert(carts)
    .values({ id: randomUUID(), websiteId, token: newCartToken(), kind })
    .returning();
  return row!;
}

export async function loadEntries(db: Queryable, cartId: string): Promise<CartEntryRow[]> {
  return db
    .select()
    .from(cartEntries)
    .where(eq(cartEntries.cartId, cartId))
    .orderBy(asc(cartEntries.position), asc(cartEntries.createdAt));
}

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof variants.$inferSelect;
const p = sql.placeholder;

/**
 * The hot cart calls' queries, built once per database and run as prepared statements. Building a
 * drizzle query costs more CPU than PostgreSQL takes to answer these small ones, and only a named
 * (prepared) query lets postgres.js reuse the server-side plan instead of parsing it every time.
 */
function buildStatements(db: Queryable) {
  const inCart = db
    .select({ id: cartEntries.productId })
    .from(cartEntries)
    .innerJoin(carts, eq(carts.id, cartEntries.cartId))
    .where(and(eq(carts.token, p('token')), eq(carts.websiteId, p('websiteId'))));
  // The cart update rides along as a data-modifying CTE: one round trip and one commit per add.
  const touched = db
    .$with('touched', {})
    .as(
      sql`update ${carts} set ${sql.identifier(carts.updatedAt.name)} = ${p('now')}::timestamptz where ${carts.id} = ${p('cartId')}`,
    );
  return {
    // A left join, so a cart without entries is one row with a null entry.
    cartWithEntries: db
      .select({ cart: carts, entry: cartEntries })
      .from(carts)
      .leftJoin(cartEntries, eq(cartEntries.cartId, carts.id))
      .where(and(eq(carts.token, p('token')), eq(carts.websiteId, p('websiteId'))))
      .orderBy(asc(cartEntries.position), asc(cartEntries.createdAt))
      .prepare('cart_with_entries'),
    // Products in the cart named by token, plus one more by id ('' for none), with their
    // collection path and variants.
    cartCatalog: db
      .select({ product: products, collectionPath: pages.path, variant: variants })
      .from(products)
      .leftJoin(pages, eq(pages.id, products.collectionId))
      .leftJoin(variants, eq(variants.productId, products.id))
      .where(
        and(
          eq(products.websiteId, p('websiteId')),
          // One array of ids, so the primary key answers it: `id in (…) or id = $n` could not
          // use the index and hashed every variant of the site.
          sql`${products.id} = any(array(${inCart} union all select ${p('alsoProductId')}::text))`,
        ),
      )
      .orderBy(asc(variants.position))
      .prepare('cart_catalog'),
    addToEntry: db
      .with(touched)
      .update(cartEntries)
      .set({ quantity: sql`${cartEntries.quantity} + ${p('quantity')}` })
      .where(eq(cartEntries.id, p('entryId')))
      .returning()
      .prepare('cart_add_to_entry'),
    insertEntry: db
      .with(touched)
      .insert(cartEntries)
      .values({
        id: p('id'),
        cartId: p('cartId'),
        productId: p('productId'),
        variantId: p('variantId'),
        quantity: p('quantity'),
        additionalFields: p('additionalFields'),
        position: p('position'),
      })
      .returning()
      .prepare('cart_insert_entry'),
  };
}
const preparedFor = new WeakMap<Queryable, ReturnType<typeof buildStatements>>();
function statements(db: Queryable) {
  let prepared = preparedFor.get(db);
  if (!prepared) {
    prepared = buildStatements(db);
    preparedFor.set(db, prepared);
  }
  return prepared;
}

/**
 * The cart a token names, with its entries, in one round trip. Same rules as findCart +
 * loadEntries: a purchased cart is no cart.
 */
export async function findCartWithEntries(
  db: Queryable,
  websiteId: string,
  token: string | undefined,
): Promise<{ cart: CartRow; entries: CartEntryRow[] } | undefined> {
  if (!token) return undefined;
  const rows = await statements(db).cartWithEntries.execute({ token, websiteId });
  const cart = rows[0]?.cart;
  if (!cart || cart.isPurchased) return undefined;
  return { cart, entries: rows.flatMap((r) => (r.entry ? [r.entry] : [])) };
}

export type Catalog = Awaited<ReturnType<typeof loadCatalog>>;

/**
 * The catalog a cart needs, found by the cart token rather than by product ids, so it can be read
 * at the same time as the cart itself instead of after it; `alsoProductId` adds the product being
 * added. Besides what loadCatalog returns it keeps the raw product rows and the variants per
 * product (the add-to-cart checks need them even for a product without a collection page).
 */
export async function loadCartCatalog(
  db: Queryable,
  website: WebsiteRow,
  token: string | undefined,
  alsoProductId?: string,
) {
  const rows = await statements(db).cartCatalog.execute({
    token: token ?? '',
    websiteId: website.id,
    alsoProductId: alsoProductId ?? '',
  });
  const productRows = new Map<string, ProductRow>();
  const collectionPaths = new Map<string, string | null>();
  const variantsByProduct = new Map<string, VariantRow[]>();
  const variantRows = new Map<string, VariantRow>();
  for (const { product, collectionPath, variant } of rows) {
    if (!productRows.has(product.id)) {
      productRows.set(product.id, product);
      collectionPaths.set(product.id, collectionPath);
      variantsByProduct.set(product.id, []);
    }
    if (variant) {
      variantsByProduct.get(product.id)!.push(variant);
      variantRows.set(variant.id, variant);
    }
  }
  const items = new Map<string, ReturnType<typeof toProductItem>>();
  for (const [id, product] of productRows) {
    const path = collectionPaths.get(id);
    // loadCatalog joins the collection page: a product without one is not shown in a cart.
    if (path == null) continue;
    items.set(
      id,
      toProductItem(
        product,
        variantsByProduct.get(id)!,
        { id: product.collectionId, path },
        storeCurrency(website),
      ),
    );
  }
  return { items, variantRows, productRows, variantsByProduct };
}

/**
 * Adds to a cart line (`existing`) or inserts a new one, and touches the cart, in one statement.
 * Returns the entry row as stored.
 */
export async function writeCartEntry(
  db: Queryable,
  cart: CartRow,
  change: { existing: CartEntryRow; quantity: number } | { insert: typeof cartEntries.$inferInsert },
): Promise<CartEntryRow> {
  const touch = { now: new Date().toISOString(), cartId: cart.id };
  const [row] =
    'existing' in change
      ? await statements(db).addToEntry.execute({
          ...touch,
          entryId: change.existing.id,
          quantity: change.quantity,
        })
      : await statements(db).insertEntry.execute({
          ...touch,
          ...change.insert,
          additionalFields: change.insert.additionalFields ?? null,
        });
  return row!;
}

/** Product items (template JSON shape) and variant rows for the given product ids. */
export async function loadCatalog(db: Queryable, website: WebsiteRow, productIds: readonly string[]) {
  const ids = [...new Set(productIds)];
  const items = new Map<string, ReturnType<typeof toProductItem>>();
  const variantRows = new Map<string, typeof variants.$inferSelect>();
  if (ids.length === 0) return { items, variantRows };
  const productRows = await db
    .select({ product: products, collectionPath: pages.path })
    .from(products)
    .innerJoin(pages, eq(pages.id, products.collectionId))
    .where(and(sql`${products.id} = any(${textArray(ids)})`, eq(products.websiteId, website.id)));
  const vRows = await db
    .select()
    .from(variants)
    .where(sql`${variants.productId} = any(${textArray(ids)})`)
    .orderBy(asc(variants.position));
  for (const v of vRows) variantRows.set(v.id, v);
  for (const { product, collectionPath } of productRows) {
    const own = vRows.filter((v) => v.productId === product.id);
    items.set(
      product.id,
      toProductItem(product, own, { id: product.collectionId, path: collectionPath }, storeCurrency(website)),
    );
  }
  return { items, variantRows };
}

export type { CartView };

export function emptyCartView(website: WebsiteRow): CartView {
  return {
    ...priceEntries(website, undefined, [], { items: new Map(), variantRows: new Map() }, NO_DISCOUNTS),
    checkoutMinimumSubtotalCents: cartSettings(website).checkoutMinimumSubtotalCents,
  };
}

function priceEntries(
  website: WebsiteRow,
  cart: CartRow | undefined,
  entries: readonly CartEntryRow[],
  catalog: Pick<Catalog, 'items' | 'variantRows'>,
  storeDiscounts: StoreDiscounts,
): ShoppingCart {
  const settings = cartSettings(website);
  try {
    return computeCart({
      cart: {
        id: cart?.id ?? '',
        websiteId: website.id,
        created: (cart?.created ?? new Date(0)).getTime(),
        orderId: cart?.orderId ?? null,
        isPurchased: cart?.isPurchased ?? false,
      },
      lines: entries.map((e) => ({
        id: e.id,
        itemId: e.productId,
        sku: catalog.variantRows.get(e.variantId)?.sku ?? '',
        quantity: e.quantity,
        additionalFields: e.additionalFields ? JSON.stringify(e.additionalFields) : null,
      })),
      products: catalog.items,
      settings,
      couponCodes: cart?.couponCodes ?? [],
      discounts: storeDiscounts.discounts,
      discountUsage: storeDiscounts.usage,
      today: dayInZone(new Date(), website.timeZone),
      selectedShippingOptionId: cart?.selectedShippingOption ?? undefined,
      shippingLocation: cart?.shippingLocation ?? undefined,
    });
  } catch (err) {
    if (err instanceof CartComputationError)
      throw new ApiError(409, 'CART_INVALID', messages.unavailable, { reason: err.code });
    throw err;
  }
}

/** Prices a stored cart with the shared cart model (commerce-core), never with ad-hoc math. */
export async function cartView(
  db: Queryable,
  website: WebsiteRow,
  cart: CartRow | undefined,
): Promise<CartView> {
  if (!cart) return emptyCartView(website);
  const [entries, storeDiscounts] = await Promise.all([
    loadEntries(db, cart.id),
    loadStoreDiscounts(db, website.id, cart.couponCodes),
  ]);
  const catalog = await loadCatalog(
    db,
    website,
    entries.map((e) => e.productId),
  );
  return buildCartView(website, cart, entries, catalog, storeDiscounts);
}

/** cartView for entries and catalog already loaded (the hot routes read them in one go). */
export function buildCartView(
  website: WebsiteRow,
  cart: CartRow,
  entries: readonly CartEntryRow[],
  catalog: Pick<Catalog, 'items' | 'variantRows'>,
  storeDiscounts: StoreDiscounts,
): CartView {
  // A product deleted since it was added leaves the cart instead of breaking it.
  const live = entries.filter((e) => catalog.items.has(e.productId) && catalog.variantRows.has(e.variantId));
  const priced = priceEntries(website, cart, live, catalog, storeDiscounts);
  return {
    ...priced,
    entries: priced.entries.map((entry) => {
      const item = catalog.items.get(entry.itemId);
      return {
        ...entry,
        imageUrl: item?.assetUrl,
        productUrl: item?.fullUrl,
        productType: item?.structuredContent.productType,
        collectionId: item?.collectionId,
        additionalFieldsForm: item?.structuredContent.additionalFieldsForm,
      };
    }),
    checkoutMinimumSubtotalCents: cartSettings(website).checkoutMinimumSubtotalCents,
  };
}
