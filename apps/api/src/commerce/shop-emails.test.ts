import { STORE_API } from '@site/commerce-core/admin';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADDRESS, Shopper, TEST_CARD } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { mailSuite, readableBody } from '../../test/mail-suite';
import type { ReceivedEmail } from '../../test/smtp-sink';
import { variants } from '../db/schema';
import { DEMO_OWNER } from '../seed/demo-site';

const targets = await databaseTargets();

/**
 * The emails a shop sends (issue 24, issue 23's email settings), through the mail worker to a real
 * SMTP server: each owner setting is flipped and what arrives is checked.
 */
describe.each(targets)('shop emails on $name', (target) => {
  const demo = demoSiteSuite(target);
  const { sink, delivered } = mailSuite(() => demo.database.db);
  const body = readableBody;
  const summary = (mails: ReceivedEmail[]) => mails.map((m) => `${m.to.join(',')}: ${m.subject}`).sort();

  const setNotifications = async (body: Record<string, unknown>) => {
    const res = await demo.owner.call('PUT', STORE_API.commercePreferences('notifications'), body);
    expect(res.statusCode, res.body).toBe(200);
  };
  const buy = async (
    sku: string,
    quantity: number,
    email = 'grace@example.com',
    productId = 'prod-canvas-tote',
  ) => {
    const shopper = new Shopper(demo.app);
    expect((await shopper.addToCart(productId, sku, quantity)).statusCode).toBe(200);
    const res = await shopper.post('/api/commerce/checkout', {
      email,
      shippingAddress: ADDRESS,
      payment: TEST_CARD,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { order: { id: string; orderNumber: number } }).order;
  };
  const setStock = async (sku: string, qtyInStock: number) => {
    const [v] = await demo.database.db.select().from(variants).where(eq(variants.sku, sku));
    expect((await demo.owner.call('PATCH', STORE_API.variantStock(v!.id), { qtyInStock })).statusCode).toBe(
      200,
    );
  };

  describe('each email setting, flipped', () => {
    // One row per setting: what the owner saves, and who is emailed by a purchase then a fulfilment.
    const rows: { name: string; settings: Record<string, unknown>; expected: (n: number) => string[] }[] = [
      {
        name: 'nothing saved: receipt, shipping email and the owner’s new-order email',
        settings: {},
        expected: (n) => [
          `grace@example.com: Your Fieldnotes Supply Co. order #${n}`,
          `grace@example.com: Your Fieldnotes Supply Co. order #${n} has shipped`,
          `${DEMO_OWNER.email}: New order #${n} on Fieldnotes Supply Co.`,
        ],
      },
      {
        name: 'order confirmation off',
        settings: { orderConfirmationEnabled: false },
        expected: (n) => [
          `grace@example.com: Your Fieldnotes Supply Co. order #${n} has shipped`,
          `${DEMO_OWNER.email}: New order #${n} on Fieldnotes Supply Co.`,
        ],
      },
      {
        name: 'fulfilment email off',
        settings: { fulfilmentEmailEnabled: false },
        expected: (n) => [
          `grace@example.com: Your Fieldnotes Supply Co. order #${n}`,
          `${DEMO_OWNER.email}: New order #${n} on Fieldnotes Supply Co.`,
        ],
      },
      {
        name: 'both customer emails on, said so',
        settings: {
          orderConfirmationEnabled: true,
          fulfilmentEmailEnabled: true,
          newOrderEmailEnabled: false,
        },
        expected: (n) => [
          `grace@example.com: Your Fieldnotes Supply Co. order #${n}`,
          `grace@example.com: Your Fieldnotes Supply Co. order #${n} has shipped`,
        ],
      },
      {
        name: 'new-order email to the notify address and the listed addresses, each once',
        settings: {
          notifyEmail: 'orders@demo.test',
          newOrderRecipients: 'packing@demo.test, ORDERS@demo.test\nboss@demo.test',
          orderConfirmationEnabled: false,
          fulfilmentEmailEnabled: false,
        },
        expected: (n) => [
          `boss@demo.test: New order #${n} on Fieldnotes Supply Co.`,
          `orders@demo.test: New order #${n} on Fieldnotes Supply Co.`,
          `packing@demo.test: New order #${n} on Fieldnotes Supply Co.`,
        ],
      },
    ];

    it.each(rows)('$name', async ({ settings, expected }) => {
      await setNotifications(settings);
      const order = await buy('TOTE-OLIVE', 1);
      const fulfil = await demo.owner.call('POST', STORE_API.fulfilOrder(order.id), {
        trackingNumber: '1Z999',
      });
      expect(fulfil.statusCode, fulfil.body).toBe(200);
      expect(summary(await delivered())).toEqual(expected(order.orderNumber).sort());
      await setStock('TOTE-OLIVE', 12);
    });

    it('lets the owner send the shipping email for one order while the setting is off, and skip it while on', async () => {
      await setNotifications({
        fulfilmentEmailEnabled: false,
        orderConfirmationEnabled: false,
        newOrderEmailEnabled: false,
      });
      const a = await buy('TOTE-OLIVE', 1);
      await demo.owner.call('POST', STORE_API.fulfilOrder(a.id), {
        trackingNumber: '1',
        notifyCustomer: true,
      });
      await setNotifications({ orderConfirmationEnabled: false, newOrderEmailEnabled: false });
      const b = await buy('TOTE-OLIVE', 1);
      await demo.owner.call('POST', STORE_API.fulfilOrder(b.id), {
        trackingNumber: '2',
        notifyCustomer: false,
      });
      expect(summary(await delivered())).toEqual([
        `grace@example.com: Your Fieldnotes Supply Co. order #${a.orderNumber} has shipped`,
      ]);
      await setStock('TOTE-OLIVE', 12);
    });

    it('shows the new-order email’s order lines, customer and address', async () => {
      await setNotifications({ orderConfirmationEnabled: false });
      const order = await buy('TOTE-SAND', 2, 'hal@example.com');
      const [mail] = await delivered();
      expect(mail!.subject).toBe(`New order #${order.orderNumber} on Fieldnotes Supply Co.`);
      expect(body(mail!)).toContain('hal@example.com');
      expect(body(mail!)).toContain('TOTE-SAND');
      expect(body(mail!)).toContain(ADDRESS.line1);
      expect(body(mail!)).toContain(`/config/orders/${order.id}`);
      await setStock('TOTE-SAND', 3);
    });

    it('refuses a listed address that is not one, naming it', async () => {
      const res = await demo.owner.call('PUT', STORE_API.commercePreferences('notifications'), {
        newOrderRecipients: 'packing@demo.test, not-an-address',
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(
        '\\"not-an-address\\" is not an email address. Separate addresses with commas.',
      );
    });
  });

  describe('low stock', () => {
    it('emails the notify address once per crossing of the threshold, not per sale; a restock re-arms it', async () => {
      await setNotifications({
        lowStockThreshold: 3,
        notifyEmail: 'stock@demo.test',
        orderConfirmationEnabled: false,
        newOrderEmailEnabled: false,
      });
      await setStock('TOTE-OLIVE', 12);
      const lowStock = async () => (await delivered()).filter((m) => m.subject.startsWith('Low stock'));
      await buy('TOTE-OLIVE', 8); // 12 → 4: above the threshold
      expect(await lowStock()).toHaveLength(0);
      await buy('TOTE-OLIVE', 1); // 4 → 3: crosses
      await buy('TOTE-OLIVE', 1); // 3 → 2: already below
      await buy('TOTE-OLIVE', 2); // 2 → 0
      const first = await lowStock();
      expect(first.map((m) => [m.to, m.subject])).toEqual([
        [['stock@demo.test'], 'Low stock: Waxed Canvas Tote (Olive)'],
      ]);
      expect(body(first[0]!)).toContain('TOTE-OLIVE');
      await setStock('TOTE-OLIVE', 10); // back above: re-armed
      await buy('TOTE-OLIVE', 9); // 10 → 1: crosses again
      expect(await lowStock()).toHaveLength(2);
      await setStock('TOTE-OLIVE', 12);
    });

    it('sends one email when concurrent sales cross together, and none without a threshold', async () => {
      await setNotifications({
        lowStockThreshold: 5,
        orderConfirmationEnabled: false,
        newOrderEmailEnabled: false,
      });
      await setStock('TOTE-OLIVE', 8);
      await Promise.all(Array.from({ length: 6 }, (_, i) => buy('TOTE-OLIVE', 1, `racer${i}@example.com`)));
      const mails = (await delivered()).filter((m) => m.subject.startsWith('Low stock'));
      // No notify address: the owner account's address.
      expect(mails.map((m) => m.to)).toEqual([[DEMO_OWNER.email]]);
      await setNotifications({ orderConfirmationEnabled: false, newOrderEmailEnabled: false });
      sink.received.length = 0;
      await setStock('TOTE-OLIVE', 8);
      await buy('TOTE-OLIVE', 8);
      expect(await delivered()).toEqual([]);
      await setStock('TOTE-OLIVE', 12);
    });
  });
});
