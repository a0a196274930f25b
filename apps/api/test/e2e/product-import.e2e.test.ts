import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../browser';
import { signInOwner } from '../owner-browser';
import { axeViolations, sidewaysOverflow } from '../page-checks';
import { startBuiltServer, type StartedServer } from '../server';

/** IMPORT_SHOTS=<folder> keeps the screenshots somewhere else. */
const SHOTS = process.env.IMPORT_SHOTS ?? '/tmp/product-import-e2e-shots';
const WIDTHS = [320, 390, 1280] as const;
const GOOD = 30;

/** 30 products, then a row without a price and one with a price in words: 32 in all, 2 refused. */
const CSV = [
  'Handle,Title,Body (HTML),Variant SKU,Variant Price,Variant Inventory Qty,Status',
  ...Array.from(
    { length: GOOD },
    (_, i) => `imported-${i},Imported vase ${i},<p>Thrown by hand</p>,VASE-${i},${12 + i}.50,3,active`,
  ),
  'no-price,No price,,,,,active',
  'worded,Worded price,,WORDED,twelve,,active',
].join('\n');

/**
 * The Store screen's product import in the built editor on the built server, whose pg-boss worker
 * runs the job: the owner picks a CSV file, sees the job start with its progress, then the count of
 * imported products, the rows refused with their reasons, and the products in the list.
 */
describe.skipIf(!hasChromium)('product CSV import from the editor in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let owner: Page;
  const pageErrors: string[] = [];

  async function look(name: string) {
    const panel = owner.locator('section.ed-product-import');
    for (const width of WIDTHS) {
      await owner.setViewportSize({ width, height: 900 });
      await panel.scrollIntoViewIfNeeded();
      await owner.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: width < 1000 });
      if (width < 1000) expect(await sidewaysOverflow(owner), `${name} at ${width}px`).toEqual([]);
    }
    expect(await axeViolations(owner, 'section.ed-product-import')).toEqual([]);
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startBuiltServer();
    browser = await launchChromium();
    owner = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    owner.on('pageerror', (e) => pageErrors.push(e.message));
    owner.setDefaultTimeout(20_000);
    await signInOwner(owner, server.url);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('uploads a CSV, shows the job running, then what was imported and which rows were refused and why', async () => {
    await owner.goto(server.url + '/config/store');
    const panel = owner.getByRole('region', { name: 'Import products' });
    await panel.getByRole('heading', { name: 'Import products' }).waitFor();
    await look('before');

    await panel
      .getByLabel('Import products from CSV')
      .setInputFiles({ name: 'vases.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    // The server's answer is the job's first state, shown at once: nothing done yet, a progress bar.
    await panel.getByText(/^Importing products: \d+ of 32 done$/).waitFor();
    await expect(panel.getByRole('progressbar', { name: 'Import progress' }).count()).resolves.toBe(1);
    await look('running');

    await panel.getByText(`Imported ${GOOD} of ${GOOD + 2} products.`).waitFor({ timeout: 90_000 });
    expect(await panel.getByRole('progressbar').count()).toBe(0);
    await expect(
      panel.getByText('2 products were not imported. Fix these rows and import them again:').count(),
    ).resolves.toBe(1);
    const refused = await panel.getByRole('listitem').allTextContents();
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatch(/^Row 32: /);
    expect(refused[1]).toMatch(/^Row 33: Variant Price "twelve": /);
    await look('done');

    // The finished job refreshes the product list: the imported products are there to edit.
    await owner.getByRole('button', { name: 'Edit Imported vase 0', exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
