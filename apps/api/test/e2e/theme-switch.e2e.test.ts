import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../browser';
import { axeViolations, sidewaysOverflow } from '../page-checks';
import { startBuiltServer, type StartedServer } from '../server';
import { DEMO_OWNER } from '../../src/seed/demo-site';

/** Every page, product and post of the demo site, and the text each must still show. */
const CONTENT: [string, string][] = [
  ['/', 'Featured products'],
  ['/shop', 'Waxed Canvas Tote'],
  ['/shop/p/canvas-tote', 'Waxed Canvas Tote'],
  ['/shop/p/linen-shirt', 'Linen Work Shirt'],
  ['/about', 'About'],
  ['/journal', 'Caring for waxed canvas'],
  ['/journal/caring-for-waxed-canvas', 'Caring for waxed canvas'],
  ['/journal', 'Paper that takes ink'],
  ['/cart', 'Your cart'],
];

/**
 * The owner changes the site's theme in the editor: preview, apply, undo, apply again; every
 * page, product and post is still there in both themes, no page scrolls sideways on a phone, and
 * axe finds nothing on the pages a shopper sees first.
 */
describe.skipIf(!hasChromium)('changing theme in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let owner: BrowserContext;

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    owner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await owner.request.get(server.url + '/api/crumb');
    const crumb = (await owner.cookies()).find((c) => c.name === 'crumb')?.value ?? '';
    const session = await owner.request.post(server.url + '/api/site-users/account/session', {
      data: { ...DEMO_OWNER, rememberMe: false },
      headers: { 'x-csrf-token': crumb },
    });
    expect(session.status()).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A visitor's look at every page: the content there, in the theme expected. */
  async function expectContent(theme: 'fieldnotes' | 'market') {
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    for (const [path, text] of CONTENT) {
      const res = await page.goto(server.url + path);
      expect(res?.status(), path).toBe(200);
      expect(await page.locator('main').textContent(), path).toContain(text);
      expect(await page.locator('body').getAttribute('class'), path).toMatch(
        theme === 'market' ? /theme-market/ : /^page-type/,
      );
    }
    await visitor.close();
  }

  async function visitorChecks() {
    for (const width of [320, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 740 } });
      const page = await context.newPage();
      for (const [path] of CONTENT) {
        await page.goto(server.url + path, { waitUntil: 'networkidle' });
        expect(await sidewaysOverflow(page), `${path} at ${width}`).toEqual([]);
      }
      await context.close();
    }
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    for (const path of ['/', '/shop', '/shop/p/canvas-tote', '/journal/caring-for-waxed-canvas']) {
      await page.goto(server.url + path, { waitUntil: 'networkidle' });
      const violations = await axeViolations(page);
      expect(violations, path).toEqual([]);
    }
    await context.close();
  }

  const themeTab = async (page: Page) => {
    await page.goto(server.url + '/config/site-styles');
    await page.getByRole('tab', { name: 'Theme' }).click();
  };

  it('previews, applies, undoes and applies again without losing a page, product or post', async () => {
    await expectContent('fieldnotes');
    await visitorChecks();

    const page = await owner.newPage();
    await themeTab(page);
    await page.getByRole('button', { name: 'Preview Market' }).click();
    const preview = page.frameLocator('iframe.ed-theme-preview');
    await expect.poll(() => preview.locator('body').getAttribute('class')).toMatch(/theme-market/);
    // Previewing changed nothing for visitors.
    await expectContent('fieldnotes');

    await page.getByRole('button', { name: 'Use Market' }).click();
    await page.getByRole('button', { name: 'Undo: go back to Fieldnotes' }).waitFor();
    await expectContent('market');

    await page.getByRole('button', { name: 'Undo: go back to Fieldnotes' }).click();
    await page.getByRole('button', { name: 'Use Market' }).waitFor();
    await expectContent('fieldnotes');

    await page.getByRole('button', { name: 'Use Market' }).click();
    await page.getByRole('button', { name: 'Undo: go back to Fieldnotes' }).waitFor();
    await expectContent('market');
    await visitorChecks();
  }, 240_000);
});
