import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../browser';
import { signInOwner } from '../owner-browser';
import { axeViolations, sidewaysOverflow } from '../page-checks';
import { startBuiltServer, type StartedServer } from '../server';

/** RECORDINGS_SHOTS=<folder> keeps the screenshots somewhere else. */
const SHOTS = process.env.RECORDINGS_SHOTS ?? '/tmp/recordings-e2e-shots';
const WIDTHS = [320, 390, 1280] as const;

/**
 * The owner turns visitor recordings on in Analytics; a visitor from the US on a device with more
 * than two cores browses the shop; the owner finds the visit on the list and reads its timeline.
 */
describe.skipIf(!hasChromium)('visitor recordings in the editor, end to end in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let owner: Page;

  async function look(page: Page, name: string) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
      if (width < 1000) expect(await sidewaysOverflow(page), `${name} at ${width}px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startBuiltServer();
    browser = await launchChromium();
    owner = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    owner.setDefaultTimeout(20_000);
    await signInOwner(owner, server.url);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const panel = () => owner.getByRole('region', { name: 'Visitor recordings' });

  it('the owner flips the switch on: off and empty before, on after', async () => {
    await owner.goto(server.url + '/config/analytics');
    const toggle = panel().getByRole('switch', { name: 'Record visits' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    expect(await panel().textContent()).toContain('No recordings yet');
    expect(await panel().getByLabel('Share of visits recorded').isDisabled()).toBe(true);
    await toggle.click();
    await expect.poll(() => panel().getByRole('status').first().textContent()).toBe('Recording is on.');
    expect(await toggle.isChecked()).toBe(true);
    expect(await axeViolations(owner, '.ed-recordings')).toEqual([]);
    await look(owner, 'recordings-on-empty');
  });

  it('a visitor’s visit appears on the list, and its timeline shows the pages in order from the start', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 800 },
      // Recorded in the US and Japan only (the edge's country header), on more than two cores.
      extraHTTPHeaders: { 'cf-ipcountry': 'US' },
    });
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 8 }),
    );
    const visitor = await context.newPage();
    visitor.setDefaultTimeout(30_000);
    const sent = visitor.waitForResponse(
      (r) => /\/api\/visitor-recordings\/[^/]+\/events$/.test(r.url()) && r.status() === 204,
    );
    await visitor.goto(server.url + '/');
    await sent;
    await context.close();

    await owner.reload();
    const rows = panel().locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toMatch(/· US.*\/.*1 page/);
    await rows.first().getByRole('button', { name: 'Show timeline' }).click();
    const timeline = owner.getByRole('region', { name: 'Timeline of the visit' });
    await expect.poll(() => timeline.locator('li').first().textContent()).toBe('+0:00Opened /');
    expect(await axeViolations(owner, '.ed-recordings')).toEqual([]);
    await look(owner, 'recordings-timeline');
  });
});
