import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_API, type AdminProduct } from '@site/commerce-core/admin';
import { hasChromium, launchChromium } from '../browser';
import { signInOwner } from '../owner-browser';
import { FAKE_CARDS, STAND_IN_STRIPE_JS, startFakeStripe, type FakeStripe } from '../fake-stripe';
import { startBuiltServer, type StartedServer } from '../server';

const SHOTS = '/tmp/stripe-e2e-shots';
const PHONES = [320, 360, 390] as const;
const LONG_TITLE = 'Hand-stitched waxed canvas weekender wallet with an extraordinarily long name';

/**
 * The page does not scroll sideways (scrollWidth <= viewport); when it does, the elements whose
 * right edge passes the viewport, to say what to fix.
 */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return [];
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 8)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className)} ${Math.round(el.getBoundingClientRect().right)}`,
      );
  });

/**
 * The owner connects Stripe in the editor; a shopper on a phone pays for an 8.50 product with a
 * 3-D Secure card through the stand-in Stripe.js; the webhook (first, and twice) confirms the
 * order; the owner refunds part of it. Stripe's hosts are routed to a local stand-in of its API.
 */
describe.skipIf(!hasChromium)('Stripe payments end to end in Chromium', () => {
  let server: StartedServer;
  let fake: FakeStripe;
  let browser: Browser;
  let shopperContext: BrowserContext;
  let owner: Page;
  let shopper: Page;
  const pageErrors: string[] = [];
  const policyViolations: string[] = [];
  let orderPath = '';
  let productPath = '';

  /** Stripe's hosts answered by the fake, as the captcha test answers the provider's script. */
  const routeStripe = async (context: BrowserContext) => {
    await context.route('https://js.stripe.com/v3/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: STAND_IN_STRIPE_JS }),
    );
    const forward = async (route: Route) => {
      const url = new URL(route.request().url());
      const response = await route.fetch({ url: `${fake.url}${url.pathname}${url.search}`, maxRedirects: 0 });
      await route.fulfill({ response });
    };
    await context.route('https://api.stripe.com/**', forward);
    await context.route('https://hooks.stripe.com/**', forward);
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    fake = await startFakeStripe({}, { publicBase: 'https://hooks.stripe.com' });
    server = await startBuiltServer({ STRIPE_API_URL: fake.url });
    // The webhook arrives before the shopper is back from 3-D Secure.
    fake.webhook = { url: `${server.url}/api/commerce/payments/stripe/webhook`, delivery: 'before-return' };
    browser = await launchChromium();
    owner = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    owner.setDefaultTimeout(15_000);
    shopperContext = await browser.newContext({ viewport: { width: 390, height: 800 } });
    await routeStripe(shopperContext);
    shopper = await shopperContext.newPage();
    shopper.setDefaultTimeout(15_000);
    shopper.on('pageerror', (e) => pageErrors.push(e.message));
    shopper.on('console', (m) => {
      if (m.type() === 'error' && m.text().includes('Content Security Policy'))
        policyViolations.push(m.text());
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  it('lets the owner enter the Stripe keys; the secrets come back as their last four only', async () => {
    await signInOwner(owner, server.url);
    await owner.goto(server.url + '/config/site-settings');
    const form = owner.getByRole('form', { name: 'Payments' });
    await expect.poll(() => form.textContent()).toContain('Checkout is in test mode');
    await form.getByLabel('Publishable key').fill(fake.keys.publishableKey);
    await form.getByLabel('Secret key').fill(fake.keys.secretKey);
    await form.getByLabel('Webhook signing secret').fill(fake.keys.webhookSecret);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.getByRole('status').last().textContent()).toContain('Stripe is connected.');
    expect(await form.getByLabel('Secret key').inputValue()).toBe('');
    expect(await form.textContent()).toContain(`•••• ${fake.keys.secretKey.slice(-4)}`);
    expect(await form.textContent()).toContain('/api/commerce/payments/stripe/webhook');
    await owner.screenshot({ path: `${SHOTS}/editor-payments-1280.png`, fullPage: true });
  });

  it('the owner adds a product typed as 8.50 with two variants and no SKUs, and is told it was added', async () => {
    await owner.goto(server.url + '/config/store');
    await owner.getByRole('button', { name: 'Add product' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByLabel('Title', { exact: true }).fill(LONG_TITLE);
    await dialog.getByLabel('Option 1 name').fill('Colour');
    await dialog.getByRole('button', { name: 'Add option' }).click();
    /** A control by its label's text alone (a wrapping label's name also holds the typed value). */
    const control = (scope: Locator, label: string) =>
      scope
        .locator('label')
        .filter({ has: owner.locator('span', { hasText: new RegExp(`^${label}$`) }) })
        .locator('input, select');
    for (const [i, colour] of ['Olive', 'Navy'].entries()) {
      if (i > 0) await dialog.getByRole('button', { name: 'Add variant' }).click();
      const row = dialog.getByRole('group', { name: `Variant ${i + 1}`, exact: true });
      await control(row, 'Colour').fill(colour);
      await row.getByRole('textbox', { name: 'Price', exact: true }).fill('8.50');
      await control(row, 'Stock').fill('10');
      expect(await control(row, 'SKU').inputValue()).toBe('');
    }
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    const state = async () =>
      (await dialog.count()) === 0
        ? 'closed'
        : `open: ${(await dialog.getByRole('alert').allTextContents()).join(' | ')}`;
    await expect.poll(state).toBe('closed');
    const added = owner.locator('.ed-action-notice--shown');
    await expect.poll(() => added.textContent()).toContain(`Added “${LONG_TITLE}” to the store.`);
    expect(await added.getAttribute('role')).toBe('status');
    productPath = (await added.getByRole('link', { name: 'View it in the store' }).getAttribute('href'))!;
    expect(productPath).toMatch(/\/p\/[^/]+$/);
    await owner.screenshot({ path: `${SHOTS}/editor-product-added-1280.png`, fullPage: true });
    // Stored as 8.50 in both variants, each with its own SKU made from the title and colour.
    const list = (await (await owner.request.get(`${server.url}${STORE_API.products}?limit=100`)).json()) as {
      products: AdminProduct[];
    };
    const product = list.products.find((p) => p.title === LONG_TITLE)!;
    expect(product.variants.map((v) => v.price.value)).toEqual(['850', '850']);
    const skus = product.variants.map((v) => v.sku);
    expect(skus.every((sku) => /^[A-Z0-9-]+$/.test(sku))).toBe(true);
    expect(new Set(skus).size).toBe(2);
  });

  it('a shopper on a 390 px phone pays with a 3-D Secure card; the webhook confirms the order first', async () => {
    const productPage = await shopper.goto(server.url + productPath);
    await shopper.screenshot({ path: `${SHOTS}/product-390.png`, fullPage: true });
    expect(productPage?.status(), productPath).toBe(200);
    // The theme shows a colour option as swatches.
    await shopper.getByRole('radio', { name: 'Navy' }).check();
    await shopper.locator('.product-detail .sqs-add-to-cart-host button').click();
    await expect
      .poll(() => shopper.locator('.sqs-pill-cart, .cart-indicator, [data-cart-count]').first().textContent())
      .toMatch(/1/);
    await shopper.goto(server.url + '/checkout');
    await expect.poll(() => shopper.locator('.stand-in-payment-element').count()).toBe(1);
    expect(await shopper.locator('.sqs-checkout').textContent()).not.toContain('Test mode');
    // On a phone the summary is one bar naming the total, folded until asked for.
    const toggle = shopper.getByRole('button', { name: /^Show order summary/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.textContent()).toMatch(/\$\d+\.\d\d$/);
    expect(await shopper.locator('.sqs-order-summary').isVisible()).toBe(false);
    for (const width of PHONES) {
      await shopper.setViewportSize({ width, height: 800 });
      await shopper.screenshot({ path: `${SHOTS}/checkout-${width}.png`, fullPage: true });
      expect(await overflowing(shopper), `checkout at ${width}px`).toEqual([]);
    }
    await toggle.click();
    expect(
      await shopper.getByRole('button', { name: /^Hide order summary/ }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(await shopper.locator('.sqs-order-summary').textContent()).toContain('$8.50');
    for (const width of PHONES) {
      await shopper.setViewportSize({ width, height: 800 });
      await shopper.screenshot({ path: `${SHOTS}/checkout-summary-open-${width}.png`, fullPage: true });
      expect(await overflowing(shopper), `checkout with its summary open at ${width}px`).toEqual([]);
    }
    // On a wide screen the summary sits open beside the form, with no bar.
    await shopper.setViewportSize({ width: 1280, height: 900 });
    expect(await shopper.locator('.sqs-checkout__summary-toggle').isVisible()).toBe(false);
    expect(await shopper.locator('.sqs-order-summary').isVisible()).toBe(true);
    await shopper.screenshot({ path: `${SHOTS}/checkout-1280.png`, fullPage: true });
    await shopper.setViewportSize({ width: 390, height: 800 });
    await shopper.getByLabel('Email').fill('ada@example.com');
    await shopper.getByLabel('First Name').fill('Ada');
    await shopper.getByLabel('Last Name').fill('Lovelace');
    await shopper.getByLabel('Address', { exact: true }).fill('12 Analytical Row');
    await shopper.getByLabel('City').fill('London');
    await shopper.getByLabel('Postal Code').fill('N1 9GU');
    await shopper.getByLabel('Country').selectOption('GB');
    expect(await shopper.getByLabel('Email').getAttribute('autocomplete')).toBe('email');
    expect(await shopper.getByLabel('Email').getAttribute('inputmode')).toBe('email');
    await shopper.getByLabel('Card number').fill(FAKE_CARDS.threeDSecure);
    // Filled in, ready to place: the review before paying.
    for (const width of PHONES) {
      await shopper.setViewportSize({ width, height: 800 });
      await shopper.screenshot({ path: `${SHOTS}/checkout-filled-${width}.png`, fullPage: true });
      expect(await overflowing(shopper), `filled-in checkout at ${width}px`).toEqual([]);
    }
    await shopper.setViewportSize({ width: 390, height: 800 });
    await shopper.getByRole('button', { name: 'Place Order' }).click();
    await shopper.waitForURL(/hooks\.stripe\.com\/3ds\//);
    for (const width of PHONES) {
      await shopper.setViewportSize({ width, height: 800 });
      await shopper.screenshot({ path: `${SHOTS}/3ds-${width}.png` });
    }
    await shopper.setViewportSize({ width: 390, height: 800 });
    await shopper.getByRole('button', { name: 'Complete authentication' }).click();
    await shopper.waitForURL(/\/checkout\/order-confirmed\?/);
    orderPath = new URL(shopper.url()).search;
    expect(await shopper.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you for your order');
    expect(await shopper.locator('.order-page').textContent()).toContain('is confirmed');
    for (const width of PHONES) {
      await shopper.setViewportSize({ width, height: 800 });
      await shopper.screenshot({ path: `${SHOTS}/confirmation-${width}.png`, fullPage: true });
      expect(await overflowing(shopper), `confirmation at ${width}px`).toEqual([]);
    }
    await shopper.setViewportSize({ width: 1280, height: 900 });
    await shopper.screenshot({ path: `${SHOTS}/confirmation-1280.png`, fullPage: true });
    const intent = [...fake.intents.values()].at(-1)!;
    expect(intent).toMatchObject({ status: 'succeeded', amount: expect.any(Number) });
    // Delivered again: nothing changes.
    const succeeded = fake.events.findLast((e) => e.type === 'payment_intent.succeeded')!;
    expect(await fake.deliver(succeeded)).toBe(200);
    expect(policyViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('the owner refunds part of the order as typed money and is told what happened', async () => {
    const orderId = new URLSearchParams(orderPath).get('orderId')!;
    await owner.goto(`${server.url}/config/orders/${orderId}`);
    const refund = owner.getByRole('form', { name: 'Refund an amount' });
    await refund.getByLabel(/Amount/).fill('4.25');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await expect.poll(() => refund.getByRole('status').textContent()).toContain('Refunded $4.25.');
    expect(fake.refunds.at(-1)).toMatchObject({ amount: 425 });
    await expect.poll(() => owner.locator('.ed-screen').textContent()).toContain('$4.25');
    await owner.screenshot({ path: `${SHOTS}/editor-refund-1280.png`, fullPage: true });
  });

  it('a shopper whose bank refuses 3-D Secure lands on order received (207), told the payment did not go through', async () => {
    await shopper.setViewportSize({ width: 390, height: 800 });
    await shopper.goto(server.url + productPath);
    await shopper.getByRole('radio', { name: 'Navy' }).check();
    await shopper.locator('.product-detail .sqs-add-to-cart-host button').click();
    await expect
      .poll(() => shopper.locator('.sqs-pill-cart, .cart-indicator, [data-cart-count]').first().textContent())
      .toMatch(/1/);
    await shopper.goto(server.url + '/checkout');
    await expect.poll(() => shopper.locator('.stand-in-payment-element').count()).toBe(1);
    await shopper.getByLabel('Email').fill('ada@example.com');
    await shopper.getByLabel('First Name').fill('Ada');
    await shopper.getByLabel('Last Name').fill('Lovelace');
    await shopper.getByLabel('Address', { exact: true }).fill('12 Analytical Row');
    await shopper.getByLabel('City').fill('London');
    await shopper.getByLabel('Postal Code').fill('N1 9GU');
    await shopper.getByLabel('Country').selectOption('GB');
    await shopper.getByLabel('Card number').fill(FAKE_CARDS.threeDSecure);
    await shopper.getByRole('button', { name: 'Place Order' }).click();
    await shopper.waitForURL(/hooks\.stripe\.com\/3ds\//);
    await shopper.getByRole('button', { name: 'Fail authentication' }).click();
    await shopper.waitForURL(/\/checkout\/order-confirmed\?/);
    expect(await shopper.getByRole('heading', { level: 1 }).textContent()).toBe('Order received');
    expect(await shopper.getByRole('alert').textContent()).toContain('the payment did not go through');
    for (const width of PHONES) {
      await shopper.setViewportSize({ width, height: 800 });
      await shopper.screenshot({ path: `${SHOTS}/order-received-${width}.png`, fullPage: true });
      expect(await overflowing(shopper), `order received at ${width}px`).toEqual([]);
    }
    await shopper.setViewportSize({ width: 1280, height: 900 });
    await shopper.screenshot({ path: `${SHOTS}/order-received-1280.png`, fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
