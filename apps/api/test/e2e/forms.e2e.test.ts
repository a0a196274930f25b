import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FORMS_API } from '@site/forms';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../src/seed/demo-site';
import { verifyDelivery } from '../../src/webhooks/signature';
import { hasChromium, launchChromium } from '../browser';
import { startBuiltServer, type StartedServer } from '../server';

/** Where to write screenshots of the screens (390 and 1280 px wide) when set. */
const shots = process.env.E2E_SCREENSHOTS_DIR;

/**
 * The owner builds a form with a likert, an address and a hidden field, puts it on a page; a
 * visitor submits it; the owner reads the submission and exports CSV; a webhook registered to a
 * local receiver gets the signed form-submitted event. A chart block on the same page shows the
 * dataset the owner typed, drawn on the server; a tag merged into another filters the blog list.
 */
describe.skipIf(!hasChromium)(
  'the form editor, the chart block and the tag manager end to end in Chromium',
  () => {
    let server: StartedServer;
    let browser: Browser;
    let owner: Page;
    let receiver: Server;
    let receiverUrl: string;
    let formId = '';
    let secret = '';
    const deliveries: { headers: IncomingHttpHeaders; body: string }[] = [];
    const pageErrors: string[] = [];

    const shoot = async (page: Page, name: string) => {
      if (!shots) return;
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    };

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
      receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      // The webhook receiver listens on this machine: the development switch lets it through.
      server = await startBuiltServer({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
      browser = await launchChromium();
      owner = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      owner.on('pageerror', (e) => pageErrors.push(e.message));
      owner.setDefaultTimeout(10_000);
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await new Promise((resolve) => receiver?.close(resolve));
    });

    const addField = async (type: string) => {
      await owner.getByLabel('Field type').selectOption({ label: type });
      await owner.getByRole('button', { name: 'Add field' }).click();
    };

    it('signs the owner in and creates a form', async () => {
      await owner.goto(server.url + '/config');
      await owner.getByLabel('Email').fill(DEMO_OWNER.email);
      await owner.getByLabel('Password').fill(DEMO_OWNER.password);
      await owner.getByRole('button', { name: 'Sign in' }).click();
      await owner.getByRole('link', { name: 'Forms', exact: true }).click();
      await owner.getByLabel('New form').fill('Visitor survey');
      await owner.getByRole('button', { name: 'Create form' }).click();
      await owner.waitForURL(/\/config\/forms\/[^/]+$/);
      formId = decodeURIComponent(owner.url().split('/').pop()!);
      await owner.getByRole('heading', { name: 'Visitor survey' }).waitFor();
    });

    it('builds the form with an email, a likert, an address and a hidden field, refusing bad input', async () => {
      await addField('Email');
      await owner.getByLabel('Required').check();
      await addField('Likert scale');
      await owner.getByLabel('Title').fill('How was your visit?');
      await owner.getByLabel('Statements (one per line)').fill('');
      await owner.getByRole('button', { name: 'Save form' }).click();
      await expect
        .poll(() => owner.getByRole('alert').first().textContent())
        .toContain('Unable to update form');
      await owner.getByLabel('Statements (one per line)').fill('Service was quick\nStaff were kind');
      await addField('Address');
      await addField('Hidden');
      await owner.getByLabel('Key').fill('utm_source');
      await owner.getByLabel('Value').fill('direct');
      await owner.getByRole('button', { name: 'Save form' }).click();
      await owner.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      await shoot(owner, 'form-editor');
    });

    it('registers a webhook for form submissions', async () => {
      await owner.getByRole('link', { name: 'Automations' }).click();
      await owner.getByLabel('Webhook URL').fill(receiverUrl);
      await owner.getByLabel('Form submitted').check();
      await owner.getByRole('button', { name: 'Add webhook' }).click();
      await owner.getByText('1 Zap connected').waitFor();
      secret = (await owner.getByRole('status').locator('code').first().textContent()) ?? '';
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
    });

    it('puts the form on a new page and publishes it', async () => {
      await owner.getByRole('link', { name: 'Pages', exact: true }).click();
      await owner.getByRole('button', { name: 'Add page' }).click();
      await owner.getByLabel('Title').fill('Survey');
      await owner.getByRole('button', { name: 'Create' }).click();
      await owner.waitForURL(/\/config\/pages\/[^/]+$/);
      await owner.getByRole('tab', { name: 'Add' }).click();
      await owner.getByRole('button', { name: /^Form/ }).click();
      await owner.getByLabel('Form', { exact: true }).selectOption({ label: 'Visitor survey' });
      const preview = owner.frameLocator('iframe.ed-preview__frame');
      await preview.locator('.form-field-likert').first().waitFor();
      // The preview runs no site script, yet shows the form with the site's form styles.
      const previewStyle = await preview
        .locator('form.site-form')
        .evaluate((form) => getComputedStyle(form).display);
      expect(previewStyle).toBe('grid');
      expect(
        await preview
          .locator('.likert-statement')
          .first()
          .evaluate((el) => getComputedStyle(el).flexWrap),
      ).toBe('wrap');

      // A chart block with a dataset the owner types, refused while empty or incomplete.
      await owner.getByRole('tab', { name: 'Add' }).click();
      await owner.getByRole('button', { name: /^Chart/ }).click();
      await owner.getByRole('alert').filter({ hasText: 'Enter some data!' }).waitFor();
      await owner.getByLabel('Series label').fill('Month');
      await owner.getByRole('button', { name: 'Add column' }).click();
      await owner.getByLabel('Column 1 name').fill('Visitors');
      await owner.getByRole('button', { name: 'Add row' }).click();
      await owner.getByRole('alert').filter({ hasText: 'One or more rows was missing data' }).waitFor();
      await owner.getByLabel('Row 1 label').fill('May');
      await owner.getByLabel('Row 1, Visitors').fill('120');
      await owner.getByRole('button', { name: 'Add row' }).click();
      await owner.getByLabel('Row 2 label').fill('June');
      await owner.getByLabel('Row 2, Visitors').fill('180');
      await expect.poll(() => preview.locator('.chart-block svg rect').count()).toBe(2);
      if (shots) {
        for (const width of [390, 1280]) {
          await owner.setViewportSize({ width, height: 900 });
          await owner.screenshot({ path: `${shots}/chart-editor-${width}.png`, fullPage: true });
        }
        await owner.setViewportSize({ width: 1280, height: 900 });
      }
      await owner.getByRole('button', { name: 'Publish' }).click();
      await owner.locator('.ed-badge--published').waitFor();
    });

    it('lets a visitor submit it, with the form rules', async () => {
      const visitor = await browser.newPage({ viewport: { width: 390, height: 900 } });
      visitor.on('pageerror', (e) => pageErrors.push(e.message));
      visitor.setDefaultTimeout(10_000);
      await visitor.goto(server.url + '/survey?utm_source=newsletter');
      // A click before the site script takes over the form would be the browser's own submit.
      await visitor.locator('form.site-form[data-enhanced="true"]').waitFor();
      // The chart is drawn on the server: an image with its name, two bars and the data table.
      const chart = visitor.locator('figure.chart-block');
      expect(await chart.locator('svg[role="img"] rect').count()).toBe(2);
      expect(await chart.locator('svg').getAttribute('aria-label')).toContain(
        'bar chart of Visitors for 2 rows, from 120 to 180',
      );
      expect(await chart.getByRole('rowheader', { name: 'June', includeHidden: true }).count()).toBe(1);
      // The accessible fallback holds the typed numbers under the series label and column name.
      const table = chart.locator('table');
      expect(await table.locator('th').allTextContents()).toEqual(
        expect.arrayContaining(['Month', 'Visitors', 'May', 'June']),
      );
      expect(await table.locator('td').allTextContents()).toEqual(['120', '180']);
      // The bars scale to the values: June's is the taller, by the ratio of 180 to 120.
      const heights = await chart
        .locator('svg rect')
        .evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('height'))));
      expect(heights[1]! / heights[0]!).toBeCloseTo(1.5, 1);
      await visitor.getByRole('button', { name: 'Submit' }).click();
      await visitor.locator('.form-field-email .field-error:not([hidden])').waitFor();
      // Scroll animation (platform.md §9): the first field in error, its message included, lands
      // 30 px below the top of the window (or as near as the page's end allows), focused.
      await expect
        .poll(() =>
          visitor.locator('.form-field-email').evaluate((e) => {
            const top = Math.round(e.getBoundingClientRect().top);
            const atEnd = Math.ceil(scrollY + innerHeight) >= document.documentElement.scrollHeight;
            return top === 30 || (atEnd && top > 30 && scrollY > 0);
          }),
        )
        .toBe(true);
      expect(await visitor.getByLabel('Email').evaluate((e) => e === document.activeElement)).toBe(true);
      await visitor.getByLabel('Email').fill('grace@example.com');
      await visitor.locator('input[type=radio][name$="-1"][value="2"]').check();
      await visitor.locator('input[type=radio][name$="-2"][value="1"]').check();
      await visitor.getByLabel('Address Line 1').fill('1 Main St');
      await visitor.getByLabel('City').fill('Springfield');
      await visitor.getByLabel('Country').fill('US');
      if (shots) {
        await visitor.screenshot({ path: `${shots}/form-page-390.png`, fullPage: true });
        await visitor.setViewportSize({ width: 1280, height: 900 });
        await visitor.screenshot({ path: `${shots}/form-page-1280.png`, fullPage: true });
      }
      await visitor.getByRole('button', { name: 'Submit' }).click();
      await visitor.locator('.form-submission-message:not([hidden])').waitFor();
      await visitor.close();
    });

    it('shows the owner the submission with its form summary, and exports CSV', async () => {
      await owner.getByRole('link', { name: 'Forms', exact: true }).click();
      await owner.getByRole('link', { name: 'Visitor survey' }).click();
      await owner.getByRole('cell', { name: 'grace@example.com' }).waitFor();
      await owner.getByRole('row').nth(1).getByRole('button').click();
      const detail = owner.getByRole('article', { name: 'Submission detail' });
      await detail.getByText('Service was quick: Strongly Agree').waitFor();
      await detail.getByText('Staff were kind: Agree').waitFor();
      await detail.getByText('Springfield US').waitFor();
      await detail.getByText('newsletter').waitFor();
      await shoot(owner, 'form-submissions');

      const csv = await owner.request.get(server.url + FORMS_API.submissionsCsv(formId));
      expect(csv.status()).toBe(200);
      const [header, row] = (await csv.text()).trimEnd().split('\r\n');
      expect(header).toBe('Submitted,Page,Email,How was your visit?,Address,utm_source');
      expect(row).toContain(
        ',/survey,grace@example.com,Service was quick: Strongly Agree; Staff were kind: Agree,"1 Main St, Springfield US",newsletter',
      );
    });

    it('merges a tag into another, and the blog list filters by it', async () => {
      await owner.getByRole('link', { name: 'Tags', exact: true }).click();
      const tags = owner.getByRole('region', { name: 'Tags' });
      await tags.getByLabel('New tag').fill('x'.repeat(51));
      await tags.getByRole('button', { name: 'Add tag' }).click();
      await tags.getByRole('alert').filter({ hasText: 'A tag can be at most 50 characters' }).waitFor();
      await tags.getByLabel('Select workshop').check();
      await tags.getByLabel('Merge 1 into').selectOption('paper');
      await tags.getByRole('button', { name: 'Merge' }).click();
      await tags.getByLabel('Select workshop').waitFor({ state: 'detached' });
      await tags.getByText('2 posts').first().waitFor();
      await shoot(owner, 'tags');
      const visitor = await browser.newPage();
      await visitor.goto(server.url + '/journal?tag=paper');
      const titles = await visitor.locator('main').textContent();
      expect(titles).toContain('A Saturday bookbinding class');
      expect(titles).toContain('Paper that takes ink');
      expect(titles).not.toContain('Caring for waxed canvas');
      await visitor.goto(server.url + '/journal?tag=workshop');
      expect(await visitor.locator('main').textContent()).not.toContain('A Saturday bookbinding class');
      await visitor.close();
    });

    it('merges a product tag into another in the Products tab, and the shop filters by tag and category', async () => {
      await owner.getByRole('link', { name: 'Tags', exact: true }).click();
      await owner.getByRole('tab', { name: 'Products' }).click();
      const tags = owner.getByRole('region', { name: 'Tags' });
      await tags.getByText('4 products').waitFor();
      await tags.getByLabel('Select linen').check();
      await tags.getByLabel('Merge 1 into').selectOption('canvas');
      await tags.getByRole('button', { name: 'Merge' }).click();
      await tags.getByLabel('Select linen').waitFor({ state: 'detached' });
      await tags.getByText('2 products').first().waitFor();
      const categories = owner.getByRole('region', { name: 'Categories' });
      await categories.getByLabel('New category').fill('c'.repeat(26));
      await categories.getByRole('button', { name: 'Add category' }).click();
      await categories
        .getByRole('alert')
        .filter({ hasText: 'A category can be at most 25 characters' })
        .waitFor();
      await shoot(owner, 'product-tags');

      const visitor = await browser.newPage({ viewport: { width: 390, height: 900 } });
      visitor.on('pageerror', (e) => pageErrors.push(e.message));
      const titles = () => visitor.locator('.product-grid .product-title').allTextContents();
      await visitor.goto(server.url + '/shop?tag=canvas');
      expect(await titles()).toEqual(['Waxed Canvas Tote', 'Linen Work Shirt']);
      await visitor.goto(server.url + '/shop?tag=linen');
      await visitor.getByText('No products match.').waitFor();
      await visitor.goto(server.url + '/shop');
      await visitor
        .getByRole('navigation', { name: 'Categories' })
        .getByRole('link', { name: 'Bags' })
        .click();
      await visitor.waitForURL(/\/shop\?category=Bags$/);
      expect(await titles()).toEqual(['Waxed Canvas Tote', 'Monogrammed Leather Wallet']);
      if (shots) {
        await visitor.screenshot({ path: `${shots}/shop-category-390.png`, fullPage: true });
        await visitor.setViewportSize({ width: 1280, height: 900 });
        await visitor.screenshot({ path: `${shots}/shop-category-1280.png`, fullPage: true });
      }
      // The unfiltered list is not answered from the filtered page's cache, nor the other way round.
      await visitor.goto(server.url + '/shop');
      expect((await titles()).length).toBeGreaterThan(5);
      await visitor.close();
    });

    it('delivered the signed form-submitted event to the local receiver', async () => {
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
        event: 'form.submitted',
        data: { formId, formName: 'Visitor survey', pagePath: '/survey' },
      });
      expect(pageErrors).toEqual([]);
    });
  },
);
