import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../browser';
import { startFakeGooglePlaces, type FakeGooglePlaces } from '../fake-google-places';
import { startBuiltServer, type StartedServer } from '../server';

/** Where to keep screenshots of the open suggestions, when asked (ADDRESS_SHOTS=/some/folder). */
const shots = process.env.ADDRESS_SHOTS;

/**
 * Address autocomplete at checkout (storefront.md §7's places calls) on the built server with the
 * Google adapter pointed at a stand-in of the Places API: a shopper types part of an address,
 * picks a suggestion with the keyboard, sees the fields filled and places the order; with Google
 * failing, the same checkout is a plain form that still places the order.
 */
describe.skipIf(!hasChromium)('address autocomplete at checkout in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let places: FakeGooglePlaces;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    places = await startFakeGooglePlaces();
    server = await startBuiltServer({
      GOOGLE_PLACES_API_KEY: places.apiKey,
      GOOGLE_PLACES_API_URL: places.url,
    });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await places?.close();
  });

  async function shopperAtCheckout(width = 1280): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(server.url + '/shop/p/field-notebook');
    const add = page.locator('.product-detail .sqs-add-to-cart-host button');
    await expect.poll(() => add.textContent()).toBe('Add To Cart');
    await add.click();
    await expect.poll(() => add.textContent()).toBe('Added!');
    await page.goto(server.url + '/checkout');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Lovelace');
    return page;
  }

  async function pay(page: Page) {
    await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
    await page.getByLabel(/Expiry/).fill('12/39');
    await page.getByLabel(/Security Code/).fill('123');
    // The shipping options follow the address once typing pauses: let them settle first.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/checkout\/order-confirmed\?/).catch(async (err: unknown) => {
      throw new Error(`no confirmation; the form says: ${await page.locator('.sqs-checkout').innerText()}`, {
        cause: err,
      });
    });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you for your order');
  }

  it('types part of an address, picks a suggestion from the keyboard, sees the fields filled and places the order', async () => {
    const page = await shopperAtCheckout();
    const address = page.getByRole('combobox', { name: 'Address' });
    await address.pressSequentially('12 Analyt', { delay: 30 });
    const list = page.getByRole('listbox', { name: 'Address suggestions' });
    await expect
      .poll(() => list.getByRole('option').allTextContents())
      .toEqual(['12 Analytical Row London N1 9GU, UK']);
    expect(await address.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('.sqs-address-field__attribution').textContent()).toBe('Suggestions by Google');
    expect(await page.locator('.sqs-address-field [role="status"]').textContent()).toBe(
      '1 address suggested. Use the down arrow to choose it.',
    );
    await address.press('ArrowDown');
    expect(await list.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
    await address.press('Enter');
    await expect.poll(() => page.getByLabel('City').inputValue()).toBe('London');
    expect(await address.inputValue()).toBe('12 Analytical Row');
    expect(await page.getByLabel('Postal Code').inputValue()).toBe('N1 9GU');
    expect(await page.getByLabel('Country').inputValue()).toBe('GB');
    expect(await address.getAttribute('aria-expanded')).toBe('false');
    await expect
      .poll(() => page.locator('.sqs-address-field [role="status"]').textContent())
      .toContain('Address filled in: 12 Analytical Row, London N1 9GU, UK.');
    // The adapter's calls: typed lookups and the chosen place's details in one session, keyed.
    const lookups = places.requests.filter((r) => r.url === '/v1/places:autocomplete');
    const chosen = places.requests.find((r) => r.url.startsWith('/v1/places/ChIJ-analytical-row-12?'));
    expect(lookups.length).toBeGreaterThan(0);
    const session = (lookups.at(-1)!.body as { sessionToken: string }).sessionToken;
    expect(chosen?.url).toContain(`sessionToken=${session}`);
    expect(chosen?.headers['x-goog-api-key']).toBe(places.apiKey);
    await pay(page);
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });

  it.each([320, 390, 1280])('at %i px the open list fits the screen', async (width) => {
    const page = await shopperAtCheckout(width);
    const address = page.getByRole('combobox', { name: 'Address' });
    await address.pressSequentially('Hauptstr', { delay: 30 });
    const option = page.getByRole('option', { name: /Hauptstraße 5/ });
    await option.waitFor();
    const box = (await page.locator('.sqs-address-field__popup').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (shots) await page.screenshot({ path: `${shots}/address-suggestions-${width}.png` });
    // A click chooses too; Germany's number follows the street and the floor is the second line.
    await option.click();
    await expect.poll(() => page.getByLabel('City').inputValue()).toBe('Berlin');
    expect(await address.inputValue()).toBe('Hauptstraße 5');
    expect(await page.getByLabel(/^Apartment/).inputValue()).toBe('3. OG');
    expect(await page.getByLabel('Country').inputValue()).toBe('DE');
    if (shots) await page.screenshot({ path: `${shots}/address-filled-${width}.png`, fullPage: true });
    await page.context().close();
  });

  it('with Google failing, the address is a plain field: no list, no message, and the order is placed', async () => {
    places.mode = 'error';
    places.requests.length = 0;
    try {
      const page = await shopperAtCheckout();
      const address = page.getByRole('combobox', { name: 'Address' });
      await address.pressSequentially('12 Analytical Row', { delay: 30 });
      const lookups = () => places.requests.filter((r) => r.method === 'POST').length;
      await expect.poll(lookups).toBeGreaterThan(0);
      // After the failure the field stops asking: more typing makes no call.
      const asked = lookups();
      await address.pressSequentially(', Islington', { delay: 30 });
      await page.waitForTimeout(600);
      expect(lookups()).toBe(asked);
      expect(await address.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('option', { name: /Analytical/ }).count()).toBe(0);
      expect(await page.getByRole('alert').count()).toBe(0);
      await page.getByLabel('Country').selectOption('GB');
      await page.getByLabel('City').fill('London');
      await page.getByLabel('Postal Code').fill('N1 9GU');
      expect(await address.inputValue()).toBe('12 Analytical Row, Islington');
      await pay(page);
      expect(pageErrors).toEqual([]);
      await page.context().close();
    } finally {
      places.mode = 'ok';
    }
  });
});
