import type { Readable } from 'node:stream';
import {
  type CurrencyCode,
  currencyInfo,
  fillMessage,
  formatMinorWithSymbol,
  isCurrencyCode,
} from '@site/commerce-core';
import {
  adminMessages,
  parseTypedAmount,
  paymentMessages,
  type RefundAmount,
  type AdminSubscriptionState,
  type FulfilOrder,
  type OrderListQuery,
  type RefundLine,
} from '@site/commerce-core/admin';
import { and, count, desc, eq, gte, ilike, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Tx } from '../db/client';
import { orderItems, orders, variants } from '../db/schema';
import { recordActivity, type Actor } from '../activity/activity-log';
import { ApiError, csvBody, keysetPages } from '../http';
import { queueReviewRequest } from '../reviews/reviews';
import { queueEmail } from '../mail/queue-email';
import { emailSettingsOf } from '../commerce/shop-emails';
import { shippingEmailData } from '../commerce/order-emails';
import { providersForSite, type PaymentProvider } from '../commerce/payments';
import { decodeCursor, encodeCursor } from '../http/cursor';
import { csvLine } from './csv';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

const orderNotFound = () => new ApiError(404, 'ORDER_NOT_FOUND', adminMessages.orderNotFound);
const money = (cents: number, currency: string) => ({ value: String(cents), currency });

/** What an order's line in the list shows: a list page reads these columns only. */
const summaryColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  email: orders.email,
  status: orders.status,
  currency: orders.currency,
  grandTotalCents: orders.grandTotalCents,
  refundedCents: orders.refundedCents,
  testMode: orders.testMode,
  createdAt: orders.createdAt,
  fulfilledAt: orders.fulfilledAt,
  cancelledAt: orders.cancelledAt,
  subscriptionPlan: orders.subscriptionPlan,
  subscriptionCancelledAt: orders.subscriptionCancelledAt,
  subscriptionPausedAt: orders.subscriptionPausedAt,
  subscriptionNextBillingAt: orders.subscriptionNextBillingAt,
};
type SummaryRow = Pick<OrderRow, keyof typeof summaryColumns>;

function summary(o: SummaryRow) {
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    email: o.email,
    status: o.status,
    currency: o.currency,
    grandTotal: money(o.grandTotalCents, o.currency),
    refunded: money(o.refundedCents, o.currency),
    testMode: o.testMode,
    createdAt: o.createdAt.toISOString(),
    fulfilledAt: o.fulfilledAt?.toISOString() ?? null,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    subscriptionState: subscriptionState(o),
  };
}

function subscriptionState(o: SummaryRow): AdminSubscriptionState | null {
  if (o.subscriptionPlan === null) return null;
  if (o.subscriptionCancelledAt) return 'cancelled';
  if (o.subscriptionPausedAt) return 'paused';
  return o.subscriptionNextBillingAt ? 'active' : 'ended';
}
export type OrderSummary = ReturnType<typeof summary>;

function detail(
  o: OrderRow,
  items: readonly ItemRow[],
  variantAttributes: ReadonlyMap<string, Record<string, string>>,
) {
  return {
    ...summary(o),
    shippingAddress: o.shippingAddress,
    shippingOption: o.shippingOption,
    /** The shopper's note from the checkout's order-notes box. */
    orderNote: o.orderNote,
    subtotal: money(o.subtotalCents, o.currency),
    tax: money(o.taxCents, o.currency),
    shipping: money(o.shippingCents, o.currency),
    discount: money(o.discountCents, o.currency),
    payment: {
      provider: o.paymentProvider,
      reference: o.paymentReference,
      testMode: o.testMode,
      error: o.paymentError,
      disputedAt: o.disputedAt?.toISOString() ?? null,
      disputeReason: o.disputeReason,
    },
    /** What a refund of an amount can still give back through the payment provider. */
    refundable: money(Math.max(0, o.grandTotalCents - o.giftCardCents - o.refundedCents), o.currency),
    trackingNumber: o.trackingNumber,
    carrier: o.carrier,
    subscriptionPlan: o.subscriptionPlan,
    lines: items.map((i) => ({
      id: i.id,
      productId: i.productId,
      variantId: i.variantId,
      sku: i.sku,
      productName: i.productName,
      attributes: variantAttributes.get(i.variantId) ?? {},
      quantity: i.quantity,
      refundedQuantity: i.refundedQuantity,
      unitPrice: money(i.unitPriceCents, o.currency),
      /** Answers of the product's additional-fields form (personalisation). */
      additionalFields: i.additionalFields,
    })),
  };
}
export type OrderDetail = ReturnType<typeof detail>;

/** "1042" or "#1042": the owner looking an order up by the number the customer quotes. */
const orderNumberIn = (q: string) => {
  const digits = /^#?(\d{1,9})$/.exec(q)?.[1];
  return digits === undefined ? undefined : Number(digits);
};

function filters(websiteId: string, query: Omit<OrderListQuery, 'cursor' | 'limit'>) {
  const typed = query.q?.trim();
  const q = typed?.replace(/[\\%_]/g, (c) => `\\${c}`);
  const number = typed ? orderNumberIn(typed) : undefined;
  const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000);
  return and(
    eq(orders.websiteId, websiteId),
    query.status ? eq(orders.status, query.status) : undefined,
    query.from ? gte(orders.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(orders.createdAt, dayAfter(query.to)) : undefined,
    q
      ? or(ilike(orders.email, `%${q}%`), number === undefined ? undefined : eq(orders.orderNumber, number))
      : undefined,
    query.kind === 'subscription' ? isNotNull(orders.subscriptionPlan) : undefined,
  );
}

/** Newest first; the cursor is the last order number seen. */
export async function listOrders(db: Database, websiteId: string, query: OrderListQuery) {
  const after = decodeCursor(z.tuple([z.number().int()]), query.cursor);
  const rows = await db
    .select(summaryColumns)
    .from(orders)
    .where(and(filters(websiteId, query), after ? lt(orders.orderNumber, after[0]) : undefined))
    .orderBy(desc(orders.orderNumber))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    orders: page.map(summary),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.orderNumber]) : null,
  };
}

async function loadDetail(db: Database | Tx, order: OrderRow): Promise<OrderDetail> {
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const ids = [...new Set(items.map((i) => i.variantId))];
  const rows = ids.length
    ? await db
        .select({ id: variants.id, attributes: variants.attributes })
        .from(variants)
        .where(inArray(variants.id, ids))
    : [];
  return detail(order, items, new Map(rows.map((r) => [r.id, r.attributes])));
}

async function findOrderRow(
  db: Database | Tx,
  websiteId: string,
  id: string,
  lock = false,
): Promise<OrderRow> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.websiteId, websiteId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw orderNotFound();
  return row;
}

export async function getOrder(db: Database, websiteId: string, id: string): Promise<OrderDetail> {
  return loadDetail(db, await findOrderRow(db, websiteId, id));
}

/** Marks the order fulfilled and, in the same transaction, queues the shipping email. */
export async function fulfilOrder(
  db: Database,
  websiteId: string,
  id: string,
  input: FulfilOrder,
  origin: string,
): Promise<OrderDetail> {
  return db.transaction(async (tx) => {
    const order = await findOrderRow(tx, websiteId, id, true);
    if (order.status === 'cancelled')
      throw new ApiError(409, 'ORDER_CANCELLED', adminMessages.orderAlreadyCancelled);
    if (order.status === 'fulfilled')
      throw new ApiError(409, 'ORDER_FULFILLED', adminMessages.orderAlreadyFulfilled);
    const [updated] = await tx
      .update(orders)
      .set({
        status: 'fulfilled',
        fulfilledAt: new Date(),
        trackingNumber: input.trackingNumber,
        carrier: input.carrier ?? null,
      })
      .where(eq(orders.id, order.id))
      .returning();
    if (input.notifyCustomer ?? (await emailSettingsOf(tx, websiteId)).fulfilmentEmail) {
      await queueEmail(tx, websiteId, 'shipping', order.email, shippingEmailData(order, input, origin));
    }
    await queueReviewRequest(tx, websiteId, order, origin);
    return loadDetail(tx, updated!);
  });
}

async function refundThrough(
  provider: PaymentProvider | undefined,
  order: OrderRow,
  amountCents: number,
): Promise<void> {
  if (amountCents === 0) return;
  if (!provider?.refund) throw new ApiError(409, 'REFUND_UNSUPPORTED', adminMessages.refundUnsupported);
  const result = await provider.refund({
    websiteId: order.websiteId,
    reference: order.paymentReference,
    amountCents,
    currency: order.currency,
    orderId: order.id,
  });
  if (!result.ok)
    throw new ApiError(
      502,
      'REFUND_FAILED',
      fillMessage(adminMessages.refundFailed, { reason: result.message }),
    );
}

/** Units back on the shelf; unlimited variants have no count to return to. */
async function restock(tx: Tx, variantId: string, units: number): Promise<void> {
  await tx
    .update(variants)
    .set({ qtyInStock: sql`${variants.qtyInStock} + ${units}` })
    .where(and(eq(variants.id, variantId), eq(variants.unlimited, false)));
}

/**
 * Refunds units of one line through the order's payment provider and returns them to stock, in
 * one transaction with the order row locked: two refunds of the same line cannot both pass the
 * "still refundable" check, and a refused refund changes nothing.
 */
export async function refundLine(
  db: Database,
  websiteId: string,
  id: string,
  input: RefundLine,
  siteProviders: ReadonlyMap<string, PaymentProvider>,
  actor: Actor,
) {
  const providers = await providersForSite(siteProviders, websiteId);
  return db.transaction(async (tx) => {
    const order = await findOrderRow(tx, websiteId, id, true);
    if (order.status === 'cancelled')
      throw new ApiError(409, 'ORDER_CANCELLED', adminMessages.orderAlreadyCancelled);
    const [item] = await tx
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.id, input.orderItemId), eq(orderItems.orderId, order.id)));
    if (!item) throw new ApiError(404, 'ORDER_LINE_NOT_FOUND', adminMessages.orderNotFound);
    const left = item.quantity - item.refundedQuantity;
    if (left === 0) throw new ApiError(409, 'NOTHING_TO_REFUND', adminMessages.orderNotRefundable);
    if (input.quantity > left)
      throw new ApiError(
        400,
        'INVALID',
        fillMessage(adminMessages.refundQuantityTooHigh, { quantity: left }),
        [
          {
            path: ['quantity'],
            message: fillMessage(adminMessages.refundQuantityTooHigh, { quantity: left }),
          },
        ],
      );
    const amount = item.unitPriceCents * input.quantity;
    await refundThrough(providers.get(order.paymentProvider), order, amount);
    await tx
      .update(orderItems)
      .set({ refundedQuantity: item.refundedQuantity + input.quantity })
      .where(eq(orderItems.id, item.id));
    await restock(tx, item.variantId, input.quantity);
    return recordRefunded(tx, order, amount, actor);
  });
}

/**
 * Adds what the processor gave back to the order's refunded total, notes who gave it in the
 * site's activity log, and answers the order's detail.
 */
async function recordRefunded(tx: Tx, order: OrderRow, amount: number, actor: Actor) {
  const [updated] = await tx
    .update(orders)
    .set({ refundedCents: order.refundedCents + amount })
    .where(eq(orders.id, order.id))
    .returning();
  await recordActivity(tx, order.websiteId, actor, refundActivity(order, amount));
  return loadDetail(tx, updated!);
}

const refundActivity = (order: OrderRow, amount: number, cancelled = false) => ({
  kind: 'order-refunded' as const,
  subject: `#${order.orderNumber}`,
  detail: {
    amount: formatMinorWithSymbol(BigInt(amount), isCurrencyCode(order.currency) ? order.currency : 'USD'),
    ...(cancelled ? { cancelled: 'yes' } : {}),
  },
});

/**
 * Gives back an amount the owner typed ("4.25"), such as a partial refund for a damaged item,
 * without returning anything to stock. The order row is locked, so two refunds together can never
 * pass more than was paid.
 */
export async function refundAmount(
  db: Database,
  websiteId: string,
  id: string,
  input: RefundAmount,
  siteProviders: ReadonlyMap<string, PaymentProvider>,
  actor: Actor,
) {
  const providers = await providersForSite(siteProviders, websiteId);
  return db.transaction(async (tx) => {
    const order = await findOrderRow(tx, websiteId, id, true);
    if (order.status === 'pending') throw new ApiError(409, 'ORDER_NOT_PAID', paymentMessages.orderNotPaid);
    if (order.status === 'cancelled')
      throw new ApiError(409, 'ORDER_CANCELLED', adminMessages.orderAlreadyCancelled);
    const currency: CurrencyCode = isCurrencyCode(order.currency) ? order.currency : 'USD';
    const amount = parseTypedAmount(input.amount, currencyInfo(currency).decimals);
    const invalid = (message: string) =>
      new ApiError(400, 'INVALID', message, [{ path: ['amount'], message }]);
    if (amount === undefined) throw invalid(paymentMessages.refundAmountInvalid);
    // A gift card's part is not the processor's to give back.
    const left = order.grandTotalCents - order.giftCardCents - order.refundedCents;
    if (left <= 0) throw new ApiError(409, 'NOTHING_TO_REFUND', adminMessages.orderNotRefundable);
    if (amount > left)
      throw invalid(
        fillMessage(paymentMessages.refundAmountTooHigh, {
          amount: formatMinorWithSymbol(BigInt(left), currency),
        }),
      );
    await refundThrough(providers.get(order.paymentProvider), order, amount);
    return recordRefunded(tx, order, amount, actor);
  });
}

/** Cancels an order not yet fulfilled: every unit not refunded yet is refunded and restocked. */
export async function cancelOrder(
  db: Database,
  websiteId: string,
  id: string,
  siteProviders: ReadonlyMap<string, PaymentProvider>,
  actor: Actor,
) {
  const providers = await providersForSite(siteProviders, websiteId);
  return db.transaction(async (tx) => {
    const order = await findOrderRow(tx, websiteId, id, true);
    if (order.status === 'cancelled')
      throw new ApiError(409, 'ORDER_CANCELLED', adminMessages.orderAlreadyCancelled);
    if (order.status === 'fulfilled')
      throw new ApiError(409, 'ORDER_FULFILLED', adminMessages.orderAlreadyFulfilled);
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    // What was charged and not given back yet, tax and shipping included.
    const amount = order.grandTotalCents - order.refundedCents;
    await refundThrough(providers.get(order.paymentProvider), order, amount);
    for (const item of items) {
      const left = item.quantity - item.refundedQuantity;
      if (left === 0) continue;
      await tx.update(orderItems).set({ refundedQuantity: item.quantity }).where(eq(orderItems.id, item.id));
      await restock(tx, item.variantId, left);
    }
    const [updated] = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: new Date(), refundedCents: order.grandTotalCents })
      .where(eq(orders.id, order.id))
      .returning();
    await recordActivity(tx, websiteId, actor, refundActivity(order, amount, true));
    return loadDetail(tx, updated!);
  });
}

const CSV_COLUMNS = [
  'Order number',
  'Created',
  'Email',
  'Status',
  'Currency',
  'Subtotal',
  'Tax',
  'Shipping',
  'Discount',
  'Total',
  'Refunded',
  'Items',
  'Tracking number',
];

/** Orders per statement of an export: a page's rows and their lines stay well under a megabyte. */
const EXPORT_PAGE = 1000;

/** What a CSV line shows, and no more: an order row has 41 columns, read and mapped for nothing. */
const EXPORT_COLUMNS = {
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  email: orders.email,
  status: orders.status,
  currency: orders.currency,
  subtotalCents: orders.subtotalCents,
  taxCents: orders.taxCents,
  shippingCents: orders.shippingCents,
  discountCents: orders.discountCents,
  grandTotalCents: orders.grandTotalCents,
  refundedCents: orders.refundedCents,
  trackingNumber: orders.trackingNumber,
};
type ExportRow = Pick<OrderRow, keyof typeof EXPORT_COLUMNS> & { bought: string | null };

/**
 * Every order matching the list filters, newest first, as CSV with amounts in the store's format,
 * streamed: keyset pages of orders, each with its lines in the same statement, become CSV as the
 * response takes them.
 */
export function ordersCsv(
  db: Database,
  websiteId: string,
  query: Omit<OrderListQuery, 'cursor' | 'limit'>,
  /** Told each page's row count once its lines are made (an export job's progress). */
  onPage?: (rows: number) => Promise<void>,
): Readable {
  // Written out in full: drizzle leaves a select field's columns unqualified, which inside the
  // subquery would name order_items' own id.
  const bought = sql<
    string | null
  >`(select string_agg(oi.quantity || ' × ' || oi.product_name || ' (' || oi.sku || ')', '; ')
    from order_items oi where oi.order_id = "orders"."id")`;
  const pages = keysetPages<ExportRow>((after) =>
    db
      .select({ ...EXPORT_COLUMNS, bought })
      .from(orders)
      .where(and(filters(websiteId, query), after ? lt(orders.orderNumber, after.orderNumber) : undefined))
      .orderBy(desc(orders.orderNumber))
      .limit(EXPORT_PAGE),
  );
  return csvBody(`${csvLine(CSV_COLUMNS)}\r\n`, onPage ? told(pages, onPage) : pages, orderCsvLine);
}

async function* told<T>(pages: AsyncIterable<readonly T[]>, onPage: (rows: number) => Promise<void>) {
  for await (const page of pages) {
    yield page;
    await onPage(page.length);
  }
}

/** How many orders the list's filters match: an export's total, read once when it starts. */
export async function countOrders(
  db: Database,
  websiteId: string,
  query: Omit<OrderListQuery, 'cursor' | 'limit'>,
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(filters(websiteId, query));
  return row?.n ?? 0;
}

function orderCsvLine(o: ExportRow): string {
  const currency: CurrencyCode = isCurrencyCode(o.currency) ? o.currency : 'USD';
  const amount = (cents: number) => formatMinorWithSymbol(BigInt(cents), currency);
  return `${csvLine([
    String(o.orderNumber),
    o.createdAt.toISOString(),
    o.email,
    o.status,
    o.currency,
    amount(o.subtotalCents),
    amount(o.taxCents),
    amount(o.shippingCents),
    amount(o.discountCents),
    amount(o.grandTotalCents),
    amount(o.refundedCents),
    o.bought ?? '',
    o.trackingNumber ?? '',
  ])}\r\n`;
}
