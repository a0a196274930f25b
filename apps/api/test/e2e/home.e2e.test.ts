import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../browser';
import { startBuiltServer, type StartedServer } from '../server';

/** Script errors and Content-Security-Policy violations on a page. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  return errors;
}

describe.skipIf(!hasChromium)('the built product in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('prints the URL and the demo owner login on first start', () => {
    expect(server.output()).toContain('Site builder is running at http://localhost:');
    expect(server.output()).toContain('Demo owner login:');
  });

  it('shows the demo store on the home page and its products in the shop', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(server.url + '/');
    await expect.poll(() => page.title()).toBe('Home — Fieldnotes Supply Co.');
    await page.getByRole('link', { name: 'Shop', exact: true }).click();
    await page.waitForURL(/\/shop$/);
    const titles = await page.locator('.product-card .product-title').allTextContents();
    expect(titles).toContain('Waxed Canvas Tote');
    expect(titles).toHaveLength(9);
    // The storefront bundle mounted React on the server-rendered cart marker.
    await expect.poll(() => page.locator('#sqs-cart-indicator a[data-empty]').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves the editor at /config, starting with its sign-in screen', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(server.url + '/config');
    await expect.poll(() => page.getByRole('heading', { name: /Sign in to edit/ }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lets the editor preview a rendered page in an srcdoc and a blob: iframe under its policy', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(server.url + '/config');
    await page.evaluate(async () => {
      const html = await (await fetch('/')).text();
      const srcdoc = document.createElement('iframe');
      srcdoc.id = 'preview-srcdoc';
      srcdoc.srcdoc = html;
      // A blob: document has no base URL of its own; a preview names the site's.
      const withBase = html.replace('<head>', `<head><base href="${location.origin}/">`);
      const blob = document.createElement('iframe');
      blob.id = 'preview-blob';
      blob.src = URL.createObjectURL(new Blob([withBase], { type: 'text/html' }));
      document.body.append(srcdoc, blob);
    });
    for (const id of ['preview-srcdoc', 'preview-blob']) {
      const frame = page.frameLocator(`#${id}`);
      // The storefront bundle ran inside the frame and mounted the cart indicator.
      await expect
        .poll(() => frame.locator('#sqs-cart-indicator a[data-empty]').count(), { timeout: 10_000 })
        .toBe(1);
      await expect.poll(() => frame.locator('.product-title').count()).toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
    // The policy is really enforced: an inline script in a preview is refused and reported.
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.srcdoc = '<script>parent.document.title = "inline ran"</script>';
      document.body.append(frame);
    });
    await expect
      .poll(() => errors.some((e) => /Content Security Policy/.test(e)), { timeout: 5000 })
      .toBe(true);
    expect(await page.title()).not.toBe('inline ran');
    await page.close();
  });
});
