import { formatMinorWithSymbol, type CurrencyCode } from '@site/commerce-core';
import { crossesLowStock, shopEmailSettings, type ShopEmailSettings } from '@site/commerce-core/admin';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { onTheTeam, orderItems, orders, siteMembers, websites } from '../db/schema';
import { queueEmail } from '../mail/queue-email';

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

/** The owner's email settings of a site, read in the transaction that sends. */
export async function emailSettingsOf(tx: Pick<Tx, 'select'>, websiteId: string): Promise<ShopEmailSettings> {
  const [site] = await tx
    .select({ settings: websites.settings })
    .from(websites)
    .where(eq(websites.id, websiteId));
  return shopEmailSettings(site?.settings);
}

/**
 * Where the owner's own emails go: the notify address the owner set in the store settings, or
 * else the address of every owner account of the site.
 */
export async function ownerAddresses(
  tx: Pick<Tx, 'select'>,
  websiteId: string,
  settings: Pick<ShopEmailSettings, 'notifyEmail'>,
) {
  if (settings.notifyEmail) return [settings.notifyEmail];
  const owners = await tx
    .select({ email: siteMembers.email })
    .from(siteMembers)
    .where(and(eq(siteMembers.websiteId, websiteId), onTheTeam, sql`'owner' = any(${siteMembers.roles})`));
  return owners.map((o) => o.email);
}

/** Each address once, whatever its case: the owner may also list their own address. */
function distinct(addresses: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const a of addresses) if (!seen.has(a.toLowerCase())) seen.set(a.toLowerCase(), a);
  return [...seen.values()];
}

/** An order's money as every order email shows it: subtotal, each charge that applies, total. */
export function orderTotals(order: OrderRow, money: (cents: number) => string) {
  return {
    subtotal: money(order.subtotalCents),
    ...(order.discountCents > 0 && { discount: money(order.discountCents) }),
    ...(order.shippingCents > 0 && { shipping: money(order.shippingCents) }),
    ...(order.taxCents > 0 && { tax: money(order.taxCents) }),
    total: money(order.grandTotalCents),
  };
}

/** The owner's "new order" email, to the owner and the addresses they listed, in the order's transaction. */
export async function queueNewOrderEmail(
  tx: Tx,
  order: OrderRow,
  items: readonly OrderItemRow[],
  settings: ShopEmailSettings,
  origin: string,
): Promise<void> {
  if (!settings.newOrderEmail) return;
  const to = distinct([
    ...(await ownerAddresses(tx, order.websiteId, settings)),
    ...settings.newOrderRecipients,
  ]);
  if (to.length === 0) return;
  const money = (cents: number) => formatMinorWithSymbol(BigInt(cents), order.currency as CurrencyCode);
  const address = order.shippingAddress;
  const shipTo = address
    ? [
        [address.firstName, address.lastName].filter(Boolean).join(' '),
        address.line1,
        address.line2,
        [address.city, address.region, address.postalCode].filter(Boolean).join(' '),
        address.country,
      ].filter((line): line is string => !!line && line.trim() !== '')
    : undefined;
  const data = {
    orderNumber: String(order.orderNumber),
    customerEmail: order.email,
    ...(customerNameOf(order) && { customerName: customerNameOf(order) }),
    lines: items.map((item) => ({
      title: item.productName,
      sku: item.sku,
      quantity: item.quantity,
      total: money(item.unitPriceCents * item.quantity),
    })),
    ...orderTotals(order, money),
    ...(shipTo && shipTo.length > 0 && { shipTo }),
    ...(order.shippingOption && { shippingOption: order.shippingOption }),
    orderUrl: `${origin}/config/orders/${encodeURIComponent(order.id)}`,
  };
  for (const address of to) await queueEmail(tx, order.websiteId, 'new-order', address, data);
}

/** The buyer's name as they typed it on the shipping address, for a shop email's greeting and `{customer}`. */
export function customerNameOf(order: Pick<OrderRow, 'shippingAddress'>): string | undefined {
  const a = order.shippingAddress;
  const name = [a?.firstName, a?.lastName].filter(Boolean).join(' ').trim();
  return name || undefined;
}

/** One variant's stock before and after a sale. */
export interface StockChange {
  productName: string;
  sku: string;
  before: number;
  after: number;
}

/**
 * The low-stock email for each variant whose stock this sale took from above the owner's threshold
 * to at most it. The sale's own row update reports both numbers under the row lock, so of two
 * concurrent sales only the one that crosses sends, and later sales below the threshold send
 * nothing until a restock or refund lifts the stock above it again.
 */
export async function queueLowStockEmails(
  tx: Tx,
  websiteId: string,
  settings: ShopEmailSettings,
  changes: readonly StockChange[],
  origin: string,
): Promise<void> {
  const crossed = changes.filter((c) => crossesLowStock(c.before, c.after, settings.lowStockThreshold));
  if (crossed.length === 0) return;
  const to = await ownerAddresses(tx, websiteId, settings);
  for (const change of crossed) {
    for (const address of to) {
      await queueEmail(tx, websiteId, 'low-stock', address, {
        productName: change.productName,
        sku: change.sku,
        stock: change.after,
        threshold: settings.lowStockThreshold!,
        inventoryUrl: `${origin}/config/store`,
      });
    }
  }
}
