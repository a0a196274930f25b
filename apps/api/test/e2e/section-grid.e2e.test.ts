import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../src/seed/demo-site';
import { hasChromium, launchChromium } from '../browser';
import { startBuiltServer, type StartedServer } from '../server';

interface Place {
  column: number;
  span: number;
  row: number;
  rows: number;
}

/**
 * An owner lays a section out on the grid: resizes a block by dragging its edge and another by
 * keyboard, moves it to other columns and up beside the first, arranges the phone order, publishes,
 * and a visitor sees both layouts; then every step is undone.
 */
describe.skipIf(!hasChromium)('sections on a grid, in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (e) => pageErrors.push(e.message));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const frame = () => page.frameLocator('iframe.ed-preview__frame').locator('#ed-preview-content');
  const saved = () => page.getByRole('status').filter({ hasText: 'All changes saved' }).count();
  const select = (name: string) =>
    page.locator('[data-block-row]').filter({ hasText: name }).locator('.ed-block-row__main').click();
  const slider = (name: string) => page.getByRole('slider', { name, exact: true });
  const draft = async () => {
    const id = page.url().split('/').at(-1)!;
    const detail = (await (await page.request.get(`${server.url}/api/editor/pages/${id}`)).json()) as {
      draft: { sections: { blocks: { type: string; place: Place }[]; phoneOrder: string[] }[] };
    };
    return detail.draft.sections[0]!;
  };
  const placeOf = async (type: string) => (await draft()).blocks.find((b) => b.type === type)!.place;
  const undo = () => page.getByRole('button', { name: 'Undo' }).click();

  it('opens a new page with a heading, a text and a button, each a full-width row', async () => {
    await page.goto(server.url + '/config');
    await page.getByLabel('Email').fill(DEMO_OWNER.email);
    await page.getByLabel('Password').fill(DEMO_OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Pages', exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Add page' }).click();
    await page.getByLabel('Title').fill('On The Grid');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/config\/pages\/[^/]+$/);
    for (const label of ['Text', 'Button']) {
      await page.getByRole('tab', { name: 'Add' }).click();
      await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
    }
    await expect.poll(() => frame().locator('a.button').count()).toBe(1);
    await expect.poll(saved, { timeout: 10_000 }).toBe(1);
    expect((await draft()).blocks.map((b) => [b.type, b.place])).toEqual([
      ['heading', { column: 1, span: 12, row: 1, rows: 1 }],
      ['text', { column: 1, span: 12, row: 2, rows: 1 }],
      ['button', { column: 1, span: 12, row: 3, rows: 1 }],
    ]);
  });

  it('resizes the text by dragging its right edge to the middle', async () => {
    await select('Text');
    const track = (await page.locator('.ed-grid-place__track').boundingBox())!;
    const edge = (await slider('Right edge').boundingBox())!;
    await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 6; step++)
      await page.mouse.move(edge.x + edge.width / 2 - (track.width / 12) * step, edge.y + edge.height / 2);
    await page.mouse.up();
    await expect.poll(() => slider('Right edge').getAttribute('aria-valuetext')).toBe('Ends at column 6');
    await expect.poll(saved, { timeout: 10_000 }).toBe(1);
    expect(await placeOf('text')).toEqual({ column: 1, span: 6, row: 2, rows: 1 });
  });

  it('resizes the button by keyboard, drags it to the other half, then moves it up beside the text', async () => {
    await select('Button');
    await slider('Right edge').focus();
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowLeft');
    await expect.poll(() => slider('Right edge').getAttribute('aria-valuetext')).toBe('Ends at column 6');
    // Dragged by its middle, six columns to the right: one step, as one drag.
    const track = (await page.locator('.ed-grid-place__track').boundingBox())!;
    const block = (await slider('Position').boundingBox())!;
    await page.mouse.move(block.x + block.width / 2, block.y + block.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 6; step++)
      await page.mouse.move(
        block.x + block.width / 2 + (track.width / 12) * step,
        block.y + block.height / 2,
      );
    await page.mouse.up();
    await expect.poll(() => slider('Position').getAttribute('aria-valuetext')).toBe('Columns 7 to 12');
    await page.getByRole('button', { name: 'Up a row' }).click();
    await expect
      .poll(() => page.locator('.ed-grid-place__row-text').textContent())
      .toBe('Row 2, one row tall');
    // Up again is refused: the heading is in the way, and the owner is told.
    await page.getByRole('button', { name: 'Up a row' }).click();
    await expect
      .poll(() => page.locator('.ed-grid-place__notice').textContent())
      .toBe('Another block is in the way. Move or narrow it first.');
    await expect.poll(saved, { timeout: 10_000 }).toBe(1);
    expect(await placeOf('button')).toEqual({ column: 7, span: 6, row: 2, rows: 1 });
  });

  it('arranges the phone order: the button first, then the heading and the text', async () => {
    const list = page.locator('.ed-phone-order__name');
    await page
      .locator('.ed-phone-order')
      .getByRole('button', { name: /^Move Button.* up$/ })
      .click();
    await page
      .locator('.ed-phone-order')
      .getByRole('button', { name: /^Move Button.* up$/ })
      .click();
    await expect
      .poll(() => list.allTextContents())
      .toEqual([expect.stringMatching(/^Button/), 'Heading: On The Grid', expect.stringMatching(/^Text/)]);
    await expect.poll(saved, { timeout: 10_000 }).toBe(1);
    // The preview's phone view stacks them in that order, as the published page will.
    await page.locator('.ed-devices__option', { hasText: 'Phone' }).click();
    const top = async (selector: string) => (await frame().locator(selector).boundingBox())!.y;
    await expect.poll(async () => (await top('.block--button')) < (await top('.block--heading'))).toBe(true);
    expect(await top('.block--heading')).toBeLessThan(await top('.block--text'));
    await page.locator('.ed-devices__option', { hasText: 'Desktop' }).click();
    await expect
      .poll(async () => Math.abs((await top('.block--button')) - (await top('.block--text'))))
      .toBeLessThan(2);
  });

  it('publishes: side by side at 1280, the chosen order stacked at 390', async () => {
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.locator('.ed-badge--published').count()).toBe(1);
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/section-grid-editor-${width}.png` });
      await page
        .locator('.ed-inspector-panel')
        .screenshot({ path: `/tmp/section-grid-inspector-${width}.png` });
      // Nothing in the editor scrolls sideways, the grid controls and long block names included.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const inspector = page.locator('.ed-inspector-panel');
      expect(await inspector.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    const box = async (visit: Page, selector: string) =>
      (await visit.locator(`main ${selector}`).first().boundingBox())!;
    for (const width of [1280, 390, 320]) {
      const visitor = await browser.newContext({ viewport: { width, height: 900 } });
      const visit = await visitor.newPage();
      expect((await visit.goto(server.url + '/on-the-grid'))?.status()).toBe(200);
      await visit.screenshot({ path: `/tmp/section-grid-published-${width}.png`, fullPage: true });
      const [heading, text, button] = await Promise.all(
        ['.block--heading', '.block--text', '.block--button'].map((s) => box(visit, s)),
      );
      if (width === 1280) {
        expect(Math.abs(text!.y - button!.y)).toBeLessThan(2);
        expect(text!.x + text!.width).toBeLessThanOrEqual(button!.x);
        expect(heading!.y + heading!.height).toBeLessThanOrEqual(text!.y);
      } else {
        expect(button!.y + button!.height).toBeLessThanOrEqual(heading!.y);
        expect(heading!.y + heading!.height).toBeLessThanOrEqual(text!.y);
        expect(Math.abs(text!.width - heading!.width)).toBeLessThan(2);
      }
      expect(await visit.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await visitor.close();
    }
  });

  it('undoes each step: the phone order, the moves, the resizes, back to three full-width rows', async () => {
    const list = page.locator('.ed-phone-order__name');
    await undo();
    await expect.poll(() => list.first().textContent()).toBe('Heading: On The Grid');
    await undo();
    await expect
      .poll(() => list.allTextContents())
      .toEqual(['Heading: On The Grid', expect.stringMatching(/^Text/), expect.stringMatching(/^Button/)]);
    await undo();
    await expect
      .poll(() => page.locator('.ed-grid-place__row-text').textContent())
      .toBe('Row 3, one row tall');
    await undo();
    await expect.poll(() => slider('Position').getAttribute('aria-valuetext')).toBe('Columns 1 to 6');
    for (let i = 5; i >= 0; i--) {
      await undo();
      await expect
        .poll(() => slider('Right edge').getAttribute('aria-valuetext'))
        .toBe(`Ends at column ${12 - i}`);
    }
    // The whole drag of the text's edge is one step.
    await undo();
    await expect.poll(saved, { timeout: 10_000 }).toBe(1);
    expect((await draft()).blocks.map((b) => b.place)).toEqual(
      [1, 2, 3].map((row) => ({ column: 1, span: 12, row, rows: 1 })),
    );
    expect(pageErrors).toEqual([]);
  });

  it('adds a Hero section from the presets: title and picture side by side in the preview', async () => {
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByRole('button', { name: /^Hero/ }).click();
    const title = frame().locator('h1', { hasText: 'Made slowly, made to last' });
    await expect.poll(() => title.count()).toBe(1);
    const [heading, picture] = await Promise.all([
      title.boundingBox(),
      frame().locator('.page-section').last().locator('.block--image').boundingBox(),
    ]);
    expect(heading!.x + heading!.width).toBeLessThanOrEqual(picture!.x);
    await expect.poll(saved, { timeout: 10_000 }).toBe(1);
    await page.locator('.ed-inspector-panel').screenshot({ path: '/tmp/section-grid-hero-inspector.png' });
    await page.screenshot({ path: '/tmp/section-grid-hero-1280.png' });
    await undo();
    await expect.poll(() => title.count()).toBe(0);
  });
});
