import { describe, expect, it } from 'vitest';
import { hasChromium } from '../browser';
import { chromiumSession } from '../chromium-session';
import { signInOwner } from '../owner-browser';

/** Where to keep screenshots of the screens, when asked (SEO_SHOTS=/some/folder); none otherwise. */
const shots = process.env.SEO_SHOTS;

/**
 * Issue 28's "sets SEO fields and sees them in the page head, the sitemap and the RSS feed": the
 * owner fills a product's search settings in the product editor, hides a post from search engines
 * in the post editor and adds a robots.txt line in Settings; a crawler's requests see each.
 */
describe.skipIf(!hasChromium)('search engine settings from the editor, in Chromium', () => {
  const e2e = chromiumSession({
    viewport: { width: 1280, height: 900 },
    setup: (s) => signInOwner(s.page, s.server.url),
    timeout: 120_000,
  });

  const crawl = async (path: string) => (await fetch(e2e.server.url + path)).text();
  const shoot = async (name: string, target = e2e.page.locator('body')) => {
    if (!shots) return;
    for (const width of [1280, 390, 320]) {
      await e2e.page.setViewportSize({ width, height: 900 });
      await target.screenshot({ path: `${shots}/${name}-${width}.png` });
    }
    await e2e.page.setViewportSize({ width: 1280, height: 900 });
  };

  it('a product’s SEO title and description, previewed as typed, reach its page head', async () => {
    await e2e.page.goto(e2e.server.url + '/config/store');
    await e2e.page.getByRole('button', { name: 'Edit Waxed Canvas Tote', exact: true }).click();
    const dialog = e2e.page.getByRole('dialog');
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
    await expect.poll(() => e2e.page.getByRole('dialog').count(), { timeout: 30_000 }).toBe(0);
    await expect
      .poll(() => crawl('/shop/p/canvas-tote'))
      .toContain('<title>Waxed tote bag, handmade in Portland</title>');
    expect(await crawl('/shop/p/canvas-tote')).toContain(
      '<meta name="twitter:description" content="A tote for every day, waxed by hand.">',
    );
  });

  it('a post hidden from search engines leaves the sitemap and the RSS feed', async () => {
    expect(await crawl('/sitemap.xml')).toContain('/journal/caring-for-waxed-canvas');
    await e2e.page.goto(e2e.server.url + '/config/collections/page-journal/post-waxing-canvas');
    const hide = e2e.page.getByLabel('Hide from search engines');
    await hide.check();
    await expect
      .poll(() => e2e.page.getByRole('figure', { name: 'Search result preview' }).textContent())
      .toContain('this post will not show in results');
    await shoot('post-seo', e2e.page.getByRole('group', { name: 'Search engines and sharing' }));
    await expect
      .poll(() => crawl('/sitemap.xml'), { timeout: 20_000 })
      .not.toContain('caring-for-waxed-canvas');
    expect(await crawl('/journal?format=rss')).not.toContain('Caring for waxed canvas');
    expect(await crawl('/journal/caring-for-waxed-canvas')).toContain(
      '<meta name="robots" content="noindex">',
    );
  });

  it('a line added in Settings shows in robots.txt', async () => {
    await e2e.page.goto(e2e.server.url + '/config/site-settings');
    await e2e.page.getByLabel('Lines added to robots.txt').fill('Disallow: drafts');
    await e2e.page
      .getByRole('form', { name: 'Search engines: robots.txt' })
      .getByRole('button', { name: 'Save' })
      .click();
    await expect.poll(() => e2e.page.getByRole('alert').first().textContent()).toContain('Line 1');
    await e2e.page.getByLabel('Lines added to robots.txt').fill('Disallow: /drafts/');
    await e2e.page
      .getByRole('form', { name: 'Search engines: robots.txt' })
      .getByRole('button', { name: 'Save' })
      .click();
    await expect.poll(() => crawl('/robots.txt')).toContain('Disallow: /drafts/');
    await shoot('robots', e2e.page.getByRole('form', { name: 'Search engines: robots.txt' }));
    expect(e2e.pageErrors).toEqual([]);
  });
});
