import { isCurrencyCode } from '@site/commerce-core';
import { mayDo } from '@site/page-content';
import { compile, type Template } from '@site/template-engine';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orderItems, orders } from '../db/schema';
import { renderSiteEmail } from '../mail/queue-email';
import type { Viewer } from './site-chrome';
import { receiptEmailData, shippingEmailData } from '../commerce/order-emails';

/** Page type 301: the owner's view of an order's email as the site sends it. */
export const COMMERCE_EMAIL_PREVIEW_PATH = '/commerce/email-preview';

const PREVIEWED = {
  'order-receipt': 'Order confirmation email',
  shipping: 'Shipping email',
} as const;
type PreviewedEmail = keyof typeof PREVIEWED;

let template: Template | undefined;
const source = () =>
  (template ??= compile(
    [
      '<section class="email-preview" aria-labelledby="email-preview-title">',
      '<p class="order-page__eyebrow">Order #{orderNumber|htmltag}</p>',
      '<h1 id="email-preview-title">{title|htmltag}</h1>',
      '<p>This is the email as it is sent for this order, with your shop’s wording. Only you see this page; nothing is sent from it.</p>',
      '<dl class="email-preview__meta"><dt>To</dt><dd>{to|htmltag}</dd><dt>Subject</dt><dd>{subject|htmltag}</dd></dl>',
      '<iframe class="email-preview__frame" sandbox="" title="{title|htmlattr}: {subject|htmlattr}" srcdoc="{html|htmlattr}"></iframe>',
      '{.section other}<p><a href="{href|htmlattr}">See the {name|htmltag} instead</a></p>{.end}',
      '</section>',
    ].join(''),
  ));

/**
 * `/commerce/email-preview?order=…&email=order-receipt|shipping`: for someone who handles the
 * site's orders, the order's email rendered by the same code that queues it (the owner's subject,
 * opening and colour, the site's contact lines, the order's own lines and links). Anyone else, an
 * unknown order or email: undefined, and the path is not found. The shipping email shows the
 * order's carrier and tracking number once fulfilled, and none before.
 */
export async function commerceEmailPreview(
  db: Database,
  websiteId: string,
  query: Readonly<Record<string, string>>,
  viewer: Viewer,
): Promise<string | undefined> {
  if (!mayDo(viewer.account?.roles ?? [], 'manage-store')) return undefined;
  const email = query.email as PreviewedEmail;
  const orderId = query.order ?? '';
  if (!Object.hasOwn(PREVIEWED, email) || !orderId || orderId.length > 100) return undefined;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.websiteId, websiteId)));
  if (!order) return undefined;
  const origin = viewer.origin ?? '';
  const rendered =
    email === 'order-receipt'
      ? await renderSiteEmail(
          db,
          websiteId,
          'order-receipt',
          await receiptEmailData(
            db,
            order,
            await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)),
            {
              origin,
              currency: isCurrencyCode(order.currency) ? order.currency : 'USD',
            },
          ),
        )
      : await renderSiteEmail(
          db,
          websiteId,
          'shipping',
          shippingEmailData(
            order,
            { carrier: order.carrier ?? undefined, trackingNumber: order.trackingNumber ?? undefined },
            origin,
          ),
        );
  const other: PreviewedEmail = email === 'shipping' ? 'order-receipt' : 'shipping';
  return source().render({
    orderNumber: String(order.orderNumber),
    title: PREVIEWED[email],
    to: order.email,
    subject: rendered.subject,
    html: rendered.html,
    other:
      order.status === 'cancelled' && other === 'shipping'
        ? undefined
        : {
            name: PREVIEWED[other].toLowerCase(),
            href: `${COMMERCE_EMAIL_PREVIEW_PATH}?order=${encodeURIComponent(order.id)}&email=${other}`,
          },
  }).html;
}
