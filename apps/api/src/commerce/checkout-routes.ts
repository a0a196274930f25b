import { randomUUID } from 'node:crypto';
import {
  CheckoutRequestSchema,
  GiftCardBalanceRequestSchema,
  GiftCardBalanceResponseSchema,
  GiftCardPurchaseResponseSchema,
  GiftCardPurchaseSchema,
  ProductType,
  messages as commerceMessages,
  StockQuerySchema,
  StockResponseSchema,
  SubscriptionCartRequestSchema,
  SubscriptionCartResponseSchema,
} from '@site/commerce-core';
import {
  CAPTCHA_ACTIONS,
  isValidEmail,
  messages as formMessages,
  restockEmailError,
  restockSignUpSchema,
} from '@site/forms';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import type { RouteDocs } from '../http/openapi';
import { cartEntries, products, restockSignups, variants } from '../db/schema';
import { siteCaptchaVerdict, type CaptchaVerifier } from '../security/captcha';
import { loadWebsite } from '../site/site-data';
import { requireCrumb } from '../security/crumb';
import { findSession } from '../security/sessions';
import { cartToken, clearCartCookies } from './cart-cookies';
import { createCart, findCart } from './cart-store';
import { assertStock, findPurchasable } from './catalog';
import type { MailingListHooks, Subscribed } from '../site/hooks';
import type { WebhookDispatcher } from '../webhooks/dispatcher';
import type { JobQueue } from '../jobs';
import { scheduleRenewals } from './renewals';
import { findOrder, placeOrder, type OrderRow } from './checkout';
import {
  assertSendDate,
  GIFT_CARD_FIELDS_KEY,
  giftCardBalance,
  guardedCode,
  type GiftCardRecipient,
} from './gift-cards';
import type { LoginGuard } from '../security/login-guard';
import { ApiError, handle, parsePayload } from '../http';
import type { PaymentProvider } from './payments';

const OrderParams = z.object({ orderId: z.string().min(1) });
const confirmationUrl = (orderId: string, token: string) =>
  `/checkout/order-confirmed?orderId=${encodeURIComponent(orderId)}&token=${encodeURIComponent(token)}`;
const OrderQuery = z.object({ token: z.string().min(1) });

export interface CheckoutRouteOptions {
  db: Database;
  paymentProviders: ReadonlyMap<string, PaymentProvider>;
  /** Order placed and subscriber added go out to the site's webhooks. */
  webhooks?: WebhookDispatcher;
  /** Counts wrong gift-card codes per client (balance lookups and checkouts alike). */
  giftCardGuard: LoginGuard;
  /** Schedules the first renewal of a subscription right after its checkout commits. */
  jobs?: JobQueue;
  /** Checks the restock form's bot-check token when the site has its captcha on. */
  captchaVerifier: CaptchaVerifier;
  /** The restock form's "join the mailing list" box adds the shopper through it. */
  mailingLists: MailingListHooks;
  /** The one provider the site's checkout pays through: a shopper cannot pick the test one instead. */
  paymentProviderOf: (websiteId: string) => Promise<string>;
  /** Asks the processor about a pending order's payment and settles it (the browser's return). */
  settleOrder: (websiteId: string, order: OrderRow, origin: string) => Promise<void>;
}

export function registerCheckoutRoutes(
  app: FastifyInstance,
  {
    db,
    paymentProviders,
    webhooks,
    giftCardGuard,
    jobs,
    captchaVerifier,
    mailingLists,
    paymentProviderOf,
    settleOrder,
  }: CheckoutRouteOptions,
): void {
  app.post(
    '/api/commerce/checkout',
    { preHandler: requireCrumb },
    handle(async (request, reply) => {
      const body = parsePayload(CheckoutRequestSchema, request.body);
      const website = await loadWebsite(db, request.site.websiteId);
      if (!website) throw new ApiError(503, 'SITE_MISSING', 'This site has not been set up yet');
      const cart = await findCart(db, request.site.websiteId, body.cartToken ?? cartToken(request));
      if (!cart) throw new ApiError(409, 'CART_EMPTY', 'Your cart is empty.');
      if (body.payment.provider !== (await paymentProviderOf(website.id)))
        throw new ApiError(400, 'INVALID_CHECKOUT', commerceMessages.paymentMethodUnavailable, {
          fieldErrors: { payment: commerceMessages.paymentMethodUnavailable },
        });
      const giftCardCode = body.giftCardCode?.trim()
        ? await guardedCode(giftCardGuard, request.ip, body.giftCardCode)
        : undefined;
      // A signed-in member is one customer whatever email they type (per-customer discount limits).
      const member = await findSession(db, request);
      const order = await placeOrder(db, website, cart, body, paymentProviders, {
        giftCardCode,
        memberId: member?.id,
        origin: `${request.protocol}://${request.host}`,
      }).catch(async (err: unknown) => {
        if (err instanceof ApiError && err.code === 'GIFT_CARD_UNKNOWN')
          await giftCardGuard.failed(request.ip);
        throw err;
      });
      // The visitor's own cart stays when they bought a subscription on its own.
      if (cart.kind === 'standard') clearCartCookies(reply);
      const redirectUrl = confirmationUrl(order.id, order.accessToken);
      // Paid in the browser next (the processor's script, 3-D Secure): renewals and the order
      // webhook wait for the processor's confirmation (payments/confirm-payment.ts), and the
      // processor sends the shopper back through the return call, which asks it how it went.
      if (order.payment)
        return {
          order,
          redirectUrl: `/api/commerce/orders/${encodeURIComponent(order.id)}/return?token=${encodeURIComponent(order.accessToken)}`,
        };
      if (cart.kind === 'subscription' && jobs) await scheduleRenewals(db, jobs, order.id);
      await webhooks?.emit(request.site.websiteId, 'order.placed', {
        orderId: order.id,
        orderNumber: order.orderNumber,
        grandTotalCents: order.grandTotalCents,
        currency: order.currency,
      });
      return { order, redirectUrl };
    }),
  );

  app.get(
    '/api/commerce/orders/:orderId',
    handle(async (request) => {
      const { orderId } = parsePayload(OrderParams, request.params);
      const { token } = parsePayload(OrderQuery, request.query);
      let found = await findOrder(db, request.site.websiteId, orderId, token);
      if (!found) throw new ApiError(404, 'ORDER_NOT_FOUND', 'We could not find that order.');
      if (found.order.status === 'pending') {
        await settleOrder(request.site.websiteId, found.order, `${request.protocol}://${request.host}`);
        found = (await findOrder(db, request.site.websiteId, orderId, token)) ?? found;
      }
      const { accessToken: _secret, ...order } = found.order;
      return { order, items: found.items };
    }),
  );

  // The processor's return address after the shopper paid (or passed 3-D Secure): the order is
  // settled from what the processor says, then the shopper sees the confirmation page.
  app.get(
    '/api/commerce/orders/:orderId/return',
    handle(async (request, reply) => {
      const { orderId } = parsePayload(OrderParams, request.params);
      const { token } = parsePayload(OrderQuery, request.query);
      const found = await findOrder(db, request.site.websiteId, orderId, token);
      if (!found) throw new ApiError(404, 'ORDER_NOT_FOUND', 'We could not find that order.');
      if (found.order.status === 'pending')
        await settleOrder(request.site.websiteId, found.order, `${request.protocol}://${request.host}`);
      return reply.redirect(confirmationUrl(orderId, token), 303);
    }),
  );

  app.get(
    '/api/commerce/inventory/stock/',
    handle(async (request) => {
      const { itemId } = parsePayload(StockQuerySchema, request.query);
      const rows = await db
        .select({
          sku: variants.sku,
          id: variants.id,
          unlimited: variants.unlimited,
          qtyInStock: variants.qtyInStock,
        })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(and(eq(products.id, itemId), eq(products.websiteId, request.site.websiteId)))
        .orderBy(asc(variants.position));
      if (rows.length === 0) throw new ApiError(404, 'ITEM_NOT_FOUND', 'No such product');
      return {
        results: rows.map((r) => ({
          sku: r.sku,
          variantId: r.id,
          unlimited: r.unlimited,
          qtyInStock: r.qtyInStock,
        })),
      };
    }),
  );

  // A subscription is bought on its own: a separate cart holding the one item, reached by its token.
  app.post(
    '/api/3/commerce/cart/subscription',
    { preHandler: requireCrumb },
    handle(async (request) => {
      const body = parsePayload(SubscriptionCartRequestSchema, request.body);
      const { product, variant } = await findPurchasable(db, request.site.websiteId, body.itemId, body.sku);
      if ((product.details as { isSubscribable?: boolean }).isSubscribable !== true) {
        throw new ApiError(400, 'NOT_SUBSCRIBABLE', 'This product is not available as a subscription.');
      }
      assertStock(variant, body.qty);
      const cart = await createCart(db, request.site.websiteId, 'subscription');
      await db.insert(cartEntries).values({
        id: randomUUID(),
        cartId: cart.id,
        productId: product.id,
        variantId: variant.id,
        quantity: body.qty,
        additionalFields: body.additionalFields
          ? (JSON.parse(body.additionalFields) as Record<string, unknown>)
          : null,
      });
      return { cartToken: cart.token };
    }),
  );

  // A gift card is bought on its own, like a subscription: a separate cart holding the card and
  // who it is for, paid at /checkout?cartToken=… (the button navigates there, storefront.md §4).
  app.post(
    '/api/commerce/cart/gift-card',
    { preHandler: requireCrumb },
    handle(async (request) => {
      const parsed = GiftCardPurchaseSchema.safeParse(request.body);
      if (!parsed.success) {
        const fieldErrors: Record<string, string> = {};
        for (const issue of parsed.error.issues)
          fieldErrors[String(issue.path[0] ?? 'form')] ??= issue.message;
        const first = parsed.error.issues[0]?.message ?? 'Invalid request';
        throw new ApiError(400, 'INVALID_GIFT_CARD', first, { fieldErrors });
      }
      const body = parsed.data;
      if (!isValidEmail(body.recipientEmail)) {
        throw new ApiError(400, 'INVALID_GIFT_CARD', commerceMessages.giftCardRecipientEmailInvalid, {
          fieldErrors: { recipientEmail: commerceMessages.giftCardRecipientEmailInvalid },
        });
      }
      assertSendDate(body.sendDate, new Date());
      const { product, variant } = await findPurchasable(db, request.site.websiteId, body.itemId, body.sku);
      if (product.productType !== ProductType.GIFT_CARD) {
        throw new ApiError(400, 'NOT_A_GIFT_CARD', commerceMessages.giftCardNotPurchasable);
      }
      const recipient: GiftCardRecipient = {
        recipientName: body.recipientName,
        recipientEmail: body.recipientEmail,
        ...(body.senderName ? { senderName: body.senderName } : {}),
        ...(body.message ? { message: body.message } : {}),
        ...(body.sendDate ? { sendDate: body.sendDate } : {}),
      };
      const cart = await createCart(db, request.site.websiteId, 'gift-card');
      await db.insert(cartEntries).values({
        id: randomUUID(),
        cartId: cart.id,
        productId: product.id,
        variantId: variant.id,
        quantity: 1,
        additionalFields: { [GIFT_CARD_FIELDS_KEY]: recipient },
      });
      return { cartToken: cart.token };
    }),
  );

  // Wrong codes count towards the client's lock (gift-cards.ts), so this cannot enumerate codes.
  app.post(
    '/api/commerce/gift-cards/balance',
    { preHandler: requireCrumb },
    handle(async (request) => {
      const { code } = parsePayload(GiftCardBalanceRequestSchema, request.body);
      return giftCardBalance(db, request.site.websiteId, giftCardGuard, request.ip, code);
    }),
  );

  // The visitor's back-in-stock sign-up from a product page (storefront.md §4, "Restock form").
  app.post(
    '/api/commerce/restock-notifications',
    { preHandler: requireCrumb },
    handle(async (request) => {
      const body = parsePayload(restockSignUpSchema, request.body);
      const emailError = restockEmailError(body.siteVisitorEmail);
      if (emailError) throw new ApiError(400, 'INVALID_EMAIL', emailError);
      const [variant] = await db
        .select({
          id: variants.id,
          productId: variants.productId,
          unlimited: variants.unlimited,
          qty: variants.qtyInStock,
        })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(
          and(
            eq(variants.id, body.variantId),
            eq(products.id, body.productId),
            eq(products.websiteId, request.site.websiteId),
          ),
        );
      if (!variant) throw new ApiError(404, 'ITEM_NOT_FOUND', 'That product variant does not exist.');
      if (variant.unlimited || variant.qty > 0) {
        throw new ApiError(409, 'IN_STOCK', 'Good news: this item is in stock now.');
      }
      const site = await loadWebsite(db, request.site.websiteId);
      const captcha = await siteCaptchaVerdict(
        captchaVerifier,
        site?.settings,
        {
          token: body.recaptchaEnterpriseV3Token,
          action: CAPTCHA_ACTIONS.productWaitlist,
          websiteId: request.site.websiteId,
          formId: `restock:${body.variantId}`,
          ip: request.ip,
        },
        request.log,
      );
      if (captcha === 'unavailable')
        throw new ApiError(503, 'CAPTCHA_UNAVAILABLE', formMessages.submitServerError);
      if (captcha !== 'pass')
        throw new ApiError(
          400,
          captcha === 'missing' ? 'CAPTCHA_REQUIRED' : 'CAPTCHA_INVALID',
          formMessages.captchaIncomplete,
        );
      const email = body.siteVisitorEmail.trim().toLowerCase();
      const joined = await db.transaction(async (tx): Promise<Subscribed> => {
        await tx
          .insert(restockSignups)
          .values({
            id: randomUUID(),
            websiteId: request.site.websiteId,
            productId: body.productId,
            variantId: body.variantId,
            email,
            joinMailingList: body.isJoinMailingList,
          })
          // Signing up twice is not an error for the shopper: they are on the list either way.
          .onConflictDoNothing({ target: [restockSignups.variantId, restockSignups.email] });
        // The "join the mailing list" box feeds the site's default list, confirmed by email.
        const listId = body.isJoinMailingList
          ? await mailingLists.defaultListId(tx, request.site.websiteId)
          : undefined;
        return listId
          ? mailingLists.subscribe(tx, request.site.websiteId, {
              listId,
              email,
              source: 'restock-form',
              doubleOptIn: true,
              origin: `${request.protocol}://${request.host}`,
            })
          : {};
      });
      if (joined.added) await webhooks?.emit(request.site.websiteId, 'subscriber.added', { ...joined.added });
      return { signedUp: true };
    }),
  );
}

const checkout = ['checkout'];

/** API documentation of checkout, orders, stock and restock sign-ups (src/http/openapi.ts). */
export const checkoutRouteDocs: RouteDocs = {
  'POST /api/commerce/checkout': {
    summary: 'Places the order for the cart and charges the payment',
    tags: checkout,
    guard: 'crumb',
    body: CheckoutRequestSchema,
  },
  'GET /api/commerce/orders/:orderId': {
    summary: 'An order, for the holder of its access token (from the confirmation link)',
    tags: checkout,
    params: OrderParams,
    query: OrderQuery,
  },
  'GET /api/commerce/orders/:orderId/return': {
    summary:
      "Where the payment processor sends the shopper back: settles the order from the processor's word, then 303 to the confirmation page",
    tags: checkout,
    params: OrderParams,
    query: OrderQuery,
  },
  'GET /api/commerce/inventory/stock/': {
    summary: "A product's stock per variant",
    tags: checkout,
    query: StockQuerySchema,
    response: StockResponseSchema,
  },
  'POST /api/3/commerce/cart/subscription': {
    summary: 'A separate cart holding one subscription product',
    tags: checkout,
    guard: 'crumb',
    body: SubscriptionCartRequestSchema,
    response: SubscriptionCartResponseSchema,
  },
  'POST /api/commerce/cart/gift-card': {
    summary: 'A separate cart holding one gift card and its recipient',
    tags: checkout,
    guard: 'crumb',
    body: GiftCardPurchaseSchema,
    response: GiftCardPurchaseResponseSchema,
  },
  'POST /api/commerce/gift-cards/balance': {
    summary: "A gift card's balance (wrong codes lock the client out for a while)",
    tags: checkout,
    guard: 'crumb',
    body: GiftCardBalanceRequestSchema,
    response: GiftCardBalanceResponseSchema,
  },
  'POST /api/commerce/restock-notifications': {
    summary: 'Signs a visitor up for a back-in-stock notice',
    tags: checkout,
    guard: 'crumb',
    body: restockSignUpSchema,
    response: z.object({ signedUp: z.literal(true) }),
  },
};
