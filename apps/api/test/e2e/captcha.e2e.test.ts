import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CAPTCHA_TOKEN } from '../../src/security/captcha';
import { hasChromium, launchChromium } from '../browser';
import { signInOwner } from '../owner-browser';
import { startBuiltServer, type StartedServer } from '../server';

/**
 * The provider's script, played in the page: its widget renders into the container it is given
 * and the first token asked for is empty (the visitor has not ticked the box), then the one the
 * server's local verifier accepts.
 */
const FAKE_PROVIDER = `window.grecaptcha = { enterprise: (() => {
  let asked = 0;
  return {
    ready: (callback) => callback(),
    render: (container, parameters) => {
      const widget = document.createElement('div');
      widget.className = 'fake-captcha';
      widget.dataset.size = parameters.size;
      widget.dataset.sitekey = parameters.sitekey;
      container.append(widget);
      return 1;
    },
    execute: async (_id, { action }) => (window.captchaActions = [...(window.captchaActions || []), action], asked++ === 0 ? '' : '${LOCAL_CAPTCHA_TOKEN}'),
    reset: () => {},
  };
})() };`;

/** The owner turns the captcha on; a visitor signs up for a restock notice through it. */
describe.skipIf(!hasChromium)('the captcha end to end in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let owner: Page;
  let visitor: Page;
  const pageErrors: string[] = [];
  const policyViolations: string[] = [];

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    owner = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    owner.setDefaultTimeout(15_000);
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    // The page asks the provider's real address: the policy must let it load.
    await context.route('https://www.google.com/recaptcha/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: FAKE_PROVIDER }),
    );
    visitor = await context.newPage();
    visitor.setDefaultTimeout(15_000);
    visitor.on('pageerror', (e) => pageErrors.push(e.message));
    visitor.on('console', (m) => {
      if (m.type() === 'error' && m.text().includes('Content Security Policy'))
        policyViolations.push(m.text());
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("lets the owner set the site's captcha key", async () => {
    await signInOwner(owner, server.url);
    await owner.goto(server.url + '/config/site-settings');
    const form = owner.getByRole('form', { name: 'Spam protection (captcha)' });
    await form.getByLabel('Site key').fill('e2e-site-key');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.getByRole('status').first().textContent()).toContain('Captcha is on.');
  });

  it('puts the widget inside the restock form above its button, asks for the check, then signs up', async () => {
    await visitor.goto(server.url + '/shop/p/enamel-mug');
    const restock = visitor.locator('.product-restock-notification');
    const email = restock.locator('.sqs-restock__form input[name="email"]');
    await email.focus();
    const widget = restock.locator('form .form-captcha > .fake-captcha');
    await expect.poll(() => widget.count()).toBe(1);
    expect(await widget.getAttribute('data-sitekey')).toBe('e2e-site-key');
    // The block is narrower than 320 px on a 390 px phone once padded: the compact widget.
    const width = await restock.locator('.form-captcha').evaluate((el) => el.clientWidth);
    expect(await widget.getAttribute('data-size')).toBe(width < 320 ? 'compact' : 'normal');
    expect(
      await restock.locator('.form-captcha').evaluate((el) => el.nextElementSibling?.getAttribute('type')),
    ).toBe('submit');

    await email.fill('captcha.visitor@example.test');
    await restock.getByRole('button', { name: /Sign Up/i }).click();
    await expect
      .poll(() => restock.getByRole('alert').textContent())
      .toBe('Complete CAPTCHA before submitting.');
    await restock.getByRole('button', { name: /Sign Up/i }).click();
    await expect.poll(() => restock.textContent(), { timeout: 10_000 }).toContain('Signed up!');
    expect(
      await visitor.evaluate(() => (window as unknown as { captchaActions: string[] }).captchaActions),
    ).toEqual(['PRODUCT_WAITLIST_SUBMISSION', 'PRODUCT_WAITLIST_SUBMISSION']);
    expect(await restock.locator('.fake-captcha').count()).toBe(0);
    expect(policyViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
