import {
  describeSubscriptionPrice,
  formatMinorWithSymbol,
  isCurrencyCode,
  minorToMoney,
} from '@site/commerce-core';
import { inArray } from 'drizzle-orm';
import type { findOrder } from '../commerce/checkout';
import { downloadAllowance, downloadLinks } from '../commerce/downloads';
import { GIFT_CARD_FIELDS_KEY, type GiftCardRecipient } from '../commerce/gift-cards';
import type { Database } from '../db/client';
import { products, variants } from '../db/schema';

const ORDER_STATUS_TEXT: Record<string, string> = {
  pending: 'Waiting for the payment to be confirmed',
  paid: 'Paid — being prepared',
  fulfilled: 'Shipped',
  cancelled: 'Cancelled',
};

type FoundOrder = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

interface FormField {
  id: string;
  title?: string;
}

/** An answer as a shopper reads it: lists (checkboxes, name parts) joined, empty answers left out. */
function answerText(value: unknown): string {
  if (Array.isArray(value)) return value.map(answerText).filter(Boolean).join(', ');
  if (value && typeof value === 'object')
    return Object.values(value).map(answerText).filter(Boolean).join(', ');
  return value === undefined || value === null ? '' : String(value).trim();
}

/**
 * A line's answers as question/answer rows: the product form's answers under its own questions,
 * in the form's order (stored answers come back in jsonb's key order; unknown ids last), and a
 * gift card's recipient as "To", "From", "Message" and "Sends on" rows rather than one raw entry.
 */
export function lineAnswers(
  fields: Record<string, unknown>,
  asked: Map<string, string> | undefined,
): { question: string; answer: string }[] {
  const rank = (id: string) => {
    const at = asked ? [...asked.keys()].indexOf(id) : -1;
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  const answers = Object.entries(fields).sort(([a], [b]) => rank(a) - rank(b));
  return answers.flatMap(([id, value]) => {
    if (id === GIFT_CARD_FIELDS_KEY && value && typeof value === 'object')
      return giftCardRows(value as Partial<GiftCardRecipient>);
    const text = answerText(value);
    return text ? [{ question: asked?.get(id) ?? id, answer: text }] : [];
  });
}

function giftCardRows(r: Partial<GiftCardRecipient>): { question: string; answer: string }[] {
  const name = answerText(r.recipientName);
  const email = answerText(r.recipientEmail);
  const to = name && email ? `${name} (${email})` : name || email;
  const sendOn = r.sendDate && /^\d{4}-\d{2}-\d{2}$/.test(r.sendDate) ? r.sendDate : undefined;
  const rows: [string, string | undefined][] = [
    ['To', to],
    ['From', answerText(r.senderName)],
    ['Message', answerText(r.message)],
    [
      'Sends on',
      sendOn &&
        new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
          new Date(`${sendOn}T00:00:00Z`),
        ),
    ],
  ];
  return rows.flatMap(([question, answer]) => (answer ? [{ question, answer }] : []));
}

/** "United Kingdom" for `GB` in the site's language: shoppers do not read ISO codes. */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * What the order pages (confirmed 202, subscription confirmed 206, status 211) show: each line with
 * its chosen options ("Size: M") and its personalisation answers under the form's own questions,
 * for a subscription what it costs per billing period, and a digital line's download link.
 */
export async function orderContext(db: Database, { order, items }: FoundOrder, locale = 'en-US') {
  const currency = isCurrencyCode(order.currency) ? order.currency : 'USD';
  const money = (cents: number) => minorToMoney({ minor: BigInt(cents), currency });
  const variantIds = [...new Set(items.map((i) => i.variantId))];
  const productIds = [...new Set(items.map((i) => i.productId))];
  // A variant or product removed since the purchase leaves its line with the name and SKU kept on the order.
  const [variantRows, productRows, downloads] = await Promise.all([
    variantIds.length
      ? db
          .select({ id: variants.id, attributes: variants.attributes })
          .from(variants)
          .where(inArray(variants.id, variantIds))
      : [],
    productIds.length
      ? db
          .select({ id: products.id, details: products.details })
          .from(products)
          .where(inArray(products.id, productIds))
      : [],
    downloadLinks(db, order.id),
  ]);
  const linkOf = new Map(downloads.map((d) => [d.orderItemId, d]));
  const attributes = new Map(variantRows.map((v) => [v.id, v.attributes as Record<string, string>]));
  const questions = new Map(
    productRows.map((p) => {
      const form = (p.details as { additionalFieldsForm?: { fields?: FormField[] } }).additionalFieldsForm;
      return [p.id, new Map((form?.fields ?? []).map((f) => [f.id, f.title || f.id]))];
    }),
  );
  const plan = order.subscriptionPlan ?? undefined;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    email: order.email,
    testMode: order.testMode,
    subscriptionPlan: plan,
    // "$20.00 every month": the first charge was this order's total; renewals bill the same.
    billingPeriod: plan
      ? describeSubscriptionPrice(plan, formatMinorWithSymbol(BigInt(order.grandTotalCents), currency))
      : undefined,
    createdOn: order.createdAt.getTime(),
    // Order status (211): where the order stands, in the shopper's words.
    statusText: ORDER_STATUS_TEXT[order.status] ?? order.status,
    fulfilled: order.status === 'fulfilled' || undefined,
    pending: order.status === 'pending' || undefined,
    // Order received (207) after the bank refused: the processor's reason, not "waiting for the bank".
    paymentFailed: (order.status === 'pending' && order.paymentError) || undefined,
    cancelled: order.status === 'cancelled' || undefined,
    trackingNumber: order.trackingNumber ?? undefined,
    carrier: order.carrier ?? undefined,
    shippingAddress: order.shippingAddress
      ? { ...order.shippingAddress, countryName: countryName(order.shippingAddress.country ?? '', locale) }
      : undefined,
    shippingOption: order.shippingOption ?? undefined,
    items: items.map((i) => {
      const options = Object.entries(attributes.get(i.variantId) ?? {}).map(([name, value]) => ({
        name,
        value,
      }));
      const personalisation = lineAnswers(i.additionalFields ?? {}, questions.get(i.productId));
      const link = linkOf.get(i.id);
      return {
        itemId: i.productId,
        productName: i.productName,
        sku: i.sku,
        quantity: i.quantity,
        unitPrice: money(i.unitPriceCents),
        lineTotal: money(i.unitPriceCents * i.quantity),
        options: options.length ? options : undefined,
        personalisation: personalisation.length ? personalisation : undefined,
        download: link && { url: link.url, allowance: downloadAllowance(link, true) },
      };
    }),
    subtotal: money(order.subtotalCents),
    discount: order.discountCents > 0 ? money(order.discountCents) : undefined,
    shipping: money(order.shippingCents),
    tax: money(order.taxCents),
    grandTotal: money(order.grandTotalCents),
  };
}
