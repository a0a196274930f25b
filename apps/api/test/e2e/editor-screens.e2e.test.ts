import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../src/seed/demo-site';
import { hasChromium, launchChromium } from '../browser';
import { axeViolations, sidewaysOverflow } from '../page-checks';
import { startBuiltServer, type StartedServer } from '../server';

/**
 * Issue 27, "an editor that fits": the owner reaches every top-level screen (all the owner's navigation offers) through the editor's
 * navigation (the Menu button on a phone) at 320, 390 and 1280 px; no screen scrolls sideways, no nav
 * link is clipped, axe finds no violation. EDITOR_SHOTS=<folder> keeps a screenshot of each.
 */
const SCREENS: readonly [group: string, label: string, path: string][] = [
  ['Website', 'Pages', '/config/pages'],
  ['Website', 'Components', '/config/components'],
  ['Website', 'Header & footer', '/config/header-footer'],
  ['Website', 'Site styles', '/config/site-styles'],
  ['Website', 'Files', '/config/files'],
  ['Website', 'Comments', '/config/comments'],
  ['Website', 'Tags', '/config/tags'],
  ['Website', 'Redirects', '/config/redirects'],
  ['Commerce', 'Store', '/config/store'],
  ['Commerce', 'Orders', '/config/orders'],
  ['Commerce', 'Reviews', '/config/reviews'],
  ['Commerce', 'Discounts', '/config/discounts'],
  ['Commerce', 'Taxes', '/config/taxes'],
  ['Commerce', 'Shipping', '/config/shipping'],
  ['Commerce', 'Emails', '/config/emails'],
  ['Marketing', 'Forms', '/config/forms'],
  ['Marketing', 'Mailing lists', '/config/mailing-lists'],
  ['Marketing', 'Member areas', '/config/member-areas'],
  ['Marketing', 'Pop-up', '/config/popup'],
  ['Analytics', 'Analytics', '/config/analytics'],
  ['Settings', 'Site', '/config/site'],
  ['Settings', 'Member sign-in', '/config/member-sign-in'],
  ['Settings', 'Languages', '/config/languages'],
  ['Settings', 'Domains', '/config/site-settings'],
  ['Settings', 'Team', '/config/team'],
  ['Settings', 'Activity', '/config/activity'],
  ['Advanced', 'Templates', '/config/templates'],
  ['Advanced', 'Automations', '/config/automations'],
];
/** 320 px is the narrowest phone the editor serves; axe runs at the two wider sizes only (same markup). */
const WIDTHS = [320, 390, 1280];
const shots = process.env.EDITOR_SHOTS;

/**
 * Nav links cut off at the sides, clipped inside their box, or under something else. A link below
 * the fold (a long menu on a phone) counts as shown: the page scrolls to it.
 */
const hiddenLinks = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('nav[aria-label="Editor"] a')]
      .filter((link) => {
        const box = link.getBoundingClientRect();
        if (box.width === 0 || box.left < 0 || box.right > document.documentElement.clientWidth) return true;
        if (link.scrollWidth > link.clientWidth + 1) return true;
        const y = box.top + box.height / 2;
        if (y < 0 || y > window.innerHeight) return false;
        const hit = document.elementFromPoint(box.left + box.width / 2, y);
        return !hit || !link.contains(hit);
      })
      .map((link) => link.textContent ?? ''),
  );

describe.skipIf(!hasChromium)('every editor screen at 320, 390 and 1280 px', () => {
  let server: StartedServer;
  let browser: Browser;
  let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(server.url + '/config');
    await page.getByLabel('Email').fill(DEMO_OWNER.email);
    await page.getByLabel('Password').fill(DEMO_OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Pages', exact: true }).waitFor();
    // A list with a long name: its row (name, count, Rename, Delete) once took 418 px of a 320 px phone.
    await page.goto(server.url + '/config/mailing-lists');
    await page.getByText('No mailing lists yet').waitFor();
    await page.getByLabel('New list').fill('Spring newsletter for wholesale customers');
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.getByText('0 confirmed · default list').waitFor();
    signedIn = await context.storageState();
    await context.close();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const width of WIDTHS) {
    it(`${width} px: each screen through the navigation, nothing sideways, no clipped link${width > 320 ? ', axe clean' : ''}`, async () => {
      const context = await browser.newContext({
        viewport: { width, height: width < 600 ? 844 : 800 },
        storageState: signedIn,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(server.url + '/config/pages');
      await page.getByRole('heading', { name: 'Pages', exact: true }).waitFor();
      const problems: string[] = [];
      const menu = page.getByRole('button', { name: 'Menu' });
      const nav = page.getByRole('navigation', { name: 'Editor' });
      const screen = page.getByRole('main');
      // On a phone the links sit behind the Menu button; on a desktop they show without it.
      expect(await menu.isVisible()).toBe(width < 900);
      // Every screen the owner's navigation offers is on this list (a new one must be added here).
      const offered = await page.evaluate(() =>
        [...document.querySelectorAll('nav[aria-label="Editor"] a')].map((a) => a.getAttribute('href')),
      );
      expect(offered).toEqual(SCREENS.map(([, , path]) => path));
      if (shots && width < 900) {
        mkdirSync(shots, { recursive: true });
        await menu.click();
        await page.screenshot({ path: join(shots, `menu-${width}.png`), fullPage: true });
      }
      for (const [group, label, path] of SCREENS) {
        if (width < 900 && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
        const hidden = await hiddenLinks(page);
        if (hidden.length)
          problems.push(`before ${label}: nav links cut off or covered: ${hidden.join(', ')}`);
        const link = nav.getByRole('group', { name: group }).getByRole('link', { name: label, exact: true });
        const before = page.url() === server.url + path ? null : await screen.innerHTML();
        await link.click();
        await page.waitForURL(server.url + path);
        // The router keeps the last screen up while the next one's code loads.
        if (before !== null) await expect.poll(() => screen.innerHTML()).not.toBe(before);
        // Bounded: a screen that polls (Analytics on a range reaching today) never goes idle.
        await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
        await expect.poll(() => page.getByText('Loading…').count()).toBe(0);
        if (await page.getByText('Something went wrong').count()) problems.push(`${label}: error fallback`);
        const wide = await sidewaysOverflow(page);
        if (wide.length) problems.push(`${label} scrolls sideways: ${wide.join(', ')}`);
        if (width > 320) for (const v of await axeViolations(page)) problems.push(`${label}: ${v}`);
        if (shots) {
          mkdirSync(shots, { recursive: true });
          const name = label.toLowerCase().replace(/[^a-z]+/g, '-');
          await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
        }
      }
      await context.close();
      if (problems.length) console.log(width, JSON.stringify(problems, null, 1));
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
    }, 120_000);
  }
});
