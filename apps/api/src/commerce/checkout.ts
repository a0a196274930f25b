import { randomBytes, randomUUID } from 'node:crypto';
import { billingDate, checkCheckoutMinimum, formatMinorWithSymbol, isCycleBilled, messages as commerceMessages, SubscriptionPlanSchema, type CheckoutRequest, type CurrencyCode } from '@site/commerce-core';
import { isValidEmail, messages as formMessages } from '@site/forms';
import { and, eq, gte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { carts, orderItems, orders, variants } from '../db/schema';
import { storeCurrency, type WebsiteRow } from '../pages/site-data';
import { cartView, loadCatalog, loadEntries, type CartRow } from './cart-store';
import { CommerceError } from './errors';
import { downloadAllowance, downloadLinks, grantDownloads } from './downloads';
import { issueGiftCards, redeemGiftCard } from './gift-cards';
import { queueEmail } from '../mail/queue-email';
import type { PaymentProvider } from './payments';

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
}

export interface PlaceOrderOptions {
  /** The checked, normalised gift-card code paying part or all of the order. */
  giftCardCode?: string;
  /** The shop's address, for links in the emails the order sends. */
  origin?: string;
  now?: Date;
}

function fieldError(field: string, message: string): CommerceError {
  return new CommerceError(400, 'INVALID_CHECKOUT', message, { fieldErrors: { [field]: message } });
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
  const view = await cartView(db, website, cart);
  if (view.entries.length === 0) throw new CommerceError(409, 'CART_EMPTY', 'Your cart is empty.');
  const minimum = checkCheckoutMinimum(view.subtotalCents, view.checkoutMinimumSubtotalCents, currency);
  if (!minimum.ok) throw new CommerceError(409, 'BELOW_MINIMUM', minimum.message);
  if (!isValidEmail(request.email)) throw fieldError('email', formMessages.emailInvalid);
  if (view.requiresShipping && !request.shippingAddress) {
    throw fieldError('shippingAddress', 'Enter a shipping address for the items that ship.');
  }
  const shippingOption = request.shippingOptionId
    ? view.shippingOptions.find((o) => o.id === request.shippingOptionId)
    : view.selectedShippingOption;
  if (view.requiresShipping && view.shippingOptions.length > 0 && !shippingOption) {
    throw fieldError('shippingOptionId', 'Choose a shipping option.');
  }
  const provider = providers.get(request.payment.provider);
  if (!provider) throw fieldError('payment', 'That payment method is not available.');

  // Price again with the chosen option so the order total is exactly what the summary showed.
  const priced = shippingOption ? await cartView(db, website, { ...cart, selectedShippingOption: shippingOption.id }) : view;
  const entries = await loadEntries(db, cart.id);
  const catalog = await loadCatalog(
    db,
    website,
    entries.map((e) => e.productId),
  );
  const orderId = randomUUID();
  const accessToken = randomBytes(18).toString('base64url');

  return db.transaction(async (tx) => {
    // Claim the cart first: a second checkout of the same cart stops here.
    const claimed = await tx
      .update(carts)
      .set({ isPurchased: true, orderId, updatedAt: new Date() })
      .where(and(eq(carts.id, cart.id), eq(carts.isPurchased, false)))
      .returning({ id: carts.id });
    if (claimed.length === 0) throw new CommerceError(409, 'CART_ALREADY_PURCHASED', 'This cart has already been checked out.');

    // A fixed lock order (by variant) keeps concurrent multi-item checkouts from deadlocking.
    const byVariant = [...entries].sort((a, b) => a.variantId.localeCompare(b.variantId));
    for (const entry of byVariant) {
      const taken = await tx
        .update(variants)
        .set({ qtyInStock: sql`case when ${variants.unlimited} then ${variants.qtyInStock} else ${variants.qtyInStock} - ${entry.quantity} end` })
        .where(and(eq(variants.id, entry.variantId), or(eq(variants.unlimited, true), gte(variants.qtyInStock, entry.quantity))))
        .returning({ id: variants.id });
      if (taken.length === 0) {
        const title = catalog.items.get(entry.productId)?.title ?? 'An item';
        throw new CommerceError(409, 'OUT_OF_STOCK', `Sorry, we do not have enough of that item available. (${title})`, {
          entryId: entry.id,
        });
      }
    }

    // The card pays first; whatever it cannot cover is charged. Its lock is taken after the stock
    // rows, in the same order for every checkout, so this adds no deadlock.
    const redemption = options.giftCardCode
      ? await redeemGiftCard(tx, website.id, orderId, options.giftCardCode, priced.grandTotalCents)
      : undefined;
    if (options.giftCardCode && !redemption) throw new CommerceError(400, 'GIFT_CARD_UNKNOWN', commerceMessages.giftCardCodeUnknown, { fieldErrors: { giftCardCode: commerceMessages.giftCardCodeUnknown } });
    const giftCardCents = redemption?.amountCents ?? 0;
    const dueCents = priced.grandTotalCents - giftCardCents;
    const charge =
      dueCents > 0
        ? await provider.charge({ amountCents: dueCents, currency, orderId, details: request.payment })
        : ({ ok: true, reference: `gift-card_${orderId}`, testMode: false } as const);
    if (!charge.ok) {
      throw new CommerceError(402, charge.code.toUpperCase(), charge.message, charge.field ? { fieldErrors: { [charge.field]: charge.message } } : undefined);
    }

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
        shippingCents: priced.shippingCostCents,
        discountCents: priced.discountCents,
        grandTotalCents: priced.grandTotalCents,
        giftCardCents,
        paymentProvider: dueCents > 0 ? provider.id : 'gift-card',
        paymentReference: charge.reference,
        testMode: charge.testMode,
        accessToken,
        ...subscriptionFields(cart.kind === 'subscription' ? subscriptionPlanOf(catalog.items.get(entries[0]!.productId)) : null, options.now ?? new Date()),
        paymentMethod: 'paymentMethod' in charge ? (charge.paymentMethod ?? null) : null,
      })
      .returning();
    const itemIds = new Map(priced.entries.map((e) => [e.id, randomUUID()]));
    await tx.insert(orderItems).values(
      priced.entries.map((e) => {
        const row = entries.find((r) => r.id === e.id)!;
        return {
          id: itemIds.get(e.id)!,
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
    await issueGiftCards(
      tx,
      { websiteId: website.id, orderId, currency, buyerEmail: request.email, shopUrl: `${options.origin ?? ''}/shop`, now: options.now ?? new Date() },
      priced.entries.map((e) => {
        const row = entries.find((r) => r.id === e.id)!;
        return { entry: row, productType: catalog.items.get(row.productId)?.structuredContent.productType, unitPriceCents: e.purchasePriceCents };
      }),
    );
    const now = options.now ?? new Date();
    await grantDownloads(
      tx,
      { websiteId: website.id, orderId, now },
      priced.entries.map((e) => ({ orderItemId: itemIds.get(e.id)!, productId: entries.find((r) => r.id === e.id)!.productId, quantity: e.quantity })),
    );
    await queueReceipt(tx, order!, priced, itemIds, { origin: options.origin ?? '', currency });
    return {
      id: order!.id,
      orderNumber: order!.orderNumber!,
      accessToken,
      grandTotalCents: order!.grandTotalCents,
      giftCardCents,
      ...(redemption ? { giftCardBalanceCents: redemption.balanceCents } : {}),
      currency,
    };
  });
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

function subscriptionPlanOf(item: { structuredContent: { subscriptionPlan?: unknown } } | undefined): Record<string, unknown> | null {
  const plan = item?.structuredContent.subscriptionPlan;
  return plan && typeof plan === 'object' ? (plan as Record<string, unknown>) : null;
}

type Priced = Awaited<ReturnType<typeof cartView>>;

/** The buyer's receipt with the order's lines, totals, status link and any download links. */
async function queueReceipt(
  tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  order: OrderRow,
  priced: Priced,
  itemIds: ReadonlyMap<string, string>,
  { origin, currency }: { origin: string; currency: CurrencyCode },
) {
  const money = (cents: number) => formatMinorWithSymbol(BigInt(cents), currency);
  const links = new Map((await downloadLinks(tx, order.id, origin)).map((l) => [l.orderItemId, l]));
  const downloads = priced.entries.flatMap((e) => {
    const link = links.get(itemIds.get(e.id)!);
    return link ? [{ title: e.title, url: link.url, allowance: downloadAllowance(link, false) }] : [];
  });
  await queueEmail(tx, order.websiteId, 'order-receipt', order.email, {
    orderNumber: String(order.orderNumber),
    lines: priced.entries.map((e) => ({ title: e.title, quantity: e.quantity, total: money(e.purchasePriceCents * e.quantity) })),
    subtotal: money(order.subtotalCents),
    ...(order.discountCents > 0 && { discount: money(order.discountCents) }),
    ...(order.shippingCents > 0 && { shipping: money(order.shippingCents) }),
    ...(order.taxCents > 0 && { tax: money(order.taxCents) }),
    total: money(order.grandTotalCents),
    statusUrl: `${origin}/orders/${order.id}?token=${order.accessToken}`,
    ...(downloads.length > 0 && { downloads }),
  });
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
