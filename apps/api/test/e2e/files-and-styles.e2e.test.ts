import { randomBytes } from 'node:crypto';
import type { Browser, CDPSession, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../src/seed/demo-site';
import { hasChromium, launchChromium } from '../browser';
import { startBuiltServer, type StartedServer } from '../server';

/** Where to write screenshots of the failed upload's row (320, 390 and 1280 px wide) when set. */
const shots = process.env.E2E_SCREENSHOTS_DIR;

/** A photograph-sized JPEG of noise: it does not compress, so its upload takes a visible while. */
const noisePhoto = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();

/**
 * The "done when": the owner uploads two images with visible progress, renames one, sets
 * its focal point and alt text, places it in an image block, formats and links text, changes the
 * heading font and accent colour, and sees each change in the preview and, published, on the live
 * page, the image served as a srcset of its processed sizes.
 */
describe.skipIf(!hasChromium)(
  'files, images and site styles end to end in Chromium',
  { timeout: 180_000 },
  () => {
    let server: StartedServer;
    let browser: Browser;
    let page: Page;
    let cdp: CDPSession;
    const pageErrors: string[] = [];

    beforeAll(async () => {
      server = await startBuiltServer();
      browser = await launchChromium();
      page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      // A step that cannot happen fails on its own line rather than as the whole test's timeout.
      page.setDefaultTimeout(30_000);
      cdp = await page.context().newCDPSession(page);
      page.on('pageerror', (e) => pageErrors.push(e.message));
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) pageErrors.push(m.text());
      });
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    const frame = () => page.frameLocator('iframe.ed-preview__frame');
    const addBlock = async (label: string) => {
      await page.getByRole('tab', { name: 'Add' }).click();
      await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
    };

    it('signs the owner in', async () => {
      await page.goto(server.url + '/config');
      await page.getByLabel('Email').fill(DEMO_OWNER.email);
      await page.getByLabel('Password').fill(DEMO_OWNER.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => page.getByRole('heading', { name: 'Pages', exact: true }).count()).toBe(1);
    });

    it('uploads two images at once, each with a progress bar that runs to completion', async () => {
      await page.goto(server.url + '/config/files');
      await expect.poll(() => page.getByRole('heading', { name: 'Existing Files' }).count()).toBe(1);
      const [workbench, shopfront] = await Promise.all([noisePhoto(1600, 1000), noisePhoto(1200, 900)]);
      // A slow uplink (about 1 Mbit/s), so the bars have time to move as a person would see them.
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 160_000,
      });
      await page.locator('.ed-upload input[type=file]').setInputFiles([
        { name: 'workbench.jpg', mimeType: 'image/jpeg', buffer: workbench },
        { name: 'shopfront.jpg', mimeType: 'image/jpeg', buffer: shopfront },
      ]);
      const bars = page.getByRole('progressbar');
      const seen = new Set<number>();
      for (let i = 0; i < 1200; i++) {
        const states = await bars.evaluateAll((els) =>
          els.map((e) => ({
            now: Number(e.getAttribute('aria-valuenow')),
            text: e.getAttribute('aria-valuetext'),
          })),
        );
        states.forEach((s) => seen.add(s.now));
        if (states.length === 2 && states.every((s) => s.text === 'Uploaded')) break;
        await page.waitForTimeout(50);
      }
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      expect(await bars.count()).toBe(2);
      expect([...seen].some((v) => v > 0 && v < 100)).toBe(true);
      expect(
        await page.getByRole('progressbar', { name: 'workbench.jpg' }).getAttribute('aria-valuetext'),
      ).toBe('Uploaded');
      expect(
        await page.getByRole('progressbar', { name: 'shopfront.jpg' }).getAttribute('aria-valuetext'),
      ).toBe('Uploaded');
      await expect.poll(() => page.locator('.ed-files__range').textContent()).toBe('1-2 of 2 items');
    });

    it('renames one, and sets its focal point and alt text in File Detail', async () => {
      await page.locator('.ed-files__item', { hasText: 'workbench.jpg' }).click();
      const detail = page.locator('.ed-file-detail');
      await detail.getByLabel('File name').fill('Workbench at dawn.jpg');
      await detail.getByRole('button', { name: 'Rename' }).click();
      await expect
        .poll(() => page.locator('.ed-files__item', { hasText: 'Workbench at dawn.jpg' }).count())
        .toBe(1);

      // Processing finished in the background: the status line has gone.
      await expect.poll(() => detail.getByRole('status').count(), { timeout: 60_000 }).toBe(0);
      const marker = detail.getByRole('button', { name: /^Focal point/ });
      await marker.focus();
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
      for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowDown');
      expect(await marker.getAttribute('aria-label')).toBe(
        'Focal point: 25% from the left, 80% from the top',
      );
      await detail.getByLabel(/^Alt text/).fill('A carpenter’s bench under the window');
      await detail.getByRole('button', { name: 'Save details' }).click();
      await expect.poll(() => detail.getByRole('button', { name: 'Save details' }).isDisabled()).toBe(true);
      expect(await detail.getByRole('alert').count()).toBe(0);

      // A reload shows what was stored, not what was typed.
      await page.reload();
      await page.locator('.ed-files__item', { hasText: 'Workbench at dawn.jpg' }).click();
      await expect
        .poll(() => detail.getByLabel(/^Alt text/).inputValue())
        .toBe('A carpenter’s bench under the window');
      expect(await detail.getByRole('button', { name: /^Focal point/ }).getAttribute('aria-label')).toContain(
        '25% from the left, 80% from the top',
      );
    });

    it('places the image in an image block and sees it, sized and described, in the preview', async () => {
      await page.goto(server.url + '/config/pages');
      await page.getByRole('button', { name: 'Add page' }).click();
      await page.getByLabel('Title').fill('The Bench');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(/\/config\/pages\/[^/]+$/);
      await addBlock('Image');
      await page.getByRole('button', { name: 'Choose image' }).click();
      const picker = page.getByRole('dialog', { name: 'Choose image' });
      await picker.locator('.ed-files__item', { hasText: 'Workbench at dawn.jpg' }).click();
      await picker.getByRole('button', { name: 'Use this file' }).click();
      await expect.poll(() => picker.count()).toBe(0);

      const img = frame().locator('.image-block img');
      await expect
        .poll(() => img.getAttribute('src'))
        .toMatch(/^\/files\/[^/]+\/Workbench%20at%20dawn\.jpg$|^\/files\/[^/]+\/Workbench at dawn\.jpg$/);
      expect(await img.getAttribute('alt')).toBe('A carpenter’s bench under the window');
      await expect.poll(() => img.getAttribute('srcset')).toContain('?format=1000w 1000w');
      expect(await img.evaluate((e) => getComputedStyle(e).objectPosition)).toBe('25% 80%');
    });

    it('formats text with the toolbar and links words to another page and to an email with a subject', async () => {
      await addBlock('Text');
      const box = page.getByRole('textbox', { name: 'Text', exact: true });
      await box.click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('Built by hand. Read about us or write');
      const selectLast = async (characters: number) => {
        for (let i = 0; i < characters; i++) await page.keyboard.press('Shift+ArrowLeft');
      };
      // Control+Home/End: the start and end of the text, wherever its lines wrap.
      await page.keyboard.press('Control+Home');
      for (let i = 0; i < 'Built by hand.'.length; i++) await page.keyboard.press('Shift+ArrowRight');
      await page.getByRole('button', { name: 'Italic' }).click();
      await expect.poll(() => frame().locator('.text-block em').textContent()).toBe('Built by hand.');

      await page.keyboard.press('Control+End');
      await selectLast('write'.length);
      await page.getByRole('button', { name: 'Link' }).click();
      const dialog = page.getByRole('dialog', { name: 'Link' });
      await dialog.locator('.ed-link-dialog__type', { hasText: 'Email' }).click();
      await dialog.getByRole('textbox', { name: 'To' }).fill('bench@example.com');
      await dialog.getByRole('textbox', { name: 'Subject' }).fill('Commission a bench');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => frame().locator('.text-block a[href^="mailto:"]').getAttribute('href'))
        .toBe('mailto:bench@example.com?subject=Commission%20a%20bench');

      await page.keyboard.press('Control+End');
      for (let i = 0; i < ' or write'.length; i++) await page.keyboard.press('ArrowLeft');
      await selectLast('about us'.length);
      await page.getByRole('button', { name: 'Link' }).click();
      await dialog.getByRole('combobox', { name: 'Page' }).selectOption({ label: 'About (/about)' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => frame().locator('.text-block a[href="/about"]').textContent()).toBe('about us');

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'All changes saved' }).count())
        .toBe(1);
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect.poll(() => page.locator('.ed-badge--published').count()).toBe(1);
    });

    it('changes the heading font and accent colour and sees both in the styles preview at once', async () => {
      await page.goto(server.url + '/config/site-styles');
      await page
        .getByRole('radio', { name: /^Playfair Display/ })
        .first()
        .check();
      const heading = frame().locator('.site-title');
      await expect
        .poll(() => heading.evaluate((e) => getComputedStyle(e).fontFamily))
        .toContain('Playfair Display');

      await page.getByRole('tab', { name: 'Colours' }).click();
      const accent = page.getByRole('group', { name: /^Accent colour/ });
      await accent.getByLabel('Hex').fill('#b03a2e');
      await expect
        .poll(() =>
          frame()
            .locator('html')
            .evaluate((e) => getComputedStyle(e).getPropertyValue('--site-color-accent').trim()),
        )
        .toBe('#b03a2e');

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'All changes saved' }).count())
        .toBe(1);
    });

    it('shows every change on the live page, the image as a srcset of real processed sizes', async () => {
      const visitor = await browser.newContext();
      const visit = await visitor.newPage();
      const response = await visit.goto(server.url + '/the-bench');
      expect(response?.status()).toBe(200);

      const img = visit.locator('main .image-block img');
      expect(await img.getAttribute('alt')).toBe('A carpenter’s bench under the window');
      expect(await img.evaluate((e) => getComputedStyle(e).objectPosition)).toBe('25% 80%');
      expect(await img.getAttribute('data-image-focal-point')).toBe('0.25,0.8');
      const srcset = (await img.getAttribute('srcset'))!;
      const candidates = srcset.split(',').map((c) => c.trim().split(' ') as [string, string]);
      expect(candidates.map(([, w]) => w)).toEqual([
        '100w',
        '300w',
        '500w',
        '750w',
        '1000w',
        '1500w',
        '2500w',
      ]);
      // The browser fetched a real image, and each listed width is a real resized file of that width.
      await expect
        .poll(() => img.evaluate((e: HTMLImageElement) => e.complete && e.naturalWidth))
        .toBeGreaterThan(0);
      for (const [url, w] of candidates.filter(([, w]) => w === '500w' || w === '1000w')) {
        const res = await fetch(new URL(url, server.url));
        expect(res.status).toBe(200);
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect(meta).toMatchObject({
          format: 'jpeg',
          width: Number.parseInt(w, 10),
          height: Math.round((Number.parseInt(w, 10) * 1000) / 1600),
        });
      }
      const [lastUrl] = candidates.at(-1)!;
      expect(lastUrl).toContain('format=original');

      const text = visit.locator('main .text-block');
      expect(await text.locator('em').textContent()).toBe('Built by hand.');
      expect(await text.locator('a[href="/about"]').textContent()).toBe('about us');
      expect(
        await text.locator('a[href="mailto:bench@example.com?subject=Commission%20a%20bench"]').textContent(),
      ).toBe('write');

      expect(await visit.locator('.site-title').evaluate((e) => getComputedStyle(e).fontFamily)).toContain(
        'Playfair Display',
      );
      expect(
        await visit
          .locator('html')
          .evaluate((e) => getComputedStyle(e).getPropertyValue('--site-color-accent').trim()),
      ).toBe('#b03a2e');
      // The accent reaches what it colours: a link in the text.
      expect(await text.locator('a[href="/about"]').evaluate((e) => getComputedStyle(e).color)).toBe(
        'rgb(176, 58, 46)',
      );
      // The heading font is served from this site, not an outside font service.
      await expect
        .poll(() => visit.evaluate(() => document.fonts.check('16px "Playfair Display"')))
        .toBe(true);
      await visitor.close();
      expect(pageErrors).toEqual([]);
    });

    it('File processing failed to complete: an image cut off mid-upload is taken, then its row says so', async () => {
      await page.goto(server.url + '/config/files');
      const whole = await noisePhoto(800, 600);
      await page.locator('.ed-upload input[type=file]').setInputFiles([
        // The header reads as an 800×600 JPEG; the pixels stop halfway, as from a broken copy.
        { name: 'half a photo.jpg', mimeType: 'image/jpeg', buffer: whole.subarray(0, whole.length >> 1) },
      ]);
      const row = page.locator('.ed-upload__item', { hasText: 'half a photo.jpg' });
      await expect
        .poll(() => row.getByRole('alert').textContent(), { timeout: 60_000 })
        .toBe('File processing failed half a photo.jpg: File processing failed to complete');
      if (shots) {
        for (const width of [320, 390, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await row.scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${shots}/upload-processing-failed-${width}.png` });
        }
        await page.setViewportSize({ width: 1280, height: 900 });
      }
      // The list says what became of the file, in the spec's shorter words.
      expect(await page.locator('.ed-files__item', { hasText: 'half a photo.jpg' }).textContent()).toContain(
        'File processing failed',
      );
      expect(pageErrors).toEqual([]);
    });
  },
);
