import { describe, expect, it } from 'vitest';
import { EMAIL_KINDS, type EmailData, type EmailKind } from './kinds';
import { renderEmail } from './render';

const site = { title: 'Fieldnotes <Supply> & Co.' };

/** One filled-in example per template, with the text each part must show. */
const examples: { [K in EmailKind]: { data: EmailData[K]; subject: string; shows: string[] } } = {
  'order-receipt': {
    data: {
      orderNumber: '1042',
      customerName: 'Ann',
      lines: [
        { title: 'Canvas Tote', quantity: 2, total: '$48.00' },
        { title: 'Enamel Mug', quantity: 1, total: '$14.00' },
      ],
      subtotal: '$62.00',
      discount: '$6.20',
      shipping: '$6.00',
      tax: '$4.60',
      total: '$66.40',
      statusUrl: 'https://shop.test/orders/o1?token=t',
    },
    subject: 'Your Fieldnotes <Supply> & Co. order #1042',
    shows: [
      'Ann',
      '2 × Canvas Tote',
      '$48.00',
      '$62.00',
      '-$6.20',
      '$66.40',
      'https://shop.test/orders/o1?token=t',
    ],
  },
  shipping: {
    data: {
      orderNumber: '1042',
      carrier: 'UPS',
      trackingNumber: '1Z999',
      trackingUrl: 'https://ups.test/1Z999',
      statusUrl: 'https://shop.test/orders/o1',
    },
    subject: 'Your Fieldnotes <Supply> & Co. order #1042 has shipped',
    shows: ['UPS', '1Z999', 'https://ups.test/1Z999', 'https://shop.test/orders/o1'],
  },
  'subscription-paused': {
    data: { orderNumber: '1042', productName: 'Coffee Club', amount: '$15.00', attempts: 4 },
    subject: 'Your subscription to Coffee Club is paused',
    shows: ['Coffee Club', '$15.00', '1042'],
  },
  'restock-notice': {
    data: {
      productTitle: 'Canvas Tote',
      productName: 'Canvas Tote (Black)',
      productUrl: 'https://shop.test/shop/p/tote',
    },
    subject: 'Canvas Tote is back in stock',
    shows: ['Canvas Tote (Black)', 'https://shop.test/shop/p/tote'],
  },
  'gift-card': {
    data: {
      amount: '$50.00',
      code: 'GIFT-ABCD-1234',
      senderName: 'Bob',
      recipientName: 'Cy',
      message: 'Happy birthday!',
      shopUrl: 'https://shop.test/shop',
    },
    subject: 'Bob sent you a $50.00 gift card from Fieldnotes <Supply> & Co.',
    shows: ['GIFT-ABCD-1234', 'Cy', 'Happy birthday!', 'https://shop.test/shop'],
  },
  'member-verification': {
    data: { verifyUrl: 'https://shop.test/account/verify?token=v', expiresInHours: 24 },
    subject: 'Confirm your email for Fieldnotes <Supply> & Co.',
    shows: ['https://shop.test/account/verify?token=v', '24 hours'],
  },
  'password-reset': {
    data: { resetUrl: 'https://shop.test/account/reset?token=r', expiresInMinutes: 30 },
    subject: 'Reset your Fieldnotes <Supply> & Co. password',
    shows: ['https://shop.test/account/reset?token=r', '30 minutes'],
  },
  'team-invitation': {
    data: {
      acceptUrl: 'https://shop.test/config/join?token=t',
      role: 'Store manager',
      invitedBy: 'owner@shop.test',
      expiresInDays: 7,
    },
    subject: 'You are invited to Fieldnotes <Supply> & Co.',
    shows: ['https://shop.test/config/join?token=t', 'Store manager', 'owner@shop.test', '7 days'],
  },
  'form-notification': {
    data: {
      formName: 'Contact',
      submittedAt: 'March 3, 2026 at 10:15',
      fields: [
        { label: 'Name', value: 'Dee' },
        { label: 'Message', value: 'Do you ship to Canada?' },
      ],
      pageUrl: 'https://shop.test/contact',
    },
    subject: 'New Contact submission on Fieldnotes <Supply> & Co.',
    shows: ['Dee', 'Do you ship to Canada?', 'March 3, 2026 at 10:15', 'https://shop.test/contact'],
  },
  'new-order': {
    data: {
      orderNumber: '1042',
      customerEmail: 'ann@example.com',
      lines: [{ title: 'Canvas Tote (Olive)', sku: 'TOTE-OLIVE', quantity: 2, total: '$48.00' }],
      subtotal: '$48.00',
      shipping: '$6.00',
      total: '$54.00',
      shipTo: ['Ann Lee', '1 Quay St', 'Portland OR 97201', 'US'],
      shippingOption: 'Standard',
      orderUrl: 'https://shop.test/config/orders/o1',
    },
    subject: 'New order #1042 on Fieldnotes <Supply> & Co.',
    shows: ['ann@example.com', '2 × Canvas Tote (Olive)', 'TOTE-OLIVE', '$54.00', '1 Quay St', 'Standard'],
  },
  'low-stock': {
    data: {
      productName: 'Canvas Tote (Sand)',
      sku: 'TOTE-SAND',
      stock: 2,
      threshold: 2,
      inventoryUrl: 'https://shop.test/config/store',
    },
    subject: 'Low stock: Canvas Tote (Sand)',
    shows: ['Canvas Tote (Sand)', 'TOTE-SAND', 'falls to 2', 'https://shop.test/config/store'],
  },
  'cart-recovery': {
    data: {
      lines: [{ title: 'Linen Shirt (M, Blue)', quantity: 1 }],
      recoverUrl: 'https://shop.test/cart/recover?cart=c1&sig=s',
      unsubscribeUrl: 'https://shop.test/cart/reminders/stop?email=a&sig=s',
    },
    subject: 'You left something in your cart at Fieldnotes <Supply> & Co.',
    shows: [
      '1 × Linen Shirt (M, Blue)',
      'https://shop.test/cart/recover?cart=c1&sig=s',
      'https://shop.test/cart/reminders/stop?email=a&sig=s',
    ],
  },
  'review-request': {
    data: { orderNumber: '1042', reviewUrl: 'https://shop.test/reviews/request?order=o1&sig=s' },
    subject: 'How did you like your order from Fieldnotes <Supply> & Co.?',
    shows: ['#1042', 'https://shop.test/reviews/request?order=o1&sig=s'],
  },
  'donation-receipt': {
    data: {
      donorName: 'Ada',
      amount: '$42.50',
      fund: 'Roof appeal',
      date: 'November 29, 2026',
      reference: 'D-7F3A',
      testMode: false,
    },
    subject: 'Thank you for your donation to Fieldnotes <Supply> & Co.',
    shows: ['Dear Ada', '$42.50', 'Roof appeal', 'November 29, 2026', 'D-7F3A'],
  },
  'newsletter-confirmation': {
    data: { confirmUrl: 'https://shop.test/newsletter/confirm?token=n', listName: 'The Field Letter' },
    subject: 'Confirm your subscription to The Field Letter',
    shows: ['https://shop.test/newsletter/confirm?token=n', 'The Field Letter'],
  },
};

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe('email templates', () => {
  it.each(EMAIL_KINDS)('%s renders a subject, a plain-text part and an HTML part', (kind) => {
    const example = examples[kind];
    const email = renderEmail(kind, example.data as never, site);
    expect(email.subject).toBe(example.subject);
    for (const text of example.shows) {
      expect(email.text).toContain(text);
      expect(email.html).toContain(escapeHtml(text));
    }
    expect(email.text).not.toMatch(/^Subject:/);
    // Plain text: no markup and nothing HTML-escaped.
    expect(email.text).not.toMatch(/<(p|a|h1|table|tr|td|blockquote)\b|&(amp|lt|gt|quot);/);
    expect(email.html).toMatch(/^<!doctype html>/);
    expect(email.html).toContain(`<title>${escapeHtml(example.subject)}</title>`);
    expect(email.html).toContain('Fieldnotes &lt;Supply&gt; &amp; Co.');
  });

  it('escapes data in the HTML part, text and attributes alike', () => {
    const email = renderEmail(
      'restock-notice',
      {
        productTitle: 'Tote',
        productName: '<script>alert(1)</script>',
        productUrl: 'https://x.test/"><img src=x onerror=alert(1)>',
      },
      site,
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('leaves out optional parts that are missing', () => {
    const email = renderEmail(
      'shipping',
      { orderNumber: '7', statusUrl: 'https://shop.test/orders/7' },
      site,
    );
    expect(email.text).not.toContain('Carrier');
    expect(email.text).not.toContain('Tracking');
    expect(email.html).not.toContain('Track your package');
    const gift = renderEmail(
      'gift-card',
      { amount: '$10.00', code: 'C', shopUrl: 'https://shop.test' },
      site,
    );
    expect(gift.subject).toBe('You have received a $10.00 gift card from Fieldnotes <Supply> & Co.');
  });

  it("uses the owner's subject, opening text and colour for a shop email, the defaults for what is empty", () => {
    const data = { orderNumber: '7', statusUrl: 'https://shop.test/orders/7' };
    const own = renderEmail('shipping', data, site, {
      subject: '{shop}: #{order} is\non its way',
      intro: 'Packed by hand <3\nThanks!',
      accentColour: '#1f6f5c',
    });
    expect(own.subject).toBe('Fieldnotes <Supply> & Co.: #7 is on its way');
    expect(own.text).toContain('Packed by hand <3\nThanks!');
    expect(own.html).toContain('Packed by hand &lt;3\nThanks!');
    expect(own.html).toContain('border-top:4px solid #1f6f5c');
    const fallback = renderEmail('shipping', data, site, { subject: '  ', accentColour: '' });
    expect(fallback.subject).toBe('Your Fieldnotes <Supply> & Co. order #7 has shipped');
    expect(fallback.text).toContain('Good news: your order is on its way.');
    expect(fallback.html).toContain('border-top:4px solid #222222');
  });
});
