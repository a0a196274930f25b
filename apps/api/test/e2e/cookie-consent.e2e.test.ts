import { COOKIE_CONSENT_API } from '@site/page-content';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../browser';
import { HttpEditor } from '../http-editor';
import { startBuiltServer, type StartedServer } from '../server';

/** The census, events and performance calls of the tracking client. */
const TRACKING_REQUEST = /\/api\/(census|events|1\/performance)\//;
const VIDEO = '/studio/videos/how-to-rewax-a-bag';
const PLAYER = 'https://www.youtube-nocookie.com/embed/**';

interface Visitor {
  page: Page;
  tracking: string[];
  players: string[];
  pixelCalls: () => Promise<number>;
}

/**
 * Opt-in consent with categories, end to end: a new visitor's page sends no tracking request,
 * feeds no ad pixel and loads no third-party player until the visitor allows that category.
 */
describe.skipIf(!hasChromium)('cookie consent categories in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    const owner = await new HttpEditor().signIn(server.url);
    const res = await owner.call(server.url + COOKIE_CONSENT_API, 'PUT', {
      mode: 'opt-in',
      where: 'consent-region',
    });
    expect(res.status, await res.text()).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A new visitor from `country` (the proxy's header) with an ad pixel installed by the owner. */
  async function newVisitor(country: string): Promise<Visitor> {
    const context = await browser.newContext({
      viewport: { width: 390, height: 900 },
      extraHTTPHeaders: { 'cf-ipcountry': country },
    });
    contexts.push(context);
    const players: string[] = [];
    // The player's real address, answered here (the test machine has no internet).
    await context.route(PLAYER, (route) => {
      players.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<p>player</p>' });
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const tracking: string[] = [];
    page.on('request', (r) => {
      if (TRACKING_REQUEST.test(r.url())) tracking.push(new URL(r.url()).pathname);
    });
    await page.addInitScript(() => {
      const w = window as unknown as { fbq: (...a: unknown[]) => void; pixelCalls: number };
      w.pixelCalls = 0;
      w.fbq = () => void (w.pixelCalls += 1);
    });
    return {
      page,
      tracking,
      players,
      pixelCalls: () => page.evaluate(() => (window as unknown as { pixelCalls: number }).pixelCalls),
    };
  }

  it('a visitor in the EU: no tracking and no player until each category is allowed', async () => {
    const v = await newVisitor('DE');
    await v.page.goto(server.url + VIDEO);
    await v.page.waitForLoadState('networkidle');
    const banner = v.page.getByRole('region', { name: 'Cookies on this site' });
    await banner.waitFor();
    expect(v.tracking).toEqual([]);
    expect(v.players).toEqual([]);
    expect(await v.page.locator('iframe').count()).toBe(0);
    await expect
      .poll(() => v.page.locator('.consent-embed').textContent())
      .toContain('www.youtube-nocookie.com');

    // Choose: the dialog, analytics only.
    await banner.getByRole('button', { name: 'Choose' }).click();
    const dialog = v.page.getByRole('dialog', { name: 'Cookie preferences' });
    await expect
      .poll(() => dialog.getByLabel('Analytics').evaluate((e) => e === document.activeElement))
      .toBe(true);
    await dialog.getByLabel('Analytics').check();
    await dialog.getByRole('button', { name: 'Save choices' }).click();
    await expect.poll(() => v.tracking, { timeout: 10_000 }).toContain('/api/census/RecordHit');
    await v.page.waitForLoadState('networkidle');
    expect(v.players).toEqual([]);
    expect(await v.page.locator('iframe').count()).toBe(0);

    // Marketing from the footer link: the player loads, no reload needed.
    await v.page.getByRole('button', { name: 'Cookie preferences' }).click();
    await expect.poll(() => dialog.getByLabel('Analytics').isChecked()).toBe(true);
    await dialog.getByLabel('Marketing').check();
    await dialog.getByRole('button', { name: 'Save choices' }).click();
    await expect.poll(() => v.players.length, { timeout: 10_000 }).toBe(1);
    expect(await v.page.locator('iframe[src*="youtube-nocookie"]').count()).toBe(1);
    // Remembered: the next page loads the player at once and asks nothing.
    await v.page.reload();
    await v.page.waitForLoadState('networkidle');
    expect(await v.page.locator('[data-cookie-banner]').count()).toBe(0);
    expect(await v.page.locator('iframe[src*="youtube-nocookie"]').count()).toBe(1);
  });

  it('Escape closes the dialog without a choice; Decline keeps everything off', async () => {
    const v = await newVisitor('FR');
    await v.page.goto(server.url + VIDEO);
    await v.page.getByRole('button', { name: 'Choose' }).click();
    await v.page.getByRole('dialog').waitFor();
    await v.page.keyboard.press('Escape');
    await expect.poll(() => v.page.getByRole('dialog').count()).toBe(0);
    await v.page.getByRole('button', { name: 'Decline' }).click();
    await v.page.waitForLoadState('networkidle');
    expect(v.tracking).toEqual([]);
    expect(v.players).toEqual([]);
    expect(await v.pixelCalls()).toBe(0);
    expect((await v.page.context().cookies()).find((c) => c.name === 'ss_cookieAllowed')?.value).toBe(
      'false',
    );
  });

  it('a visitor in the US (opt-in only in the region): the notice, tracking and the player at once', async () => {
    const v = await newVisitor('US');
    await v.page.goto(server.url + VIDEO);
    await expect.poll(() => v.tracking, { timeout: 10_000 }).toContain('/api/census/RecordHit');
    await expect.poll(() => v.players.length, { timeout: 10_000 }).toBe(1);
    expect(await v.page.locator('[data-cookie-banner="notice"]').count()).toBe(1);
  });
});
