import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium } from '../browser';
import { chromiumSession } from '../chromium-session';
import { signInOwner } from '../owner-browser';

/** Where to keep screenshots of the screens, when asked (SEO_SHOTS=/some/folder); none otherwise. */
const shots = process.env.SEO_SHOTS;

/**
 * Issue 28's "the 404 page edited like any page, with blocks": the owner opens it from the Pages
 * screen's system pages, edits its heading in the page editor with the live preview, publishes, and
 * an unknown address answers 404 with the new words.
 */
describe.skipIf(!hasChromium)('the 404 page edited with blocks, in Chromium', () => {
  const e2e = chromiumSession({
    viewport: { width: 1280, height: 900 },
    setup: (s) => signInOwner(s.page, s.server.url),
    timeout: 120_000,
  });

  const shoot = async (page: Page, name: string) => {
    if (!shots) return;
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };
  const previewText = () => e2e.page.frameLocator('iframe.ed-preview__frame').locator('body').innerText();

  it('opens from the system pages in the page editor, previews, publishes, and visitors get it with 404', async () => {
    const before = await fetch(e2e.server.url + '/no-such-page');
    expect(before.status).toBe(404);
    expect(await before.text()).toContain('<section class="not-found">');

    await e2e.page.goto(e2e.server.url + '/config/pages');
    const system = e2e.page.getByRole('region', { name: 'Store and system pages' });
    await expect.poll(() => system.getByText('Unknown addresses').count()).toBe(1);
    await shoot(e2e.page, 'pages-system');
    await system.getByRole('link', { name: 'Page not found' }).click();
    await e2e.page.waitForURL(/\/config\/pages\/[^/]+$/);
    await expect.poll(previewText).toContain("We couldn't find that page.");

    await e2e.page
      .locator('[data-block-row]')
      .filter({ hasText: 'Heading' })
      .locator('.ed-block-row__main')
      .click();
    await e2e.page.getByLabel('Text', { exact: true }).fill('Lost in the workshop');
    await expect.poll(previewText).toContain('Lost in the workshop');
    await e2e.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => e2e.page.getByRole('status').filter({ hasText: 'All changes saved' }).count())
      .toBe(1);
    await shoot(e2e.page, 'not-found-editor');
    await e2e.page.getByRole('button', { name: 'Publish' }).click();
    await expect
      .poll(() =>
        e2e.page.getByRole('status').filter({ hasText: 'Published. Your changes are live.' }).count(),
      )
      .toBe(1);

    const after = await fetch(e2e.server.url + '/no-such-page');
    expect(after.status).toBe(404);
    const html = await after.text();
    expect(html).toContain('Lost in the workshop</h1>');
    expect(html).toContain('<meta name="robots" content="noindex');

    const visitor = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const answer = await visitor.goto(e2e.server.url + '/no-such-page');
    expect(answer?.status()).toBe(404);
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Lost in the workshop');
    await shoot(visitor, 'not-found-visitor');
    await visitor.close();
    expect(e2e.pageErrors).toEqual([]);
  });
});
