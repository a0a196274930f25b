import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AfterAddToCart } from '@site/commerce-core';
import { STORE_API } from '@site/commerce-core/admin';
import { SITE_THEMES, THEME_API } from '@site/page-content';
import { DEMO_OWNER } from '../../src/seed/demo-site';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from '../browser';
import { chromiumSession } from '../chromium-session';
import { HttpEditor } from '../http-editor';
import { axeViolations, sidewaysOverflow } from '../page-checks';

interface SentEvent {
  event_name?: string;
  page_type?: number;
}

// One variant, on sale for $14: Add To Cart needs no choice first.
const NOTEBOOK = '/shop/p/field-notebook';
const TITLE = 'Field Notebook (3-pack)';
/** CART_SHOTS=<folder> keeps the drawer's screenshots (every theme, 320/390/1280 px). */
const SHOTS = process.env.CART_SHOTS;

/**
 * Store settings › Cart › "When a shopper adds to cart" in Chromium: the message (the spec's
 * popover), the cart drawer (page type 205, cart v2) and the cart page, each as a shopper meets it.
 */
describe.skipIf(!hasChromium)('the cart drawer, an owner’s choice, in Chromium', () => {
  const events: SentEvent[] = [];
  const e2e = chromiumSession({
    timeout: 180_000,
    setup: ({ page }) =>
      page.route('**/api/v1/clanker/events', async (route) => {
        try {
          const body = JSON.parse(route.request().postData() ?? '{}') as { eventContent?: string };
          if (body.eventContent) events.push(JSON.parse(body.eventContent) as SentEvent);
        } catch {
          // Not an event this test reads.
        }
        await route.continue();
      }),
  });
  let owner: HttpEditor;
  beforeAll(async () => {
    owner = await new HttpEditor().signIn(e2e.server.url);
  }, 60_000);

  const choose = async (afterAddToCart: AfterAddToCart) => {
    const res = await owner.call(e2e.server.url + STORE_API.commercePreferences('cart'), 'PUT', {
      afterAddToCart,
    });
    expect(res.status, await res.text()).toBe(200);
  };
  const page = () => e2e.page;
  const drawer = () => page().getByRole('dialog', { name: 'Shopping Cart' });
  const addButton = () => page().locator('.product-detail .sqs-add-to-cart-button');

  /** A product page as a visitor who waits for it, then Add To Cart. */
  async function addFrom(path: string, p: Page = page()) {
    await p.goto(e2e.server.url + path);
    await p.locator('html[data-enhanced]').waitFor({ timeout: 30_000 });
    await p.locator('.product-detail .sqs-add-to-cart-button').click();
  }

  it('Show a message (the default): the popover, no drawer, the page stays', async () => {
    await choose('message');
    await addFrom(NOTEBOOK);
    await expect
      .poll(() => page().locator('#sqs-pill-cart-root').textContent(), { timeout: 10_000 })
      .toContain(`${TITLE} was added to your cart.`);
    expect(await drawer().count()).toBe(0);
    expect(new URL(page().url()).pathname).toBe(NOTEBOOK);
  });

  it('Go to the cart page: the add lands on /cart with the product in it, viewed as page type 200', async () => {
    await choose('page');
    events.length = 0;
    await addFrom(NOTEBOOK);
    await page().waitForURL((url) => url.pathname === '/cart', { timeout: 15_000 });
    await expect
      .poll(() => page().locator('.sqs-cart-item input').first().inputValue(), { timeout: 10_000 })
      .toBe('2');
    await expect
      .poll(() => events.filter((e) => e.event_name === 'view_cart').map((e) => e.page_type), {
        timeout: 10_000,
      })
      .toEqual([200]);
  });

  it('Open the cart drawer: the drawer, no popover, and a view-cart event for page type 205', async () => {
    await choose('drawer');
    events.length = 0;
    await addFrom(NOTEBOOK);
    await drawer().waitFor({ timeout: 15_000 });
    expect(await drawer().getAttribute('aria-modal')).toBe('true');
    expect(await page().getByText('was added to your cart.').count()).toBe(0);
    await expect
      .poll(() => drawer().locator('.sqs-cart-item input').first().inputValue(), { timeout: 10_000 })
      .toBe('3');
    await expect
      .poll(() => events.filter((e) => e.event_name === 'view_cart').map((e) => e.page_type), {
        timeout: 10_000,
      })
      .toEqual([205]);
  });

  it('keeps the keyboard inside, closes on Escape and gives focus back to Add To Cart', async () => {
    for (let i = 0; i < 25; i++) {
      await page().keyboard.press('Tab');
      expect(await drawer().evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page().keyboard.press('Escape');
    await expect.poll(() => drawer().count()).toBe(0);
    expect(await addButton().evaluate((b) => b.contains(document.activeElement))).toBe(true);
  });

  it('opens from the cart indicator and closes on the backdrop and Continue Shopping', async () => {
    await page().locator('a.sqs-cart-indicator').click();
    await drawer().waitFor();
    await page().mouse.click(20, 300);
    await expect.poll(() => drawer().count()).toBe(0);
    expect(new URL(page().url()).pathname).toBe(NOTEBOOK);
    await page().locator('a.sqs-cart-indicator').click();
    await drawer().getByRole('button', { name: 'Continue Shopping' }).click();
    await expect.poll(() => drawer().count()).toBe(0);
  });

  it('changes a quantity and removes lines inside the drawer, down to the empty cart', async () => {
    await page().locator('a.sqs-cart-indicator').click();
    const subtotal = drawer().locator('.sqs-cart-page__subtotal-value');
    const before = await subtotal.textContent();
    await drawer()
      .getByRole('button', { name: `Increase quantity of ${TITLE}` })
      .click();
    await expect.poll(() => subtotal.textContent(), { timeout: 10_000 }).not.toBe(before);
    await expect
      .poll(() => page().locator('a.sqs-cart-indicator').getAttribute('aria-label'))
      .toContain('4 items');
    for (const title of [TITLE]) {
      await drawer()
        .getByRole('button', { name: `Remove ${title}` })
        .click();
      await expect
        .poll(
          () =>
            drawer()
              .getByRole('button', { name: `Remove ${title}` })
              .count(),
          { timeout: 10_000 },
        )
        .toBe(0);
    }
    await drawer().getByText('You have nothing in your shopping cart.').waitFor();
    expect(await drawer().getAttribute('aria-modal')).toBe('true');
    await page().keyboard.press('Escape');
  });

  it('slides in, except for a visitor who asks for reduced motion', async () => {
    await choose('drawer');
    await page().goto(e2e.server.url + NOTEBOOK);
    await page().locator('html[data-enhanced]').waitFor({ timeout: 30_000 });
    await page().locator('a.sqs-cart-indicator').click();
    await drawer().waitFor();
    // The panel's animation while React Aria marks it entering, for each motion preference.
    const entering = (reducedMotion: 'reduce' | 'no-preference') =>
      page()
        .emulateMedia({ reducedMotion })
        .then(() =>
          page().evaluate(() =>
            ['.sqs-cart-drawer', '.sqs-cart-drawer-overlay'].map((selector) => {
              const el = document.querySelector(selector)!;
              el.setAttribute('data-entering', '');
              const name = getComputedStyle(el).animationName;
              el.removeAttribute('data-entering');
              return name;
            }),
          ),
        );
    expect(await entering('no-preference')).toEqual(['sqs-cart-drawer-in', 'sqs-cart-drawer-fade']);
    expect(await entering('reduce')).toEqual(['none', 'none']);
    await page().emulateMedia({ reducedMotion: 'no-preference' });
    await page().keyboard.press('Escape');
  });

  it('checks out from the drawer', async () => {
    await addFrom(NOTEBOOK);
    await drawer().waitFor({ timeout: 15_000 });
    await drawer().getByRole('button', { name: 'Checkout' }).click();
    await page().waitForURL((url) => url.pathname === '/checkout', { timeout: 15_000 });
    expect(e2e.pageErrors).toEqual([]);
  });

  it('fits 320, 390 and 1280 px in every theme, in the theme’s colours, with no axe violation', async () => {
    await choose('drawer');
    await addFrom(NOTEBOOK);
    await drawer().waitFor({ timeout: 15_000 });
    await page().keyboard.press('Escape');
    const problems: string[] = [];
    for (const theme of SITE_THEMES) {
      const put = await owner.call(e2e.server.url + THEME_API.theme, 'PUT', { theme: theme.id });
      expect(put.status).toBe(200);
      for (const width of [320, 390, 1280]) {
        await page().setViewportSize({ width, height: width < 600 ? 844 : 800 });
        await page().goto(e2e.server.url + NOTEBOOK);
        await page().locator('html[data-enhanced]').waitFor({ timeout: 30_000 });
        // On a phone the header's indicator is in the closed menu: the floating pill opens it there.
        const indicator = page().locator('a.sqs-cart-indicator');
        await ((await indicator.isVisible()) ? indicator : page().locator('.sqs-pill-cart__link')).click();
        await drawer().locator('.sqs-cart-item').first().waitFor({ timeout: 15_000 });
        // Past the slide-in, so axe reads the colours at rest.
        await page().waitForTimeout(400);
        const box = (await drawer().boundingBox())!;
        if (width < 600 && Math.round(box.width) !== width)
          problems.push(`${theme.id} ${width}px: drawer ${box.width}px wide`);
        if (width >= 600 && Math.round(box.x + box.width) !== width)
          problems.push(`${theme.id} ${width}px: drawer not on the right`);
        const colours = await page().evaluate(() => {
          const panel = document.querySelector('.sqs-cart-drawer')!;
          const root = getComputedStyle(document.documentElement);
          const probe = document.createElement('div');
          probe.style.color = root.getPropertyValue('--site-color-background');
          document.body.append(probe);
          const expected = getComputedStyle(probe).color;
          probe.remove();
          return { panel: getComputedStyle(panel).backgroundColor, expected };
        });
        if (colours.panel !== colours.expected)
          problems.push(`${theme.id} ${width}px: panel ${colours.panel}, theme ${colours.expected}`);
        const wide = await sidewaysOverflow(page());
        if (wide.length) problems.push(`${theme.id} ${width}px scrolls sideways: ${wide.join(', ')}`);
        for (const v of await axeViolations(page(), '.sqs-cart-drawer'))
          problems.push(`${theme.id} ${width}px: ${v}`);
        if (SHOTS) {
          mkdirSync(SHOTS, { recursive: true });
          await page().screenshot({ path: join(SHOTS, `${theme.id}-${width}.png`) });
        }
        await page().keyboard.press('Escape');
      }
    }
    await owner.call(e2e.server.url + THEME_API.theme, 'PUT', { theme: SITE_THEMES[0]!.id });
    await choose('message');
    expect(problems).toEqual([]);
  }, 300_000);

  it('is chosen in Store settings › Cart, which fits 320, 390 and 1280 px with no axe violation', async () => {
    await choose('message');
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const editor = await context.newPage();
    editor.setDefaultTimeout(20_000);
    await editor.goto(e2e.server.url + '/config/store');
    await editor.getByLabel('Email').fill(DEMO_OWNER.email);
    await editor.getByLabel('Password').fill(DEMO_OWNER.password);
    await editor.getByRole('button', { name: 'Sign in' }).click();
    await editor.getByRole('tab', { name: 'Settings' }).click();
    const card = editor.getByRole('region', { name: 'Cart', exact: true });
    const choice = card.getByRole('group', { name: 'When a shopper adds to cart' });
    expect(await choice.getByRole('radio', { name: 'Show a message' }).isChecked()).toBe(true);
    await choice.getByRole('radio', { name: 'Open the cart drawer' }).check();
    await card.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => card.textContent()).toContain('Settings saved');
    const problems: string[] = [];
    for (const width of [320, 390, 1280]) {
      await editor.setViewportSize({ width, height: 900 });
      await card.scrollIntoViewIfNeeded();
      const wide = await sidewaysOverflow(editor);
      if (wide.length) problems.push(`${width}px scrolls sideways: ${wide.join(', ')}`);
      if (width > 320)
        for (const v of await axeViolations(editor, '.ed-store__settings')) problems.push(`${width}px: ${v}`);
      if (SHOTS) await card.screenshot({ path: join(SHOTS, `editor-cart-${width}.png`) });
    }
    await context.close();
    expect(problems).toEqual([]);
    // The visitor's next add opens the drawer.
    await addFrom(NOTEBOOK);
    await drawer().waitFor({ timeout: 15_000 });
    await page().keyboard.press('Escape');
    await choose('message');
  }, 120_000);
});
