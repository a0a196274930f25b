import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../browser';
import { signInOwner } from '../owner-browser';
import { startBuiltServer, type StartedServer } from '../server';

/**
 * Issue 28 as an owner does it in the editor, checked as a visitor and a search engine see it: the
 * site's new name and icon in the tab and the web manifest, an SEO title and hidden page in the
 * head and the sitemap, a wildcard redirect, opt-in cookie consent. (Team, reviews, item SEO and
 * the consent categories have their own end-to-end files.)
 */
describe.skipIf(!hasChromium)('site settings end to end in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let owner: Page;
  let visitor: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    owner = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    for (const p of [owner, visitor]) p.on('pageerror', (e) => pageErrors.push(e.message));
    await signInOwner(owner, server.url);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('renames the site and uploads an icon: the tab and the manifest show both', async () => {
    await owner.goto(server.url + '/config/site');
    const name = owner.getByLabel('Site name');
    await name.fill('Harbour Supply');
    await owner.getByRole('button', { name: 'Save', exact: true }).first().click();
    await expect.poll(() => owner.getByText('Saved.').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#1d5c63' } })
      .png()
      .toBuffer();
    await owner.locator('input[type="file"]').first().setInputFiles({
      name: 'anchor.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await expect
      .poll(() => owner.locator('img[src*="/site-icon/"]').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);

    await visitor.goto(server.url + '/journal');
    expect(await visitor.title()).toContain('Harbour Supply');
    const icon = await visitor.locator('link[rel="icon"]').first().getAttribute('href');
    expect(icon).toMatch(/\/site-icon\/[0-9a-f]{16}\/\d+\.png$/);
    const iconRes = await visitor.request.get(server.url + icon);
    expect(iconRes.status()).toBe(200);
    expect(iconRes.headers()['content-type']).toBe('image/png');
    const manifestHref = await visitor.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await visitor.request.get(server.url + manifestHref)).json();
    expect(manifest.name).toBe('Harbour Supply');
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512']);
    // The editor's own top bar follows the name.
    await owner.reload();
    await expect.poll(() => owner.locator('header').first().textContent()).toContain('Harbour Supply');
  });

  it('sets a page’s SEO title and hides another page: the head and the sitemap follow', async () => {
    await owner.goto(server.url + '/config/pages/page-about');
    await owner.getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = owner.getByRole('alertdialog', { name: 'Page settings' });
    await dialog.getByLabel('SEO title').fill('About the workshop in Portland');
    await dialog.getByLabel('Hide from search engines').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
    await visitor.goto(server.url + '/about');
    expect(await visitor.title()).toBe('About the workshop in Portland');
    expect(await visitor.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    const sitemap = await (await visitor.request.get(server.url + '/sitemap.xml')).text();
    expect(sitemap).not.toContain('/about</loc>');
    expect(sitemap).toContain('/journal</loc>');
  });

  it('adds a wildcard redirect on the Redirects screen: old addresses lead to the new ones', async () => {
    await owner.goto(server.url + '/config/redirects');
    await owner.getByLabel('Old address').fill('/old-journal/*');
    await owner.getByLabel('New address').fill('/journal/*');
    await owner.getByLabel('Kind').selectOption('301');
    await owner.getByRole('button', { name: 'Add redirect' }).click();
    await expect
      .poll(() => owner.getByRole('list', { name: 'Redirects' }).textContent(), { timeout: 10_000 })
      .toContain('/old-journal/*');
    const moved = await fetch(server.url + '/old-journal/caring-for-waxed-canvas', { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(new URL(moved.headers.get('location')!, server.url).pathname).toBe(
      '/journal/caring-for-waxed-canvas',
    );
    await visitor.goto(server.url + '/old-journal/caring-for-waxed-canvas');
    expect(new URL(visitor.url()).pathname).toBe('/journal/caring-for-waxed-canvas');
    expect(await visitor.locator('h1').first().textContent()).toContain('Caring for waxed canvas');
  });

  it('turns on opt-in consent: a new visitor sends no tracking request until accepting', async () => {
    await owner.goto(server.url + '/config/site');
    const panel = owner.locator('.ed-cookie-consent');
    await panel.getByLabel('Ask before tracking (opt-in)').check();
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => panel.textContent(), { timeout: 10_000 })
      .toContain('Saved. New visitors are asked first');

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const tracking: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/(census|events|1\/performance)\//.test(r.url())) tracking.push(new URL(r.url()).pathname);
    });
    await page.goto(server.url + '/journal');
    await page.waitForLoadState('networkidle');
    const banner = page.getByRole('region', { name: 'Cookies on this site' });
    await banner.waitFor();
    expect(tracking).toEqual([]);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('ss_cvr');
    await banner.getByRole('button', { name: 'Accept all' }).click();
    await expect.poll(() => tracking, { timeout: 10_000 }).toContain('/api/census/RecordHit');
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
