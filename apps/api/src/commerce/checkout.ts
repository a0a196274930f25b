import { randomBytes, randomUUID } from 'node:crypto';
import {
  billingDate,
  checkCheckoutMinimum,
  effectiveZones,
  shippingMessages,
  isCycleBilled,
  messages as commerceMessages,
  SubscriptionPlanSchema,
  type CheckoutRequest,
  type CurrencyCode,
} from '@site/commerce-core';
import { isValidEmail, messages as formMessages } from '@site/forms';
import { and, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { carts, orderItems, orders, products, variants } from '../db/schema';
import { storeCurrency, type WebsiteRow } from '../site/site-data';
import { cartView, loadCatalog, loadEntries, storeSettings, type CartRow } from './cart-store';
import { ApiError } from '../http';
import { grantDownloads } from './downloads';
import { receiptEmailData } from './order-emails';
import { claimDiscounts, recordRedemptions } from './discounts';
import { issueGiftCards, redeemGiftCard } from './gift-cards';
import { queueEmail } from '../mail/queue-email';
import type { PaymentProvider } from './payments';
import { shopEmailSettings } from '@site/commerce-core/admin';
import { emailSettingsOf, queueLowStockEmails, queueNewOrderEmail, type StockChange } from './shop-emails';

export type OrderRow = typeof orders.$inferSelect;

export interface PlacedOrder {
  id: string;
  orderNumber: number;
  accessToken: string;
  grandTotalCents: number;
  /** Paid by the gift card; the payment method was charged the rest. */
  giftCardCents: number;
  /** What the gift card holds after this order. */
  giftCardBalanceCents?: number;
  currency: string;
  /** The payment the shopper still finishes in the browser (the processor's script confirms it). */
  payment?: { provider: string; clientSecret: string };
}

export interface PlaceOrderOptions {
  /** The checked, normalised gift-card code paying part or all of the order. */
  giftCardCode?: string;
  /** The signed-in member placing the order, counted with their email for per-customer limits. */
  memberId?: string;
  /** The shop's address, for links in the emails the order sends. */
  origin?: string;
  now?: Date;
}

function fieldError(field: string, message: string): ApiError {
  return new ApiError(400, 'INVALID_CHECKOUT', message, { fieldErrors: { [field]: message } });
}

/**
 * Turns a cart into an order. Stock is taken with one conditional UPDATE per line inside a
 * transaction, so concurrent checkouts of the last units can never oversell: whoever's update
 * finds too little stock rolls back with a clear error, and nobody is charged for it.
 */
export async function placeOrder(
  db: Database,
  website: WebsiteRow,
  cart: CartRow,
  request: CheckoutRequest,
  providers: ReadonlyMap<string, PaymentProvider>,
  options: PlaceOrderOptions = {},
): Promise<PlacedOrder> {
  const currency: CurrencyCode = storeCurrency(website);
  // The options and the tax are those of the address the order goes to.
  const located: CartRow = request.shippingAddress
    ? {
        ...cart,
        shippingLocation: {
          country: request.shippingAddress.country,
          region: request.shippingAddress.region,
        },
      }
    : cart;
  const view = await cartView(db, website, located);
  if (view.entries.length === 0) throw new ApiError(409, 'CART_EMPTY', 'Your cart is empty.');
  const minimum = checkCheckoutMinimum(view.subtotalCents, view.checkoutMinimumSubtotalCents, currency);
  if (!minimum.ok) throw new ApiError(409, 'BELOW_MINIMUM', minimum.message);
  if (!isValidEmail(request.email)) throw fieldError('email', formMessages.emailInvalid);
  // A note is kept only while the owner takes them; one typed before they turned notes off is
  // refused rather than dropped without a word.
  const orderNote = request.orderNote?.trim() || null;
  if (orderNote && !storeSettings(website).orderNotesEnabled)
    throw fieldError('orderNote', commerceMessages.orderNotesOff);
  if (view.requiresShipping && !request.shippingAddress) {
    throw fieldError('shippingAddress', 'Enter a shipping address for the items that ship.');
  }
  if (
    view.requiresShipping &&
    view.shippingOptions.length === 0 &&
    effectiveZones(storeSettings(website)).length > 0
  ) {
    throw fieldError('shippingOptionId', shippingMessages.noShippingTo);
  }
  const shippingOption = request.shippingOptionId
    ? view.shippingOptions.find((o) => o.id === request.shippingOptionId)
    : view.selectedShippingOption;
  if (view.requiresShipping && view.shippingOptions.length > 0 && !shippingOption) {
    throw fieldError('shippingOptionId', 'Choose a shipping option.');
  }
  const found = providers.get(request.payment.provider);
  if (!found) throw fieldError('payment', commerceMessages.paymentMethodUnavailable);
  const provider = found.forSite ? await found.forSite(website.id) : found;

  // Price again with the chosen option so the order total is exactly what the summary showed.
  const priced = shippingOption
    ? await cartView(db, website, { ...located, selectedShippingOption: shippingOption.id })
    : view;
  const entries = await loadEntries(db, cart.id);
  const catalog = await loadCatalog(
    db,
    website,
    entries.map((e) => e.productId),
  );
  const orderId = randomUUID();
  const accessToken = randomBytes(18).toString('base64url');
  const emailSettings = shopEmailSettings(website.settings);

  return db.transaction(async (tx) => {
    // Claim the cart first: a second checkout of the same cart stops here.
    const claimed = await tx
      .update(carts)
      .set({ isPurchased: true, orderId, updatedAt: new Date() })
      .where(and(eq(carts.id, cart.id), eq(carts.isPurchased, false)))
      .returning({ id: carts.id });
    if (claimed.length === 0)
      throw new ApiError(409, 'CART_ALREADY_PURCHASED', 'This cart has already been checked out.');

    // A fixed lock order (by variant) keeps concurrent multi-item checkouts from deadlocking.
    const byVariant = [...entries].sort((a, b) => a.variantId.localeCompare(b.variantId));
    const stockChanges: StockChange[] = [];
    for (const entry of byVariant) {
      const taken = await tx
        .update(variants)
        .set({
          qtyInStock: sql`case when ${variants.unlimited} then ${variants.qtyInStock} else ${variants.qtyInStock} - ${entry.quantity} end`,
        })
        .where(
          and(
            eq(variants.id, entry.variantId),
            or(eq(variants.unlimited, true), gte(variants.qtyInStock, entry.quantity)),
          ),
        )
        .returning({
          id: variants.id,
          sku: variants.sku,
          attributes: variants.attributes,
          unlimited: variants.unlimited,
          after: variants.qtyInStock,
        });
      if (taken.length === 0) {
        const title = catalog.items.get(entry.productId)?.title ?? 'An item';
        throw new ApiError(
          409,
          'OUT_OF_STOCK',
          `Sorry, we do not have enough of that item available. (${title})`,
          {
            entryId: entry.id,
          },
        );
      }
      const row = taken[0]!;
      if (!row.unlimited) {
        const options = Object.values(row.attributes).join(', ');
        const title = catalog.items.get(entry.productId)?.title ?? row.sku;
        stockChanges.push({
          productName: options ? `${title} (${options})` : title,
          sku: row.sku,
          before: row.after + entry.quantity,
          after: row.after,
        });
      }
    }
    await queueLowStockEmails(tx, website.id, emailSettings, stockChanges, options.origin ?? '');

    // Discounts are counted before anything is charged: a used-up code stops the order here.
    const discountClaim = {
      websiteId: website.id,
      orderId,
      email: request.email,
      memberId: options.memberId ?? null,
      applied: priced.discounts.filter((d) => d.amountCents > 0),
    };
    await claimDiscounts(tx, discountClaim);

    // The card pays first; whatever it cannot cover is charged. Its lock is taken after the stock
    // rows, in the same order for every checkout, so this adds no deadlock.
    const redemption = options.giftCardCode
      ? await redeemGiftCard(tx, website.id, orderId, options.giftCardCode, priced.grandTotalCents)
      : undefined;
    if (options.giftCardCode && !redemption)
      throw new ApiError(400, 'GIFT_CARD_UNKNOWN', commerceMessages.giftCardCodeUnknown, {
        fieldErrors: { giftCardCode: commerceMessages.giftCardCodeUnknown },
      });
    const giftCardCents = redemption?.amountCents ?? 0;
    const dueCents = priced.grandTotalCents - giftCardCents;
    const charge =
      dueCents > 0
        ? await provider
            .charge({
              websiteId: website.id,
              amountCents: dueCents,
              currency,
              orderId,
              details: request.payment,
              saveForRenewals: cart.kind === 'subscription',
            })
            .catch((err: unknown) => {
              // The processor is down or its keys are wrong: the shopper may try again, nothing was taken.
              throw new ApiError(503, 'PAYMENTS_UNAVAILABLE', commerceMessages.paymentsUnavailable, {
                cause: String(err instanceof Error ? err.message : err).slice(0, 200),
              });
            })
        : ({ ok: true, reference: `gift-card_${orderId}`, testMode: false } as const);
    if (!charge.ok) {
      throw new ApiError(
        402,
        charge.code.toUpperCase(),
        charge.message,
        charge.field ? { fieldErrors: { [charge.field]: charge.message } } : undefined,
      );
    }
    const pending = charge.ok === 'pending';

    const [order] = await tx
      .insert(orders)
      .values({
        id: orderId,
        websiteId: website.id,
        cartId: cart.id,
        email: request.email,
        shippingAddress: priced.requiresShipping ? request.shippingAddress : null,
        shippingOption: priced.selectedShippingOption?.name ?? null,
        currency,
        subtotalCents: priced.subtotalCents,
        taxCents: priced.taxCents,
        taxLines: priced.taxLines,
        shippingCents: priced.shippingCostCents,
        discountCents: priced.discountCents,
        grandTotalCents: priced.grandTotalCents,
        giftCardCents,
        paymentProvider: dueCents > 0 ? provider.id : 'gift-card',
        paymentReference: charge.reference,
        testMode: charge.testMode,
        accessToken,
        ...(pending ? { status: 'pending' } : {}),
        ...subscriptionFields(
          cart.kind === 'subscription' ? subscriptionPlanOf(catalog.items.get(entries[0]!.productId)) : null,
          options.now ?? new Date(),
        ),
        paymentMethod: 'paymentMethod' in charge ? (charge.paymentMethod ?? null) : null,
        orderNote,
      })
      .returning();
    await recordRedemptions(tx, discountClaim);
    await tx.insert(orderItems).values(
      priced.entries.map((e) => {
        const row = entries.find((r) => r.id === e.id)!;
        return {
          id: randomUUID(),
          orderId,
          productId: row.productId,
          variantId: row.variantId,
          sku: e.chosenVariant.sku,
          productName: e.title,
          quantity: e.quantity,
          unitPriceCents: e.purchasePriceCents,
          additionalFields: row.additionalFields,
        };
      }),
    );
    // A payment the shopper still has to finish delivers nothing yet: completeOrder runs once the
    // processor confirms it (payments/confirm-payment.ts).
    if (!pending) await completeOrder(tx, order!, { origin: options.origin ?? '', now: options.now });
    return {
      id: order!.id,
      orderNumber: order!.orderNumber!,
      accessToken,
      grandTotalCents: order!.grandTotalCents,
      giftCardCents,
      ...(redemption ? { giftCardBalanceCents: redemption.balanceCents } : {}),
      currency,
      ...(pending ? { payment: { provider: provider.id, clientSecret: charge.clientSecret } } : {}),
    };
  });
}

/**
 * What a paid order delivers: gift cards issued, downloads granted and the buyer's receipt, all
 * from the order's own lines, so it runs the same at checkout and when a payment finished in the
 * browser is confirmed later.
 */
export async function completeOrder(
  tx: Tx,
  order: OrderRow,
  options: { origin: string; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date();
  const currency = order.currency as CurrencyCode;
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const productTypes = new Map(
    (
      await tx
        .select({ id: products.id, productType: products.productType })
        .from(products)
        .where(
          inArray(
            products.id,
            items.map((i) => i.productId),
          ),
        )
    ).map((p) => [p.id, p.productType]),
  );
  await issueGiftCards(
    tx,
    {
      websiteId: order.websiteId,
      orderId: order.id,
      currency,
      buyerEmail: order.email,
      shopUrl: `${options.origin}/shop`,
      now,
    },
    items.map((item) => ({
      entry: item,
      productType: productTypes.get(item.productId),
      unitPriceCents: item.unitPriceCents,
    })),
  );
  await grantDownloads(
    tx,
    { websiteId: order.websiteId, orderId: order.id, now },
    items.map((item) => ({ orderItemId: item.id, productId: item.productId, quantity: item.quantity })),
  );
  const emails = await emailSettingsOf(tx, order.websiteId);
  if (emails.orderConfirmation) await queueReceipt(tx, order, items, { origin: options.origin, currency });
  await queueNewOrderEmail(tx, order, items, emails, options.origin);
}

/** The plan and, when it bills again, the first renewal date, counted from the purchase. */
function subscriptionFields(plan: Record<string, unknown> | null, now: Date) {
  if (!plan) return { subscriptionPlan: null };
  const parsed = SubscriptionPlanSchema.safeParse(plan);
  const renews = parsed.success && isCycleBilled(parsed.data.numBillingCycles, 1);
  return {
    subscriptionPlan: plan,
    createdAt: now,
    subscriptionNextBillingAt: renews ? billingDate(now, parsed.data.billingPeriod, 1) : null,
  };
}

function subscriptionPlanOf(
  item: { structuredContent: { subscriptionPlan?: unknown } } | undefined,
): Record<string, unknown> | null {
  const plan = item?.structuredContent.subscriptionPlan;
  return plan && typeof plan === 'object' ? (plan as Record<string, unknown>) : null;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The buyer's receipt (commerce/order-emails.ts), queued with the order. */
async function queueReceipt(
  tx: Tx,
  order: OrderRow,
  items: readonly (typeof orderItems.$inferSelect)[],
  options: { origin: string; currency: CurrencyCode },
) {
  await queueEmail(
    tx,
    order.websiteId,
    'order-receipt',
    order.email,
    await receiptEmailData(tx, order, items, options),
  );
}

export async function findOrder(db: Database, websiteId: string, orderId: string, token: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.websiteId, websiteId)));
  if (!order || order.accessToken !== token) return undefined;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  return { order, items };
}
