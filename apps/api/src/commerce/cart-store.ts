import { randomBytes, randomUUID } from 'node:crypto';
import {
  CartComputationError,
  computeCart,
  messages,
  StoreSettingsSchema,
  type ShoppingCart,
  type StoreSettings,
} from '@site/commerce-core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { cartEntries, carts, pages, products, variants } from '../db/schema';
import { toProductItem } from '../pages/product-item';
import { storeCurrency, type WebsiteRow } from '../pages/site-data';
import { CommerceError } from './errors';

export type CartRow = typeof carts.$inferSelect;
export type CartEntryRow = typeof cartEntries.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or a transaction on it. */
export type Queryable = Database | Tx;

export function storeSettings(website: WebsiteRow): StoreSettings {
  const raw = (website.settings as { storeSettings?: unknown }).storeSettings ?? {};
  return StoreSettingsSchema.parse({ ...(raw as object), selectedCurrency: storeCurrency(website) });
}

export function newCartToken(): string {
  return randomBytes(24).toString('base64url');
}

export async function findCart(db: Queryable, websiteId: string, token: string | undefined): Promise<CartRow | undefined> {
  if (!token) return undefined;
  const [row] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.token, token), eq(carts.websiteId, websiteId)));
  return row && !row.isPurchased ? row : undefined;
}

export async function createCart(db: Queryable, websiteId: string, kind: 'standard' | 'subscription' = 'standard'): Promise<CartRow> {
  const [row] = await db
    .insert(carts)
    .values({ id: randomUUID(), websiteId, token: newCartToken(), kind })
    .returning();
  return row!;
}

export async function loadEntries(db: Queryable, cartId: string): Promise<CartEntryRow[]> {
  return db.select().from(cartEntries).where(eq(cartEntries.cartId, cartId)).orderBy(asc(cartEntries.position), asc(cartEntries.createdAt));
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
    .where(and(inArray(products.id, ids), eq(products.websiteId, website.id)));
  const vRows = await db.select().from(variants).where(inArray(variants.productId, ids)).orderBy(asc(variants.position));
  for (const v of vRows) variantRows.set(v.id, v);
  for (const { product, collectionPath } of productRows) {
    const own = vRows.filter((v) => v.productId === product.id);
    items.set(product.id, toProductItem(product, own, { id: product.collectionId, path: collectionPath }, storeCurrency(website)));
  }
  return { items, variantRows };
}

/** What the browser gets: the spec's cart, with per-entry display data the cart page needs. */
export type CartView = ShoppingCart & {
  entries: (ShoppingCart['entries'][number] & { imageUrl?: string; productUrl?: string; productType?: number })[];
  checkoutMinimumSubtotalCents: number;
};

export function emptyCartView(website: WebsiteRow): CartView {
  return { ...priceEntries(website, undefined, [], { items: new Map(), variantRows: new Map() }), checkoutMinimumSubtotalCents: storeSettings(website).checkoutMinimumSubtotalCents };
}

function priceEntries(
  website: WebsiteRow,
  cart: CartRow | undefined,
  entries: readonly CartEntryRow[],
  catalog: Awaited<ReturnType<typeof loadCatalog>>,
): ShoppingCart {
  const settings = storeSettings(website);
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
      selectedShippingOptionId: cart?.selectedShippingOption ?? undefined,
      shippingLocation: cart?.shippingLocation ?? undefined,
    });
  } catch (err) {
    if (err instanceof CartComputationError) throw new CommerceError(409, 'CART_INVALID', messages.unavailable, { reason: err.code });
    throw err;
  }
}

/** Prices a stored cart with the shared cart model (commerce-core), never with ad-hoc math. */
export async function cartView(db: Queryable, website: WebsiteRow, cart: CartRow | undefined): Promise<CartView> {
  if (!cart) return emptyCartView(website);
  const entries = await loadEntries(db, cart.id);
  const catalog = await loadCatalog(
    db,
    website,
    entries.map((e) => e.productId),
  );
  // A product deleted since it was added leaves the cart instead of breaking it.
  const live = entries.filter((e) => catalog.items.has(e.productId) && catalog.variantRows.has(e.variantId));
  const priced = priceEntries(website, cart, live, catalog);
  return {
    ...priced,
    entries: priced.entries.map((entry) => {
      const item = catalog.items.get(entry.itemId);
      return {
        ...entry,
        imageUrl: item?.assetUrl,
        productUrl: item?.fullUrl,
        productType: item?.structuredContent.productType,
      };
    }),
    checkoutMinimumSubtotalCents: storeSettings(website).checkoutMinimumSubtotalCents,
  };
}
