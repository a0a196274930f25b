import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMERCE_PREFERENCES } from './preferences';
import {
  crossesLowStock,
  effectiveShopEmail,
  NotifyRecipientsSchema,
  recipientList,
  SHOP_EMAIL_KINDS,
  SHOP_EMAIL_PLACEHOLDERS,
  shopEmailSettings,
  shopEmailTemplateSchema,
  type ShopEmailKind,
} from './shop-emails';

describe('shop email settings', () => {
  it.each([
    [
      'nothing saved',
      {},
      { orderConfirmation: true, fulfilmentEmail: true, newOrderEmail: true, cartRecoveryHours: null },
    ],
    [
      'both customer emails off',
      { notifications: { orderConfirmationEnabled: false, fulfilmentEmailEnabled: false } },
      { orderConfirmation: false, fulfilmentEmail: false },
    ],
    ['new-order email off', { notifications: { newOrderEmailEnabled: false } }, { newOrderEmail: false }],
    [
      'recipients typed with commas, spaces and new lines',
      { notifications: { newOrderRecipients: 'a@shop.test, b@shop.test\nc@shop.test' } },
      { newOrderRecipients: ['a@shop.test', 'b@shop.test', 'c@shop.test'] },
    ],
    ['threshold 0 warns at sold out', { notifications: { lowStockThreshold: 0 } }, { lowStockThreshold: 0 }],
    ['recovery on, no delay typed', { cartRecovery: { recoveryEnabled: true } }, { cartRecoveryHours: 4 }],
    [
      'recovery on after 24 h',
      { cartRecovery: { recoveryEnabled: true, recoveryDelayHours: 24 } },
      { cartRecoveryHours: 24 },
    ],
    [
      'recovery delay kept while off',
      { cartRecovery: { recoveryEnabled: false, recoveryDelayHours: 24 } },
      { cartRecoveryHours: null },
    ],
  ])('%s', (_name, commercePreferences, expected) => {
    expect(shopEmailSettings({ commercePreferences })).toMatchObject(expected);
  });

  it('names the address to fix, and caps the list', () => {
    const check = (text: string) => {
      const r = NotifyRecipientsSchema.safeParse(text);
      return r.success ? 'ok' : r.error.issues[0]!.message;
    };
    expect(check('a@shop.test; b@shop.test')).toBe('ok');
    expect(check('a@shop.test, bob at shop')).toBe(
      '"bob" is not an email address. Separate addresses with commas.',
    );
    expect(check(Array.from({ length: 11 }, (_, i) => `x${i}@shop.test`).join(','))).toBe(
      'List at most 10 addresses.',
    );
    expect(recipientList('  ')).toEqual([]);
    expect(COMMERCE_PREFERENCES.cartRecovery.schema.safeParse({ recoveryDelayHours: 0 }).success).toBe(false);
  });
});

describe('low-stock crossing', () => {
  it('warns once per crossing in any run of sales and restocks, and again after stock comes back above', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 40 }),
        fc.array(fc.integer({ min: -5, max: 8 }), { maxLength: 40 }),
        (threshold, start, changes) => {
          let stock = start;
          let warnings = 0;
          let armed = start > threshold;
          let expected = 0;
          for (const change of changes) {
            // A sale takes at most what is there; a positive change is a restock.
            const next = Math.max(0, stock - change);
            if (crossesLowStock(stock, next, threshold)) warnings++;
            if (armed && next <= threshold) expected++;
            armed = next > threshold;
            stock = next;
          }
          expect(warnings).toBe(expected);
        },
      ),
    );
  });

  it('never warns without a threshold', () => {
    expect(crossesLowStock(5, 0, undefined)).toBe(false);
  });
});

describe("the owner's shop email text", () => {
  const check = (kind: ShopEmailKind, template: Record<string, unknown>) => {
    const r = shopEmailTemplateSchema(kind).safeParse(template);
    return r.success ? 'ok' : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join(' | ');
  };

  it.each<[string, ShopEmailKind, Record<string, unknown>, string]>([
    ['known placeholders', 'order-receipt', { subject: 'Thanks {customer}, order #{order} at {shop}' }, 'ok'],
    [
      'a typo in the subject',
      'order-receipt',
      { subject: 'Order #{ordr}' },
      'subject: {ordr} is not something this email can fill in. Use {shop}, {order} or {customer}.',
    ],
    [
      'a placeholder another email has',
      'cart-recovery',
      { intro: 'Your order {order} is waiting' },
      'intro: {order} is not something this email can fill in. Use {shop}.',
    ],
    [
      'the product outside the low-stock email',
      'shipping',
      { intro: '{product} shipped' },
      'intro: {product} is not something this email can fill in. Use {shop}, {order} or {customer}.',
    ],
    ['the product in the low-stock email', 'low-stock', { subject: 'Only a few {product} left' }, 'ok'],
    [
      'empty braces',
      'new-order',
      { intro: 'See {}' },
      'intro: {} is not something this email can fill in. Use {shop}, {order} or {customer}.',
    ],
    ['a lone brace is plain text', 'new-order', { intro: 'Smile :-{ or }' }, 'ok'],
    ['a colour', 'shipping', { accentColour: '#1f6f5c' }, 'ok'],
    [
      'a colour by name',
      'shipping',
      { accentColour: 'red' },
      'accentColour: Enter a colour as # and six hex digits, like #1f6f5c.',
    ],
    ['a field it does not have', 'shipping', { heading: 'Hi' }, 'any'],
  ])('%s', (_name, kind, template, expected) => {
    const answer = check(kind, template);
    if (expected === 'any') expect(answer).not.toBe('ok');
    else expect(answer).toBe(expected);
  });

  it('fills every placeholder an email accepts, in any text the owner types', () => {
    const tokens = { shop: 'Ink & Paper', order: '1042', customer: 'Alex', product: 'Tote (Olive)' };
    fc.assert(
      fc.property(fc.constantFrom(...SHOP_EMAIL_KINDS), fc.string({ maxLength: 40 }), (kind, words) => {
        const subject = SHOP_EMAIL_PLACEHOLDERS[kind].map((p) => `${words}{${p}}`).join(' ');
        if (!shopEmailTemplateSchema(kind).safeParse({ subject }).success) return;
        const filled = effectiveShopEmail(kind, { subject }, tokens).subject;
        for (const p of SHOP_EMAIL_PLACEHOLDERS[kind]) expect(filled).toContain(tokens[p]);
        expect(filled).not.toMatch(/\{(shop|order|customer|product)\}/);
      }),
    );
  });

  it('goes back to the default for an empty field', () => {
    expect(effectiveShopEmail('shipping', { subject: '  ' }, { shop: 'Ink', order: '7' }).subject).toBe(
      'Your Ink order #7 has shipped',
    );
  });
});
