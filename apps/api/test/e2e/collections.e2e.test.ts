import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../src/seed/demo-site';
import { hasChromium, launchChromium } from '../browser';
import { startBuiltServer, type StartedServer } from '../server';

/**
 * An owner writes a blog post and an event in the editor's collection screens and moderates a
 * comment; a visitor, in a separate browser context, sees each on the live site.
 */
describe.skipIf(!hasChromium)('blog posts, events and comments from the editor, in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let owner: Page;
  let visitorContext: BrowserContext;
  let visitor: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    owner = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    owner.on('pageerror', (e) => pageErrors.push(e.message));
    visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    visitor = await visitorContext.newPage();
    visitor.on('pageerror', (e) => pageErrors.push(e.message));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs the owner in', async () => {
    await owner.goto(server.url + '/config/pages');
    await owner.getByLabel('Email').fill(DEMO_OWNER.email);
    await owner.getByLabel('Password').fill(DEMO_OWNER.password);
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => owner.getByRole('heading', { name: 'Pages', exact: true }).count(), { timeout: 30_000 }).toBe(1);
  }, 60_000);

  it('the owner writes a post with a tag and a featured image and publishes it; a visitor reads it', async () => {
    await owner.getByRole('link', { name: /^Journal · Blog/ }).click();
    await expect.poll(() => owner.getByRole('heading', { name: 'Journal', level: 1 }).count(), { timeout: 30_000 }).toBe(1);
    await owner.getByRole('button', { name: 'New post' }).click();
    await owner.waitForURL(/\/config\/collections\/page-journal\/[^/]+$/);

    await owner.getByLabel('Title').fill('Linen in summer');
    await owner.getByRole('button', { name: 'Use the title' }).click();
    expect(await owner.getByLabel('URL slug').inputValue()).toBe('linen-in-summer');
    const body = owner.getByRole('textbox', { name: 'Body' });
    await body.click();
    await owner.keyboard.type('Linen breathes and softens with every wash.');
    await owner.getByLabel('Tags').fill('summer');
    await owner.getByLabel('Tags').press('Enter');
    expect(await owner.getByRole('list', { name: 'Tags' }).innerText()).toContain('summer');

    await owner.getByRole('button', { name: 'Choose image' }).click();
    const picker = owner.getByRole('dialog', { name: 'Choose image' });
    const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c8b89a' } }).png().toBuffer();
    await picker.locator('input[type=file]').setInputFiles({ name: 'linen.png', mimeType: 'image/png', buffer: image });
    await picker.locator('.ed-files__item', { hasText: 'linen' }).first().click({ timeout: 60_000 });
    await picker.getByRole('button', { name: 'Use this file' }).click();
    await owner.getByLabel('Alt text').fill('A folded linen shirt');

    await owner.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => owner.locator('.ed-item-editor__bar .ed-badge').textContent(), { timeout: 30_000 }).toBe('Published');
    await expect.poll(() => owner.locator('.ed-save-status').textContent(), { timeout: 30_000 }).toMatch(/saved/i);

    await visitor.goto(server.url + '/journal');
    expect(await visitor.locator('.blog-list').innerText()).toContain('Linen in summer');
    await visitor.getByRole('link', { name: 'Linen in summer' }).click();
    await visitor.waitForURL(/\/journal\/linen-in-summer$/);
    expect(await visitor.locator('.blog-body').innerText()).toContain('Linen breathes and softens with every wash.');
    expect(await visitor.getByRole('list', { name: 'Tags' }).innerText()).toContain('summer');
    expect(await visitor.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/linen/);
  }, 180_000);

  it('refuses an event that ends before it starts with a clear message, then publishes it; visitors see it', async () => {
    await owner.goto(server.url + '/config/collections/page-events');
    await owner.getByRole('button', { name: 'New event' }).click();
    await owner.waitForURL(/\/config\/collections\/page-events\/[^/]+$/);
    await owner.getByLabel('Title').fill('Indigo dye afternoon');
    await owner.getByRole('button', { name: 'Use the title' }).click();
    const year = new Date().getUTCFullYear() + 1;
    await owner.getByLabel('Starts').fill(`${year}-06-12T14:00`);
    await owner.getByLabel('Ends').fill(`${year}-06-12T13:00`);
    await expect.poll(() => owner.getByRole('alert').allTextContents()).toContain('The event must end after it starts');
    await owner.getByLabel('Ends').fill(`${year}-06-12T17:00`);
    await expect.poll(() => owner.getByRole('alert').count()).toBe(0);
    await owner.getByLabel('Place name').fill('The dye shed');
    await owner.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => owner.locator('.ed-item-editor__bar .ed-badge').textContent(), { timeout: 30_000 }).toBe('Published');

    await visitor.goto(server.url + '/studio/events');
    expect(await visitor.locator('body').innerText()).toContain('Indigo dye afternoon');
    await visitor.goto(server.url + '/studio/events/indigo-dye-afternoon');
    expect(await visitor.locator('body').innerText()).toContain('The dye shed');
  }, 120_000);

  it('the owner reorders the gallery with the keyboard; the gallery page follows', async () => {
    await owner.goto(server.url + '/config/collections/page-gallery');
    const captions = () => owner.getByLabel('Caption').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    await expect.poll(captions, { timeout: 30_000 }).toHaveLength(6);
    const [first, second] = await captions();
    const handle = owner.getByRole('button', { name: /^Reorder / }).first();
    await handle.focus();
    // Each step waits for the screen-reader announcement, as a person hears it.
    const announced = (text: string) => expect.poll(() => owner.locator('[id^=DndLiveRegion]').textContent()).toContain(text);
    await owner.keyboard.press('Space');
    await announced(first!);
    await owner.keyboard.press('ArrowRight');
    await announced('is now at position 2 of 6');
    await owner.keyboard.press('Space');
    await expect.poll(async () => (await captions()).slice(0, 2)).toEqual([second, first]);
    const order = async () => ((await (await fetch(server.url + '/studio/gallery?format=json')).json()).items as { title: string }[]).map((i) => i.title);
    await expect.poll(async () => (await order()).slice(0, 2), { timeout: 30_000 }).toEqual([second, first]);
  }, 120_000);

  it('the owner approves a visitor’s comment and it shows on the post', async () => {
    await visitor.goto(server.url + '/journal/linen-in-summer');
    await visitor.locator('#comment-name').fill('Eve');
    await visitor.locator('#comment-body').fill('Mine is ten years old and still going.');
    await visitor.getByRole('button', { name: 'Post comment' }).click();
    await expect.poll(() => visitor.locator('.comment-form__status').textContent(), { timeout: 30_000 }).toContain('approved');
    await visitor.reload();
    expect(await visitor.locator('body').innerText()).not.toContain('Mine is ten years old');

    await owner.goto(server.url + '/config/comments');
    await owner.getByRole('button', { name: 'Approve: comment by Eve' }).click();
    await expect.poll(() => owner.getByRole('button', { name: 'Approve: comment by Eve' }).count(), { timeout: 30_000 }).toBe(0);
    await owner.getByRole('tab', { name: /Approved/ }).click();
    await expect.poll(() => owner.getByRole('tabpanel').innerText()).toContain('Mine is ten years old');

    await visitor.reload();
    const post = await visitor.locator('.blog-comments').innerText();
    expect(post).toContain('Mine is ten years old and still going.');
    expect(post).toContain('1 Comment');
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
