import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../browser';
import { startBuiltServer, type StartedServer } from '../server';

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
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
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

  it('serves the editor at /config', async () => {
    const page = await browser.newPage();
    await page.goto(server.url + '/config');
    await expect.poll(() => page.getByRole('heading', { name: 'Site editor' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Connected (pglite)');
    await page.close();
  });
});
