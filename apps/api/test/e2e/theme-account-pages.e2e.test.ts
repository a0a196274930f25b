import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_THEMES, THEME_API } from '@site/page-content';
import { DEMO_OWNER } from '../../src/seed/demo-site';
import { hasChromium, launchChromium } from '../browser';
import { HttpEditor } from '../http-editor';
import { startBuiltServer, type StartedServer } from '../server';

/**
 * The account pages in every theme: on a desktop the forms sit in a narrow centred column (a
 * 1100 px wide password box is hard to read and looks broken), on a phone they use the width.
 * A theme's "every child of main gets the reading width" rule once overrode the narrow column.
 */
const FORM_PAGES = { 'sign-in': '/account/login', create: '/account/create', forgot: '/account/forgot' };
const DESKTOP = 1280;
const PHONE = 390;
const NARROW = 640;

describe.skipIf(!hasChromium)('account pages in every theme', () => {
  let server: StartedServer;
  let browser: Browser;
  let owner: HttpEditor;

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    owner = await new HttpEditor().signIn(server.url);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Where the page's account column (`selector`) sits: its width and its margins left and right. */
  async function column(context: BrowserContext, path: string, selector: string) {
    const page = await context.newPage();
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
    const box = await page.evaluate((sel) => {
      const rect = document.querySelector(sel)?.getBoundingClientRect();
      const viewport = document.documentElement.clientWidth;
      return rect && { width: rect.width, left: rect.left, right: viewport - rect.right };
    }, selector);
    await page.close();
    return box;
  }

  async function memberContext(width: number) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    await context.request.get(server.url + '/api/crumb');
    const crumb = (await context.cookies()).find((c) => c.name === 'crumb')?.value ?? '';
    const session = await context.request.post(server.url + '/api/site-users/account/session', {
      data: { ...DEMO_OWNER, rememberMe: false },
      headers: { 'x-csrf-token': crumb },
    });
    expect(session.status()).toBe(200);
    return context;
  }

  for (const theme of SITE_THEMES) {
    it(`${theme.id}: forms in a centred column at ${DESKTOP} px, full width at ${PHONE} px`, async () => {
      const put = await owner.call(server.url + THEME_API.theme, 'PUT', { theme: theme.id });
      expect(put.status).toBe(200);
      const problems: string[] = [];

      const desktop = await browser.newContext({ viewport: { width: DESKTOP, height: 800 } });
      for (const [name, path] of Object.entries(FORM_PAGES)) {
        const form = await column(desktop, path, '.account-form');
        if (!form) problems.push(`${name}: no form`);
        else if (form.width > NARROW) problems.push(`${name} form is ${Math.round(form.width)} px wide`);
        else if (Math.abs(form.left - form.right) > 2)
          problems.push(
            `${name} form is off centre: ${Math.round(form.left)} px left, ${Math.round(form.right)} px right`,
          );
      }
      await desktop.close();

      const member = await memberContext(DESKTOP);
      const welcome = await column(member, '/account/membership-confirmed', '.membership-confirmed');
      if (!welcome || welcome.width > NARROW)
        problems.push(`membership confirmed is ${Math.round(welcome?.width ?? 0)} px wide`);
      await member.close();

      // On a phone the form takes the width, less the page's gutters.
      const phone = await browser.newContext({ viewport: { width: PHONE, height: 844 } });
      const form = await column(phone, FORM_PAGES['sign-in'], '.account-form');
      if (!form || form.width < PHONE - 80)
        problems.push(`sign-in form is ${Math.round(form?.width ?? 0)} px on a phone`);
      await phone.close();

      expect(problems).toEqual([]);
    }, 120_000);
  }
});
