import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../browser';
import { signInOwner } from '../owner-browser';
import { startBuiltServer, type StartedServer } from '../server';

/** Where to keep screenshots of the screens, when asked (SEO_SHOTS=/some/folder); none otherwise. */
const shots = process.env.SEO_SHOTS;

/**
 * Issue 28's "sets SEO fields and sees them in the page head, the sitemap and the RSS feed": the
 * owner fills a product's search settings in the product editor, hides a post from search engines
 * in the post editor and adds a robots.txt line in Settings; a crawler's requests see each.
 */
describe.skipIf(!hasChromium)('search engine settings from the editor, in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let owner: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    owner = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    owner.on('pageerror', (e) => pageErrors.push(e.message));
    await signInOwner(owner, server.url);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const crawl = async (path: string) => (await fetch(server.url + path)).text();
  const shoot = async (name: string, target = owner.locator('body')) => {
    if (!shots) return;
    for (const width of [1280, 390, 320]) {
      await owner.setViewportSize({ width, height: 900 });
      await target.screenshot({ path: `${shots}/${name}-${width}.png` });
    }
    await owner.setViewportSize({ width: 1280, height: 900 });
  };

  it('a product’s SEO title and description, previewed as typed, reach its page head', async () => {
    await owner.goto(server.url + '/config/store');
    await owner.getByRole('button', { name: 'Edit Waxed Canvas Tote', exact: true }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByLabel('SEO title').fill('Waxed tote bag, handmade in Portland');
    await dialog.getByLabel('SEO description').fill('A tote for every day, waxed by hand.');
    const preview = dialog.getByRole('figure', { name: 'Search result preview' });
    await expect.poll(() => preview.textContent()).toContain('Waxed tote bag, handmade in Portland');
    expect(await preview.textContent()).toContain('/shop/p/canvas-tote');
    expect(await dialog.getByRole('figure', { name: 'Social card preview' }).textContent()).toContain(
      'A tote for every day, waxed by hand.',
    );
    await dialog.getByRole('group', { name: 'Search engines and sharing' }).scrollIntoViewIfNeeded();
    await shoot('product-seo', dialog.getByRole('group', { name: 'Search engines and sharing' }));
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => owner.getByRole('dialog').count(), { timeout: 30_000 }).toBe(0);
    await expect
      .poll(() => crawl('/shop/p/canvas-tote'))
      .toContain('<title>Waxed tote bag, handmade in Portland</title>');
    expect(await crawl('/shop/p/canvas-tote')).toContain(
      '<meta name="twitter:description" content="A tote for every day, waxed by hand.">',
    );
  });

  it('a post hidden from search engines leaves the sitemap and the RSS feed', async () => {
    expect(await crawl('/sitemap.xml')).toContain('/journal/caring-for-waxed-canvas');
    await owner.goto(server.url + '/config/collections/page-journal/post-waxing-canvas');
    const hide = owner.getByLabel('Hide from search engines');
    await hide.check();
    await expect
      .poll(() => owner.getByRole('figure', { name: 'Search result preview' }).textContent())
      .toContain('this post will not show in results');
    await shoot('post-seo', owner.getByRole('group', { name: 'Search engines and sharing' }));
    await expect
      .poll(() => crawl('/sitemap.xml'), { timeout: 20_000 })
      .not.toContain('caring-for-waxed-canvas');
    expect(await crawl('/journal?format=rss')).not.toContain('Caring for waxed canvas');
    expect(await crawl('/journal/caring-for-waxed-canvas')).toContain(
      '<meta name="robots" content="noindex">',
    );
  });

  it('a line added in Settings shows in robots.txt', async () => {
    await owner.goto(server.url + '/config/site-settings');
    await owner.getByLabel('Lines added to robots.txt').fill('Disallow: drafts');
    await owner
      .getByRole('form', { name: 'Search engines: robots.txt' })
      .getByRole('button', { name: 'Save' })
      .click();
    await expect.poll(() => owner.getByRole('alert').first().textContent()).toContain('Line 1');
    await owner.getByLabel('Lines added to robots.txt').fill('Disallow: /drafts/');
    await owner
      .getByRole('form', { name: 'Search engines: robots.txt' })
      .getByRole('button', { name: 'Save' })
      .click();
    await expect.poll(() => crawl('/robots.txt')).toContain('Disallow: /drafts/');
    await shoot('robots', owner.getByRole('form', { name: 'Search engines: robots.txt' }));
    expect(pageErrors).toEqual([]);
  });
});
