import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LOCKS_API, EDITOR_API, SITE_THEMES, THEME_API, type PageDetail } from '@site/page-content';
import { DEMO_OWNER } from '../../src/seed/demo-site';
import { ADDRESS, TEST_CARD } from '../client';
import { hasChromium, launchChromium } from '../browser';
import { HttpEditor } from '../http-editor';
import { axeViolations, sidewaysOverflow } from '../page-checks';
import { startBuiltServer, type StartedServer } from '../server';

/**
 * Every page type the product renders, in every theme, as a visitor on a phone and a desktop sees
 * it: nothing scrolls sideways at 320 and 390 px and axe finds no violation. THEME_SHOTS=<folder>
 * also keeps a screenshot of each page at 390 and 1280 px, to look at.
 */
const PAGES: Record<string, string> = {
  home: '/',
  shop: '/shop',
  product: '/shop/p/canvas-tote',
  cart: '/cart',
  checkout: '/checkout',
  'blog list': '/journal',
  'blog post': '/journal/caring-for-waxed-canvas',
  'events list': '/studio/events',
  'events item': '/studio/events/saturday-bookbinding',
  gallery: '/studio/gallery',
  album: '/studio/album',
  videos: '/studio/videos',
  'videos item': '/studio/videos/how-to-rewax-a-bag',
  search: '/search?q=canvas',
  'account sign-in': '/account/login',
  'account create': '/account/create',
  'not found': '/no-such-page',
  'protected content': '/about',
  cover: '/spring-opening',
};
/** Pages only a signed-in member reaches (the demo owner is a verified member of the site). */
const MEMBER_PAGES: Record<string, string> = {
  'membership confirmed': '/account/membership-confirmed',
};
const WIDTHS = [320, 390, 1280];
const shots = process.env.THEME_SHOTS;

describe.skipIf(!hasChromium)('every page type in every theme', () => {
  let server: StartedServer;
  let browser: Browser;
  let owner: HttpEditor;

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    owner = await new HttpEditor().signIn(server.url);
    // A published cover page and a locked page, which the demo site does not have.
    const created = await owner.call(server.url + EDITOR_API.pages, 'POST', {
      title: 'Spring opening',
      kind: 'cover',
      navigation: 'notLinked',
    });
    const cover = (await created.json()) as PageDetail;
    const saved = await owner.call(server.url + EDITOR_API.page(cover.id), 'PATCH', {
      version: cover.version,
      cover: {
        headline: 'The spring workshop opens',
        text: 'New classes, new canvas, and tea on the bench from 1 April.',
        button: { label: 'See the classes', href: '/studio/events' },
        background: { source: 'none' },
        position: 'center',
      },
    });
    const published = await owner.call(server.url + EDITOR_API.publish(cover.id), 'POST', {
      version: ((await saved.json()) as PageDetail).version,
    });
    expect(published.status).toBe(200);
    const locked = await owner.call(server.url + ACCESS_LOCKS_API, 'PUT', {
      pageId: 'page-about',
      password: 'spring-2026',
    });
    expect(locked.status).toBe(200);
    // An order, for the order confirmed (202) and order status (211) pages its buyer opens.
    const shopper = await browser.newContext();
    await shopper.request.get(server.url + '/api/crumb');
    const crumb = (await shopper.cookies()).find((c) => c.name === 'crumb')!.value;
    const headers = { 'x-csrf-token': crumb };
    const added = await shopper.request.post(server.url + '/api/commerce/shopping-cart/entries', {
      data: { itemId: 'prod-canvas-tote', sku: 'TOTE-OLIVE', quantity: 1 },
      headers,
    });
    expect(added.status(), await added.text()).toBe(200);
    const placed = await shopper.request.post(server.url + '/api/commerce/checkout', {
      data: { email: 'ada@example.com', shippingAddress: ADDRESS, payment: TEST_CARD },
      headers,
    });
    expect(placed.status(), await placed.text()).toBe(200);
    const { order, redirectUrl } = (await placed.json()) as {
      order: { id: string; accessToken: string };
      redirectUrl: string;
    };
    await shopper.close();
    PAGES['order confirmed'] = redirectUrl;
    PAGES['order status'] = `/orders/${order.id}?token=${order.accessToken}`;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function checkPages(
    page: Page,
    pages: Record<string, string>,
    themeId: string,
    width: number,
    problems: string[],
  ) {
    for (const [name, path] of Object.entries(pages)) {
      await page.goto(server.url + path, { waitUntil: 'networkidle' });
      if (new URL(page.url()).pathname !== new URL(server.url + path).pathname)
        problems.push(`${name} at ${width}px went to ${page.url()}`);
      const wide = await sidewaysOverflow(page);
      if (wide.length) problems.push(`${name} at ${width}px scrolls sideways: ${wide.join(', ')}`);
      if (shots && width !== 320) {
        mkdirSync(join(shots, themeId), { recursive: true });
        await page.screenshot({
          path: join(shots, themeId, `${name.replace(/ /g, '-')}-${width}.png`),
          fullPage: true,
        });
      }
      // Colours and layout change with the width: axe on the phone and the desktop layout.
      if (width === 320) continue;
      const violations = await axeViolations(page);
      for (const v of violations) problems.push(`${name} at ${width}px: ${v}`);
    }
  }

  for (const theme of SITE_THEMES) {
    it(`${theme.id}: no sideways scroll at 320 and 390 px, no axe violation`, async () => {
      const put = await owner.call(server.url + THEME_API.theme, 'PUT', { theme: theme.id });
      expect(put.status).toBe(200);
      // The widths load side by side, each in its own context: most of a page's time is
      // networkidle's half second of quiet, which three pages can wait out at once.
      const byWidth = await Promise.all(
        WIDTHS.map(async (width) => {
          const problems: string[] = [];
          const viewport = { width, height: width < 600 ? 844 : 800 };
          const visitor = await browser.newContext({ viewport });
          await checkPages(await visitor.newPage(), PAGES, theme.id, width, problems);
          await visitor.close();
          const member = await browser.newContext({ viewport });
          await member.request.get(server.url + '/api/crumb');
          const crumb = (await member.cookies()).find((c) => c.name === 'crumb')?.value ?? '';
          const session = await member.request.post(server.url + '/api/site-users/account/session', {
            data: { ...DEMO_OWNER, rememberMe: false },
            headers: { 'x-csrf-token': crumb },
          });
          expect(session.status()).toBe(200);
          await checkPages(await member.newPage(), MEMBER_PAGES, theme.id, width, problems);
          await member.close();
          return problems;
        }),
      );
      const problems = byWidth.flat();
      if (problems.length) console.log(theme.id, JSON.stringify(problems, null, 1));
      expect(problems).toEqual([]);
    }, 300_000);
  }
});
