import { SHOP_EMAIL_KINDS, STORE_API, type ShopEmailTemplateView } from '@site/commerce-core/admin';
import { describe, expect, it } from 'vitest';
import { ADDRESS, Shopper, TEST_CARD } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { mailSuite, readableBody } from '../../test/mail-suite';
import type { ReceivedEmail } from '../../test/smtp-sink';
import { DEMO_OWNER } from '../seed/demo-site';

const targets = await databaseTargets();

const XSS = '<script>alert(1)</script><img src=x onerror=alert(2)>';

/**
 * The owner's editor of the shop's emails (issue 24): what the screen lists and previews, what it
 * refuses, and that what the owner saves is what a real SMTP server then receives.
 */
describe.each(targets)('shop email editor on $name', (target) => {
  const demo = demoSiteSuite(target);
  const { sink, delivered } = mailSuite(() => demo.database.db);
  const body = readableBody;
  const list = async () => {
    const res = await demo.owner.call('GET', STORE_API.shopEmails);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { emails: ShopEmailTemplateView[] }).emails;
  };
  const buy = async () => {
    const shopper = new Shopper(demo.app);
    expect((await shopper.addToCart('prod-canvas-tote', 'TOTE-OLIVE', 1)).statusCode).toBe(200);
    const res = await shopper.post('/api/commerce/checkout', {
      email: 'grace@example.com',
      shippingAddress: { ...ADDRESS, firstName: 'Grace', lastName: 'Hopper' },
      payment: TEST_CARD,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { order: { orderNumber: number } }).order;
  };
  const receiptOf = (mails: ReceivedEmail[]) => mails.find((m) => m.to.includes('grace@example.com'));

  it('lists every shop email with its defaults, placeholders, switch and a preview on the sample order', async () => {
    const emails = await list();
    expect(emails.map((e) => e.kind)).toEqual([...SHOP_EMAIL_KINDS]);
    const receipt = emails.find((e) => e.kind === 'order-receipt')!;
    expect(receipt).toMatchObject({
      enabled: true,
      saved: {},
      placeholders: ['shop', 'order', 'customer'],
      defaults: { subject: 'Your {shop} order #{order}', accentColour: '#222222' },
    });
    expect(receipt.preview.subject).toBe('Your Fieldnotes Supply Co. order #1042');
    expect(receipt.preview.html).toContain('Hi Alex Rivera,');
    expect(receipt.preview.text).toContain('Thank you for your order.');
    // Off until the owner sets a threshold or opts in.
    expect(emails.find((e) => e.kind === 'low-stock')!.enabled).toBe(false);
    expect(emails.find((e) => e.kind === 'cart-recovery')!.enabled).toBe(false);
  });

  it('previews a draft without saving it, with the owner’s text escaped', async () => {
    const res = await demo.owner.call('POST', STORE_API.shopEmailPreview('order-receipt'), {
      subject: `Thanks {customer}\r\nBcc: victim@example.com ${XSS}`,
      intro: `Hello ${XSS}\nSecond line`,
      accentColour: '#1f6f5c',
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as ShopEmailTemplateView['preview'];
    // One line: no header can be smuggled in through the subject.
    expect(preview.subject).toBe(`Thanks Alex Rivera Bcc: victim@example.com ${XSS}`);
    expect(preview.html).not.toContain('<script>');
    expect(preview.html).not.toContain('<img src=x');
    expect(preview.html).toContain(
      'Hello &lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;',
    );
    expect(preview.html).toContain('background:#1f6f5c');
    expect(preview.text).toContain('Second line');
    expect((await list()).find((e) => e.kind === 'order-receipt')!.saved).toEqual({});
  });

  it.each([
    [
      'an unknown placeholder',
      'order-receipt',
      { subject: 'Order {ordr}' },
      400,
      '{ordr} is not something this email can fill in. Use {shop}, {order} or {customer}.',
    ],
    [
      'a placeholder this email has no value for',
      'cart-recovery',
      { intro: 'About order {order}' },
      400,
      '{order} is not something this email can fill in. Use {shop}.',
    ],
    ['a colour by name', 'shipping', { accentColour: 'red' }, 400, 'Enter a colour as # and six hex digits'],
    ['a number for the subject', 'shipping', { subject: 7 }, 400, ''],
    ['a field it does not have', 'shipping', { html: '<b>x</b>' }, 400, ''],
    ['a subject past 200 characters', 'shipping', { subject: 'x'.repeat(201) }, 400, ''],
    ['an email that does not exist', 'password-reset', { subject: 'Hi' }, 404, ''],
  ])('refuses %s', async (_name, kind, draft, status, message) => {
    for (const path of [STORE_API.shopEmail(kind), STORE_API.shopEmailPreview(kind)]) {
      const res = await demo.owner.call(path.endsWith('/preview') ? 'POST' : 'PUT', path, draft);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.body).toContain(JSON.stringify(message).slice(1, -1));
    }
    expect((await list()).every((e) => Object.keys(e.saved).length === 0)).toBe(true);
  });

  it('lets a viewer look but not change', async () => {
    expect((await demo.viewer.call('GET', STORE_API.shopEmails)).statusCode).toBe(200);
    const res = await demo.viewer.call('PUT', STORE_API.shopEmail('shipping'), { subject: 'Hi' });
    expect(res.statusCode).toBe(403);
  });

  it('sends what the owner saved to a real SMTP server, test emails included; restoring the default brings it back', async () => {
    const saved = await demo.owner.call('PUT', STORE_API.shopEmail('order-receipt'), {
      subject: '{customer}, your {shop} order {order} is in',
      intro: `We are packing it now. ${XSS}`,
      accentColour: '#1f6f5c',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as ShopEmailTemplateView).preview.subject).toBe(
      'Alex Rivera, your Fieldnotes Supply Co. order 1042 is in',
    );

    const order = await buy();
    const receipt = receiptOf(await delivered())!;
    expect(receipt.subject).toBe(`Grace Hopper, your Fieldnotes Supply Co. order ${order.orderNumber} is in`);
    // The HTML part escapes the owner's text; the plain-text part shows it as typed.
    const html = body(receipt).split('Content-Type: text/html')[1]!;
    expect(html).toContain('We are packing it now. &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('background:#1f6f5c');

    sink.received.length = 0;
    const test = await demo.owner.call('POST', STORE_API.shopEmailTest('order-receipt'));
    expect(test.statusCode, test.body).toBe(202);
    expect(test.json()).toEqual({
      to: DEMO_OWNER.email,
      message: `A test email is on its way to ${DEMO_OWNER.email}.`,
    });
    const [sample] = await delivered();
    expect(sample!.to).toEqual([DEMO_OWNER.email]);
    expect(sample!.subject).toBe('Alex Rivera, your Fieldnotes Supply Co. order 1042 is in');

    const restored = await demo.owner.call('DELETE', STORE_API.shopEmail('order-receipt'));
    expect((restored.json() as ShopEmailTemplateView).saved).toEqual({});
    sink.received.length = 0;
    const next = await buy();
    expect(receiptOf(await delivered())!.subject).toBe(
      `Your Fieldnotes Supply Co. order #${next.orderNumber}`,
    );
  });
});
