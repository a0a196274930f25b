import { describe, expect, it } from 'vitest';
import { hasChromium } from '../browser';
import { chromiumSession } from '../chromium-session';

/** Quick view on the demo shop's listing: open, choose, add, close, in Chromium. */
describe.skipIf(!hasChromium)('quick view on the shop listing in Chromium', () => {
  const quickViewCalls: string[] = [];
  const e2e = chromiumSession({
    cspViolations: true,
    setup: ({ page }) => {
      page.on('request', (r) => {
        if (r.url().includes('/api/census/RecordQuickView/')) quickViewCalls.push(r.method() + ' ' + r.url());
      });
    },
  });

  const shirtTile = () => e2e.page.locator('.product-card', { hasText: 'Linen Work Shirt' });
  const dialog = () => e2e.page.getByRole('dialog');

  it('each tile has a Quick View button named after its product', async () => {
    await e2e.page.goto(e2e.server.url + '/shop');
    const button = shirtTile().getByRole('button', { name: /^Quick View\s*: Linen Work Shirt$/ });
    await expect.poll(() => button.count()).toBe(1);
    expect(await button.getAttribute('aria-haspopup')).toBe('dialog');
  });

  it('opens a dialog with the product, its choices and add to cart, and records the quick view', async () => {
    await shirtTile()
      .getByRole('button', { name: /Quick View/ })
      .click();
    await expect.poll(() => dialog().count()).toBe(1);
    expect(await dialog().getAttribute('aria-labelledby')).toBeTruthy();
    await expect.poll(() => dialog().getByRole('heading').first().textContent()).toBe('Linen Work Shirt');
    await expect
      .poll(() => dialog().locator('.sqs-add-to-cart-host button').textContent(), { timeout: 5000 })
      .toBe('Add To Cart');
    expect(await dialog().locator('select[data-variant-option-name="Size"]').count()).toBe(1);
    expect(await dialog().getByRole('link', { name: 'View full details' }).getAttribute('href')).toBe(
      '/shop/p/linen-shirt',
    );
    await expect.poll(() => quickViewCalls.length, { timeout: 5000 }).toBe(1);
    expect(quickViewCalls[0]).toMatch(/^POST .*\/api\/census\/RecordQuickView\/.+/);
  });

  it('asks for the options, then adds the chosen variant to the cart', async () => {
    const add = dialog().locator('.sqs-add-to-cart-host button');
    await add.click();
    const alert = e2e.page.getByRole('alertdialog');
    await expect
      .poll(() => alert.textContent(), { timeout: 5000 })
      .toContain('Please select the Size and Color options.');
    await alert.getByRole('button', { name: 'OK' }).click();
    await dialog().locator('select[data-variant-option-name="Size"]').selectOption('M');
    await dialog().locator('.variant-swatch__label', { hasText: 'Blue' }).click();
    await add.click();
    await expect.poll(() => add.textContent(), { timeout: 5000 }).toBe('Added!');
    await expect
      .poll(() => e2e.page.locator('.sqs-pill-cart').textContent(), { timeout: 5000 })
      .toContain('1 item');
  });

  it('closes on Escape and gives focus back to its button', async () => {
    await e2e.page.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);
    const opener = shirtTile().getByRole('button', { name: /Quick View/ });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('opens from the keyboard too', async () => {
    await e2e.page.keyboard.press('Enter');
    await expect.poll(() => dialog().count()).toBe(1);
    await dialog().getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('keeps each tile its size when the script, which starts after the first paint, adds the button', async () => {
    // The page as first painted: the storefront's enhancements (src/start.ts) not run yet.
    const context = await e2e.page.context().browser()!.newContext({ viewport: e2e.page.viewportSize() });
    const painted = await context.newPage();
    await painted.route(/\/assets\/storefront\/assets\/start-[^/]+\.js$/, (route) => route.abort());
    await painted.goto(e2e.server.url + '/shop');
    const tile = painted.locator('.product-card', { hasText: 'Linen Work Shirt' });
    expect(await tile.locator('span.sqs-product-quick-view-button').isVisible()).toBe(false);
    const size = (box: { width: number; height: number } | null) => box && [box.width, box.height];
    const before = size(await tile.boundingBox());
    await context.close();
    // The other page scrolled while the dialog opened: sizes only.
    const after = size(await shirtTile().boundingBox());
    expect(after?.[1]).toBeGreaterThan(0);
    expect(before).toEqual(after);
  });
});
