import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_AREAS_API, memberAreaMessages } from '@site/page-content';
import { DEMO_OWNER } from '../../src/seed/demo-site';
import { hasChromium, launchChromium } from '../browser';
import { HttpEditor } from '../http-editor';
import { axeViolations, sidewaysOverflow } from '../page-checks';
import { startBuiltServer, type StartedServer } from '../server';
import { SmtpSink } from '../smtp-sink';

const EMAIL = 'ada.club@example.test';
const PASSWORD = 'juniper lantern 42';
// Words only the About page's published blocks hold: seen, the page opened.
const CONTENT = 'durable goods';
const WIDTHS = [320, 390, 1280];
/** Screenshots to look at by hand (MEMBER_AREA_SHOTS=<folder>); never committed. */
const SHOTS = process.env.MEMBER_AREA_SHOTS;

/** The verification link of the newest email to `to`, from its quoted-printable text part. */
function verifyLink(sink: SmtpSink, to: string): string | undefined {
  return sink.linkTo(to, /https?:\/\/[^\s"<]+\/account\/verify\?token=[\w-]{43}/);
}

/**
 * A visitor's way into a free member area in Chromium: the gated page shows the join screen, they
 * create an account, verify it, sign in, join and read the page; then the owner sees them on the
 * Member areas screen. Each screen is checked at 320, 390 and 1280 px (nothing sideways, axe clean).
 */
describe.skipIf(!hasChromium)('joining a member area in Chromium', () => {
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
    const owner = await new HttpEditor().signIn(server.url);
    const made = await owner.call(server.url + MEMBER_AREAS_API.list, 'POST', {
      name: 'Makers club',
      description: 'Workshop notes and patterns for members.',
      pageIds: ['page-about'],
    });
    expect(made.status).toBe(201);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.stop();
  });

  /** At each width: no sideways scroll, no axe violation, and a screenshot when asked. */
  async function checkWidths(name: string, on: Page = page) {
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await on.setViewportSize({ width, height: 844 });
      for (const overflow of await sidewaysOverflow(on)) problems.push(`${width}: ${overflow}`);
      if (width > 320) for (const v of await axeViolations(on)) problems.push(`${width}: ${v}`);
      if (SHOTS) await on.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
    }
    await on.setViewportSize({ width: 1280, height: 844 });
    expect(problems).toEqual([]);
  }

  it('shows a visitor the join screen in place of the page', async () => {
    const res = await page.goto(server.url + '/about');
    expect(res?.status()).toBe(403);
    expect(await page.getByRole('heading', { name: 'Makers club' }).count()).toBe(1);
    expect(await page.getByText(memberAreaMessages.signedOutLead).count()).toBe(1);
    expect(await page.content()).not.toContain(CONTENT);
    await checkWidths('join-signed-out');
  });

  it('creates an account from the join screen, verifies it, signs in and comes back to the page', async () => {
    await page.getByRole('link', { name: 'Create a free account' }).click();
    await page.waitForURL(/\/account\/create$/);
    await page.locator('form[data-enhanced]').waitFor();
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel(/I agree/).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.locator('.account-success').textContent()).toContain('Check your email');
    await expect.poll(() => verifyLink(sink, EMAIL), { timeout: 15_000 }).toBeTruthy();
    await page.goto(verifyLink(sink, EMAIL)!);
    await expect
      .poll(() => page.locator('[data-account-verify]').textContent())
      .toContain('Your email is verified.');

    await page.goto(server.url + '/about');
    await page.getByRole('link', { name: 'I have an account: sign in' }).click();
    await page.waitForURL(/\/account\/login\?returnTo=%2Fabout$/);
    await page.locator('form[data-enhanced]').waitFor();
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/about$/);
    expect(await page.getByText(memberAreaMessages.joinLead).count()).toBe(1);
    await checkWidths('join-signed-in');
  });

  it('joins and reads the page; the account page lists the area', async () => {
    await page.getByRole('button', { name: 'Join Makers club' }).click();
    await page.waitForURL(/\/about$/);
    await expect.poll(() => page.content()).toContain(CONTENT);
    await page.goto(server.url + '/account');
    expect(await page.getByRole('button', { name: 'Leave Makers club' }).count()).toBe(1);
    await checkWidths('account-areas');
  });

  it('shows the owner who joined on the Member areas screen', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 844 } });
    const editor = await context.newPage();
    editor.on('pageerror', (e) => pageErrors.push(e.message));
    await editor.goto(server.url + '/config');
    await editor.getByLabel('Email').fill(DEMO_OWNER.email);
    await editor.getByLabel('Password').fill(DEMO_OWNER.password);
    await editor.getByRole('button', { name: 'Sign in' }).click();
    await editor.getByRole('heading', { name: 'Pages', exact: true }).waitFor();
    await editor.goto(server.url + '/config/member-areas');
    await editor.getByRole('button', { name: 'Members of Makers club' }).click();
    await editor.getByRole('cell', { name: EMAIL, exact: true }).waitFor();
    try {
      await checkWidths('owner-member-areas', editor);
    } finally {
      await context.close();
    }
  });

  it('leaves from the account page: the page closes again', async () => {
    await page.getByRole('button', { name: 'Leave Makers club' }).click();
    await page.waitForURL(/\/account$/);
    const res = await page.goto(server.url + '/about');
    expect(res?.status()).toBe(403);
    expect(pageErrors).toEqual([]);
  });
});
