import { SSO_API } from '@site/page-content';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../browser';
import { HttpEditor } from '../http-editor';
import { startTestProvider, TEST_CLIENT, type TestProvider } from '../oidc-provider';
import { axeViolations, sidewaysOverflow } from '../page-checks';
import { startBuiltServer, type StartedServer } from '../server';

/** Where to keep screenshots of the screen, when asked (SSO_SHOTS=/some/folder); none otherwise. */
const shots = process.env.SSO_SHOTS;

/**
 * Page type 400 end to end: the owner adds a provider (a real oidc-provider on this machine), a
 * visitor goes from the sign-in page to the single sign-on screen, through the provider and back
 * signed in; the screen at 320, 390 and 1280 px passes axe and never scrolls sideways.
 */
describe.skipIf(!hasChromium)('single sign-on in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let idp: TestProvider;

  beforeAll(async () => {
    // The provider listens on 127.0.0.1: development's setting lets the server reach it.
    server = await startBuiltServer({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
    idp = await startTestProvider([new URL(SSO_API.callback, server.url).href]);
    const owner = await new HttpEditor().signIn(server.url);
    const added = await owner.call(`${server.url}${SSO_API.providers}`, 'POST', {
      name: 'Test ID',
      issuer: idp.issuer,
      ...TEST_CLIENT,
    });
    expect(added.status).toBe(201);
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await idp?.close();
    await server?.stop();
  });

  it('signs a visitor in through the provider from the sign-in page', async () => {
    idp.signInAs('e2e-visitor', { email: 'sso-visitor@demo.test', email_verified: true });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${server.url}/account/login?returnTo=%2Fshop`);
    await page.getByRole('link', { name: 'Other ways to sign in' }).click();
    await page.waitForURL(/\/account\/sso/);
    await page.getByRole('link', { name: 'Sign in with Test ID' }).click();
    await page.waitForURL(`${server.url}/shop`);
    await page.goto(`${server.url}/account/sso`);
    expect(await page.getByText('You are signed in as sso-visitor@demo.test').count()).toBe(1);
    await page.close();
  });

  it('shows the screen with an error at 320, 390 and 1280 px: axe-clean, no sideways scroll', async () => {
    idp.denyNext();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/account/sso`);
    await page.getByRole('link', { name: 'Sign in with Test ID' }).click();
    await page.waitForURL(/\/account\/sso\?error=denied/);
    expect(await page.getByRole('alert').innerText()).toBe(
      'Sign-in was cancelled at Test ID. Choose a provider to try again.',
    );
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await sidewaysOverflow(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      if (shots) await page.screenshot({ path: `${shots}/sso-screen-${width}.png`, fullPage: true });
    }
    await page.close();
  });
});
