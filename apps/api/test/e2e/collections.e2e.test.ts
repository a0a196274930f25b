import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../src/seed/demo-site';
import { hasChromium, launchChromium } from '../browser';
import { startBuiltServer, type StartedServer } from '../server';

/**
 * An owner writes a blog post and an event, adds an album track and a video in the editor's
 * collection screens and moderates a comment; a visitor, in a separate browser context, sees each
 * on the live site.
 */

/** What the drag-and-drop live region last said to a screen reader. */
const liveRegion = (page: Page) => page.locator('[id^=DndLiveRegion]').textContent();
const announced = (page: Page, text: string) => expect.poll(() => liveRegion(page)).toContain(text);

/**
 * Presses a move key until the live region announces `text`. On a loaded machine the keyboard
 * sensor may still be measuring the items when the first key arrives and announce the item where
 * it was; a person then presses again, and so does the test. A second at least between presses,
 * so a slow announcement is not taken for a missed move.
 */
async function moveUntilAnnounced(page: Page, key: string, text: string) {
  await expect
    .poll(
      async () => {
        if ((await liveRegion(page))?.includes(text)) return true;
        await page.keyboard.press(key);
        return false;
      },
      { timeout: 20_000, interval: 1000 },
    )
    .toBe(true);
}

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
    await expect
      .poll(() => owner.getByRole('heading', { name: 'Pages', exact: true }).count(), { timeout: 30_000 })
      .toBe(1);
  }, 60_000);

  it('the owner writes a post with a tag and a featured image and publishes it; a visitor reads it', async () => {
    await owner.getByRole('link', { name: /^Journal · Blog/ }).click();
    await expect
      .poll(() => owner.getByRole('heading', { name: 'Journal', level: 1 }).count(), { timeout: 30_000 })
      .toBe(1);
    await owner.getByRole('button', { name: 'New post' }).click();
    await owner.waitForURL(/\/config\/collections\/page-journal\/[^/]+$/);

    // A new post's address follows its title until the owner types one by hand.
    await owner.getByLabel('Title', { exact: true }).fill('Linen in summer');
    await expect.poll(() => owner.getByLabel('URL slug').inputValue()).toBe('linen-in-summer');
    const body = owner.getByRole('textbox', { name: 'Body' });
    await body.click();
    await owner.keyboard.type('Linen breathes and softens with every wash.');
    await owner.getByLabel('Tags').fill('summer');
    await owner.getByLabel('Tags').press('Enter');
    expect(await owner.getByRole('list', { name: 'Tags' }).innerText()).toContain('summer');

    await owner.getByRole('button', { name: 'Choose image' }).click();
    const picker = owner.getByRole('dialog', { name: 'Choose image' });
    const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c8b89a' } })
      .png()
      .toBuffer();
    await picker
      .locator('input[type=file]')
      .setInputFiles({ name: 'linen.png', mimeType: 'image/png', buffer: image });
    await picker.locator('.ed-files__item', { hasText: 'linen' }).first().click({ timeout: 60_000 });
    await picker.getByRole('button', { name: 'Use this file' }).click();
    // The file's name is no description: the alt text starts empty and asks for one.
    expect(await owner.getByLabel('Alt text').inputValue()).toBe('');
    expect(await owner.getByLabel('Alt text').getAttribute('placeholder')).toBe('Describe the image');
    await owner.getByLabel('Alt text').fill('A folded linen shirt');

    await owner.getByRole('button', { name: 'Publish' }).click();
    await expect
      .poll(() => owner.locator('.ed-item-editor__bar .ed-badge').textContent(), { timeout: 30_000 })
      .toBe('Published');
    await expect
      .poll(() => owner.locator('.ed-save-status').textContent(), { timeout: 30_000 })
      .toMatch(/saved/i);

    await visitor.goto(server.url + '/journal');
    expect(await visitor.locator('.blog-list').innerText()).toContain('Linen in summer');
    await visitor.getByRole('link', { name: 'Linen in summer' }).click();
    await visitor.waitForURL(/\/journal\/linen-in-summer$/);
    expect(await visitor.locator('.blog-body').innerText()).toContain(
      'Linen breathes and softens with every wash.',
    );
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
    await expect
      .poll(() => owner.getByRole('alert').allTextContents())
      .toContain('The event must end after it starts');
    await owner.getByLabel('Ends').fill(`${year}-06-12T17:00`);
    await expect.poll(() => owner.getByRole('alert').count()).toBe(0);
    await owner.getByLabel('Place name').fill('The dye shed');
    await owner.getByRole('button', { name: 'Publish' }).click();
    await expect
      .poll(() => owner.locator('.ed-item-editor__bar .ed-badge').textContent(), { timeout: 30_000 })
      .toBe('Published');

    await visitor.goto(server.url + '/studio/events');
    expect(await visitor.locator('body').innerText()).toContain('Indigo dye afternoon');
    await visitor.goto(server.url + '/studio/events/indigo-dye-afternoon');
    expect(await visitor.locator('body').innerText()).toContain('The dye shed');
  }, 120_000);

  it('the owner reorders the gallery with the keyboard; the gallery page follows', async () => {
    await owner.goto(server.url + '/config/collections/page-gallery');
    const captions = () =>
      owner.getByLabel('Caption').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    await expect.poll(captions, { timeout: 30_000 }).toHaveLength(6);
    const [first, second] = await captions();
    const handle = owner.getByRole('button', { name: /^Reorder / }).first();
    await handle.focus();
    // Each step waits for the screen-reader announcement, as a person hears it.
    await owner.keyboard.press('Space');
    await announced(owner, first!);
    await moveUntilAnnounced(owner, 'ArrowRight', 'is now at position 2 of 6');
    await owner.keyboard.press('Space');
    await expect.poll(async () => (await captions()).slice(0, 2)).toEqual([second, first]);
    const order = async () =>
      (
        (await (await fetch(server.url + '/studio/gallery?format=json')).json()).items as { title: string }[]
      ).map((i) => i.title);
    await expect.poll(async () => (await order()).slice(0, 2), { timeout: 30_000 }).toEqual([second, first]);
  }, 120_000);

  it('the owner adds a track from the file manager, names its artist and moves it up with the keyboard; the album page plays it', async () => {
    await owner.goto(server.url + '/config/collections/page-album');
    const titles = () =>
      owner.getByLabel('Title').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    await expect.poll(titles, { timeout: 30_000 }).toHaveLength(3);
    expect(await owner.getByText('3 of 60 tracks').count()).toBe(1);

    await owner.getByRole('button', { name: 'Add from files' }).click();
    const picker = owner.getByRole('dialog', { name: 'Choose audio file' });
    const wav = readFileSync(join(import.meta.dirname, '../../public/demo/tone-evening.wav'));
    await picker
      .locator('input[type=file]')
      .setInputFiles({ name: 'evening-take.wav', mimeType: 'audio/wav', buffer: wav });
    await picker.locator('.ed-files__item', { hasText: 'evening-take' }).first().click({ timeout: 60_000 });
    await picker.getByRole('button', { name: 'Use this file' }).click();
    await expect.poll(titles, { timeout: 30_000 }).toHaveLength(4);
    expect((await titles())[3]).toBe('evening-take');
    await owner.getByLabel('Artist').last().fill('Eve Quinn');
    await owner.getByLabel('Artist').last().press('Tab');

    await owner.getByRole('button', { name: 'Reorder evening-take' }).focus();
    await owner.keyboard.press('Space');
    await announced(owner, 'evening-take');
    await moveUntilAnnounced(owner, 'ArrowUp', 'is now at position 3 of 4');
    await owner.keyboard.press('Space');
    await expect.poll(async () => (await titles())[2]).toBe('evening-take');

    const album = async () =>
      (await (await fetch(server.url + '/studio/album?format=json')).json()).items as {
        title: string;
        author: string;
        durationMs: number;
      }[];
    await expect
      .poll(async () => (await album()).map((t) => t.title)[2], { timeout: 30_000 })
      .toBe('evening-take');
    await expect.poll(async () => (await album())[2]!.author, { timeout: 30_000 }).toBe('Eve Quinn');
    // The editor read the track's length from the file when it was added.
    expect((await album())[2]!.durationMs).toBe(3000);
    await visitor.goto(server.url + '/studio/album');
    const track = visitor.locator('.album__track', { hasText: 'evening-take' });
    expect(await track.innerText()).toContain('Eve Quinn');
    expect(await track.locator('.album__duration').innerText()).toBe('0:03');
    expect(await track.getByLabel('Play evening-take').getAttribute('src')).toMatch(
      /^\/files\/[^/]+\/evening-take\.wav$/,
    );
  }, 180_000);

  it('the owner creates a video with a thumbnail and publishes it; the videos page and its item page show it', async () => {
    await owner.goto(server.url + '/config/collections/page-videos');
    await owner.getByRole('button', { name: 'New video' }).click();
    await owner.getByRole('button', { name: 'Create draft' }).click();
    await expect.poll(() => owner.getByText('Enter a title').count()).toBe(1);
    await owner.getByLabel('Title').fill('Waxing a strap');
    await owner.getByLabel('Video address').fill('https://vimeo.com/76979871');
    expect(await owner.getByText('Plays in the Vimeo player.').count()).toBe(1);
    await owner.getByRole('button', { name: 'Create draft' }).click();
    await owner.waitForURL(/\/config\/collections\/page-videos\/[^/]+$/);
    await expect
      .poll(() => owner.getByRole('heading', { name: 'Edit video' }).count(), { timeout: 30_000 })
      .toBe(1);

    await owner.getByRole('button', { name: 'Use the title' }).click();
    await owner
      .getByLabel('Description')
      .fill('Warm the wax, then work it in along the grain.\n\nBuff it once it is dry.');
    await owner.getByRole('button', { name: 'Choose thumbnail' }).click();
    const picker = owner.getByRole('dialog', { name: 'Choose image' });
    const image = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#6b4f35' } })
      .png()
      .toBuffer();
    await picker
      .locator('input[type=file]')
      .setInputFiles({ name: 'strap.png', mimeType: 'image/png', buffer: image });
    await picker.locator('.ed-files__item', { hasText: 'strap' }).first().click({ timeout: 60_000 });
    await picker.getByRole('button', { name: 'Use this file' }).click();
    await owner.getByRole('button', { name: 'Publish' }).click();
    await expect
      .poll(() => owner.locator('.ed-item-editor__bar .ed-badge').textContent(), { timeout: 30_000 })
      .toBe('Published');
    await expect
      .poll(() => owner.locator('.ed-save-status').textContent(), { timeout: 30_000 })
      .toMatch(/saved/i);
    expect(await owner.getByRole('link', { name: /View the video’s page/ }).getAttribute('href')).toBe(
      '/studio/videos/waxing-a-strap',
    );

    await visitor.goto(server.url + '/studio/videos');
    const card = visitor.locator('.video-card', { hasText: 'Waxing a strap' });
    expect(await card.innerText()).toContain('Warm the wax, then work it in along the grain.');
    expect(await card.locator('img').getAttribute('src')).toMatch(/strap/);
    await card.getByRole('link').click();
    await visitor.waitForURL(/\/studio\/videos\/waxing-a-strap$/);
    expect(await visitor.locator('.video-frame iframe').getAttribute('src')).toBe(
      'https://player.vimeo.com/video/76979871',
    );
    expect(await visitor.locator('.video-item__body').innerText()).toContain('Buff it once it is dry.');
  }, 180_000);

  it('the owner approves a visitor’s comment and it shows on the post', async () => {
    await visitor.goto(server.url + '/journal/linen-in-summer');
    await visitor.locator('form[data-comment-form][data-enhanced]').waitFor();
    await visitor.locator('#comment-name').fill('Eve');
    await visitor.locator('#comment-body').fill('Mine is ten years old and still going.');
    await visitor.getByRole('button', { name: 'Post comment' }).click();
    await expect
      .poll(() => visitor.locator('.comment-form__status').textContent(), { timeout: 30_000 })
      .toContain('approved');
    await visitor.reload();
    expect(await visitor.locator('body').innerText()).not.toContain('Mine is ten years old');

    await owner.goto(server.url + '/config/comments');
    await owner.getByRole('button', { name: 'Approve: comment by Eve' }).click();
    await expect
      .poll(() => owner.getByRole('button', { name: 'Approve: comment by Eve' }).count(), { timeout: 30_000 })
      .toBe(0);
    await owner.getByRole('tab', { name: /Approved/ }).click();
    await expect.poll(() => owner.getByRole('tabpanel').innerText()).toContain('Mine is ten years old');

    await visitor.reload();
    const post = await visitor.locator('.blog-comments').innerText();
    expect(post).toContain('Mine is ten years old and still going.');
    expect(post).toContain('1 Comment');
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('a visitor likes a post: the count shows on the cached page for everyone, the pressed state in their browser only', async () => {
    const path = server.url + '/journal/caring-for-waxed-canvas';
    const label = () => visitor.locator('.like-button').textContent();
    await visitor.goto(path);
    await visitor.waitForSelector('html[data-enhanced]');
    const before = Number(/· (\d+)/.exec((await label()) ?? '')?.[1]);
    expect(await label()).toBe(`Like · ${before}`);
    // Asked again, the post comes from the page cache.
    expect((await visitor.reload())?.headers()['x-page-cache']).toBe('hit');
    await visitor.waitForSelector('html[data-enhanced]');
    await visitor.getByRole('button', { name: `Like · ${before}` }).click();
    await expect.poll(label, { timeout: 30_000 }).toBe(`Liked · ${before + 1}`);
    expect(await visitor.locator('.like-button').getAttribute('aria-pressed')).toBe('true');

    // The like dropped the cached post: the next answer is drawn again with the new count.
    const again = await visitor.reload();
    expect(again?.headers()['x-page-cache']).toBe('miss');
    await visitor.waitForSelector('html[data-enhanced]');
    expect(await label()).toBe(`Liked · ${before + 1}`);
    // Another browser gets that same cached page, with its own (unpressed) button.
    const other = await browser.newPage({ viewport: { width: 320, height: 700 } });
    other.on('pageerror', (e) => pageErrors.push(e.message));
    expect((await other.goto(path))?.headers()['x-page-cache']).toBe('hit');
    await other.waitForSelector('html[data-enhanced]');
    expect(await other.locator('.like-button').textContent()).toBe(`Like · ${before + 1}`);
    expect(await other.locator('.like-button').getAttribute('aria-pressed')).toBe('false');
    await other.close();
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
