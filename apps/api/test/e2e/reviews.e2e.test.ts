import { STORE_API } from '@site/commerce-core/admin';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SITE_THEMES, THEME_API } from '@site/page-content';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../browser';
import { ADDRESS, TEST_CARD } from '../client';
import { signInOwner } from '../owner-browser';
import { axeViolations, sidewaysOverflow } from '../page-checks';
import { startBuiltServer, type StartedServer } from '../server';
import { SmtpSink } from '../smtp-sink';

const BUYER = 'rosa.buyer@example.test';
const NOTEBOOK = 'Field Notebook (3-pack)';

/** The review-request link of the newest email to `to`, from its quoted-printable text part. */
function reviewLink(sink: SmtpSink, to: string): string | undefined {
  return sink.linkTo(to, /https?:\/\/[^\s"<]+\/reviews\/request\?order=[\w%-]+&sig=[\w-]+/);
}

/** A JSON call from the page's own browser, with the crumb (and the editor's token when signed in). */
async function call<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const { crumb } = (await (await fetch('/api/crumb')).json()) as { crumb: string };
      const me = await fetch('/api/editor/me');
      const xsrf = me.ok ? ((await me.json()) as { xsrfToken?: string }).xsrfToken : undefined;
      const res = await fetch(url, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': crumb,
          ...(xsrf ? { 'x-siteuser-xsrf-token': xsrf } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    { method, url, body },
  );
}

/** REVIEW_SHOTS=<folder> keeps a screenshot of the request page per theme and width, to look at. */
const shots = process.env.REVIEW_SHOTS;

/**
 * Issue 28's reviews "Done when": a buyer leaves a review from the reviews-request page the
 * shipping email links to, the owner approves it on the editor's Reviews screen, and the product
 * page shows it with the average.
 */
describe.skipIf(!hasChromium)('a buyer reviews from the emailed request page, in Chromium', () => {
  let server: StartedServer;
  let sink: SmtpSink;
  let browser: Browser;
  let owner: Page;
  let buyer: Page;
  let link = '';
  const pageErrors: string[] = [];

  beforeAll(async () => {
    sink = new SmtpSink();
    server = await startBuiltServer({ SMTP_URL: await sink.start() });
    browser = await launchChromium();
    owner = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    buyer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    for (const p of [owner, buyer]) {
      p.on('pageerror', (e) => pageErrors.push(e.message));
      p.setDefaultTimeout(15_000);
    }
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.stop();
  });

  it('the owner turns reviews on; a bought and shipped order emails the request link', async () => {
    await signInOwner(owner, server.url);
    // Reviews are off on a new site: the owner turns them on on the editor's Reviews screen.
    await owner.getByRole('link', { name: 'Reviews', exact: true }).click();
    await owner.waitForURL(/\/config\/reviews$/);
    const on = owner.getByLabel('Show reviews on product pages and let shoppers write them');
    expect(await on.isChecked()).toBe(false);
    await on.check();
    await expect
      .poll(
        async () => (await call<{ enabled: boolean }>(owner, 'GET', '/api/editor/reviews/settings')).enabled,
      )
      .toBe(true);
    await buyer.goto(server.url + '/shop/p/field-notebook');
    await buyer.locator('.product-detail .sqs-add-to-cart-button').click();
    await expect
      .poll(() => buyer.locator('.product-detail .sqs-add-to-cart-button').textContent())
      .toContain('Added!');
    const { order } = await call<{ order: { id: string } }>(buyer, 'POST', '/api/commerce/checkout', {
      email: BUYER,
      shippingAddress: ADDRESS,
      payment: TEST_CARD,
    });
    await call(owner, 'POST', STORE_API.fulfilOrder(order.id), { trackingNumber: 'RV-1' });
    await expect.poll(() => reviewLink(sink, BUYER), { timeout: 30_000 }).toBeTruthy();
    link = reviewLink(sink, BUYER)!;
    expect(new URL(link).origin).toBe(server.url);
  });

  it('every theme shows the page, with its errors, without sideways scroll or axe violations', async () => {
    const problems: string[] = [];
    for (const theme of SITE_THEMES) {
      await call(owner, 'PUT', THEME_API.theme, { theme: theme.id });
      for (const width of [320, 390, 1280]) {
        await buyer.setViewportSize({ width, height: width < 600 ? 844 : 800 });
        await buyer.goto(link, { waitUntil: 'networkidle' });
        await buyer.getByRole('button', { name: 'Send reviews' }).click();
        await buyer.getByRole('alert').filter({ hasText: 'Rate at least one item' }).waitFor();
        if ((await sidewaysOverflow(buyer)).length)
          problems.push(`${theme.id} at ${width}px scrolls sideways`);
        if (shots) {
          mkdirSync(shots, { recursive: true });
          await buyer.screenshot({ path: join(shots, `${theme.id}-${width}.png`), fullPage: true });
        }
        const violations = await axeViolations(buyer);
        for (const v of violations) problems.push(`${theme.id} at ${width}px: ${v}`);
      }
    }
    await call(owner, 'PUT', THEME_API.theme, { theme: SITE_THEMES[0]!.id });
    expect(problems).toEqual([]);
  }, 180_000);

  it('the page asks for a rating, says what is missing beside the field, and thanks the buyer', async () => {
    await buyer.goto(link);
    await buyer.getByRole('heading', { name: 'Rate your items' }).waitFor();
    for (const width of [320, 390, 1280]) {
      await buyer.setViewportSize({ width, height: 844 });
      expect(await sidewaysOverflow(buyer), `fits ${width} px`).toEqual([]);
    }
    await buyer.setViewportSize({ width: 390, height: 844 });
    await buyer.getByRole('button', { name: 'Send reviews' }).click();
    await expect
      .poll(() => buyer.getByRole('alert').textContent())
      .toBe('Rate at least one item before sending.');

    await buyer.getByLabel('Your review', { exact: true }).fill('Thick paper, fits a back pocket.');
    await buyer.getByRole('button', { name: 'Send reviews' }).click();
    const rating = buyer.getByRole('group', { name: `Your rating for ${NOTEBOOK}` });
    await expect
      .poll(() => buyer.locator('#review-item-0-rating-error').textContent())
      .toBe('Choose a rating from 1 to 5 stars.');
    expect(await rating.getAttribute('aria-invalid')).toBe('true');
    expect(await buyer.locator('#review-request-name-error').textContent()).toBe('Enter your name.');
    // The first problem has the focus, so a keyboard user lands on it.
    expect(await buyer.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('5');

    await rating.getByRole('radio', { name: '4 stars' }).check();
    await buyer.getByLabel('Your name (shown with your reviews)').fill('Rosa');
    await buyer.getByRole('button', { name: 'Send reviews' }).click();
    await expect
      .poll(() => buyer.getByRole('status').first().textContent())
      .toBe('Thank you for your reviews! They will appear once the shop has checked them.');

    await buyer.reload();
    await buyer.getByText('You have reviewed everything in this order. Thank you!').waitFor();
    expect(await buyer.getByRole('button', { name: 'Send reviews' }).count()).toBe(0);
  });

  it('a forged link says so and shows no form', async () => {
    await buyer.goto(link.replace(/sig=[\w-]+/, 'sig=forged'));
    await buyer.getByText('This review link is not valid. Use the link in your email.').waitFor();
    expect(await buyer.locator('form[data-review-request-form]').count()).toBe(0);
  });

  it('once the owner approves it, the product page shows the review with the average', async () => {
    const before = await buyer.goto(server.url + '/shop/p/field-notebook');
    expect(before?.status()).toBe(200);
    expect(await buyer.getByText('Thick paper, fits a back pocket.').count()).toBe(0);
    // The Reviews screen opens on the reviews waiting for approval; the owner approves the buyer's.
    await owner.reload();
    const card = owner.getByRole('list', { name: 'Reviews' }).getByRole('listitem').filter({
      hasText: 'Thick paper, fits a back pocket.',
    });
    expect(await card.textContent()).toContain('Verified buyer');
    await card.getByRole('button', { name: 'Approve' }).click();
    // Approved, it leaves the waiting list.
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(0);
    await owner.getByLabel('Show', { exact: true }).selectOption('approved');
    await expect
      .poll(() => owner.getByRole('list', { name: 'Reviews' }).textContent(), { timeout: 10_000 })
      .toContain('Thick paper, fits a back pocket.');

    await buyer.goto(server.url + '/shop/p/field-notebook');
    const reviews = buyer.getByRole('region', { name: 'Reviews' });
    await reviews.getByText('Thick paper, fits a back pocket.').waitFor();
    expect(await reviews.locator('.product-reviews__summary').textContent()).toContain('Rated 4.0 out of 5');
    expect(await reviews.locator('.product-reviews__summary').textContent()).toContain('1 review');
    expect(await reviews.getByText('Verified buyer').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  it('by the title, the rating summary jumps to the reviews and reports the anchor click; the section link the tab click', async () => {
    // The site-visitor events travel to the events service; the route reads them on the way out.
    const events: { event_name?: string; product?: { item_id?: string } }[] = [];
    await buyer.route('**/api/v1/clanker/events', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { eventContent?: string };
      if (body.eventContent) events.push(JSON.parse(body.eventContent) as (typeof events)[number]);
      await route.continue();
    });
    // The server checks each event against the same schema: both new events are taken, not refused.
    const answers: number[] = [];
    buyer.on('response', (r) => {
      if (r.url().endsWith('/api/v1/clanker/events')) answers.push(r.status());
    });
    const named = (name: string) => events.filter((e) => e.event_name === name);
    const problems: string[] = [];
    for (const theme of SITE_THEMES) {
      await call(owner, 'PUT', THEME_API.theme, { theme: theme.id });
      for (const width of [320, 390, 1280]) {
        await buyer.setViewportSize({ width, height: width < 600 ? 844 : 800 });
        await buyer.goto(server.url + '/shop/p/field-notebook', { waitUntil: 'networkidle' });
        const anchor = buyer.getByRole('link', { name: 'Rated 4.0 out of 5, 1 review' });
        if ((await anchor.count()) !== 1) problems.push(`${theme.id} at ${width}px: no rating summary`);
        else if (!(await anchor.textContent())?.startsWith('★ 4.0 · 1 review'))
          problems.push(`${theme.id} at ${width}px shows ${await anchor.textContent()}`);
        if ((await sidewaysOverflow(buyer)).length)
          problems.push(`${theme.id} at ${width}px scrolls sideways`);
        if (shots) {
          mkdirSync(shots, { recursive: true });
          await buyer.screenshot({ path: join(shots, `product-${theme.id}-${width}.png`) });
        }
        const violations = await axeViolations(buyer, '.product-rating');
        for (const v of violations) problems.push(`${theme.id} at ${width}px: ${v}`);
      }
    }
    await call(owner, 'PUT', THEME_API.theme, { theme: SITE_THEMES[0]!.id });
    expect(problems).toEqual([]);

    await buyer.setViewportSize({ width: 390, height: 844 });
    await buyer.goto(server.url + '/shop/p/field-notebook', { waitUntil: 'networkidle' });
    await buyer.locator('html[data-enhanced]').waitFor({ state: 'attached' });
    await buyer.getByRole('link', { name: 'Rated 4.0 out of 5, 1 review' }).click();
    await buyer.waitForURL(/#reviews$/);
    // The page glides there (platform.md §9 tween, scroll offset 30) and the keyboard follows.
    await expect
      .poll(() =>
        buyer.evaluate(() => {
          const reviews = document.getElementById('reviews')!;
          const atBottom =
            Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
          const placed = atBottom || Math.round(reviews.getBoundingClientRect().top) === 30;
          return placed && window.scrollY > 0 && document.activeElement === reviews;
        }),
      )
      .toBe(true);
    await expect.poll(() => named('reviews_anchor_clicked').length, { timeout: 10_000 }).toBe(1);
    expect(named('reviews_anchor_clicked')[0]!.product?.item_id).toBe('prod-field-notebook');
    await buyer
      .getByRole('region', { name: 'Reviews' })
      .getByRole('link', { name: '1 review', exact: true })
      .click();
    await expect.poll(() => named('reviews_tab_clicked').length, { timeout: 10_000 }).toBe(1);
    expect(named('reviews_tab_clicked')[0]!.product?.item_id).toBe('prod-field-notebook');
    await expect.poll(() => answers.length).toBe(events.length);
    expect(answers.filter((status) => status >= 300)).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
