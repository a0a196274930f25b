import { type CurrencyCode, formatMinorWithSymbol } from '@site/commerce-core';
import { carrierTrackingUrl } from '@site/commerce-core/admin';
import type { Queryable } from '../db/client';
import type { orderItems, orders } from '../db/schema';
import type { EmailData } from '../mail/kinds';
import { downloadAllowance, downloadLinks } from './downloads';
import { customerNameOf, orderTotals } from './shop-emails';

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

const statusUrl = (order: OrderRow, origin: string) =>
  `${origin}/orders/${encodeURIComponent(order.id)}?token=${encodeURIComponent(order.accessToken)}`;

/**
 * The buyer's receipt: the order's lines, totals, status link and any download links. The queue
 * (checkout) and the owner's preview of it (page type 301) read the same.
 */
export async function receiptEmailData(
  db: Queryable,
  order: OrderRow,
  items: readonly OrderItemRow[],
  { origin, currency }: { origin: string; currency: CurrencyCode },
): Promise<EmailData['order-receipt']> {
  const money = (cents: number) => formatMinorWithSymbol(BigInt(cents), currency);
  const links = new Map((await downloadLinks(db, order.id, origin)).map((l) => [l.orderItemId, l]));
  const downloads = items.flatMap((item) => {
    const link = links.get(item.id);
    return link
      ? [{ title: item.productName, url: link.url, allowance: downloadAllowance(link, false) }]
      : [];
  });
  const customerName = customerNameOf(order);
  return {
    orderNumber: String(order.orderNumber),
    ...(customerName && { customerName }),
    lines: items.map((item) => ({
      title: item.productName,
      quantity: item.quantity,
      total: money(item.unitPriceCents * item.quantity),
    })),
    ...orderTotals(order, money),
    statusUrl: statusUrl(order, origin),
    ...(downloads.length > 0 && { downloads }),
  };
}

/** The shipping email for a parcel: the carrier's page for it unless the owner gave their own link. */
export function shippingEmailData(
  order: OrderRow,
  parcel: { carrier?: string; trackingNumber?: string; trackingUrl?: string },
  origin: string,
): EmailData['shipping'] {
  const customerName = customerNameOf(order);
  return {
    orderNumber: String(order.orderNumber),
    ...(customerName && { customerName }),
    carrier: parcel.carrier,
    trackingNumber: parcel.trackingNumber,
    trackingUrl: parcel.trackingUrl ?? carrierTrackingUrl(parcel.carrier, parcel.trackingNumber),
    statusUrl: statusUrl(order, origin),
  };
}
