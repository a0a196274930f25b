import { STORE_API } from '@site/commerce-core/admin';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADDRESS, Shopper, TEST_CARD } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { outgoingEmails } from '../db/schema';
import { COMMERCE_EMAIL_PREVIEW_PATH } from './email-preview-page';

const preview = (orderId: string, email: string) =>
  `${COMMERCE_EMAIL_PREVIEW_PATH}?order=${encodeURIComponent(orderId)}&email=${email}`;

// The preview's frame carries the email in its srcdoc attribute, escaped as attributes are.
const framed = (page: string) => {
  const attr = /<iframe[^>]*srcdoc="([^"]*)"/.exec(page)?.[1] ?? '';
  return attr
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
};

describe.each(await databaseTargets())('commerce email preview (page type 301) on $name', (target) => {
  const site = demoSiteSuite(target);

  async function order(email: string) {
    const shopper = new Shopper(site.app);
    expect((await shopper.addToCart('prod-canvas-tote', 'TOTE-OLIVE', 1)).statusCode).toBe(200);
    const res = await shopper.post('/api/commerce/checkout', {
      email,
      shippingAddress: ADDRESS,
      payment: TEST_CARD,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order as { id: string; orderNumber: number };
  }
  const sent = async (to: string, kind: string) =>
    (
      await site.database.db
        .select()
        .from(outgoingEmails)
        .where(and(eq(outgoingEmails.to, to), eq(outgoingEmails.kind, kind)))
    )[0]!;

  it('shows the owner the order confirmation email exactly as it was sent: subject, address and body', async () => {
    const placed = await order('ada@example.com');
    const res = await site.owner.get(preview(placed.id, 'order-receipt'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-page-cache']).toBe('miss');
    const receipt = await sent('ada@example.com', 'order-receipt');
    expect(res.body).toContain('<h1 id="email-preview-title">Order confirmation email</h1>');
    expect(res.body).toContain(`Order #${placed.orderNumber}`);
    expect(res.body).toContain('<dt>To</dt><dd>ada@example.com</dd>');
    expect(res.body).toContain(`<dt>Subject</dt><dd>${receipt.subject.replace(/&/g, '&amp;')}</dd>`);
    expect(framed(res.body)).toBe(receipt.html);
    expect(res.body).toMatch(/<iframe[^>]*sandbox=""/);
    expect(res.body).toContain('<meta name="robots" content="noindex');
    expect(res.body).toContain(`href="${preview(placed.id, 'shipping').replace(/&/g, '&amp;')}"`);
    // Asked again, never a cached copy.
    expect((await site.owner.get(preview(placed.id, 'order-receipt'))).headers['x-page-cache']).toBe('miss');
  });

  it('shows the shipping email with the parcel once fulfilled, as it was sent', async () => {
    const placed = await order('grace@example.com');
    const before = await site.owner.get(preview(placed.id, 'shipping'));
    expect(before.statusCode).toBe(200);
    expect(framed(before.body)).not.toContain('1Z999');
    const fulfil = await site.owner.call('POST', STORE_API.fulfilOrder(placed.id), {
      trackingNumber: '1Z999',
      carrier: 'UPS',
      notifyCustomer: true,
    });
    expect(fulfil.statusCode, fulfil.body).toBe(200);
    const after = await site.owner.get(preview(placed.id, 'shipping'));
    expect(framed(after.body)).toBe((await sent('grace@example.com', 'shipping')).html);
    expect(framed(after.body)).toContain('https://www.ups.com/track?tracknum=1Z999');
  });

  it('follows the owner’s wording of the email', async () => {
    const placed = await order('mary@example.com');
    const saved = await site.owner.call('PUT', STORE_API.shopEmail('order-receipt'), {
      subject: 'Thanks! Order {order} is in',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await site.owner.get(preview(placed.id, 'order-receipt'));
    expect(res.body).toContain(`<dd>Thanks! Order ${placed.orderNumber} is in</dd>`);
  });

  it.each([
    ['a visitor', 'visitor'],
    ['a viewer of the editor (cannot handle orders)', 'viewer'],
  ])('%s gets not found, the email never shown', async (_name, who) => {
    const placed = await order('hidden@example.com');
    const client = who === 'viewer' ? site.viewer : new Shopper(site.app);
    const res = await client.get(preview(placed.id, 'order-receipt'));
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('hidden@example.com');
  });

  let shared: Awaited<ReturnType<typeof order>> | undefined;
  it.each([
    ['an unknown order', 'no-such-order', 'order-receipt'],
    ['an email it does not preview', 'ORDER', 'member-verification'],
    ['no email', 'ORDER', ''],
    ['a prototype key', 'ORDER', '__proto__'],
    ['an order id of 101 characters', 'x'.repeat(101), 'shipping'],
  ])('%s: not found, never a 500', async (_name, orderId, email) => {
    const placed = orderId === 'ORDER' ? (shared ??= await order('odd@example.com')) : undefined;
    const res = await site.owner.get(preview(placed?.id ?? orderId, email));
    expect(res.statusCode).toBe(404);
  });
});
