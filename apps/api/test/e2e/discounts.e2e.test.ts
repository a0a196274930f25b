import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../src/seed/demo-site';
import { hasChromium, launchChromium } from '../browser';
import { startBuiltServer, type StartedServer } from '../server';

/**
 * The owner makes a 20 %-off code limited to 5 uses and a free-shipping automatic discount over
 * $50 in the editor; a shopper hears why codes do not apply, then gets both, named, in the totals.
 */
describe.skipIf(!hasChromium)('discounts end to end in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let owner: Page;
  let shopper: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    owner = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    shopper = await (await browser.newContext()).newPage();
    for (const page of [owner, shopper]) {
      page.on('pageerror', (e) => pageErrors.push(e.message));
      page.setDefaultTimeout(10_000);
    }
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const newDiscount = async (fill: (form: ReturnType<Page['getByRole']>) => Promise<void>) => {
    await owner.getByRole('button', { name: 'New discount' }).click();
    const form = owner.getByRole('form', { name: 'New discount' });
    await fill(form);
    await form.getByRole('button', { name: 'Save discount' }).click();
    await form.waitFor({ state: 'detached' });
  };

  it('lets the owner create the code, the automatic free shipping and an expired code', async () => {
    await owner.goto(server.url + '/config');
    await owner.getByLabel('Email').fill(DEMO_OWNER.email);
    await owner.getByLabel('Password').fill(DEMO_OWNER.password);
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await owner.getByRole('link', { name: 'Discounts' }).click();
    await owner.getByRole('row', { name: /Welcome 10 % off/ }).waitFor();

    // A mistake shows at its box before anything is sent.
    await owner.getByRole('button', { name: 'New discount' }).click();
    const draft = owner.getByRole('form', { name: 'New discount' });
    await draft.getByLabel('Name', { exact: true }).fill('Twenty off');
    await draft.getByLabel('Code', { exact: true }).fill('TWENTY OFF');
    await draft.getByLabel('Percentage off', { exact: true }).fill('20');
    await draft.getByRole('button', { name: 'Save discount' }).click();
    await expect.poll(() => draft.getByText('Use letters, digits, - and _ only.').count()).toBe(1);
    await draft.getByLabel('Code', { exact: true }).fill('TWENTY');
    await draft.getByLabel('Minimum', { exact: true }).selectOption('subtotal');
    await draft.getByLabel(/Minimum amount/).fill('20');
    await draft.getByLabel('Uses in total').fill('5');
    await draft.getByRole('button', { name: 'Save discount' }).click();
    await draft.waitFor({ state: 'detached' });

    await newDiscount(async (form) => {
      await form.getByLabel('Name', { exact: true }).fill('Free shipping over $50');
      await form.getByLabel('Automatically').check();
      await form.getByLabel('Discount', { exact: true }).selectOption('free-shipping');
      await form.getByLabel('Minimum', { exact: true }).selectOption('subtotal');
      await form.getByLabel(/Minimum amount/).fill('50');
    });
    await newDiscount(async (form) => {
      await form.getByLabel('Name', { exact: true }).fill('Last year');
      await form.getByLabel('Code', { exact: true }).fill('OLD10');
      await form.getByLabel('Percentage off', { exact: true }).fill('10');
      await form.getByLabel('Ends on').fill('2020-01-31');
    });

    const row = (name: RegExp) => owner.getByRole('row', { name });
    await expect.poll(() => row(/Twenty off/).textContent()).toContain('TWENTY · 20 % off');
    expect(await row(/Twenty off/).textContent()).toContain('0 of 5');
    expect(await row(/Free shipping over \$50/).textContent()).toContain('Automatic · Free shipping');
    expect(await row(/Last year/).textContent()).toContain('Expired');
  });

  const summary = () => shopper.getByRole('region', { name: 'Order Summary' });
  const apply = async (code: string) => {
    await shopper.getByLabel('Coupon Code').fill(code);
    await shopper.getByRole('button', { name: 'Apply' }).click();
  };

  it('tells the shopper why a code does not apply', async () => {
    await shopper.goto(server.url + '/shop/p/field-notebook');
    const add = shopper.locator('.product-detail .sqs-add-to-cart-host button');
    await expect.poll(() => add.textContent()).toBe('Add To Cart');
    await add.click();
    await expect.poll(() => add.textContent()).toBe('Added!');
    await shopper.goto(server.url + '/checkout');
    await summary().waitFor();

    for (const [code, message] of [
      ['NOPE', 'The code "NOPE" is not valid for this order'],
      ['old10', 'The code "old10" has expired.'],
      ['twenty', 'The code "twenty" needs $20.00 of eligible items in your cart.'],
    ]) {
      await apply(code!);
      await expect.poll(() => shopper.locator('.sqs-coupon').textContent()).toContain(message);
    }
    expect(await summary().textContent()).not.toContain('Free shipping over $50');
  });

  it('applies the code and the free shipping by name once the cart is over $50', async () => {
    await shopper.goto(server.url + '/cart');
    const line = shopper.locator('.sqs-cart-item', { hasText: 'Field Notebook' });
    for (const total of ['$28.00', '$42.00', '$56.00']) {
      await line.getByRole('button', { name: /increase/i }).click();
      await expect.poll(() => shopper.locator('.sqs-cart-page').textContent()).toContain(total);
    }
    await shopper.goto(server.url + '/checkout');
    await summary().waitFor();
    await apply('twenty');
    await expect.poll(() => shopper.locator('.sqs-coupon').textContent()).toContain('TWENTY');
    const text = await summary().textContent();
    expect(text).toContain('Twenty off−$11.20');
    expect(text).toContain('Free shipping over $50−$6.00');
    const cart = (await (await shopper.request.get(server.url + '/api/commerce/shopping-cart')).json()) as {
      grandTotalCents: number;
      taxCents: number;
      shippingCostCents: number;
    };
    expect(cart.shippingCostCents).toBe(0);
    expect(cart.grandTotalCents).toBe(5600 - 1120 + cart.taxCents);
    expect(text).toContain(`Total$${(cart.grandTotalCents / 100).toFixed(2)}`);
  });

  it('places the order and the owner sees the use and its revenue', async () => {
    await shopper.getByLabel('Email').fill('ada@example.com');
    await shopper.getByLabel('First Name').fill('Ada');
    await shopper.getByLabel('Last Name').fill('Lovelace');
    await shopper.getByLabel('Address', { exact: true }).fill('12 Analytical Row');
    await shopper.getByLabel('City').fill('London');
    await shopper.getByLabel('Postal Code').fill('N1 9GU');
    await shopper.getByLabel('Country').selectOption('GB');
    await shopper.getByLabel('Card Number').fill('4242 4242 4242 4242');
    await shopper.getByLabel(/Expiry/).fill('12/39');
    await shopper.getByLabel(/Security Code/).fill('123');
    await shopper.getByRole('button', { name: 'Place Order' }).click();
    await shopper.waitForURL(/\/checkout\/order-confirmed\?/);

    await owner.reload();
    await expect.poll(() => owner.getByRole('row', { name: /Twenty off/ }).textContent()).toContain('1 of 5');
    expect(pageErrors).toEqual([]);
  });
});
