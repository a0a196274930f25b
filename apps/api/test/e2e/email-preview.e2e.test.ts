import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../browser';
import { ADDRESS, TEST_CARD } from '../client';
import { signInOwner } from '../owner-browser';
import { startBuiltServer, type StartedServer } from '../server';

/** Where to keep screenshots of the preview, when asked (EMAIL_PREVIEW_SHOTS=/some/folder). */
const shots = process.env.EMAIL_PREVIEW_SHOTS;

/**
 * Page type 301 from the editor: the owner opens an order, follows "Preview the order confirmation
 * email" to a new tab and reads the email sent for that order, on a phone and on a desktop.
 */
describe.skipIf(!hasChromium)('commerce email preview in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let owner: Page;
  let order: { id: string; orderNumber: number };

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    const shopper = (await browser.newContext()).request;
    await shopper.get(server.url + '/api/crumb');
    const crumb = (await shopper.storageState()).cookies.find((c) => c.name === 'crumb')!.value;
    const headers = { 'x-csrf-token': crumb };
    const added = await shopper.post(server.url + '/api/commerce/shopping-cart/entries', {
      data: { itemId: 'prod-canvas-tote', sku: 'TOTE-OLIVE', quantity: 1 },
      headers,
    });
    expect(added.status(), await added.text()).toBe(200);
    const placed = await shopper.post(server.url + '/api/commerce/checkout', {
      data: { email: 'ada@example.com', shippingAddress: ADDRESS, payment: TEST_CARD },
      headers,
    });
    expect(placed.status(), await placed.text()).toBe(200);
    order = ((await placed.json()) as { order: typeof order }).order;
    owner = await (await browser.newContext()).newPage();
    owner.setDefaultTimeout(15_000);
    await signInOwner(owner, server.url);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens the order confirmation email from the order in the editor, in a new tab', async () => {
    await owner.goto(`${server.url}/config/orders/${order.id}`);
    const [tab] = await Promise.all([
      owner.context().waitForEvent('page'),
      owner.getByRole('link', { name: /Preview the order confirmation email/ }).click(),
    ]);
    await tab.waitForLoadState();
    expect(await tab.getByRole('heading', { level: 1 }).textContent()).toBe('Order confirmation email');
    expect(await tab.locator('.email-preview__meta').textContent()).toContain('ada@example.com');
    const email = tab.frameLocator('.email-preview__frame');
    await expect.poll(() => email.locator('body').textContent()).toContain(String(order.orderNumber));
    expect(await email.locator('body').textContent()).toContain('Canvas Tote');
    for (const width of [320, 390, 1280]) {
      await tab.setViewportSize({ width, height: 900 });
      expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (shots) await tab.screenshot({ path: `${shots}/email-preview-${width}.png`, fullPage: true });
    }
    await tab.close();
  });

  it('a visitor asking for the same preview gets not found', async () => {
    const visitor = await (await browser.newContext()).newPage();
    const res = await visitor.goto(
      `${server.url}/commerce/email-preview?order=${order.id}&email=order-receipt`,
    );
    expect(res?.status()).toBe(404);
    expect(await visitor.content()).not.toContain('ada@example.com');
    await visitor.context().close();
  });
});
