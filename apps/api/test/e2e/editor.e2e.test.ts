import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../src/seed/demo-site';
import { hasChromium, launchChromium } from '../browser';
import { startBuiltServer, type StartedServer } from '../server';

/** An owner builds and publishes a page in the editor; a visitor sees it. One browser session. */
describe.skipIf(!hasChromium)('the editor end to end in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) pageErrors.push(m.text());
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const previewText = () => page.frameLocator('iframe.ed-preview__frame').locator('body').innerText();
  const blockRows = () => page.locator('[data-block-row] .ed-block-row__type').allTextContents();
  const addBlock = async (label: string) => {
    await page.getByRole('tab', { name: 'Add' }).click();
    await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  };

  it('shows only the sign-in screen to a signed-out visitor', async () => {
    await page.goto(server.url + '/config');
    await expect.poll(() => page.getByRole('heading', { name: /Sign in to edit/ }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Pages', exact: true }).count()).toBe(0);
    const answer = await page.request.get(server.url + '/api/editor/pages');
    expect(answer.status()).toBe(401);
  });

  it('refuses a wrong password with a message, then signs the owner in', async () => {
    await page.getByLabel('Email').fill(DEMO_OWNER.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('incorrect');
    await page.getByLabel('Password').fill(DEMO_OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Pages', exact: true }).count()).toBe(1);
  });

  it('creates a page and opens it in the page editor', async () => {
    await page.getByRole('button', { name: 'Add page' }).click();
    await page.getByLabel('Title').fill('Our Workshop');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/config\/pages\/[^/]+$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Our Workshop', level: 1 }).count()).toBe(1);
    await expect.poll(previewText).toContain('Our Workshop');
  });

  it('adds heading, text, image, button and product blocks', async () => {
    for (const label of ['Heading', 'Text', 'Image', 'Button', 'Product']) await addBlock(label);
    expect(await blockRows()).toEqual(['Heading', 'Heading', 'Text', 'Image', 'Button', 'Product']);
    // The product block was added last and is selected: choose what it shows.
    await page.getByLabel('Product', { exact: true }).selectOption({ label: 'Waxed Canvas Tote' });
    await expect.poll(previewText).toContain('Waxed Canvas Tote');
  });

  it('shows each keystroke in the preview at once', async () => {
    await page.locator('[data-block-row]').filter({ hasText: 'Text' }).locator('.ed-block-row__main').click();
    const field = page.getByLabel('Text', { exact: true });
    await field.fill('');
    await field.pressSequentially('Hand tools, sharpened weekly.', { delay: 5 });
    await expect.poll(previewText).toContain('Hand tools, sharpened weekly.');
  });

  it('formats text with the toolbar and links words to a page and to an email', async () => {
    const box = page.getByRole('textbox', { name: 'Text', exact: true });
    const frame = page.frameLocator('iframe.ed-preview__frame');
    await box.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.getByRole('button', { name: 'Bold' }).click();
    await expect
      .poll(() => frame.locator('.text-block strong').textContent())
      .toBe('Hand tools, sharpened weekly.');
    expect(await page.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');

    // A new paragraph ending "about us"; the link editor turns the selection into a link.
    const selectLast = async (characters: number) => {
      for (let i = 0; i < characters; i++) await page.keyboard.press('Shift+ArrowLeft');
    };
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Read about us');
    await selectLast('about us'.length);
    await page.getByRole('button', { name: 'Link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link' });
    await dialog.getByRole('combobox', { name: 'Page' }).selectOption({ label: 'About (/about)' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => frame.locator('.text-block a[href="/about"]').textContent()).toBe('about us');

    await page.keyboard.press('End');
    await page.keyboard.type(' or write');
    await selectLast('write'.length);
    await page.getByRole('button', { name: 'Link' }).click();
    await dialog.locator('.ed-link-dialog__type', { hasText: 'Email' }).click();
    await dialog.getByRole('textbox', { name: 'To' }).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Please enter a valid email');
    await dialog.getByRole('textbox', { name: 'To' }).fill('workshop@example.com');
    await dialog.getByRole('textbox', { name: 'Subject' }).fill('A visit');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => frame.locator('.text-block a[href^="mailto:"]').getAttribute('href'))
      .toBe('mailto:workshop@example.com?subject=A%20visit');
  });

  it('reorders two blocks with the keyboard', async () => {
    const handle = page.getByRole('button', { name: /^Reorder Button/ });
    await handle.focus();
    // Each step waits for dnd-kit's screen-reader announcement, as a person hears it.
    // Generous waits: on a loaded two-core CI machine an announcement has taken over a second.
    const announced = (text: string) =>
      expect
        .poll(() => page.locator('[id^=DndLiveRegion]').textContent(), { timeout: 10_000 })
        .toContain(text);
    await expect.poll(() => handle.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await announced('Button: Learn more is now at position 5');
    await page.keyboard.press('ArrowUp');
    await announced('is now at position 4');
    await page.keyboard.press('Space');
    await expect
      .poll(blockRows, { timeout: 10_000 })
      .toEqual(['Heading', 'Heading', 'Text', 'Button', 'Image', 'Product']);
  });

  it('switches the preview to the phone view', async () => {
    await page.locator('.ed-devices__option', { hasText: 'Phone' }).click();
    expect(await page.getByRole('radio', { name: 'Phone' }).isChecked()).toBe(true);
    await expect
      .poll(() => page.locator('iframe.ed-preview__frame').evaluate((f) => f.getBoundingClientRect().width))
      .toBe(390);
    await page.locator('.ed-devices__option', { hasText: 'Desktop' }).click();
  });

  it('asks before leaving with unsaved edits, and saves', async () => {
    await page
      .locator('[data-block-row]')
      .filter({ hasText: 'Heading' })
      .nth(1)
      .locator('.ed-block-row__main')
      .click();
    await page.getByLabel('Text', { exact: true }).fill('Visit us on Saturdays');
    await page.getByRole('link', { name: 'All pages' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'You have unsaved changes' });
    await expect.poll(() => dialog.count()).toBe(1);
    await dialog.getByRole('button', { name: 'Review Changes' }).click();
    expect(page.url()).toMatch(/\/config\/pages\/[^/]+$/);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'All changes saved' }).count())
      .toBe(1);
  });

  it('publishes, and a visitor sees the page at its URL', async () => {
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.locator('.ed-badge--published').count()).toBe(1);
    // Told what happened, with the next step: the live page.
    const published = page.getByRole('status').filter({ hasText: 'Published. Your changes are live.' });
    await expect.poll(() => published.count()).toBe(1);
    expect(await published.getByRole('link', { name: 'View the live page' }).getAttribute('href')).toBe(
      '/our-workshop',
    );
    for (const width of [320, 390, 1280])
      await page
        .setViewportSize({ width, height: 900 })
        .then(() => page.screenshot({ path: `/tmp/editor-published-${width}.png` }));
    await page.setViewportSize({ width: 1280, height: 900 });
    const visitor = await browser.newContext();
    const visit = await visitor.newPage();
    const response = await visit.goto(server.url + '/our-workshop');
    expect(response?.status()).toBe(200);
    const text = await visit.locator('main').innerText();
    expect(text).toContain('Visit us on Saturdays');
    expect(text).toContain('Hand tools, sharpened weekly.');
    expect(await visit.locator('main a[href="/shop/p/canvas-tote"]').count()).toBeGreaterThan(0);
    expect(await visit.locator('main .text-block strong').first().textContent()).toBe(
      'Hand tools, sharpened weekly.',
    );
    expect(await visit.locator('main .text-block a[href="/about"]').textContent()).toBe('about us');
    expect(
      await visit
        .locator('main .text-block a[href="mailto:workshop@example.com?subject=A%20visit"]')
        .textContent(),
    ).toBe('write');
    await visitor.close();
  });

  it('renames the URL and the old one redirects', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('URL slug').fill('/workshop');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
    const visitor = await browser.newContext();
    const visit = await visitor.newPage();
    await visit.goto(server.url + '/our-workshop');
    expect(new URL(visit.url()).pathname).toBe('/workshop');
    expect(await visit.locator('main').innerText()).toContain('Visit us on Saturdays');
    await visitor.close();
  });

  it('makes a cover page in its own dialog, refusing a button without a label, and a visitor sees it', async () => {
    await page.getByRole('link', { name: 'All pages' }).click();
    await page.getByRole('button', { name: 'Add page' }).click();
    await page.getByRole('radio', { name: 'Cover page' }).check();
    await page.getByLabel('Title').fill('Welcome');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByLabel('Text').fill('New prints every Friday.');
    await page.getByLabel('Show a button').check();
    await page.getByLabel('Button link').fill('/shop');
    await page.getByLabel('Content position').selectOption('bottom-left');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Give the button a label, or remove the button.').count()).toBe(1);
    await page.getByLabel('Button label').fill('Shop prints');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByLabel('Headline').count()).toBe(0);
    await page.getByRole('button', { name: 'Actions for Welcome' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByLabel('Status').selectOption('published');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
    const visitor = await browser.newContext();
    const visit = await visitor.newPage();
    expect((await visit.goto(server.url + '/welcome'))?.status()).toBe(200);
    expect(await visit.locator('.cover-page.cover-page--bottom.cover-page--left h1').textContent()).toBe(
      'Welcome',
    );
    expect(await visit.locator('.cover-page__text').textContent()).toBe('New prints every Friday.');
    expect(await visit.locator('a.cover-page__button[href="/shop"]').textContent()).toBe('Shop prints');
    await visitor.close();
  });

  it('adds a link to the menu from Add page, edits it, and a visitor’s menu opens it in a new window', async () => {
    await page.getByRole('button', { name: 'Add page' }).click();
    await page.getByRole('radio', { name: 'Link' }).check();
    await page.getByLabel('Title').fill('Our Instagram');
    await page.getByLabel('Web address').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Add link' }).click();
    await expect.poll(() => page.getByText('Enter a web address starting with https://').count()).toBe(1);
    await page.getByLabel('Web address').fill('https://instagram.com/workshop');
    await page.getByLabel('Open in a new window').check();
    await page.getByRole('button', { name: 'Add link' }).click();
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
    await expect.poll(() => page.getByText('https://instagram.com/workshop').count()).toBe(1);

    await page.getByRole('button', { name: 'Actions for Our Instagram' }).click();
    await page.getByRole('menuitem', { name: 'Edit link' }).click();
    await page.getByLabel('Title').fill('Instagram');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);

    const visitor = await browser.newContext();
    const visit = await visitor.newPage();
    await visit.goto(server.url + '/');
    const menuLink = visit.locator('nav.site-nav a', { hasText: 'Instagram' });
    expect(await menuLink.getAttribute('href')).toBe('https://instagram.com/workshop');
    expect(await menuLink.getAttribute('target')).toBe('_blank');
    expect(await visit.locator('nav.site-nav a', { hasText: 'Our Instagram' }).count()).toBe(0);
    await visitor.close();

    await page.getByRole('button', { name: 'Actions for Instagram' }).click();
    await page.getByRole('menuitem', { name: 'Remove from the menu' }).click();
    await expect.poll(() => page.getByText('https://instagram.com/workshop').count()).toBe(0);
  });

  it('signs out, and /config shows the sign-in screen again', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.getByRole('heading', { name: /Sign in to edit/ }).count()).toBe(1);
    await page.goto(server.url + '/config/pages');
    await expect.poll(() => page.getByRole('heading', { name: /Sign in to edit/ }).count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});
