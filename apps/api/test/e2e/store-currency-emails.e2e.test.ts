import { describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../src/seed/demo-site';
import { hasChromium } from '../browser';
import { chromiumSession } from '../chromium-session';

/**
 * Issue 24's store currency and shop emails through the editor: the owner picks Euro in the store
 * settings and the shop prices in euros; the owner edits the confirmation email's subject and
 * opening text and the preview shows them before anything is saved.
 */
describe.skipIf(!hasChromium)('the store currency and the shop emails in the editor', () => {
  const e2e = chromiumSession({
    viewport: { width: 1280, height: 900 },
    setup: async ({ page, server }) => {
      page.setDefaultTimeout(15_000);
      await page.goto(server.url + '/config');
      await page.getByLabel('Email').fill(DEMO_OWNER.email);
      await page.getByLabel('Password').fill(DEMO_OWNER.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    },
    timeout: 120_000,
  });

  const shopHtml = async (path: string) => (await fetch(e2e.server.url + path)).text();

  it('picks Euro in the store settings, and the shop shows its prices in euros', async () => {
    expect(await shopHtml('/shop/p/canvas-tote')).toContain('$85.00');
    await e2e.page.getByRole('link', { name: 'Store', exact: true }).click();
    await e2e.page.getByRole('tab', { name: 'Settings' }).click();
    const panel = e2e.page.getByRole('form', { name: 'Store currency' });
    await panel.getByLabel('Currency', { exact: true }).selectOption('EUR');
    await panel.getByRole('button', { name: 'Save currency' }).click();
    // A store with orders asks first; the demo store may have some.
    const confirm = e2e.page.getByRole('alertdialog', { name: 'Change the store currency?' });
    const asked = await Promise.race([
      confirm.waitFor().then(
        () => true,
        () => false,
      ),
      panel
        .getByText('Prices are now in Euro (EUR).')
        .waitFor()
        .then(
          () => false,
          () => false,
        ),
    ]);
    if (asked) {
      await expect.poll(() => confirm.textContent()).toContain('keep the currency');
      await confirm.getByRole('button', { name: 'Change to EUR' }).click();
    }
    await panel.getByText('Prices are now in Euro (EUR).').waitFor();
    // The store's other amounts are typed in euros now.
    await expect
      .poll(() => e2e.page.getByRole('region', { name: 'Checkout' }).textContent())
      .toContain('In EUR');

    await expect.poll(() => shopHtml('/shop/p/canvas-tote'), { timeout: 10_000 }).toContain('€85.00');
    expect(await shopHtml('/shop')).toContain('€85.00');
    const shopper = await e2e.browser.newPage();
    await shopper.goto(e2e.server.url + '/shop/p/canvas-tote');
    await expect.poll(() => shopper.locator('.product-detail').first().textContent()).toContain('€85.00');
    await shopper.close();
  });

  it('previews an edited subject and opening text before saving, then keeps them', async () => {
    await e2e.page.getByRole('link', { name: 'Emails', exact: true }).click();
    const form = e2e.page.getByRole('form', { name: 'Order confirmation' });
    const subject = form.getByLabel('Subject');
    await subject.waitFor();
    const preview = e2e.page.getByRole('region', { name: 'Preview' });
    const frame = e2e.page.frameLocator('iframe[title="Preview of the Order confirmation email"]');
    // The sample order is priced in the store currency.
    await expect.poll(() => frame.locator('body').textContent()).toContain('€85.00');

    await subject.fill('Thanks from {shop}: order #{order}');
    await form.getByLabel('Opening text').fill('Your parcel is being packed by hand.');
    await expect.poll(() => preview.textContent()).toContain('Thanks from Fieldnotes Supply Co.: order #');
    await expect
      .poll(() => frame.locator('body').textContent())
      .toContain('Your parcel is being packed by hand.');

    await form.getByRole('button', { name: 'Save email' }).click();
    await expect.poll(() => form.getByRole('button', { name: 'Send me a test' }).isEnabled()).toBe(true);
    await e2e.page.reload();
    await expect
      .poll(() =>
        e2e.page.getByRole('form', { name: 'Order confirmation' }).getByLabel('Subject').inputValue(),
      )
      .toBe('Thanks from {shop}: order #{order}');

    await e2e.page.getByRole('button', { name: 'Restore the default' }).click();
    await expect
      .poll(() =>
        e2e.page.getByRole('form', { name: 'Order confirmation' }).getByLabel('Subject').inputValue(),
      )
      .toBe('');
    await expect.poll(() => preview.textContent()).toContain('Your Fieldnotes Supply Co. order #');
    expect(e2e.pageErrors).toEqual([]);
  });
});
