import { randomUUID } from 'node:crypto';
import {
  ALSO_BOUGHT_PATH,
  AlsoBoughtResponseSchema,
  AddCartEntryRequestSchema,
  AddCartEntryResponseSchema,
  CartEmailSchema,
  CartViewSchema,
  GetCartQuerySchema,
  ShippingLocationSchema,
  UpdateEntryFieldsResponseSchema,
  UpdateEntryFieldsRequestSchema,
  QUANTITY_MAX,
  QUANTITY_MIN,
} from '@site/commerce-core';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import type { RouteDocs } from '../http/openapi';
import { cartEntries, carts, variants } from '../db/schema';
import { loadWebsite, type WebsiteRow } from '../site/site-data';
import { requireCrumb } from '../security/crumb';
import { cartToken, cartVersion, setCartCookies, setCartVersion } from './cart-cookies';
import { CartViewCache, newCartVersion } from './cart-view-cache';
import {
  buildCartView,
  cartView,
  createCart,
  emptyCartView,
  findCart,
  findCartWithEntries,
  loadCartCatalog,
  loadEntries,
  writeCartEntry,
  type CartEntryRow,
  type CartRow,
} from './cart-store';
import { checkAdditionalFields } from './additional-fields';
import { alsoBought } from './also-bought';
import { assertStock, findPurchasable, pickPurchasable } from './catalog';
import { loadAutomaticDiscounts, loadCodeDiscounts, storeDiscounts } from './discounts';
import { ApiError, handle, parsePayload } from '../http';
import { isValidEmail, messages as formMessages } from '@site/forms';
import { cartForLink, RESTORE_PATH, STOP_PATH, stopCartReminders } from './cart-recovery';

const QuantityUpdateSchema = z.object({ quantity: z.number().int().min(0).max(QUANTITY_MAX) });
const ShippingOptionSchema = z.object({ optionId: z.string().min(1) });
const CouponSchema = z.object({ code: z.string().trim().min(1).max(64) });
const EntryParams = z.object({ entryId: z.string().min(1) });
const CouponParams = z.object({ code: z.string().min(1) });
// Built once: extending a zod schema on every call is a noticeable share of a cart read.
const GetCartQuery = GetCartQuerySchema.extend({ cartToken: z.string().min(1).optional() });

function parseAdditionalFields(json: string | null | undefined): Record<string, unknown> | null {
  if (!json) return null;
  const value: unknown = JSON.parse(json);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ApiError(400, 'INVALID_REQUEST', 'additionalFields: must be a JSON object');
  }
  return value as Record<string, unknown>;
}

/** How long a read of the website row (and so the store settings) serves the cart calls. */
const WEBSITE_TTL_MS = 1000;
const MAX_CACHED_SITES = 10_000;

export interface CartRouteOptions {
  db: Database;
  /** Serialized cart answers by version; one per server process. */
  cache?: CartViewCache;
  /** Where cart lines are written (see DatabaseHandle.relaxedDb); `db` when absent. */
  relaxedDb?: Database;
}

export function registerCartRoutes(
  app: FastifyInstance,
  { db, cache = new CartViewCache(), relaxedDb = db }: CartRouteOptions,
): void {
  // Every cart call needs the website row, which changes only when the owner edits the store
  // settings: one read a second per site serves them all (a settings change shows within a
  // second). The promise itself is kept so a burst of calls shares one read; a missing site is not kept.
  const cachedSites = new Map<string, { at: number; row: Promise<WebsiteRow | undefined> }>();
  const website = async (request: FastifyRequest): Promise<WebsiteRow> => {
    const { websiteId } = request.site;
    const now = Date.now();
    let entry = cachedSites.get(websiteId);
    if (!entry || now - entry.at >= WEBSITE_TTL_MS) {
      const fresh = { at: now, row: loadWebsite(db, websiteId) };
      entry = fresh;
      if (cachedSites.size >= MAX_CACHED_SITES) cachedSites.clear();
      cachedSites.set(websiteId, fresh);
      const forget = () => {
        if (cachedSites.get(websiteId) === fresh) cachedSites.delete(websiteId);
      };
      fresh.row.then((row) => row ?? forget(), forget);
    }
    const w = await entry.row;
    if (!w) throw new ApiError(503, 'SITE_MISSING', 'This site has not been set up yet');
    return w;
  };
  // A subscription's own cart is named by ?cartToken=; otherwise the visitor's cookie decides.
  const namedToken = (request: FastifyRequest) => {
    const named = (request.query as { cartToken?: unknown } | undefined)?.cartToken;
    return typeof named === 'string' && named ? named : undefined;
  };
  const requestToken = (request: FastifyRequest) => namedToken(request) ?? cartToken(request);
  const currentCart = (request: FastifyRequest) =>
    findCart(db, request.site.websiteId, requestToken(request));
  const requireCart = async (request: FastifyRequest): Promise<CartRow> => {
    const cart = await currentCart(request);
    if (!cart) throw new ApiError(404, 'CART_NOT_FOUND', 'Your cart is empty or has expired');
    return cart;
  };
  const requireEntry = async (cart: CartRow, entryId: string) => {
    const [entry] = await db
      .select()
      .from(cartEntries)
      .where(and(eq(cartEntries.id, entryId), eq(cartEntries.cartId, cart.id)));
    if (!entry) throw new ApiError(404, 'ENTRY_NOT_FOUND', 'That item is no longer in your cart');
    return entry;
  };
  const touch = (cart: CartRow) =>
    db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cart.id));

  // A cart write hands the browser a new version (see cart-view-cache.ts). The visitor's own cart
  // only: a subscription's cart, named by ?cartToken=, is read once at checkout and not cached.
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (request.method === 'GET' || reply.statusCode >= 400) return payload;
    if (!request.routeOptions.url?.startsWith('/api/commerce/shopping-cart')) return payload;
    cache.forget(request.site.websiteId, requestToken(request));
    if (!namedToken(request)) setCartVersion(reply, newCartVersion());
    return payload;
  });

  app.get(
    '/api/commerce/shopping-cart',
    handle(async (request, reply) => {
      // Most reads carry no query at all: skip the schema then, it is a visible share of a cached read.
      if (request.url.includes('?')) parsePayload(GetCartQuery, request.query);
      const token = requestToken(request);
      const version = namedToken(request) ? undefined : cartVersion(request);
      const cached = token && version ? cache.get(request.site.websiteId, token, version) : undefined;
      if (cached) return reply.type('application/json; charset=utf-8').send(cached);
      const site = await website(request);
      if (!token) return emptyCartView(site);
      // The cart with its entries and the catalog they need, read side by side (two queries, one
      // round trip) instead of one after another (four).
      const [found, catalog, automatic] = await Promise.all([
        findCartWithEntries(db, request.site.websiteId, token),
        loadCartCatalog(db, site, token),
        loadAutomaticDiscounts(db, site.id),
      ]);
      if (!found) return emptyCartView(site);
      // A cart with codes reads their discounts once its row says which (most carts have none).
      const named = await loadCodeDiscounts(db, site.id, found.cart.couponCodes);
      const view = buildCartView(site, found.cart, found.entries, catalog, storeDiscounts(automatic, named));
      if (!version) return view;
      const json = JSON.stringify(view);
      cache.set(request.site.websiteId, token, version, json);
      return reply.type('application/json; charset=utf-8').send(json);
    }),
  );

  app.post(
    '/api/commerce/shopping-cart/entries',
    { preHandler: requireCrumb },
    handle(async (request, reply) => {
      const body = parsePayload(AddCartEntryRequestSchema, request.body);
      const site = await website(request);
      const additionalFields = parseAdditionalFields(body.additionalFields);
      // One round trip reads the cart, its entries, and the catalog for them plus the product being
      // added; the checks below then run on those rows in the order the one-query-at-a-time
      // version made them.
      const token = requestToken(request);
      const [found, catalog, automatic] = await Promise.all([
        findCartWithEntries(db, request.site.websiteId, token),
        loadCartCatalog(db, site, token, body.itemId),
        loadAutomaticDiscounts(db, site.id),
      ]);
      const named = await loadCodeDiscounts(db, site.id, found?.cart.couponCodes ?? []);
      const { product, variant } = pickPurchasable(
        catalog.productRows.get(body.itemId),
        catalog.variantsByProduct.get(body.itemId) ?? [],
        body.sku,
      );
      checkAdditionalFields(product.details, additionalFields);
      let cart = found?.cart;
      const entries: CartEntryRow[] = found?.entries ?? [];
      const inCart = entries.filter((e) => e.variantId === variant.id).reduce((n, e) => n + e.quantity, 0);
      // Stock is checked against what the cart already holds (storefront.md §5).
      assertStock(variant, inCart + body.quantity);
      if (!cart) {
        cart = await createCart(db, request.site.websiteId);
        setCartCookies(reply, cart.token);
      }
      // The same variant without form answers adds up on one line; answers make a line of their own.
      const same = additionalFields
        ? undefined
        : entries.find((e) => e.variantId === variant.id && !e.additionalFields);
      let written: CartEntryRow;
      if (same) {
        if (same.quantity + body.quantity > QUANTITY_MAX) {
          throw new ApiError(400, 'INVALID_REQUEST', `quantity: at most ${QUANTITY_MAX}`);
        }
        written = await writeCartEntry(relaxedDb, cart, { existing: same, quantity: body.quantity });
      } else {
        written = await writeCartEntry(relaxedDb, cart, {
          insert: {
            id: randomUUID(),
            cartId: cart.id,
            productId: product.id,
            variantId: variant.id,
            quantity: body.quantity,
            additionalFields,
            position: entries.length,
          },
        });
      }
      // The answer prices the entries read above with the written line swapped in (re-sorted as
      // loadEntries sorts), rather than reading them all again; the catalog already holds the
      // added product.
      const after = [...entries.filter((e) => e.id !== written.id), written].sort(
        (a, b) => a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime(),
      );
      const shoppingCart = buildCartView(site, cart, after, catalog, storeDiscounts(automatic, named));
      const entryId = written.id;
      const newlyAdded = shoppingCart.entries.find((e) => e.id === entryId)!;
      return { shoppingCart, newlyAdded };
    }),
  );

  app.put(
    '/api/commerce/shopping-cart/entries/:entryId/additionalFields',
    { preHandler: requireCrumb },
    handle(async (request) => {
      const { entryId } = parsePayload(EntryParams, request.params);
      const body = parsePayload(UpdateEntryFieldsRequestSchema, request.body);
      const cart = await requireCart(request);
      const entry = await requireEntry(cart, entryId);
      if (entry.productId !== body.itemId)
        throw new ApiError(400, 'INVALID_REQUEST', 'itemId: does not match the entry');
      const answers = parseAdditionalFields(body.additionalFields);
      const { product } = await findPurchasable(db, request.site.websiteId, body.itemId, body.sku);
      checkAdditionalFields(product.details, answers);
      await db.update(cartEntries).set({ additionalFields: answers }).where(eq(cartEntries.id, entry.id));
      const shoppingCart = await cartView(db, await website(request), cart);
      return { shoppingCart, updatedEntry: shoppingCart.entries.find((e) => e.id === entry.id)! };
    }),
  );

  app.put(
    '/api/commerce/shopping-cart/entries/:entryId',
    { preHandler: requireCrumb },
    handle(async (request) => {
      const { entryId } = parsePayload(EntryParams, request.params);
      const { quantity } = parsePayload(QuantityUpdateSchema, request.body);
      const cart = await requireCart(request);
      const entry = await requireEntry(cart, entryId);
      if (quantity < QUANTITY_MIN) {
        await db.delete(cartEntries).where(eq(cartEntries.id, entry.id));
      } else {
        const [current] = await db.select().from(variants).where(eq(variants.id, entry.variantId));
        if (!current) throw new ApiError(409, 'VARIANT_UNAVAILABLE', 'That item is no longer available');
        const others = (await loadEntries(db, cart.id))
          .filter((e) => e.variantId === entry.variantId && e.id !== entry.id)
          .reduce((n, e) => n + e.quantity, 0);
        assertStock(current, others + quantity);
        await db.update(cartEntries).set({ quantity }).where(eq(cartEntries.id, entry.id));
      }
      await touch(cart);
      return { shoppingCart: await cartView(db, await website(request), cart) };
    }),
  );

  app.delete(
    '/api/commerce/shopping-cart/entries/:entryId',
    { preHandler: requireCrumb },
    handle(async (request) => {
      const { entryId } = parsePayload(EntryParams, request.params);
      const cart = await requireCart(request);
      const entry = await requireEntry(cart, entryId);
      await db.delete(cartEntries).where(eq(cartEntries.id, entry.id));
      await touch(cart);
      return { shoppingCart: await cartView(db, await website(request), cart) };
    }),
  );

  // The checkout sends the email once the shopper has typed one: only an owner who turned on cart
  // recovery uses it, for the one reminder (cart-recovery.ts). Its host is where the links lead.
  app.put(
    '/api/commerce/shopping-cart/email',
    { preHandler: requireCrumb },
    handle(async (request) => {
      const { email } = parsePayload(CartEmailSchema, request.body);
      if (email && !isValidEmail(email))
        throw new ApiError(400, 'INVALID_EMAIL', formMessages.emailInvalid, {
          fieldErrors: { email: formMessages.emailInvalid },
        });
      const cart = await requireCart(request);
      const fields = {
        email: email || null,
        recoveryOrigin: email ? `${request.protocol}://${request.host}` : null,
        updatedAt: new Date(),
      };
      await db.update(carts).set(fields).where(eq(carts.id, cart.id));
      return { shoppingCart: await cartView(db, await website(request), { ...cart, ...fields }) };
    }),
  );

  // The recovery email's link: this browser gets the cart back, then sees it. A link that does not
  // check out (altered, another site's, a cart already bought) leads to the cart page all the same,
  // showing whatever cart the browser has.
  // "Customers also bought" for the cart panel: read per visitor's cart, so nothing is cached.
  app.get(
    ALSO_BOUGHT_PATH,
    handle(async (request) => {
      const cart = await currentCart(request);
      if (!cart || cart.isPurchased) return { items: [] };
      const entries = await loadEntries(db, cart.id);
      return {
        items: await alsoBought(
          db,
          await website(request),
          entries.map((e) => e.productId),
        ),
      };
    }),
  );

  app.get(
    RESTORE_PATH,
    handle(async (request, reply) => {
      const { cart: cartId, sig } = parsePayload(RecoveryLinkQuery, request.query);
      const cart = await cartForLink(db, request.site.websiteId, cartId, sig, 'restore');
      if (cart && !cart.isPurchased) {
        setCartCookies(reply, cart.token);
        setCartVersion(reply, newCartVersion());
        cache.forget(request.site.websiteId, cart.token);
      }
      return reply.redirect('/cart', 303);
    }),
  );

  // The recovery email's "stop" link: no more cart emails to that address from this site.
  app.get(
    STOP_PATH,
    handle(async (request, reply) => {
      const { cart: cartId, sig } = parsePayload(RecoveryLinkQuery, request.query);
      const cart = await cartForLink(db, request.site.websiteId, cartId, sig, 'stop');
      if (!cart?.email) throw new ApiError(404, 'LINK_INVALID', RECOVERY_LINK_INVALID);
      await stopCartReminders(db, cart.websiteId, cart.email);
      const site = await website(request);
      return reply.type('text/html; charset=utf-8').send(remindersStoppedPage(site.title, cart.email));
    }),
  );

  // The checkout sends the country and region as the shopper types them: the options and the
  // tax follow the address before the order is placed.
  app.put(
    '/api/commerce/shopping-cart/shipping-location',
    { preHandler: requireCrumb },
    handle(async (request) => {
      const location = parsePayload(ShippingLocationSchema, request.body);
      const cart = await requireCart(request);
      const shippingLocation = location.country
        ? { country: location.country, region: location.region }
        : null;
      await db.update(carts).set({ shippingLocation, updatedAt: new Date() }).where(eq(carts.id, cart.id));
      return { shoppingCart: await cartView(db, await website(request), { ...cart, shippingLocation }) };
    }),
  );

  app.put(
    '/api/commerce/shopping-cart/shipping-option',
    { preHandler: requireCrumb },
    handle(async (request) => {
      const { optionId } = parsePayload(ShippingOptionSchema, request.body);
      const cart = await requireCart(request);
      const site = await website(request);
      const view = await cartView(db, site, cart);
      if (!view.shippingOptions.some((o) => o.id === optionId)) {
        throw new ApiError(
          400,
          'SHIPPING_OPTION_UNKNOWN',
          'That shipping option is not available for this order',
        );
      }
      await db
        .update(carts)
        .set({ selectedShippingOption: optionId, updatedAt: new Date() })
        .where(eq(carts.id, cart.id));
      return { shoppingCart: await cartView(db, site, { ...cart, selectedShippingOption: optionId }) };
    }),
  );

  app.post(
    '/api/commerce/shopping-cart/coupons',
    { preHandler: requireCrumb },
    handle(async (request) => {
      const { code } = parsePayload(CouponSchema, request.body);
      const cart = await requireCart(request);
      const site = await website(request);
      const codes = [...cart.couponCodes.filter((c) => c.toLowerCase() !== code.toLowerCase()), code];
      const trial = await cartView(db, site, { ...cart, couponCodes: codes });
      // Expired, used up, minimum not met…: the shopper hears which, in the catalogue's words.
      const refusal = trial.refusedCoupons.find((r) => r.code === code);
      if (refusal) {
        throw new ApiError(400, 'COUPON_INVALID', refusal.message, {
          fieldErrors: { couponCode: refusal.message },
        });
      }
      await db.update(carts).set({ couponCodes: codes, updatedAt: new Date() }).where(eq(carts.id, cart.id));
      return { shoppingCart: trial };
    }),
  );

  app.delete(
    '/api/commerce/shopping-cart/coupons/:code',
    { preHandler: requireCrumb },
    handle(async (request) => {
      const { code } = parsePayload(CouponParams, request.params);
      const cart = await requireCart(request);
      const codes = cart.couponCodes.filter((c) => c.toLowerCase() !== code.toLowerCase());
      await db.update(carts).set({ couponCodes: codes, updatedAt: new Date() }).where(eq(carts.id, cart.id));
      return { shoppingCart: await cartView(db, await website(request), { ...cart, couponCodes: codes }) };
    }),
  );
}

const RecoveryLinkQuery = z.object({ cart: z.string().min(1).max(100), sig: z.string().min(1).max(100) });
const RECOVERY_LINK_INVALID = 'This link is not valid. Copy the whole link from the email.';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A page of its own: the shopper arrives from an email, and needs only to know it worked. */
function remindersStoppedPage(siteTitle: string, email: string): string {
  const title = escapeHtml(siteTitle);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1>No more cart reminders</h1><p>${escapeHtml(email)} will get no more emails about carts from ${title}.</p><p><a href="/">Back to ${title}</a></p></body></html>`;
}

const CartAnswer = z.object({ shoppingCart: CartViewSchema });
const cart = ['cart'];

/** API documentation of the cart calls (src/http/openapi.ts), from the schemas above. */
export const cartRouteDocs: RouteDocs = {
  'GET /api/commerce/shopping-cart': {
    summary: "The visitor's cart (SiteCart cookie), or the cart named by cartToken",
    tags: cart,
    query: GetCartQuery,
    response: CartViewSchema,
  },
  [`GET ${ALSO_BOUGHT_PATH}`]: {
    summary:
      "Customers also bought: up to four products bought with the cart's, then others of the same stores",
    tags: cart,
    response: AlsoBoughtResponseSchema,
  },
  'POST /api/commerce/shopping-cart/entries': {
    summary: 'Adds a product variant to the cart, creating the cart when needed',
    tags: cart,
    guard: 'crumb',
    body: AddCartEntryRequestSchema,
    response: AddCartEntryResponseSchema,
  },
  'PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields': {
    summary: "Changes an entry's additional-field answers",
    tags: cart,
    guard: 'crumb',
    params: EntryParams,
    body: UpdateEntryFieldsRequestSchema,
    response: UpdateEntryFieldsResponseSchema,
  },
  'PUT /api/commerce/shopping-cart/entries/:entryId': {
    summary: "Sets an entry's quantity (0 removes it)",
    tags: cart,
    guard: 'crumb',
    params: EntryParams,
    body: QuantityUpdateSchema,
    response: CartAnswer,
  },
  'DELETE /api/commerce/shopping-cart/entries/:entryId': {
    summary: 'Removes an entry',
    tags: cart,
    guard: 'crumb',
    params: EntryParams,
    response: CartAnswer,
  },
  'PUT /api/commerce/shopping-cart/email': {
    summary: "Keeps the shopper's email on the cart, for the owner's cart-recovery email (empty forgets it)",
    tags: cart,
    guard: 'crumb',
    body: CartEmailSchema,
    response: CartAnswer,
  },
  [`GET ${RESTORE_PATH}`]: {
    summary: "The recovery email's signed link: gives this browser the cart back and redirects to /cart",
    tags: cart,
    query: RecoveryLinkQuery,
  },
  [`GET ${STOP_PATH}`]: {
    summary: "The recovery email's signed link: no more cart emails to that address from this site",
    tags: cart,
    query: RecoveryLinkQuery,
  },
  'PUT /api/commerce/shopping-cart/shipping-location': {
    summary: "Sets the shopper's country and region: the shipping options and tax follow it",
    tags: cart,
    guard: 'crumb',
    body: ShippingLocationSchema,
    response: CartAnswer,
  },
  'PUT /api/commerce/shopping-cart/shipping-option': {
    summary: 'Chooses a shipping option',
    tags: cart,
    guard: 'crumb',
    body: ShippingOptionSchema,
    response: CartAnswer,
  },
  'POST /api/commerce/shopping-cart/coupons': {
    summary: 'Applies a coupon code',
    tags: cart,
    guard: 'crumb',
    body: CouponSchema,
    response: CartAnswer,
  },
  'DELETE /api/commerce/shopping-cart/coupons/:code': {
    summary: 'Removes a coupon code',
    tags: cart,
    guard: 'crumb',
    params: CouponParams,
    response: CartAnswer,
  },
};
