import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../browser';
import { ADDRESS, TEST_CARD } from '../client';
import { signInOwner } from '../owner-browser';
import { axeViolations, sidewaysOverflow } from '../page-checks';
import { startBuiltServer, type StartedServer } from '../server';

/** ORDERS_EXPORT_SHOTS=<folder> keeps the screenshots somewhere else. */
const SHOTS = process.env.ORDERS_EXPORT_SHOTS ?? '/tmp/orders-export-e2e-shots';
const WIDTHS = [320, 390, 1280] as const;
const BUYERS = ['ada@export.test', 'grace@export.test', 'katherine@export.test'];

/** One order of the demo's digital product through the storefront's API, as its checkout sends it. */
async function buy(url: string, email: string): Promise<void> {
  const cookies = new Map<string, string>();
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(url + path, {
      method,
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { 'x-csrf-token': cookies.get('crumb') ?? '' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), decodeURIComponent(pair!.slice(eq + 1)));
    }
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  };
  await call('GET', '/api/crumb');
  await call('POST', '/api/commerce/shopping-cart/entries', {
    itemId: 'prod-sketch-pack',
    sku: '',
    quantity: 1,
  });
  await call('POST', '/api/commerce/checkout', { email, shippingAddress: ADDRESS, payment: TEST_CARD });
}

/**
 * The Orders screen's CSV export in the built editor on the built server, whose pg-boss worker
 * runs the job: the owner presses Export CSV, the screen follows the job to its file, and the file
 * downloads with every order the list's search matches.
 */
describe.skipIf(!hasChromium)('orders export from the editor in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let owner: Page;
  const pageErrors: string[] = [];

  async function look(name: string) {
    for (const width of WIDTHS) {
      await owner.setViewportSize({ width, height: 900 });
      await owner.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
      if (width < 1000) expect(await sidewaysOverflow(owner), `${name} at ${width}px`).toEqual([]);
    }
    expect(await axeViolations(owner, '.ed-orders-export')).toEqual([]);
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startBuiltServer();
    for (const email of BUYERS) await buy(server.url, email);
    browser = await launchChromium();
    owner = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    owner.on('pageerror', (e) => pageErrors.push(e.message));
    owner.setDefaultTimeout(20_000);
    await signInOwner(owner, server.url);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('exports the orders the search shows as a file, from the button to the download', async () => {
    await owner.goto(server.url + '/config/orders');
    await owner.getByText(BUYERS[0]!).waitFor();
    await owner.getByPlaceholder('Search by email or order number').fill('export.test');
    await owner.getByText(BUYERS[2]!).waitFor();
    await look('before');

    await owner.getByRole('button', { name: 'Export CSV' }).click();
    const download = owner.getByRole('link', { name: 'Download orders.csv' });
    await download.waitFor({ timeout: 90_000 });
    await expect(owner.getByText('Your export of 3 orders is ready').count()).resolves.toBe(1);
    await look('ready');

    const [file] = await Promise.all([owner.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await file.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Order number,Created,Email,Status/);
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[2])
        .sort(),
    ).toEqual([...BUYERS].sort());
    await owner.getByRole('button', { name: 'Export again' }).waitFor();
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
