import { describe, expect, it } from 'vitest';
import { hasChromium } from '../browser';
import { chromiumSession } from '../chromium-session';

interface SentEvent {
  event_name?: string;
  related_item_ids?: string[];
  related_item_id?: string;
  product?: { item_id?: string };
}

/** The cart's "customers also bought" row in Chromium: shown, followed and added, each reported. */
describe.skipIf(!hasChromium)('customers also bought in the cart, in Chromium', () => {
  const events: SentEvent[] = [];
  const e2e = chromiumSession({
    // The site-visitor events travel as beacons; the route sees their bodies on the way out.
    setup: ({ page }) =>
      page.route('**/api/v1/clanker/events', async (route) => {
        try {
          const body = JSON.parse(route.request().postData() ?? '{}') as { eventContent?: string };
          if (body.eventContent) events.push(JSON.parse(body.eventContent) as SentEvent);
        } catch {
          // Not an event this test reads.
        }
        await route.continue();
      }),
  });

  const row = () => e2e.page.getByRole('region', { name: 'Customers also bought' });
  const named = (name: string) => events.filter((e) => e.event_name === name);

  it('shows the row under a cart with something in it, never suggesting what is in the cart', async () => {
    await e2e.page.goto(e2e.server.url + '/shop/p/field-notebook');
    await e2e.page.locator('.product-detail .sqs-add-to-cart-button').click();
    await expect
      .poll(() => e2e.page.locator('.product-detail .sqs-add-to-cart-button').textContent(), {
        timeout: 5000,
      })
      .toContain('Added!');
    await e2e.page.goto(e2e.server.url + '/cart');
    await expect.poll(() => row().count(), { timeout: 10_000 }).toBe(1);
    const hrefs = await row()
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.length).toBeLessThanOrEqual(4);
    expect(hrefs).not.toContain('/shop/p/field-notebook');
  });

  it('reports the row as shown once it is on screen, for the cart product it serves', async () => {
    await row().scrollIntoViewIfNeeded();
    await expect.poll(() => named('related_products_shown').length, { timeout: 10_000 }).toBe(1);
    const shown = named('related_products_shown')[0]!;
    expect(shown.product?.item_id).toBe('prod-field-notebook');
    expect(shown.related_item_ids!.length).toBeGreaterThan(0);
  });

  it('puts a quick-add suggestion in the cart and reports it as a related product added', async () => {
    const add = row()
      .getByRole('button', { name: /^Add .+ to cart$/ })
      .first();
    const label = (await add.getAttribute('aria-label'))!;
    await add.click();
    await expect.poll(() => e2e.page.locator('.sqs-cart-item').count(), { timeout: 10_000 }).toBe(2);
    await expect
      .poll(() => e2e.page.getByRole('status').allTextContents(), { timeout: 5000 })
      .toContain(`Added to cart: ${label.replace(/^Add (.+) to cart$/, '$1')}`);
    await expect.poll(() => named('related_product_added').length, { timeout: 10_000 }).toBe(1);
    expect(named('related_product_added')[0]!.product?.item_id).toBe('prod-field-notebook');
  });

  it('fits a phone, and reports a followed suggestion before leaving', async () => {
    await e2e.page.setViewportSize({ width: 320, height: 800 });
    await expect
      .poll(() => e2e.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
      .toBe(true);
    const link = row().getByRole('link').first();
    const href = await link.getAttribute('href');
    await link.click();
    await e2e.page.waitForURL((url) => url.pathname === href);
    await expect.poll(() => named('related_product_clicked').length, { timeout: 10_000 }).toBe(1);
    expect(e2e.pageErrors).toEqual([]);
  });
});
