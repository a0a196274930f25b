import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../browser';
import { startBuiltServer, type StartedServer } from '../server';
import { SmtpSink } from '../smtp-sink';
import { DEMO_OWNER } from '../../src/seed/demo-site';

const EMAIL = 'ada.member@example.test';
const FRIEND = 'bo.friend@example.test';
const PASSWORD = 'walnut meadow 31';
const NEW_PASSWORD = 'copper kettle 58';
/** Screenshots to look at by hand; never committed. */
const SHOTS = process.env.MEMBER_SCREENSHOTS;

/** The link of the newest email to `to`, from its quoted-printable text part. */
function linkIn(sink: SmtpSink, to: string, path: string): string | undefined {
  return sink.linkTo(to, new RegExp(`https?://[^\\s"<]+${path}\\?token=[\\w-]{43}`));
}

/** A visitor's account from sign-up to sign-out, with the emails caught by a local SMTP server. */
describe.skipIf(!hasChromium)('member accounts end to end in Chromium', () => {
  let server: StartedServer;
  let sink: SmtpSink;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    sink = new SmtpSink();
    server = await startBuiltServer({ SMTP_URL: await sink.start() });
    browser = await launchChromium();
    page = await browser.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.stop();
  });

  const shoot = async (name: string) => {
    if (!SHOTS) return;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };

  /**
   * Opens an account page and waits for its forms to be wired: their code is imported after the
   * page's load event, and a click before then submits the bare form and reloads the page.
   */
  const openForms = async (url: string) => {
    await page.goto(url);
    await page.locator('form[data-enhanced]').first().waitFor();
  };

  it('links to sign-in from the header, and sends a visitor from /account to it', async () => {
    await page.goto(server.url + '/');
    await page.locator('.site-account-link').click();
    await page.waitForURL(/\/account\/login$/);
    await page.goto(server.url + '/account');
    await page.waitForURL(/\/account\/login$/);
    await shoot('login');
  });

  it('shows errors next to the fields and focuses the first one', async () => {
    await openForms(server.url + '/account/create');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('create-email');
    expect(await page.locator('#create-email-error').textContent()).toBe('Enter your email address.');
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('short');
    await page.getByLabel(/I agree/).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() => page.locator('#create-password-error').textContent())
      .toBe('Use at least 10 characters.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('create-password');
    await shoot('create-errors');
  });

  it('creates an account and verifies it with the emailed link', async () => {
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.locator('.account-success').textContent()).toContain('Check your email');
    await expect.poll(() => linkIn(sink, EMAIL, '/account/verify'), { timeout: 10_000 }).toBeTruthy();
    await page.goto(linkIn(sink, EMAIL, '/account/verify')!);
    await expect
      .poll(() => page.locator('[data-account-verify]').textContent())
      .toContain('Your email is verified.');
    await shoot('verified');
    // On to membership confirmed (208), through sign-in since this browser is not signed in.
    await page.getByRole('link', { name: 'Continue to your membership' }).click();
    await page.waitForURL(/\/account\/login\?returnTo=%2Faccount%2Fmembership-confirmed$/);
    // The link works once.
    await page.goto(linkIn(sink, EMAIL, '/account/verify')!);
    await expect
      .poll(() => page.locator('[data-account-verify]').textContent())
      .toContain('already been used');
  });

  it('refuses a wrong password with one message, then signs in and shows the account', async () => {
    await openForms(server.url + '/account/login');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.locator('.form-error').textContent())
      .toBe('The email or password you entered is incorrect.');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/account$/);
    await expect.poll(() => page.locator('.account-email').textContent()).toBe(EMAIL);
    expect(await page.locator('.site-account-link').textContent()).toBe('Account');
    expect(await page.getByText('You have no orders yet.').count()).toBe(1);
    expect(await page.locator('.account-notice').count()).toBe(0);
  });

  it('sees the membership confirmed page (208) once signed in and verified', async () => {
    await page.goto(server.url + '/account/membership-confirmed');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your membership is confirmed');
    expect(await page.locator('.account-email').textContent()).toBe(EMAIL);
    await shoot('membership-confirmed');
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await page.waitForURL(/\/account$/);
    await expect.poll(() => page.locator('.account-email').textContent()).toBe(EMAIL);
  });

  it('saves an address', async () => {
    await page.getByRole('button', { name: 'Add an address' }).click();
    await page.getByLabel('Full name').fill('Ada Member');
    await page.getByLabel('Address', { exact: true }).fill('1 Orchard Lane');
    await page.getByLabel('City').fill('Portland');
    await page.getByLabel('Postal code').fill('97201');
    await page.getByLabel('Country').fill('US');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => page.locator('.account-list address').textContent()).toContain('1 Orchard Lane');
    await shoot('account');
  });

  it('buys a gift card for a friend through its own checkout', async () => {
    await page.goto(server.url + '/shop/p/gift-card');
    const buy = page.locator('.product-detail .sqs-add-to-cart-button');
    // No denomination chosen: the gift card's own alert and message (storefront.md §5, §8).
    await buy.click();
    const alert = page.getByRole('alertdialog');
    await expect.poll(() => alert.textContent()).toContain('Unable to purchase Gift Card');
    expect(await alert.textContent()).toContain('Select a denomination for the Gift Card');
    await alert.getByRole('button').first().click();
    await page.locator('.product-detail select').first().selectOption({ label: '$25' });
    // The recipient is checked by the server; its message lands next to the field.
    await buy.click();
    await expect
      .poll(() => page.locator('#gift-card-recipientName-error').textContent())
      .toBe('Enter the recipient’s name.');
    await page.getByRole('alertdialog').getByRole('button').first().click();
    await page.getByLabel('Recipient name').fill('Bo Friend');
    await page.getByLabel('Recipient email').fill(FRIEND);
    await page.getByLabel(/Message/).fill('Happy birthday, Bo!');
    await shoot('gift-card');
    await buy.click();
    await page.waitForURL(/\/checkout\?cartToken=/);
    await expect.poll(() => page.locator('.sqs-checkout').textContent()).toContain('Gift Card');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
    await page.getByLabel(/Expiry/).fill('12/39');
    await page.getByLabel(/Security Code/).fill('123');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/checkout\/order-confirmed\?/);
  });

  it('lets the friend redeem part of it at checkout and shows the rest as the balance', async () => {
    await expect
      .poll(() => sink.received.filter((m) => m.to.includes(FRIEND)).length, { timeout: 10_000 })
      .toBe(1);
    const mail = sink.received.find((m) => m.to.includes(FRIEND))!;
    expect(mail.subject).toContain('gift card');
    const code = /Your code: ([2-9A-Z]{4}(?:-[2-9A-Z]{4}){3})/.exec(mail.raw.replace(/=\r?\n/g, ''))![1]!;
    const friend = await browser.newPage();
    friend.on('pageerror', (e) => pageErrors.push(e.message));
    // The funnel's events are beacons (Chromium shows them as pings, without their body): each is
    // awaited so the test's next navigation cannot race the page's script; the analytics screen
    // below checks what arrived.
    const sent = () =>
      friend.waitForRequest((r) => r.resourceType() === 'ping' && r.url().endsWith('/api/v1/clanker/events'));
    await friend.goto(server.url + '/shop/p/sketching-brushes');
    const added = sent();
    await friend.locator('.product-detail .sqs-add-to-cart-button').click();
    await expect
      .poll(() => friend.locator('.product-detail .sqs-add-to-cart-button').textContent())
      .toContain('Added!');
    await added;
    const checkoutStarted = sent();
    await friend.goto(server.url + '/checkout');
    await checkoutStarted;
    await friend.getByLabel('Email').fill(FRIEND);
    await friend.getByLabel(/Gift Card Code/).fill(code.toLowerCase());
    const purchased = sent();
    await friend.getByRole('button', { name: 'Place Order' }).click();
    await friend.waitForURL(/\/checkout\/order-confirmed\?/);
    await purchased;
    await friend.goto(server.url + '/shop/p/gift-card');
    await friend.getByLabel('Gift card code').fill(code);
    await friend.getByRole('button', { name: 'Check balance' }).click();
    // $25.00 less the brushes ($12.00 and $0.99 tax).
    await expect
      .poll(() => friend.locator('.gift-card-balance__result').textContent())
      .toBe('Balance: $12.01');
    await friend.close();
  });

  it("shows the owner the visit, the funnel and the purchases on the editor's analytics screen", async () => {
    const owner = await browser.newPage();
    owner.on('pageerror', (e) => pageErrors.push(e.message));
    await owner.goto(server.url + '/config');
    await owner.getByLabel('Email').fill(DEMO_OWNER.email);
    await owner.getByLabel('Password').fill(DEMO_OWNER.password);
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => owner.getByRole('heading', { name: 'Pages', exact: true }).count()).toBe(1);
    await owner.getByRole('link', { name: 'Analytics' }).click();
    await owner.waitForURL(/\/config\/analytics$/);
    const tile = (label: string) =>
      owner
        .locator('.ed-analytics__kpi')
        .filter({ has: owner.getByText(label, { exact: true }) })
        .locator('dd');
    // The signed-in member's pages are not tracked; the friend's visit and Ada's before she signed in are.
    await expect.poll(() => tile('Visits').textContent(), { timeout: 15_000 }).toMatch(/^[1-9]\d*$/);
    // Both orders: the gift card ($25.00) and the friend's brushes ($12.99, paid by the card).
    expect(await tile('Orders').textContent()).toBe('2');
    expect(await tile('Revenue').textContent()).toBe('$37.99');
    const funnel = owner.locator('table', {
      has: owner.locator('caption', { hasText: 'Conversion funnel' }),
    });
    const step = async (name: string) =>
      (
        await funnel
          .getByRole('row', { name: new RegExp(`^${name}`) })
          .locator('td')
          .first()
          .textContent()
      )?.trim();
    // Only the friend's visit counts: Ada bought the gift card signed in.
    expect(await step('Product view')).toBe('1');
    expect(await step('Add to cart')).toBe('1');
    expect(await step('Checkout')).toBe('1');
    expect(await step('Purchase')).toBe('1');
    const topPages = await owner.getByRole('region', { name: 'Top pages', exact: true }).innerText();
    expect(topPages).toContain('/shop/p/sketching-brushes');
    if (SHOTS) {
      for (const width of [390, 1280]) {
        await owner.setViewportSize({ width, height: 900 });
        await owner.screenshot({ path: `${SHOTS}/analytics-${width}.png`, fullPage: true });
      }
    }
    await owner.close();
  }, 90_000);

  it('shows the gift-card order in the account', async () => {
    await page.goto(server.url + '/account');
    await expect.poll(() => page.locator('.account-email').textContent()).toBe(EMAIL);
    await expect.poll(() => page.getByText(/Order #\d+/).count()).toBe(1);
  });

  it('changes the language', async () => {
    await page.getByLabel('Language for this store').selectOption('fr-CA');
    await page.getByRole('button', { name: 'Save language' }).click();
    await expect
      .poll(() => page.locator('form[data-account-form="locale"] .account-saved').textContent())
      .toBe('Language saved.');
    await page.reload();
    await expect.poll(() => page.getByLabel('Language for this store').inputValue()).toBe('fr-CA');
  });

  it('signs out and is a visitor again', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(server.url + '/');
    expect(await page.locator('.site-account-link').textContent()).toBe('Sign in');
    const cookies = await page.context().cookies();
    expect(cookies.some((c) => c.name === 'siteUserSession')).toBe(false);
  });

  it('resets a forgotten password with the emailed link, once', async () => {
    await openForms(server.url + '/account/forgot');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.locator('.account-success').textContent()).toContain('Check your email');
    await expect.poll(() => linkIn(sink, EMAIL, '/account/reset'), { timeout: 10_000 }).toBeTruthy();
    const link = linkIn(sink, EMAIL, '/account/reset')!;
    await openForms(link);
    await shoot('reset');
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect
      .poll(() => page.locator('.account-success').textContent())
      .toContain('Your password is changed');

    await openForms(link);
    await page.getByLabel('New password').fill('yet another one 99');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => page.locator('.form-error').textContent()).toContain('already been used');

    await openForms(server.url + '/account/login');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/account$/);
    await page.locator('form[data-enhanced]').first().waitFor();
  });

  it('changes the password while signed in', async () => {
    await page.getByLabel('Current password').fill('wrong current one');
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => page.locator('#password-current-error').textContent())
      .toBe('Your current password is incorrect.');
    await page.getByLabel('Current password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => page.locator('form[data-account-form="password"] .account-saved').textContent())
      .toContain('Password changed');
  });

  it('received each email once and had no page errors', async () => {
    // Receipts go out through the mail worker after checkout answers: wait for them, then check
    // that nothing came twice. Each buyer gets the receipt of their own order.
    const subjectsTo = (address: string) =>
      sink.received.filter((m) => m.to.includes(address)).map((m) => m.subject);
    await expect
      .poll(() => subjectsTo(FRIEND), { timeout: 30_000 })
      .toEqual([expect.stringMatching(/gift card/i), expect.stringMatching(/order #\d+/)]);
    await expect
      .poll(() => [...subjectsTo(EMAIL)].sort(), { timeout: 30_000 })
      .toEqual([
        expect.stringContaining('Confirm your email'),
        expect.stringContaining('Reset your'),
        expect.stringMatching(/order #\d+/),
      ]);
    const ids = sink.received.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(pageErrors).toEqual([]);
  });
});
