import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../src/seed/demo-site';
import { verifyDelivery } from '../../src/webhooks/signature';
import { hasChromium, launchChromium } from '../browser';
import { startBuiltServer, type StartedServer } from '../server';
import { SmtpSink } from '../smtp-sink';

/** The owner connects a newsletter block to a new list; a visitor signs up and confirms by email. */
describe.skipIf(!hasChromium)('mailing lists and the newsletter block end to end in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let owner: Page;
  let receiver: Server;
  let receiverUrl: string;
  const smtp = new SmtpSink();
  const deliveries: { headers: IncomingHttpHeaders; body: string }[] = [];
  const pageErrors: string[] = [];
  let secret = '';

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        deliveries.push({ headers: req.headers, body });
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/zap`;
    // The webhook receiver listens on this machine: the development switch lets it through.
    server = await startBuiltServer({ SMTP_URL: await smtp.start(), WEBHOOKS_ALLOW_PRIVATE: 'true' });
    browser = await launchChromium();
    owner = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    owner.on('pageerror', (e) => pageErrors.push(e.message));
    // A step that cannot happen fails with its own locator, not as a test timeout.
    owner.setDefaultTimeout(10_000);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('signs the owner in and creates a mailing list', async () => {
    await owner.goto(server.url + '/config');
    await owner.getByLabel('Email').fill(DEMO_OWNER.email);
    await owner.getByLabel('Password').fill(DEMO_OWNER.password);
    await owner.getByRole('button', { name: 'Sign in' }).click();
    // On a loaded machine the lists arrived after the owner had typed the name, and the screen
    // remounted the name box then, wiping it: the list was never created. Hold them until then.
    let releaseLists = () => {};
    const listsHeld = new Promise<void>((resolve) => (releaseLists = resolve));
    const listsArrived = owner.waitForResponse(
      (r) => r.url().endsWith('/api/editor/mailing-lists') && r.request().method() === 'GET',
    );
    await owner.route('**/api/editor/mailing-lists', async (route) => {
      if (route.request().method() === 'GET') await listsHeld;
      await route.continue();
    });
    await owner.getByRole('link', { name: 'Mailing lists' }).click();
    await owner.getByLabel('New list').fill('Workshop news');
    releaseLists();
    await listsArrived;
    await owner.unroute('**/api/editor/mailing-lists');
    await owner.getByRole('button', { name: 'Create list' }).click();
    await owner.getByRole('button', { name: 'Workshop news', exact: true }).waitFor();
  });

  it('registers a webhook for subscriber added and keeps its secret', async () => {
    await owner.getByRole('link', { name: 'Automations' }).click();
    await expect.poll(() => owner.getByText('Awaiting connection').count()).toBe(1);
    await owner.getByLabel('Webhook URL').fill('not a url');
    await owner.getByLabel('Subscriber added').check();
    await owner.getByRole('button', { name: 'Add webhook' }).click();
    await expect.poll(() => owner.getByRole('alert').textContent()).toContain('Enter a full http');
    await owner.getByLabel('Webhook URL').fill(receiverUrl);
    await owner.getByRole('button', { name: 'Add webhook' }).click();
    await expect.poll(() => owner.getByText('1 Zap connected').count()).toBe(1);
    secret = (await owner.getByRole('status').locator('code').first().textContent()) ?? '';
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('connects a newsletter block on a new page and publishes it', async () => {
    await owner.getByRole('link', { name: 'Pages', exact: true }).click();
    await owner.getByRole('button', { name: 'Add page' }).click();
    await owner.getByLabel('Title').fill('Join Us');
    await owner.getByRole('button', { name: 'Create' }).click();
    await owner.waitForURL(/\/config\/pages\/[^/]+$/);
    await owner.getByRole('tab', { name: 'Add' }).click();
    await owner.getByRole('button', { name: /^Newsletter/ }).click();
    await owner.getByRole('button', { name: 'Connect' }).click();
    await expect
      .poll(() => owner.getByRole('alert').filter({ hasText: 'A List must be selected' }).count())
      .toBe(1);
    await owner.getByLabel('List', { exact: true }).selectOption({ label: 'Workshop news' });
    await owner.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => owner.getByText('Connected to').textContent()).toContain('Workshop news');
    await owner.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => owner.locator('.ed-badge--published').count()).toBe(1);
  });

  it('lets a visitor sign up, with the form rules, and confirm by the emailed link', async () => {
    const visitor = await browser.newPage();
    visitor.on('pageerror', (e) => pageErrors.push(e.message));
    await visitor.goto(server.url + '/join-us');
    // A click before the site script takes over the form would be the browser's own submit.
    await visitor.locator('form[data-enhanced="true"]').first().waitFor({ timeout: 10_000 });
    const email = visitor.getByLabel('Email address');
    await email.fill('ada@');
    await visitor.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => visitor.getByRole('alert').textContent()).toContain('Email is not valid');
    expect(await email.getAttribute('aria-invalid')).not.toBeNull();
    await email.fill('ada@example.com');
    await visitor.getByRole('button', { name: 'Sign up' }).click();
    await expect
      .poll(() => visitor.locator('.form-submission-message').textContent())
      .toContain('Please check your inbox');

    await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBe(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['ada@example.com']);
    const raw = mail!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = /http:\/\/[^\s"<]+\/newsletter\/confirm\?token=[\w-]+/.exec(raw)![0];
    await visitor.goto(link);
    await expect.poll(() => visitor.getByRole('heading', { name: 'Subscription confirmed' }).count()).toBe(1);
    expect(await visitor.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(1);
    await visitor.close();
  });

  it('shows the owner the confirmed subscriber', async () => {
    await owner.getByRole('link', { name: 'Mailing lists' }).click();
    // Each subscriber's row is headed by its email (a card on a phone).
    await expect.poll(() => owner.getByRole('rowheader', { name: 'ada@example.com' }).count()).toBe(1);
    expect(await owner.getByRole('cell', { name: 'confirmed' }).count()).toBe(1);
  });

  it('turns the pop-up on with a title and a sign-up into the list; a new visitor sees it', async () => {
    await owner.getByRole('link', { name: 'Pop-up' }).click();
    await owner.getByLabel('Show the pop-up on the site').check();
    await owner.getByLabel('Title', { exact: true }).fill('Summer workshops are open');
    await owner.getByLabel('Add a newsletter sign-up').check();
    await owner.getByLabel('Mailing list').selectOption({ label: 'Workshop news' });
    await owner.getByLabel('Delay (seconds)').fill('0');
    await expect
      .poll(() => owner.locator('.ed-popup-preview__window').textContent())
      .toContain('Summer workshops are open');
    await owner.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => owner.getByRole('status').filter({ hasText: 'All changes saved' }).count())
      .toBe(1);

    const visitor = await browser.newPage();
    visitor.on('pageerror', (e) => pageErrors.push(e.message));
    await visitor.goto(server.url + '/join-us');
    const popup = visitor.getByRole('dialog', { name: 'Summer workshops are open' });
    await popup.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await popup.getByRole('button', { name: 'Sign up' }).count()).toBe(1);
    await visitor.close();
  });

  it('delivered the signed subscriber-added event to the local receiver', async () => {
    await expect.poll(() => deliveries.length, { timeout: 20_000 }).toBe(1);
    const [delivery] = deliveries;
    const ok = verifyDelivery(
      secret,
      String(delivery!.headers['x-site-timestamp']),
      delivery!.body,
      String(delivery!.headers['x-site-signature']),
    );
    expect(ok).toBe(true);
    expect(JSON.parse(delivery!.body)).toMatchObject({
      event: 'subscriber.added',
      data: { email: 'ada@example.com', listName: 'Workshop news' },
    });
    expect(pageErrors).toEqual([]);
  });
});
