import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../browser';
import { startBuiltServer, type StartedServer } from '../server';

const BASE = 'sites.test';
const OWNER = { email: 'potter@example.com', password: 'correct horse battery' };

/**
 * An owner creates a site on the platform's address, removes it, and restores it from the
 * platform's sign-in screen. The browser sends `sites.test` and every `*.sites.test` name to the
 * test server's port, so the addresses the server hands out (port 80) work as in production.
 */
describe.skipIf(!hasChromium)('removing and restoring a site in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let page: Page;
  let platform: string;
  let siteUrl: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startBuiltServer({ BASE_DOMAIN: BASE });
    const at = new URL(server.url).host;
    platform = `http://${BASE}`;
    siteUrl = `http://clay-studio.${BASE}`;
    browser = await launchChromium([`--host-resolver-rules=MAP ${BASE} ${at}, MAP *.${BASE} ${at}`]);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (e) => pageErrors.push(e.message));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** What a visitor's browser gets at the site's home page. */
  const visit = async () => {
    const visitor = await browser.newPage();
    try {
      return (await visitor.goto(`${siteUrl}/`))?.status();
    } finally {
      await visitor.close();
    }
  };

  it('creates a site and lands in its editor, signed in', async () => {
    await page.goto(`${platform}/config`);
    await page.getByRole('button', { name: 'Create a site' }).click();
    await page.getByLabel('Site name').fill('Clay Studio');
    await page.getByLabel('Your email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Create site' }).click();
    await page.waitForURL(`${siteUrl}/config**`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Pages', exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
  });

  it('renames it in Settings › Site alone: the top bar, the editor’s tab, Header & footer, the storefront’s tab and header', async () => {
    await page.goto(`${siteUrl}/config/site`);
    const name = page.getByLabel('Site name');
    await name.fill('Clay & Kiln');
    await page.locator('form', { has: name }).getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.locator('.ed-topbar__brand').textContent()).toBe('Clay & Kiln');
    expect(await page.title()).toBe('Clay & Kiln · Editor');
    await page.goto(`${siteUrl}/config/header-footer`);
    const note = page.getByTestId('site-title');
    await expect.poll(() => note.textContent()).toContain('Site title: Clay & Kiln');
    expect(await note.getByRole('link', { name: 'Settings › Site' }).getAttribute('href')).toBe(
      '/config/site',
    );
    const visitor = await browser.newPage();
    await visitor.goto(`${siteUrl}/`);
    expect(await visitor.title()).toContain('Clay & Kiln');
    expect(await visitor.locator('.site-title').first().textContent()).toContain('Clay & Kiln');
    await visitor.close();
  });

  it('removes the site: its address answers 404 and the owner is shown where to restore it', async () => {
    await page.goto(`${siteUrl}/config/site-settings`);
    // The confirmation asks for the name as Settings › Site has it now.
    await page.getByLabel('Type Clay & Kiln to confirm').fill('Clay & Kiln');
    await page.getByRole('button', { name: 'Remove site' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'The site is removed' }).count())
      .toBe(1);
    expect(await visit()).toBe(404);
    await page.getByRole('link', { name: 'restore it' }).click();
    await page.waitForURL(`${platform}/config#restore`);
  });

  it('restores it from the platform with the days left shown, and signs the owner in there', async () => {
    await expect.poll(() => page.getByRole('heading', { name: 'Restore a removed site' }).count()).toBe(1);
    await page.getByLabel('Site address').fill('clay-studio');
    await page.getByLabel('Owner’s email').fill(OWNER.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Find my site' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('No removed site of yours');
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Find my site' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Restore Clay & Kiln?' }).count()).toBe(1);
    expect(await page.getByRole('status').textContent()).toContain('30 days left');
    await page.getByRole('button', { name: 'Restore site' }).click();
    await page.waitForURL(`${siteUrl}/config**`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Pages', exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await visit()).toBe(200);
    expect(pageErrors).toEqual([]);
  });
});
