import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_STYLES_API } from '@site/page-content';
import { hasChromium, launchChromium } from '../browser';
import { HttpEditor } from '../http-editor';
import { startBuiltServer, type StartedServer } from '../server';

/**
 * What a new visitor saw wrong in the shipped theme (issue 26), checked in Chromium on the demo
 * site: a script error on blog posts, every link underlined, buttons that ignored the accent
 * colour, the blog in a narrow left column, "1 1 item" on the pill cart and a default-blue Remove.
 */
describe.skipIf(!hasChromium)('the theme as a visitor sees it', () => {
  let server: StartedServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A page that records its script errors and warnings. */
  async function open(path: string, width = 1280) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
    });
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
    return { page, problems, close: () => context.close() };
  }
  const style = (page: Page, selector: string, property: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

  it('runs a blog post without a script error', async () => {
    const { page, problems, close } = await open('/journal/caring-for-waxed-canvas');
    // Tracking starts in a lazily loaded chunk: wait for its visit to be sent.
    await page.waitForTimeout(500);
    expect(problems).toEqual([]);
    await close();
  });

  it('underlines links in running text only, and centres the reading column', async () => {
    const { page, close } = await open('/journal/caring-for-waxed-canvas');
    expect(await style(page, '.site-nav a', 'text-decoration-line')).toBe('none');
    expect(await style(page, '.breadcrumbs a', 'text-decoration-line')).toBe('none');
    expect(await style(page, '.blog-tags a', 'text-decoration-line')).toBe('none');
    expect(await style(page, '.blog-categories a', 'text-decoration-line')).toBe('underline');
    const post = await page.locator('.blog-post').boundingBox();
    const left = post!.x;
    const right = 1280 - (post!.x + post!.width);
    expect(Math.abs(left - right)).toBeLessThan(20);
    await close();
  });

  it('fills buttons with the accent colour, and with the one the owner picks', async () => {
    const { page, close } = await open('/shop/p/canvas-tote');
    const accent = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--site-color-accent)';
      document.body.append(probe);
      return getComputedStyle(probe).color;
    });
    expect(await style(page, '.sqs-add-to-cart-button', 'background-color')).toBe(accent);
    await close();

    const owner = await new HttpEditor().signIn(server.url);
    const current = (await (await owner.call(server.url + SITE_STYLES_API.styles)).json()) as {
      styles: object;
      version: number;
    };
    const saved = await owner.call(server.url + SITE_STYLES_API.styles, 'PUT', {
      styles: { ...current.styles, accent: '#f5c211' },
      version: current.version,
    });
    expect(saved.status).toBe(200);
    const after = await open('/shop/p/canvas-tote');
    expect(await style(after.page, '.sqs-add-to-cart-button', 'background-color')).toBe('rgb(245, 194, 17)');
    // A pale accent gets dark labels, keeping WCAG AA contrast.
    expect(await style(after.page, '.sqs-add-to-cart-button', 'color')).toBe('rgb(29, 29, 27)');
    await after.close();
    await owner.call(server.url + SITE_STYLES_API.styles, 'PUT', {
      styles: current.styles,
      version: current.version + 1,
    });
  });

  it('says "1 item" once on the pill cart, and Remove is in the page’s own colours', async () => {
    const { page, problems, close } = await open('/shop/p/canvas-tote', 390);
    await page.locator('label[for="variant-option-0-0"]').click();
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    const pill = page.locator('.sqs-pill-cart[data-visible="true"] .sqs-pill-cart__link');
    await expect.poll(() => pill.textContent()).toBe('1 item$85.00');
    expect(await pill.getAttribute('aria-label')).toBe('Cart, 1 item, subtotal $85.00');
    await page.goto(server.url + '/cart', { waitUntil: 'networkidle' });
    const remove = page.getByRole('button', { name: /^Remove/ });
    await remove.waitFor();
    const muted = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--site-color-muted)';
      document.body.append(probe);
      return getComputedStyle(probe).color;
    });
    expect(await remove.evaluate((el) => getComputedStyle(el).color)).toBe(muted);
    expect(problems).toEqual([]);
    await close();
  });
});
