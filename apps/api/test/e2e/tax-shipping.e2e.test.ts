import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../src/seed/demo-site';
import { hasChromium, launchChromium } from '../browser';
import { startBuiltServer, type StartedServer } from '../server';

/**
 * The owner sets a VAT rate included in prices for Germany, California's sales tax, a weight-based
 * zone for Germany with local pickup and a flat US zone (through the editor's preferences calls);
 * shoppers from Germany and California see their own taxes and shipping options at checkout.
 */
describe.skipIf(!hasChromium)('taxes and shipping by region in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let shopper: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    const owner = (await browser.newContext()).request;
    await signIn(owner);
    shopper = await (await browser.newContext()).newPage();
    shopper.on('pageerror', (e) => pageErrors.push(e.message));
    shopper.setDefaultTimeout(10_000);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signIn(owner: APIRequestContext) {
    await owner.get(server.url + '/api/crumb');
    const crumb = (await owner.storageState()).cookies.find((c) => c.name === 'crumb')!.value;
    const session = await owner.post(server.url + '/api/site-users/account/session', {
      data: { ...DEMO_OWNER, rememberMe: false },
      headers: { 'x-csrf-token': crumb },
    });
    expect(session.status()).toBe(200);
    const headers = { 'x-siteuser-xsrf-token': ((await session.json()) as { xsrfToken: string }).xsrfToken };
    const save = async (namespace: string, data: unknown) => {
      const res = await owner.put(`${server.url}/api/v1/commerce-preferences/${namespace}`, {
        data,
        headers,
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    await save('tax', {
      taxOriginCountry: 'DE',
      taxRates: [
        { country: 'DE', name: 'VAT', rate: '19', included: true, shipping: true },
        { country: 'US', region: 'CA', name: 'CA sales tax', rate: '7.25' },
      ],
    });
    await save('shipping', {
      shippingZones: [
        {
          id: 'de',
          name: 'Germany',
          areas: ['DE'],
          rates: [
            { kind: 'weight', id: 'dhl', name: 'DHL parcel', brackets: [{ minGrams: 0, amountCents: 490 }] },
            { kind: 'pickup', id: 'pickup', name: 'Pick up in Berlin', instructions: 'Mon–Fri 10–18' },
          ],
        },
        {
          id: 'us',
          name: 'United States',
          areas: ['US'],
          rates: [{ kind: 'flat', id: 'ups', name: 'UPS Ground', amountCents: 1500 }],
        },
      ],
    });
  }

  const summary = () => shopper.getByRole('region', { name: 'Order Summary' });
  const options = () => shopper.locator('.sqs-radio__label');

  it('shows a shopper in Germany the VAT in the prices, DHL and pickup; one in California the state tax and UPS', async () => {
    await shopper.goto(server.url + '/shop/p/field-notebook');
    const add = shopper.locator('.product-detail .sqs-add-to-cart-host button');
    await expect.poll(() => add.textContent()).toBe('Add To Cart');
    await add.click();
    await expect.poll(() => add.textContent()).toBe('Added!');
    await shopper.goto(server.url + '/checkout');
    await summary().waitFor();
    await expect
      .poll(() => shopper.locator('.sqs-checkout').textContent())
      .toContain('Enter your address to see the shipping options.');

    await shopper.getByLabel('Country').selectOption('DE');
    await expect
      .poll(() => options().allTextContents())
      .toEqual(['DHL parcel', 'Pick up in BerlinMon–Fri 10–18']);
    // $14.00 with 19 % VAT in it holds $2.24; pickup is free and the total is the price shown.
    await expect.poll(() => summary().textContent()).toContain('Includes VAT 19 %$2.24');
    expect(await summary().textContent()).toContain('Total$14.00');

    await shopper.getByLabel('Country').selectOption('US');
    await shopper.getByLabel(/^State/).fill('California');
    await expect.poll(() => options().allTextContents()).toEqual(['UPS Ground']);
    // 7.25 % of $14.00 = $1.015 → $1.02, on top of $14.00 and $15.00 shipping.
    await expect.poll(() => summary().textContent()).toContain('CA sales tax 7.25 %$1.02');
    expect(await summary().textContent()).toContain('Total$30.02');

    await shopper.getByLabel('Country').selectOption('JP');
    await expect
      .poll(() => shopper.locator('.sqs-checkout').textContent())
      .toContain('We do not ship to this address yet.');
    expect(pageErrors).toEqual([]);
  });
});
