import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_API, SITE_THEMES, THEME_API, type PageDetail } from '@site/page-content';
import { DEMO_OWNER } from '../../src/seed/demo-site';
import { hasChromium, launchChromium } from '../browser';
import { HttpEditor } from '../http-editor';
import { axeViolations, sidewaysOverflow } from '../page-checks';
import { startBuiltServer, type StartedServer } from '../server';

/**
 * A page using every block type added for restaurants and announcements, and every block variant,
 * in every theme: nothing scrolls sideways at 320 and 390 px, axe finds nothing, the countdown
 * ticks and the scrolling text stays still for visitors who ask for less motion.
 * BLOCK_SHOTS=<folder> keeps a screenshot at each width.
 */
const WIDTHS = [320, 390, 1280];
const shots = process.env.BLOCK_SHOTS;

const block = (id: string, type: string, settings: Record<string, unknown> = {}) => ({ id, type, settings });
const pageDocument = {
  sections: [
    {
      id: 'food',
      blocks: [
        block('title', 'heading', { text: 'Tonight at the bistro', level: 1 }),
        block('menu', 'menu', {
          sections: [
            {
              title: 'Starters',
              items: [
                {
                  name: 'Grilled flatbread',
                  description: 'Whipped feta, honey',
                  price: '9',
                  dietary: ['vegetarian'],
                },
                {
                  name: 'Slow-roasted heritage tomatoes with burrata and a very long name',
                  description: 'Basil oil, sourdough crumbs',
                  price: '€14.50',
                  dietary: ['vegetarian', 'gluten-free', 'nut-free'],
                },
              ],
            },
            {
              title: 'Mains',
              description: 'Served with bread from our oven.',
              items: [
                { name: 'Fish of the day', price: 'Market price', dietary: ['gluten-free', 'dairy-free'] },
              ],
            },
          ],
        }),
      ],
    },
    {
      id: 'announce',
      background: 'dark',
      blocks: [
        block('soon', 'countdown', { endsAt: '2099-06-01T13:00', title: 'Summer terrace opens in' }),
        block('marquee', 'marquee', { text: 'Oysters every Friday · Live jazz on Sundays' }),
      ],
    },
    {
      id: 'rest',
      blocks: [
        block('ended', 'countdown', { endsAt: '2001-01-01T00:00', endedMessage: 'The terrace is open' }),
        block('plans', 'pricing-plan'),
        block('book', 'reservation', { formId: 'form-contact', note: 'For groups over 8, please call us.' }),
        block('classic', 'quote', { text: 'Best bread in town.', source: 'A regular' }),
        block('pull', 'quote', { text: 'Worth the trip.', source: 'The Gazette', variant: 'pull' }),
        block('card', 'quote', { text: 'Warm and kind.', source: 'A neighbour', variant: 'card' }),
        block('faq-lines', 'accordion'),
        block('faq-boxes', 'accordion', { variant: 'boxes' }),
        block('shop-grid', 'summary', { collectionId: 'page-shop', title: 'Shop grid', limit: 3 }),
        block('shop-list', 'summary', {
          collectionId: 'page-shop',
          title: 'Shop list',
          limit: 3,
          variant: 'list',
        }),
        block('shop-carousel', 'summary', {
          collectionId: 'page-shop',
          title: 'Shop carousel',
          limit: 6,
          variant: 'carousel',
        }),
      ],
    },
  ],
};

describe.skipIf(!hasChromium)('new block types in every theme', () => {
  let server: StartedServer;
  let browser: Browser;
  let owner: HttpEditor;
  let path = '';

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    owner = await new HttpEditor().signIn(server.url);
    const page = (await (
      await owner.call(server.url + EDITOR_API.pages, 'POST', { title: 'Tonight at the bistro' })
    ).json()) as PageDetail;
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

  for (const theme of SITE_THEMES) {
    it(`${theme.id}: no sideways scroll at 320 and 390 px, no axe violation`, async () => {
      expect((await owner.call(server.url + THEME_API.theme, 'PUT', { theme: theme.id })).status).toBe(200);
      const problems: string[] = [];
      for (const width of WIDTHS) {
        const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 } });
        const page = await context.newPage();
        await page.goto(server.url + path, { waitUntil: 'networkidle' });
        expect(await page.locator('.block--menu .menu-item').count()).toBe(3);
        const wide = await sidewaysOverflow(page);
        if (wide.length) problems.push(`${width}px scrolls sideways: ${wide.join(', ')}`);
        for (const v of await axeViolations(page)) problems.push(`${width}px: ${v}`);
        if (shots) {
          mkdirSync(shots, { recursive: true });
          await page.screenshot({ path: join(shots, `${theme.id}-${width}.png`), fullPage: true });
        }
        await context.close();
      }
      if (problems.length) console.log(theme.id, JSON.stringify(problems, null, 1));
      expect(problems).toEqual([]);
    }, 300_000);
  }

  it('ticks the countdown in the browser and shows the ended block’s message', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
    const seconds = page.locator('[data-block-id="soon"] [data-unit="seconds"]');
    const first = await seconds.textContent();
    await expect.poll(() => seconds.textContent(), { timeout: 5000 }).not.toBe(first);
    await expect(page.locator('[data-block-id="ended"] .countdown-block__ended').isVisible()).resolves.toBe(
      true,
    );
    await context.close();
  });

  it('moves the scrolling text, stops it with Pause, and keeps it still under reduced motion', async () => {
    const animation = (page: Page) =>
      page
        .locator('.marquee-block__track')
        .evaluate((el) => [getComputedStyle(el).animationName, getComputedStyle(el).animationPlayState]);
    const moving = await browser.newContext();
    let page = await moving.newPage();
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
    expect(await animation(page)).toEqual(['marquee-move', 'running']);
    await page.getByLabel('Pause').check();
    await page.mouse.move(0, 0);
    expect((await animation(page))[1]).toBe('paused');
    await moving.close();
    const still = await browser.newContext({ reducedMotion: 'reduce' });
    page = await still.newPage();
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
    expect((await animation(page))[0]).toBe('none');
    expect(await page.locator('.marquee-block__pause').isVisible()).toBe(false);
    await still.close();
  });

  it('lets an owner add each new block from the Add menu, sums it up in the block list and edits a dish', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(server.url + '/config');
    await page.getByLabel('Email').fill(DEMO_OWNER.email);
    await page.getByLabel('Password').fill(DEMO_OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Pages', exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Add page' }).click();
    await page.getByLabel('Title').fill('Our menu');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/config\/pages\/[^/]+$/);
    for (const label of ['Reservation', 'Pricing plan', 'Scrolling text', 'Countdown', 'Menu']) {
      await page.getByRole('tab', { name: 'Add' }).click();
      await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
    }
    const preview = page.frameLocator('iframe.ed-preview__frame');
    await expect.poll(() => preview.locator('.menu-item').count()).toBe(3);
    await page.getByRole('tab', { name: 'Blocks' }).click();
    const summaries = await page.locator('.ed-block-row__summary').allTextContents();
    expect(summaries).toEqual(
      expect.arrayContaining(['3 dishes · Starters, Mains', 'Taster, Regular', 'Book a table']),
    );
    // The menu was added last, after the selection: it is the one the inspector shows.
    await page.getByLabel('Price').first().fill('€10');
    await expect.poll(() => preview.locator('.menu-item__price').first().textContent()).toBe('€10');
    await page.getByRole('checkbox', { name: 'Vegan' }).first().check();
    await expect.poll(() => preview.locator('.menu-block__legend').textContent()).toContain('Vegan');
    if (shots) await page.screenshot({ path: join(shots, 'editor-menu-1280.png') });
    await context.close();
  });
});
