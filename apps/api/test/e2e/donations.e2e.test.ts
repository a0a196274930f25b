import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_API, type PageDetail } from '@site/page-content';
import { hasChromium, launchChromium } from '../browser';
import { FAKE_CARDS, STAND_IN_STRIPE_JS, startFakeStripe, type FakeStripe } from '../fake-stripe';
import { HttpEditor } from '../http-editor';
import { signInOwner } from '../owner-browser';
import { axeViolations, sidewaysOverflow } from '../page-checks';
import { startBuiltServer, type StartedServer } from '../server';

/** DONATE_SHOTS=<folder> keeps the screenshots somewhere else. */
const SHOTS = process.env.DONATE_SHOTS ?? '/tmp/donate-e2e-shots';
const WIDTHS = [320, 390, 1280] as const;

const donationDocument = {
  sections: [
    {
      id: 'give',
      blocks: [
        {
          id: 'roof-appeal',
          type: 'donation',
          settings: {
            title: 'Help us fix the roof',
            description: 'Every gift keeps the hall dry for the winter concerts.',
            amounts: [{ amount: '10' }, { amount: '25' }, { amount: '50' }],
            minimum: '5',
            fund: 'Roof appeal',
            buttonLabel: 'Donate',
          },
        },
      ],
    },
  ],
};

/**
 * A visitor gives through the owner's published Donation block: first with the test provider (a
 * suggested amount, a custom one under the minimum, then a valid one), then, once the owner has
 * connected Stripe, through the stand-in Stripe.js with a 3-D Secure card. The owner sees both on
 * Orders › Donations. Stripe's hosts are routed to a local stand-in of its API.
 */
describe.skipIf(!hasChromium)('donations end to end in Chromium', () => {
  let server: StartedServer;
  let fake: FakeStripe;
  let browser: Browser;
  let context: BrowserContext;
  let visitor: Page;
  let ownerApi: HttpEditor;
  let pagePath = '';
  const pageErrors: string[] = [];

  /** Every width, the page does not scroll sideways at the phone widths; a screenshot of each. */
  async function look(page: Page, name: string) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 860 });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
      if (width < 1000) expect(await sidewaysOverflow(page), `${name} at ${width}px`).toEqual([]);
    }
    await page.setViewportSize({ width: 390, height: 860 });
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    fake = await startFakeStripe({}, { publicBase: 'https://hooks.stripe.com' });
    server = await startBuiltServer({ STRIPE_API_URL: fake.url });
    fake.webhook = { url: `${server.url}/api/commerce/payments/stripe/webhook`, delivery: 'before-return' };
    ownerApi = await new HttpEditor().signIn(server.url);
    const page = (await (
      await ownerApi.call(server.url + EDITOR_API.pages, 'POST', { title: 'Give' })
    ).json()) as PageDetail;
    const saved = await ownerApi.call(server.url + EDITOR_API.draft(page.id), 'PUT', {
      version: page.version,
      document: donationDocument,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const published = await ownerApi.call(server.url + EDITOR_API.publish(page.id), 'POST', {
      version: ((await saved.json()) as PageDetail).version,
    });
    expect(published.status).toBe(200);
    pagePath = ((await published.json()) as PageDetail).path;

    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 390, height: 860 } });
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
    visitor = await context.newPage();
    visitor.setDefaultTimeout(15_000);
    visitor.on('pageerror', (e) => pageErrors.push(e.message));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  it('a visitor picks a suggested amount, is told a custom one is under the minimum, gives a valid one and lands on 204', async () => {
    await visitor.goto(server.url + pagePath);
    await visitor.getByRole('link', { name: '$25.00' }).click();
    await visitor.waitForURL(/\/commerce\/donate\?block=roof-appeal&amount=2500$/);
    const form = visitor.locator('form[data-enhanced]');
    await form.waitFor();
    expect(await visitor.getByRole('radio', { name: '$25.00' }).isChecked()).toBe(true);
    // The test provider's card fields, shown once the page knows the site pays through it.
    expect(await visitor.getByLabel('Card number').isVisible()).toBe(true);
    expect(await axeViolations(visitor)).toEqual([]);
    await look(visitor, 'donate');

    await visitor.getByRole('radio', { name: '$10.00' }).check({ force: true });
    const custom = visitor.getByLabel(/Or type your own amount/);
    await custom.fill('2');
    expect(await visitor.getByRole('radio', { name: '$10.00' }).isChecked()).toBe(false);
    await visitor.getByLabel('Your name').fill('Ada Lovelace');
    await visitor.getByLabel('Email for your receipt').fill('ada@example.test');
    await visitor.getByLabel('Card number').fill('4242 4242 4242 4242');
    await visitor.getByLabel('Expiry (MM/YY)').fill('12/39');
    await visitor.getByLabel('Security code').fill('123');
    await visitor.getByRole('button', { name: 'Donate' }).click();
    const amountError = visitor.locator('#donate-amount-error');
    await expect.poll(() => amountError.textContent()).toBe('The smallest donation is $5.00.');
    expect(await amountError.isVisible()).toBe(true);
    expect(await custom.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => visitor.evaluate(() => document.activeElement?.id)).toBe('donate-custom');
    expect(await axeViolations(visitor)).toEqual([]);
    await look(visitor, 'donate-below-minimum');

    await custom.fill('12.50');
    await visitor.getByRole('button', { name: 'Donate' }).click();
    await visitor.waitForURL(/\/commerce\/donate\/confirmed\?donation=/);
    expect(await visitor.locator('body').getAttribute('class')).toContain('page-type-204');
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you, Ada Lovelace');
    expect(await visitor.locator('.donate-page__lead').textContent()).toBe(
      'Your donation of $12.50 to Roof appeal has been received.',
    );
    expect(await axeViolations(visitor)).toEqual([]);
    await look(visitor, 'donation-confirmed');
    expect(pageErrors).toEqual([]);
  });

  it('once the owner connects Stripe, a visitor pays through its card fields with 3-D Secure and lands on 204', async () => {
    const connected = await ownerApi.call(`${server.url}/api/editor/payments`, 'PUT', {
      provider: 'stripe',
      ...fake.keys,
    });
    expect(connected.status).toBe(200);
    await visitor.goto(`${server.url}/commerce/donate?block=roof-appeal&amount=5000`);
    await visitor.locator('form[data-enhanced] .stand-in-payment-element').waitFor();
    // Stripe's fields replace the test provider's: no test-card hint, no second card number.
    expect(await visitor.locator('[data-payment-fields="test"]').isHidden()).toBe(true);
    expect(await visitor.getByText('Test payments: use 4242').isVisible()).toBe(false);
    expect(await axeViolations(visitor, 'form')).toEqual([]);
    await look(visitor, 'donate-stripe');
    await visitor.getByLabel('Your name').fill('Grace Hopper');
    await visitor.getByLabel('Email for your receipt').fill('grace@example.test');
    await visitor.locator('.stand-in-payment-element input[name="cardnumber"]').fill(FAKE_CARDS.threeDSecure);
    await visitor.getByRole('button', { name: 'Donate' }).click();
    await visitor.waitForURL(/hooks\.stripe\.com\/3ds\//);
    await visitor.getByRole('button', { name: 'Complete authentication' }).click();
    await visitor.waitForURL(/\/commerce\/donate\/confirmed\?donation=/);
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you, Grace Hopper');
    expect(await visitor.locator('.donate-page__lead').textContent()).toBe(
      'Your donation of $50.00 to Roof appeal has been received.',
    );
    expect([...fake.intents.values()].at(-1)).toMatchObject({ amount: 5000, status: 'succeeded' });
    expect(pageErrors).toEqual([]);
  });

  it('a visitor whose bank refuses 3-D Secure lands on 204 told why, that nothing was charged, with a way to try again', async () => {
    await visitor.goto(`${server.url}/commerce/donate?block=roof-appeal&amount=2500`);
    await visitor.locator('form[data-enhanced] .stand-in-payment-element').waitFor();
    await visitor.getByLabel('Your name').fill('Alan Turing');
    await visitor.getByLabel('Email for your receipt').fill('alan@example.test');
    await visitor.locator('.stand-in-payment-element input[name="cardnumber"]').fill(FAKE_CARDS.threeDSecure);
    await visitor.getByRole('button', { name: 'Donate' }).click();
    await visitor.waitForURL(/hooks\.stripe\.com\/3ds\//);
    await visitor.getByRole('button', { name: 'Fail authentication' }).click();
    await visitor.waitForURL(/\/commerce\/donate\/confirmed\?donation=/);
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Your donation did not go through',
    );
    expect(await visitor.getByRole('alert').textContent()).toBe(
      'The payment of $25.00 was refused: We are unable to authenticate your payment method. Nothing has been charged.',
    );
    expect(await visitor.locator('.donate-page').textContent()).not.toContain('test donation');
    expect(await axeViolations(visitor)).toEqual([]);
    await look(visitor, 'donation-refused');
    await visitor.getByRole('link', { name: 'Try again' }).click();
    await visitor.locator('form[data-enhanced]').waitFor();
    expect(await visitor.getByRole('radio', { name: '$25.00' }).isChecked()).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('the owner sees both paid donations, newest first, on Orders › Donations (the refused one is not there)', async () => {
    const owner = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    owner.setDefaultTimeout(15_000);
    await signInOwner(owner, server.url);
    await owner.goto(server.url + '/config/orders');
    await owner.getByRole('tab', { name: 'Donations' }).click();
    const table = owner.getByRole('region', { name: /donations/i });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    const rows = await table.locator('tbody tr').allTextContents();
    expect(rows[0]).toContain('Grace Hopper');
    expect(rows[0]).toContain('$50.00');
    expect(rows[1]).toContain('Ada Lovelace');
    expect(rows[1]).toContain('$12.50');
    expect(rows[1]).toContain('Roof appeal');
    expect(await axeViolations(owner, '.ed-screen')).toEqual([]);
    await look(owner, 'owner-donations');

    // Grace gave twice as much as she meant to: the owner gives $25.00 back through Stripe.
    await owner.setViewportSize({ width: 1280, height: 900 });
    await table.getByRole('button', { name: 'Refund Grace Hopper’s donation' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Refund Grace Hopper’s donation of $50.00' });
    const amount = dialog.getByLabel('Amount (USD)');
    expect(await amount.inputValue()).toBe('50.00');
    expect(await axeViolations(owner, '.ed-modal')).toEqual([]);
    await look(owner, 'owner-donation-refund');
    await amount.fill('60');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('You can refund at most $50.00 of this donation.');
    await amount.fill('25');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => owner.getByRole('status').filter({ hasText: 'Refunded' }).textContent())
      .toContain('Refunded $25.00 to Grace Hopper.');
    await expect.poll(() => table.locator('tbody tr').first().textContent()).toContain('Refunded $25.00');
    expect(fake.refunds.at(-1)).toMatchObject({ amount: 2500 });
    await owner.close();
  });
});
