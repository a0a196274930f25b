import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LOCKS_API, EDITOR_API } from '@site/page-content';
import { hasChromium, launchChromium } from '../browser';
import { startBuiltServer, type StartedServer } from '../server';
import { DEMO_OWNER } from '../../src/seed/demo-site';

/**
 * A visitor's tour of the theme at a phone's and a desktop's width, on one server and one
 * browser: blog and comments, an event and its calendar links, a gallery as slideshow and grid,
 * search, protected content, a members-only page, a product's options; never a sideways scroll.
 */
describe.skipIf(!hasChromium)('a visitor in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    // The owner locks Contact with a password and makes the album members-only.
    const owner = await browser.newContext();
    const crumb = async () => (await owner.cookies()).find((c) => c.name === 'crumb')?.value ?? '';
    await owner.request.get(server.url + '/api/crumb');
    const session = await owner.request.post(server.url + '/api/site-users/account/session', {
      data: { ...DEMO_OWNER, rememberMe: false },
      headers: { 'x-csrf-token': await crumb() },
    });
    const headers = {
      'x-csrf-token': await crumb(),
      'x-siteuser-xsrf-token': (await session.json()).xsrfToken,
    };
    expect(
      (
        await owner.request.put(server.url + ACCESS_LOCKS_API, {
          data: { pageId: 'page-contact', password: 'hunter22' },
          headers,
        })
      ).status(),
    ).toBe(200);
    const album = await (
      await owner.request.get(server.url + EDITOR_API.page('page-album'), { headers })
    ).json();
    expect(
      (
        await owner.request.patch(server.url + EDITOR_API.page('page-album'), {
          data: { version: album.version, status: 'private' },
          headers,
        })
      ).status(),
    ).toBe(200);
    await owner.close();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('never scrolls sideways on a 320 px phone', async () => {
    const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
    const page = await context.newPage();
    try {
      for (const path of [
        '/',
        '/shop',
        '/shop/p/linen-shirt',
        '/cart',
        '/journal',
        '/journal/caring-for-waxed-canvas',
        '/search?q=canvas',
        '/studio/events',
        '/studio/gallery',
        '/about',
        '/studio/album',
        '/contact',
        '/account/login',
      ]) {
        await page.goto(server.url + path);
        const [scrollWidth, innerWidth] = await page.evaluate(() => [
          document.documentElement.scrollWidth,
          window.innerWidth,
        ]);
        expect(scrollWidth, path).toBeLessThanOrEqual(innerWidth);
      }
    } finally {
      await context.close();
    }
  });

  describe.each([390, 1280])('at %i px', (width) => {
    let context: BrowserContext;
    let page: Page;
    const errors: string[] = [];

    beforeAll(async () => {
      context = await browser.newContext({ viewport: { width, height: 860 }, acceptDownloads: true });
      page = await context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) errors.push(m.text());
      });
    });
    afterAll(async () => {
      expect(errors).toEqual([]);
      await context?.close();
    });

    const visit = async (path: string) => {
      const res = await page.goto(server.url + path);
      await noSidewaysScroll();
      return res;
    };
    const noSidewaysScroll = async () => {
      const [scrollWidth, innerWidth] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      expect(scrollWidth, page.url()).toBeLessThanOrEqual(innerWidth);
    };

    it('reads the blog and leaves a comment held for moderation', async () => {
      await visit('/journal');
      await page.getByRole('link', { name: 'Caring for waxed canvas' }).click();
      await page.waitForURL(/\/journal\/caring-for-waxed-canvas$/);
      await noSidewaysScroll();
      await page.getByText('Re-waxed mine last weekend.').waitFor();
      // The comment form's code loads after the page's own; a comment sent before would reload it.
      await page.locator('form[data-comment-form][data-enhanced]').waitFor();
      await page.getByLabel('Name', { exact: true }).fill(`Visitor ${width}`);
      await page.getByLabel('Comment', { exact: true }).fill('Does beeswax alone work too?');
      await page.getByRole('button', { name: 'Post comment' }).click();
      await page.getByText('Your comment will appear once it is approved').waitFor({ timeout: 10_000 });
    });

    it('opens an event with its address, map link and calendar links', async () => {
      await visit('/studio/events');
      await page.getByRole('link', { name: 'Winter makers’ market' }).click();
      await page.waitForURL(/\/studio\/events\/winter-makers-market$/);
      await noSidewaysScroll();
      await page.getByText('209 Elizabeth Street').waitFor();
      expect(await page.getByRole('link', { name: 'View on map' }).getAttribute('href')).toContain(
        'openstreetmap.org',
      );
      const google = new URL(
        (await page.getByRole('link', { name: 'Google Calendar' }).getAttribute('href'))!,
      );
      expect(google.searchParams.get('text')).toBe('Winter makers’ market');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Add to calendar (.ics)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('winter-makers-market.ics');
      const stream = await download.createReadStream();
      let ics = '';
      for await (const chunk of stream) ics += chunk;
      expect(ics).toContain('SUMMARY:Winter makers’ market');
    });

    it('browses the gallery as a slideshow (next button, thumbnails) and the grid on About', async () => {
      await visit('/studio/gallery');
      const gallery = page.locator('[data-gallery="slideshow"]');
      await gallery.waitFor();
      const thumbs = gallery.locator('[data-gallery-thumb]');
      expect(await thumbs.count()).toBe(6);
      await page.getByRole('button', { name: 'Next image' }).click();
      await page.locator('[data-gallery-thumb][aria-current="true"]', { hasText: '' }).nth(0).waitFor();
      await expect.poll(() => gallery.getAttribute('data-current'), { timeout: 5000 }).toBe('2');
      await thumbs.nth(4).click();
      await expect.poll(() => gallery.getAttribute('data-current'), { timeout: 5000 }).toBe('5');
      await noSidewaysScroll();
      await visit('/about');
      const grid = page.locator('[data-gallery="grid"]');
      expect(await grid.locator('img').count()).toBe(3);
      expect(await grid.locator('[data-gallery-thumb]').count()).toBe(0);
      const columns = await grid
        .locator('.gallery__items')
        .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
      expect(columns).toBe(width <= 432 ? 2 : 3);
    });

    it('finds a product by a word of its title', async () => {
      await visit('/');
      if (width <= 432) await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('searchbox', { name: 'Search' }).fill('notebook');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/search\?q=notebook/);
      await noSidewaysScroll();
      await page.locator('.search-result a[href="/shop/p/field-notebook"]').first().waitFor();
    });

    it('hits protected content, is refused a wrong password and unlocks with the right one', async () => {
      const res = await visit('/contact');
      expect(res?.status()).toBe(401);
      expect(await page.locator('body').getAttribute('class')).toBe('page-type-105');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Contact');
      await page.getByLabel('Password').fill('wrong');
      await page.getByRole('button', { name: 'Enter' }).click();
      await page.getByRole('alert').waitFor();
      await noSidewaysScroll();
      await page.getByLabel('Password').fill('hunter22');
      await page.getByRole('button', { name: 'Enter' }).click();
      await page.waitForURL(/\/contact$/);
      await page.locator('form').filter({ hasText: 'Email' }).first().waitFor();
    });

    it('meets the paywall of a members-only page, with the way in that brings it back there', async () => {
      const res = await visit('/studio/album');
      expect(res?.status()).toBe(403);
      expect(await page.locator('main').textContent()).toMatch(/member/i);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Workshop sounds');
      expect(await page.getByRole('link', { name: 'Create a free account' }).getAttribute('href')).toBe(
        '/account/create?returnTo=%2Fstudio%2Falbum',
      );
      await page
        .getByRole('link', { name: /sign in/i })
        .last()
        .click();
      await page.waitForURL(/\/account\/login\?returnTo=%2Fstudio%2Falbum$/);
    });

    it('sees a shirt’s price and button follow its colour swatch and size', async () => {
      await visit('/shop/p/linen-shirt');
      const price = page.locator('.product-detail .product-price').first();
      const button = page.locator('.product-detail .sqs-add-to-cart-host button');
      const swatch = (name: string) => page.locator('.variant-swatch__label', { hasText: name });
      const colour = page.getByRole('group', { name: /^Color/ });
      await expect.poll(() => button.textContent()).toBe('Add To Cart');
      expect(await price.textContent()).toContain('from $120.00');
      expect(await colour.getByRole('radio').count()).toBe(2);
      await page.selectOption('select[data-variant-option-name="Size"]', 'L');
      await swatch('Blue').click();
      expect(await page.getByRole('radio', { name: 'Blue' }).isChecked()).toBe(true);
      expect(await colour.locator('legend').textContent()).toBe('Color — Blue');
      await expect.poll(() => price.textContent()).toContain('$125.00');
      expect(await button.isDisabled()).toBe(false);
      await page.selectOption('select[data-variant-option-name="Size"]', 'S');
      // The swatches are one radio group: the arrow key moves the choice to Rust.
      await page.getByRole('radio', { name: 'Blue' }).focus();
      await page.keyboard.press('ArrowRight');
      expect(await page.getByRole('radio', { name: 'Rust' }).isChecked()).toBe(true);
      await expect.poll(() => button.textContent()).toBe('Sold Out');
      expect(await button.isDisabled()).toBe(true);
      expect(await price.textContent()).toContain('$120.00');
      await page.selectOption('select[data-variant-option-name="Size"]', 'M');
      await expect.poll(() => button.textContent()).toBe('Add To Cart');
      // A colour sold out in every size says so on its swatch.
      await visit('/shop/p/canvas-tote');
      expect(await page.getByRole('radio', { name: 'Black (sold out)' }).count()).toBe(1);
      await noSidewaysScroll();
    });

    it('browses a product’s pictures: thumbnails, a zoom dialog with keys, tap to zoom and swipe', async () => {
      await visit('/shop/p/linen-shirt');
      const thumbs = page.getByRole('list', { name: 'Choose a picture' }).getByRole('link');
      expect(await thumbs.count()).toBe(3);
      await expect.poll(() => thumbs.nth(0).getAttribute('aria-current')).toBe('true');
      await thumbs.nth(1).click();
      await expect.poll(() => thumbs.nth(1).getAttribute('aria-current'), { timeout: 5000 }).toBe('true');
      expect(await thumbs.nth(0).getAttribute('aria-current')).toBeNull();
      await page.getByRole('link', { name: 'Zoom picture 2 of 3' }).click();
      const dialog = page.getByRole('dialog', { name: 'Zoomed picture' });
      await dialog.waitFor();
      const counter = dialog.locator('.product-zoom__counter');
      expect(await counter.textContent()).toBe('2 / 3');
      await page.keyboard.press('ArrowRight');
      expect(await counter.textContent()).toBe('3 / 3');
      await dialog.getByRole('button', { name: 'Previous picture' }).click();
      expect(await counter.textContent()).toBe('2 / 3');
      // A tap zooms in where it lands, another zooms out; the button says which it will do.
      const picture = dialog.locator('img');
      const box = (await picture.boundingBox())!;
      await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.3);
      expect(await dialog.getAttribute('data-zoomed')).toBe('');
      expect(await dialog.getByRole('button', { name: 'Zoom out' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      await dialog.getByRole('button', { name: 'Zoom out' }).click();
      expect(await dialog.getAttribute('data-zoomed')).toBeNull();
      // A swipe to the left shows the next picture.
      await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 6 });
      await page.mouse.up();
      expect(await counter.textContent()).toBe('3 / 3');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      // Back on the page, the strip shows the picture the visitor ended on.
      await expect.poll(() => thumbs.nth(2).getAttribute('aria-current'), { timeout: 5000 }).toBe('true');
      await noSidewaysScroll();
    });
  });
});
