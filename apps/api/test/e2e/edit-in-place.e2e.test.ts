import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../src/seed/demo-site';
import { hasChromium, launchChromium } from '../browser';
import { startBuiltServer, type StartedServer } from '../server';

const FORMATTED =
  '<p>Open on <a href="https://leedsworkshop.co.uk/hours"><em>Saturdays</em></a>.</p><p><strong>Tea is on us.</strong></p>';

/** An owner types on the page itself, in the preview, and publishes what was typed. */
describe.skipIf(!hasChromium)('editing in place in the preview, in Chromium', () => {
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

  // The page's own content, not the site footer around it.
  const frame = () => page.frameLocator('iframe.ed-preview__frame').locator('#ed-preview-content');
  const announced = () =>
    page.locator('.ed-page-editor > p.visually-hidden[aria-live="polite"]').textContent();
  const saved = () => page.getByRole('status').filter({ hasText: 'All changes saved' }).count();
  const draft = async () => {
    const id = page.url().split('/').at(-1)!;
    const answer = await page.request.get(`${server.url}/api/editor/pages/${id}`);
    const detail = (await answer.json()) as {
      draft: { sections: { blocks: { type: string; settings: Record<string, unknown> }[] }[] };
    };
    return detail.draft.sections.flatMap((s) => s.blocks);
  };

  it('opens a new page with a heading, a text and a button', async () => {
    await page.goto(server.url + '/config');
    await page.getByLabel('Email').fill(DEMO_OWNER.email);
    await page.getByLabel('Password').fill(DEMO_OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Pages', exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Add page' }).click();
    await page.getByLabel('Title').fill('Typed On The Page');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/config\/pages\/[^/]+$/);
    for (const label of ['Heading', 'Text', 'Button']) {
      await page.getByRole('tab', { name: 'Add' }).click();
      await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
    }
    await expect.poll(() => frame().locator('a.button').count()).toBe(1);
  });

  it('types a heading in the preview: the inspector and autosave follow', async () => {
    await frame().locator('h2', { hasText: 'A heading' }).click();
    const heading = frame().locator('h2[contenteditable]');
    await expect.poll(() => heading.count()).toBe(1);
    await expect.poll(announced).toContain('Editing heading on the page');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Made by hand in Leeds', { delay: 10 });
    // The caret stayed where the owner typed: the letters arrived in order, in the one element.
    expect(await heading.textContent()).toBe('Made by hand in Leeds');
    await expect
      .poll(() => page.getByLabel('Text', { exact: true }).inputValue())
      .toBe('Made by hand in Leeds');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/edit-in-place-typing-${width}.png` });
    }
    expect(await heading.textContent()).toBe('Made by hand in Leeds');
    await page.keyboard.press('Escape');
    await expect.poll(() => frame().locator('[contenteditable]').count()).toBe(0);
    await expect.poll(announced).toContain('Finished editing');
    await expect.poll(saved, { timeout: 10_000 }).toBe(1);
    // The new page starts with its title as a heading; the added one is the second.
    const headings = (await draft()).filter((b) => b.type === 'heading').map((b) => b.settings.text);
    expect(headings).toEqual(['Typed On The Page', 'Made by hand in Leeds']);
  });

  it('edits the selected block again with Enter and leaves it with Escape', async () => {
    await page.keyboard.press('Enter');
    await expect.poll(() => frame().locator('h2[contenteditable]').count()).toBe(1);
    await page.keyboard.type('!');
    await page.keyboard.press('Escape');
    await expect.poll(() => frame().locator('h2').textContent()).toBe('Made by hand in Leeds!');
  });

  it('undoes with Ctrl+Z while typing, through the same history, and goes on typing', async () => {
    await frame().locator('h2').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' today');
    await expect
      .poll(() => page.getByLabel('Text', { exact: true }).inputValue())
      .toBe('Made by hand in Leeds! today');
    // Leaving and coming back made " today" its own step: the "!" typed before stays.
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => frame().locator('h2').textContent()).toBe('Made by hand in Leeds!');
    expect(await frame().locator('h2[contenteditable]').count()).toBe(1);
    await page.keyboard.type('!');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.getByLabel('Text', { exact: true }).inputValue())
      .toBe('Made by hand in Leeds!!');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => frame().locator('h2').textContent()).toBe('Made by hand in Leeds!');
  });

  it('types a paragraph, Enter starting a new one', async () => {
    await frame().locator('.text-block p').first().click();
    await expect.poll(() => frame().locator('.text-block[contenteditable]').count()).toBe(1);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Open on Saturdays.', { delay: 10 });
    await page.keyboard.press('Enter');
    await page.keyboard.type('Tea is on us.', { delay: 10 });
    // The browser's own Ctrl+B makes <b>; it is kept as the toolbar's <strong>.
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => frame().locator('.text-block').innerHTML())
      .toBe('<p>Open on Saturdays.</p><p><strong>Tea is on us.</strong></p>');
    await expect.poll(saved, { timeout: 10_000 }).toBe(1);
    expect((await draft()).find((b) => b.type === 'text')?.settings.html).toBe(
      '<p>Open on Saturdays.</p><p><strong>Tea is on us.</strong></p>',
    );
  });

  it('formats a word with the toolbar standing over the text, and links it', async () => {
    const toolbar = page.locator('.ed-floating-toolbar');
    await frame().locator('.text-block p').first().click();
    await expect.poll(() => toolbar.count()).toBe(1);
    // "Saturdays", selected by keyboard after "Open on ".
    await page.keyboard.press('Home');
    for (let i = 0; i < 'Open on '.length; i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 'Saturdays'.length; i++) await page.keyboard.press('Shift+ArrowRight');
    await toolbar.getByRole('button', { name: 'Italic' }).click();
    await expect.poll(() => frame().locator('.text-block em').textContent()).toBe('Saturdays');
    expect(await toolbar.getByRole('button', { name: 'Italic' }).getAttribute('aria-pressed')).toBe('true');

    await toolbar.getByRole('button', { name: 'Link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link' });
    await dialog.locator('.ed-link-dialog__type', { hasText: 'Web Address' }).click();
    await dialog.getByRole('textbox', { name: 'Web Address' }).fill('https://leedsworkshop.co.uk/hours');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => frame().locator('.text-block a[href="https://leedsworkshop.co.uk/hours"]').textContent())
      .toBe('Saturdays');
    // Still typing in the same text after the dialog, which the keyboard reaches with Alt+F10.
    expect(await frame().locator('.text-block[contenteditable]').count()).toBe(1);
    await page.keyboard.press('Alt+F10');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('.ed-floating-toolbar') !== null))
      .toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect.poll(() => toolbar.count()).toBe(0);
    await expect.poll(saved, { timeout: 10_000 }).toBe(1);
    expect((await draft()).find((b) => b.type === 'text')?.settings.html).toBe(FORMATTED);
  });

  it('moves the selection between blocks with the arrow keys, announcing each', async () => {
    await page.keyboard.press('ArrowUp');
    await expect.poll(announced).toBe('Heading block selected. Press Enter to edit it on the page.');
    await page.keyboard.press('ArrowDown');
    await expect.poll(announced).toBe('Text block selected. Press Enter to edit it on the page.');
    await page.keyboard.press('ArrowDown');
    await expect.poll(announced).toBe('Button block selected. Press Enter to edit it on the page.');
  });

  it('renames the button on the page', async () => {
    await frame().locator('a.button').click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Visit the workshop');
    await page.keyboard.press('Enter');
    await expect.poll(() => frame().locator('a.button[contenteditable]').count()).toBe(0);
    await expect
      .poll(() => page.getByLabel('Label', { exact: true }).inputValue())
      .toBe('Visit the workshop');
  });

  it('starts editing on the page from the inspector, by keyboard', async () => {
    await page
      .locator('[data-block-row]')
      .filter({ hasText: 'Button' })
      .locator('.ed-block-row__main')
      .click();
    await page.getByRole('button', { name: 'Edit on the page' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => frame().locator('a.button[contenteditable]').count()).toBe(1);
    await expect.poll(announced).toContain('Editing button label on the page');
    await page.keyboard.type(' now');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.getByLabel('Label', { exact: true }).inputValue())
      .toBe('Visit the workshop now');
  });

  it("types an image's caption on the page", async () => {
    await page.getByRole('tab', { name: 'Add' }).click();
    await page.getByRole('button', { name: /^Image/ }).click();
    // An image without a caption shows none to click: the inspector starts it.
    await page.getByLabel('Caption', { exact: true }).fill('Bench');
    await frame().locator('.image-block figcaption').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' in the back room');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.getByLabel('Caption', { exact: true }).inputValue())
      .toBe('Bench in the back room');
  });

  it('publishes, and a visitor sees the typed heading and paragraph', async () => {
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.locator('.ed-badge--published').count()).toBe(1);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/edit-in-place-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    const visitor = await browser.newContext();
    const visit = await visitor.newPage();
    expect((await visit.goto(server.url + '/typed-on-the-page'))?.status()).toBe(200);
    expect(await visit.locator('main h2').first().textContent()).toBe('Made by hand in Leeds!');
    expect(await visit.locator('main .block--text .text-block').innerHTML()).toBe(FORMATTED);
    expect(await visit.locator('main a.button').textContent()).toBe('Visit the workshop now');
    expect(await visit.locator('main .image-block figcaption').textContent()).toBe('Bench in the back room');
    await visitor.close();
  });

  it('undoes one step: the caption goes back, the typed text stays', async () => {
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => frame().locator('.image-block figcaption').textContent()).toBe('Bench');
    expect(await frame().locator('a.button').textContent()).toBe('Visit the workshop now');
    expect(await frame().locator('h2').textContent()).toBe('Made by hand in Leeds!');
    await expect.poll(saved, { timeout: 10_000 }).toBe(1);
    expect((await draft()).find((b) => b.type === 'image')?.settings.caption).toBe('Bench');
    expect(pageErrors).toEqual([]);
  });
});
