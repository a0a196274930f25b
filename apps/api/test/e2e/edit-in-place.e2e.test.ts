import { describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../src/seed/demo-site';
import { hasChromium } from '../browser';
import { chromiumSession } from '../chromium-session';

// The word in italics and linked; which of the two wraps the other depends on when the preview
// last re-rendered the text, and both read the same.
const FORMATTED =
  /^<p>Open on (<a href="https:\/\/leedsworkshop\.co\.uk\/hours"><em>Saturdays<\/em><\/a>|<em><a href="https:\/\/leedsworkshop\.co\.uk\/hours">Saturdays<\/a><\/em>)\.<\/p><p><strong>Tea is on us\.<\/strong><\/p>$/;

/** An owner types on the page itself, in the preview, and publishes what was typed. */
describe.skipIf(!hasChromium)('editing in place in the preview, in Chromium', () => {
  const e2e = chromiumSession({ viewport: { width: 1280, height: 900 } });

  // The page's own content, not the site footer around it.
  const frame = () => e2e.page.frameLocator('iframe.ed-preview__frame').locator('#ed-preview-content');
  const announced = () =>
    e2e.page.locator('.ed-page-editor > p.visually-hidden[aria-live="polite"]').textContent();
  const saved = () => e2e.page.getByRole('status').filter({ hasText: 'All changes saved' }).count();
  const draft = async () => {
    const id = e2e.page.url().split('/').at(-1)!;
    const answer = await e2e.page.request.get(`${e2e.server.url}/api/editor/pages/${id}`);
    const detail = (await answer.json()) as {
      draft: { sections: { blocks: { type: string; settings: Record<string, unknown> }[] }[] };
    };
    return detail.draft.sections.flatMap((s) => s.blocks);
  };

  it('opens a new page with a heading, a text and a button', async () => {
    await e2e.page.goto(e2e.server.url + '/config');
    await e2e.page.getByLabel('Email').fill(DEMO_OWNER.email);
    await e2e.page.getByLabel('Password').fill(DEMO_OWNER.password);
    await e2e.page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => e2e.page.getByRole('heading', { name: 'Pages', exact: true }).count()).toBe(1);
    await e2e.page.getByRole('button', { name: 'Add page' }).click();
    await e2e.page.getByLabel('Title').fill('Typed On The Page');
    await e2e.page.getByRole('button', { name: 'Create' }).click();
    await e2e.page.waitForURL(/\/config\/pages\/[^/]+$/);
    for (const label of ['Heading', 'Text', 'Button']) {
      await e2e.page.getByRole('tab', { name: 'Add' }).click();
      await e2e.page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
    }
    await expect.poll(() => frame().locator('a.button').count()).toBe(1);
  });

  it('types a heading in the preview: the inspector and autosave follow', async () => {
    await frame().locator('h2', { hasText: 'A heading' }).click();
    const heading = frame().locator('h2[contenteditable]');
    await expect.poll(() => heading.count()).toBe(1);
    await expect.poll(announced).toContain('Editing heading on the page');
    await e2e.page.keyboard.press('ControlOrMeta+a');
    await e2e.page.keyboard.type('Made by hand in Leeds', { delay: 10 });
    // The caret stayed where the owner typed: the letters arrived in order, in the one element.
    expect(await heading.textContent()).toBe('Made by hand in Leeds');
    await expect
      .poll(() => e2e.page.getByLabel('Text', { exact: true }).inputValue())
      .toBe('Made by hand in Leeds');
    for (const width of [390, 1280]) {
      await e2e.page.setViewportSize({ width, height: 900 });
      await e2e.page.screenshot({ path: `/tmp/edit-in-place-typing-${width}.png` });
    }
    expect(await heading.textContent()).toBe('Made by hand in Leeds');
    await e2e.page.keyboard.press('Escape');
    await expect.poll(() => frame().locator('[contenteditable]').count()).toBe(0);
    await expect.poll(announced).toContain('Finished editing');
    await expect.poll(saved, { timeout: 10_000 }).toBe(1);
    // The new page starts with its title as a heading; the added one is the second.
    const headings = (await draft()).filter((b) => b.type === 'heading').map((b) => b.settings.text);
    expect(headings).toEqual(['Typed On The Page', 'Made by hand in Leeds']);
  });

  it('edits the selected block again with Enter and leaves it with Escape', async () => {
    await e2e.page.keyboard.press('Enter');
    await expect.poll(() => frame().locator('h2[contenteditable]').count()).toBe(1);
    await e2e.page.keyboard.type('!');
    await e2e.page.keyboard.press('Escape');
    await expect.poll(() => frame().locator('h2').textContent()).toBe('Made by hand in Leeds!');
  });

  it('undoes with Ctrl+Z while typing, through the same history, and goes on typing', async () => {
    await frame().locator('h2').click();
    await e2e.page.keyboard.press('End');
    await e2e.page.keyboard.type(' today');
    await expect
      .poll(() => e2e.page.getByLabel('Text', { exact: true }).inputValue())
      .toBe('Made by hand in Leeds! today');
    // Leaving and coming back made " today" its own step: the "!" typed before stays.
    await e2e.page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => frame().locator('h2').textContent()).toBe('Made by hand in Leeds!');
    expect(await frame().locator('h2[contenteditable]').count()).toBe(1);
    await e2e.page.keyboard.type('!');
    await e2e.page.keyboard.press('Escape');
    await expect
      .poll(() => e2e.page.getByLabel('Text', { exact: true }).inputValue())
      .toBe('Made by hand in Leeds!!');
    await e2e.page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => frame().locator('h2').textContent()).toBe('Made by hand in Leeds!');
  });

  it('types a paragraph, Enter starting a new one', async () => {
    await frame().locator('.text-block p').first().click();
    await expect.poll(() => frame().locator('.text-block[contenteditable]').count()).toBe(1);
    await e2e.page.keyboard.press('ControlOrMeta+a');
    await e2e.page.keyboard.type('Open on Saturdays.', { delay: 10 });
    await e2e.page.keyboard.press('Enter');
    await e2e.page.keyboard.type('Tea is on us.', { delay: 10 });
    // The browser's own Ctrl+B makes <b>; it is kept as the toolbar's <strong>.
    await e2e.page.keyboard.press('Shift+Home');
    await e2e.page.keyboard.press('ControlOrMeta+b');
    await e2e.page.keyboard.press('Escape');
    await expect
      .poll(() => frame().locator('.text-block').innerHTML())
      .toBe('<p>Open on Saturdays.</p><p><strong>Tea is on us.</strong></p>');
    await expect.poll(saved, { timeout: 10_000 }).toBe(1);
    expect((await draft()).find((b) => b.type === 'text')?.settings.html).toBe(
      '<p>Open on Saturdays.</p><p><strong>Tea is on us.</strong></p>',
    );
  });

  it('formats a word with the toolbar standing over the text, and links it', async () => {
    const toolbar = e2e.page.locator('.ed-floating-toolbar');
    await frame().locator('.text-block p').first().click();
    await expect.poll(() => toolbar.count()).toBe(1);
    // "Saturdays", selected by keyboard after "Open on ".
    await e2e.page.keyboard.press('Home');
    for (let i = 0; i < 'Open on '.length; i++) await e2e.page.keyboard.press('ArrowRight');
    for (let i = 0; i < 'Saturdays'.length; i++) await e2e.page.keyboard.press('Shift+ArrowRight');
    await toolbar.getByRole('button', { name: 'Italic' }).click();
    // The browser's own <i> until the preview next renders the text as the site will (<em>).
    await expect.poll(() => frame().locator('.text-block').locator('em, i').textContent()).toBe('Saturdays');
    expect(await toolbar.getByRole('button', { name: 'Italic' }).getAttribute('aria-pressed')).toBe('true');

    await toolbar.getByRole('button', { name: 'Link' }).click();
    const dialog = e2e.page.getByRole('dialog', { name: 'Link' });
    await dialog.locator('.ed-link-dialog__type', { hasText: 'Web Address' }).click();
    await dialog.getByRole('textbox', { name: 'Web Address' }).fill('https://leedsworkshop.co.uk/hours');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => frame().locator('.text-block a[href="https://leedsworkshop.co.uk/hours"]').textContent())
      .toBe('Saturdays');
    // Still typing in the same text after the dialog, which the keyboard reaches with Alt+F10.
    expect(await frame().locator('.text-block[contenteditable]').count()).toBe(1);
    await e2e.page.keyboard.press('Alt+F10');
    await expect
      .poll(() => e2e.page.evaluate(() => document.activeElement?.closest('.ed-floating-toolbar') !== null))
      .toBe(true);
    await e2e.page.keyboard.press('Escape');
    await e2e.page.keyboard.press('Escape');
    await expect.poll(() => toolbar.count()).toBe(0);
    await expect.poll(saved, { timeout: 10_000 }).toBe(1);
    expect((await draft()).find((b) => b.type === 'text')?.settings.html).toMatch(FORMATTED);
  });

  it('moves the selection between blocks with the arrow keys, announcing each', async () => {
    await e2e.page.keyboard.press('ArrowUp');
    await expect.poll(announced).toBe('Heading block selected. Press Enter to edit it on the page.');
    await e2e.page.keyboard.press('ArrowDown');
    await expect.poll(announced).toBe('Text block selected. Press Enter to edit it on the page.');
    await e2e.page.keyboard.press('ArrowDown');
    await expect.poll(announced).toBe('Button block selected. Press Enter to edit it on the page.');
  });

  it('selects several blocks with Shift, removes them in one step, and Undo brings them back', async () => {
    const rows = e2e.page.locator('[data-block-row] .ed-block-row__main');
    await rows.filter({ hasText: 'Made by hand' }).click();
    await rows.filter({ hasText: 'Text' }).click({ modifiers: ['Shift'] });
    await expect.poll(() => e2e.page.getByRole('heading', { name: '2 blocks selected' }).count()).toBe(1);
    await expect.poll(announced).toBe('Text block added to the selection. 2 blocks selected.');
    await frame()
      .locator('a.button')
      .click({ modifiers: ['Shift'] });
    await expect.poll(() => e2e.page.getByRole('heading', { name: '3 blocks selected' }).count()).toBe(1);
    expect(await frame().locator('[data-ed-selected]').count()).toBe(3);
    expect(await frame().locator('[contenteditable]').count()).toBe(0);

    const blocks = await frame().locator('[data-block-id]').count();
    await e2e.page.getByRole('button', { name: 'Remove all' }).click();
    await expect.poll(() => frame().locator('[data-block-id]').count()).toBe(blocks - 3);
    await expect.poll(announced).toBe('3 blocks removed. Undo brings them back.');
    await e2e.page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => frame().locator('[data-block-id]').count()).toBe(blocks);
    expect(await frame().locator('.text-block').innerHTML()).toMatch(FORMATTED);
  });

  it('renames the button on the page', async () => {
    await frame().locator('a.button').click();
    await e2e.page.keyboard.press('ControlOrMeta+a');
    await e2e.page.keyboard.type('Visit the workshop');
    await e2e.page.keyboard.press('Enter');
    await expect.poll(() => frame().locator('a.button[contenteditable]').count()).toBe(0);
    await expect
      .poll(() => e2e.page.getByLabel('Label', { exact: true }).inputValue())
      .toBe('Visit the workshop');
  });

  it('starts editing on the page from the inspector, by keyboard', async () => {
    await e2e.page
      .locator('[data-block-row]')
      .filter({ hasText: 'Button' })
      .locator('.ed-block-row__main')
      .click();
    await e2e.page.getByRole('button', { name: 'Edit on the page' }).focus();
    await e2e.page.keyboard.press('Enter');
    await expect.poll(() => frame().locator('a.button[contenteditable]').count()).toBe(1);
    await expect.poll(announced).toContain('Editing button label on the page');
    await e2e.page.keyboard.type(' now');
    await e2e.page.keyboard.press('Escape');
    await expect
      .poll(() => e2e.page.getByLabel('Label', { exact: true }).inputValue())
      .toBe('Visit the workshop now');
  });

  it("types an image's caption on the page", async () => {
    await e2e.page.getByRole('tab', { name: 'Add' }).click();
    await e2e.page.getByRole('button', { name: /^Image/ }).click();
    // An image without a caption shows none to click: the inspector starts it.
    await e2e.page.getByLabel('Caption', { exact: true }).fill('Bench');
    await frame().locator('.image-block figcaption').click();
    await e2e.page.keyboard.press('End');
    await e2e.page.keyboard.type(' in the back room');
    await e2e.page.keyboard.press('Escape');
    await expect
      .poll(() => e2e.page.getByLabel('Caption', { exact: true }).inputValue())
      .toBe('Bench in the back room');
  });

  it('publishes, and a visitor sees the typed heading and paragraph', async () => {
    await e2e.page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => e2e.page.locator('.ed-badge--published').count()).toBe(1);
    for (const width of [390, 1280]) {
      await e2e.page.setViewportSize({ width, height: 900 });
      await e2e.page.screenshot({ path: `/tmp/edit-in-place-${width}.png` });
    }
    await e2e.page.setViewportSize({ width: 1280, height: 900 });
    const visitor = await e2e.browser.newContext();
    const visit = await visitor.newPage();
    expect((await visit.goto(e2e.server.url + '/typed-on-the-page'))?.status()).toBe(200);
    expect(await visit.locator('main h2').first().textContent()).toBe('Made by hand in Leeds!');
    expect(await visit.locator('main .block--text .text-block').innerHTML()).toMatch(FORMATTED);
    expect(await visit.locator('main a.button').textContent()).toBe('Visit the workshop now');
    expect(await visit.locator('main .image-block figcaption').textContent()).toBe('Bench in the back room');
    await visitor.close();
  });

  it('undoes one step: the caption goes back, the typed text stays', async () => {
    await e2e.page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => frame().locator('.image-block figcaption').textContent()).toBe('Bench');
    expect(await frame().locator('a.button').textContent()).toBe('Visit the workshop now');
    expect(await frame().locator('h2').textContent()).toBe('Made by hand in Leeds!');
    await expect.poll(saved, { timeout: 10_000 }).toBe(1);
    expect((await draft()).find((b) => b.type === 'image')?.settings.caption).toBe('Bench');
    expect(e2e.pageErrors).toEqual([]);
  });
});
