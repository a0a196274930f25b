import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_API, messages, type PageDetail } from '@site/page-content';
import { hasChromium, launchChromium } from '../browser';
import { HttpEditor } from '../http-editor';
import { signInOwner } from '../owner-browser';
import { axeViolations, sidewaysOverflow } from '../page-checks';
import { startBuiltServer, type StartedServer } from '../server';

/**
 * Gallery media type imageLicensed in Chromium: a visitor reads the credit the licence asks for
 * under the picture and in the lightbox; the owner adds a licensed picture in the gallery
 * inspector, told what is missing. Screenshots in /tmp/gallery-licensed-*.png.
 */
const WIDTHS = [320, 390, 1280];
const licensed = {
  type: 'imageLicensed',
  src: '/assets/demo/shirt.svg',
  alt: 'Linen shirt on a hook',
  creator: 'Jane Doe',
  sourceUrl: 'https://unsplash.com/photos/abc',
  licence: 'CC BY 4.0',
  licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
};
const pageDocument = {
  sections: [
    {
      id: 's',
      blocks: [
        { id: 'h', type: 'heading', settings: { text: 'Dunes', level: 1 } },
        {
          id: 'g',
          type: 'gallery',
          settings: {
            design: 'grid',
            'thumbnails-per-row': 2,
            lightbox: true,
            images: [licensed, { type: 'imageFile', src: '/assets/demo/tote.svg', alt: 'Our tote' }],
          },
        },
      ],
    },
  ],
};

describe.skipIf(!hasChromium)('licensed gallery pictures in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let pageId = '';
  let path = '';

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    const owner = await new HttpEditor().signIn(server.url);
    const page = (await (
      await owner.call(server.url + EDITOR_API.pages, 'POST', { title: 'Dunes' })
    ).json()) as PageDetail;
    pageId = page.id;
    const saved = await owner.call(server.url + EDITOR_API.draft(page.id), 'PUT', {
      version: page.version,
      document: pageDocument,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const published = await owner.call(server.url + EDITOR_API.publish(page.id), 'POST', {
      version: ((await saved.json()) as PageDetail).version,
    });
    expect(published.status).toBe(200);
    path = ((await published.json()) as PageDetail).path;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a visitor reads the credit under the picture and in the lightbox, at every width', async () => {
    const problems: string[] = [];
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 } });
      const page = await context.newPage();
      await page.goto(server.url + path, { waitUntil: 'networkidle' });
      await page.locator('html[data-enhanced]').waitFor();
      const credit = page.locator('main .gallery__credit');
      expect(await credit.count()).toBe(1);
      expect(await credit.innerText()).toBe('Photo: Jane Doe / unsplash.com, CC BY 4.0');
      expect(await credit.isVisible()).toBe(true);
      expect(await page.locator('main img[alt="Linen shirt on a hook"]').count()).toBe(1);
      const wide = await sidewaysOverflow(page);
      if (wide.length) problems.push(`${width}px scrolls sideways: ${wide.join(', ')}`);
      for (const v of await axeViolations(page)) problems.push(`${width}px: ${v}`);
      await page.screenshot({ path: `/tmp/gallery-licensed-visitor-${width}.png`, fullPage: true });
      await page.getByRole('link', { name: 'Open Linen shirt on a hook larger' }).click();
      const lightbox = page.locator('dialog.gallery-lightbox[open]');
      await lightbox.waitFor();
      expect(await lightbox.locator('.gallery-lightbox__credit').innerText()).toBe(
        'Photo: Jane Doe / unsplash.com, CC BY 4.0',
      );
      for (const v of await axeViolations(page, 'dialog.gallery-lightbox'))
        problems.push(`${width}px lightbox: ${v}`);
      await page.screenshot({ path: `/tmp/gallery-licensed-lightbox-${width}.png` });
      await page.keyboard.press('Escape');
      await page.getByRole('link', { name: 'Open Our tote larger' }).click();
      expect(await page.locator('dialog[open] .gallery-lightbox__credit').isHidden()).toBe(true);
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('the owner adds a licensed picture in the inspector, told what is missing first', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInOwner(page, server.url);
    await page.goto(`${server.url}/config/pages/${pageId}`);
    await page
      .locator('[data-block-row]')
      .filter({ hasText: 'Gallery' })
      .locator('.ed-block-row__main')
      .click();
    const inspector = page.locator('.ed-inspector-panel');
    await inspector.getByText('1. Licensed image', { exact: true }).waitFor();
    await inspector.getByRole('button', { name: 'Add licensed image' }).click();
    await inspector.getByLabel('Image URL').last().fill('/assets/demo/notebook.svg');
    await inspector.getByLabel('Alt text').last().fill('Notebooks on a desk');
    await inspector.getByRole('button', { name: 'Add this image' }).click();
    await inspector.getByText(messages.licenceCreatorMissing).last().waitFor();
    expect(await inspector.getByText(messages.licenceNameMissing).count()).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await inspector.getByText(messages.licenceNameMissing).last().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/gallery-licensed-editor-${width}.png` });
      await inspector.screenshot({ path: `/tmp/gallery-licensed-inspector-${width}.png` });
      if ((await page.evaluate(() => document.documentElement.scrollWidth)) > width)
        problems.push(`${width}px: the editor scrolls sideways`);
      if ((await inspector.evaluate((e) => e.scrollWidth - e.clientWidth)) > 0)
        problems.push(`${width}px: the inspector scrolls sideways`);
      for (const v of await axeViolations(page, '.ed-inspector-panel')) problems.push(`${width}px: ${v}`);
    }
    expect(problems).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await inspector.getByLabel('Made by').last().fill('Sam Lee');
    await inspector.getByLabel('Licence', { exact: true }).last().fill('Unsplash License');
    await inspector.getByRole('button', { name: 'Add this image' }).click();
    await inspector.getByText('3. Licensed image', { exact: true }).waitFor();
    // The draft saves with the new item and its licence facts.
    await expect
      .poll(
        async () => {
          const detail = (await (
            await page.request.get(`${server.url}/api/editor/pages/${pageId}`)
          ).json()) as { draft: { sections: { blocks: { settings: { images: unknown[] } }[] }[] } };
          return detail.draft.sections[0]!.blocks[1]!.settings.images[2];
        },
        { timeout: 15_000 },
      )
      .toMatchObject({ type: 'imageLicensed', creator: 'Sam Lee', licence: 'Unsplash License' });
    // The preview shows the new credit as visitors will.
    const frame = page.frameLocator('iframe.ed-preview__frame');
    await expect
      .poll(() => frame.locator('.gallery__credit').allInnerTexts(), { timeout: 15_000 })
      .toContain('Photo: Sam Lee, Unsplash License');
    await context.close();
  }, 300_000);
});
