// Draws each theme's preview images (themes/<id>/previews/<page>-<width>.webp, listed by
// @site/page-content's themeSummaries): every page type of the demo site in that theme, in Chromium:
// `pnpm --filter @site/api theme:previews` after a build. The pictures are committed; run it again
// when a theme's look changes. PREVIEW_URL=<origin> uses a server that is already running;
// THEMES=studio,bistro draws only those themes.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import {
  ACCESS_LOCKS_API,
  BUSINESS_HOURS_API,
  EDITOR_API,
  SITE_THEMES,
  THEME_API,
  THEME_PREVIEW_PAGES,
  THEME_PREVIEW_WIDTHS,
} from '@site/page-content';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
// Where the demo site shows each page type; the cover page and the lock screen are made below.
const PAGES = {
  home: '/',
  shop: '/shop',
  product: '/shop/p/canvas-tote',
  cart: '/cart',
  checkout: '/checkout',
  // Both come from the order placed on the checkout page (placeOrder below).
  'order-confirmed': null,
  'order-status': null,
  'blog-list': '/journal',
  'blog-post': '/journal/caring-for-waxed-canvas',
  'events-list': '/studio/events',
  'events-item': '/studio/events/saturday-bookbinding',
  gallery: '/studio/gallery',
  album: '/studio/album',
  videos: '/studio/videos',
  'videos-item': '/studio/videos/how-to-rewax-a-bag',
  search: '/search?q=canvas',
  'account-sign-in': '/account/login',
  'account-create': '/account/create',
  'not-found': '/no-such-page',
  'lock-screen': '/about',
  cover: '/spring-opening',
};
const unlisted = THEME_PREVIEW_PAGES.filter((p) => !(p in PAGES));
if (unlisted.length) throw new Error(`no demo page for ${unlisted.join(', ')}`);
const folderOf = (id) => (id === 'fieldnotes' ? join(apiDir, 'theme') : join(apiDir, 'themes', id));

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-previews-'));
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: apiDir,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /running at (http:\/\/localhost:\d+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { url, stop: () => (child.kill(), rmSync(dataDir, { recursive: true, force: true })) };
}

async function addToCart(page, origin) {
  await page.goto(origin + '/shop', { waitUntil: 'networkidle' });
  const card = page.locator('.product-card', { hasText: 'Field Notebook' });
  await card.getByRole('button', { name: 'Add To Cart' }).click();
  await page.locator('.sqs-pill-cart', { hasText: '1 item' }).waitFor({ timeout: 10_000 });
}

/** Pays for what is in the cart with the test card; the order pages' addresses. */
async function placeOrder(page) {
  await page.locator('html[data-enhanced]').waitFor({ state: 'attached' });
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByLabel('Address', { exact: true }).fill('12 Analytical Row');
  await page.getByLabel('City').fill('London');
  await page.getByLabel('Postal Code').fill('N1 9GU');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
  await page.getByLabel(/Expiry/).fill('12/39');
  await page.getByLabel(/Security Code/).fill('123');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL(/\/checkout\/order-confirmed\?/, { timeout: 30_000 });
  const confirmed = new URL(page.url());
  const status = `/orders/${confirmed.searchParams.get('orderId')}?token=${confirmed.searchParams.get('token')}`;
  return { 'order-confirmed': confirmed.pathname + confirmed.search, 'order-status': status };
}

const server = process.env.PREVIEW_URL ? { url: process.env.PREVIEW_URL, stop() {} } : await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const owner = await browser.newContext();
  await owner.request.get(server.url + '/api/crumb');
  const crumb = async () => (await owner.cookies()).find((c) => c.name === 'crumb')?.value ?? '';
  const session = await owner.request.post(server.url + '/api/site-users/account/session', {
    data: { email: 'owner@demo.test', password: 'demo-owner-2026', rememberMe: false },
    headers: { 'x-csrf-token': await crumb() },
  });
  const xsrf = (await session.json()).xsrfToken;
  const call = async (method, path, data) => {
    const response = await owner.request.fetch(server.url + path, {
      method,
      data,
      headers: { 'x-csrf-token': await crumb(), 'x-siteuser-xsrf-token': xsrf },
    });
    if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
    return response.json();
  };
  // A published cover page and a locked page, which the demo site does not have.
  const cover = await call('POST', EDITOR_API.pages, {
    title: 'Spring opening',
    kind: 'cover',
    navigation: 'notLinked',
  });
  const saved = await call('PATCH', EDITOR_API.page(cover.id), {
    version: cover.version,
    cover: {
      headline: 'The spring workshop opens',
      text: 'New classes, new canvas, and tea on the bench from 1 April.',
      button: { label: 'See the classes', href: '/studio/events' },
      background: { source: 'none' },
      position: 'center',
    },
  });
  await call('POST', EDITOR_API.publish(cover.id), { version: saved.version });
  await call('PUT', ACCESS_LOCKS_API, { pageId: 'page-about', password: 'spring-2026' });
  // Opening hours, which themes that print them (Bistro) show on the home page.
  const day = (closed, opens, closes) => ({ closed, opens, closes });
  await call('PUT', BUSINESS_HOURS_API, {
    hours: [
      day(true, '10:00', '18:00'),
      ...Array.from({ length: 4 }, () => day(false, '10:00', '18:00')),
      day(false, '10:00', '20:00'),
      day(false, '12:00', '16:00'),
    ],
  });
  const only = process.env.THEMES?.split(',');
  for (const theme of SITE_THEMES.filter((t) => !only || only.includes(t.id))) {
    await call('PUT', THEME_API.theme, { theme: theme.id });
    const out = join(folderOf(theme.id), 'previews');
    mkdirSync(out, { recursive: true });
    // Pictures of page types or formats no longer drawn would be served and never updated.
    for (const file of readdirSync(out)) rmSync(join(out, file));
    for (const width of THEME_PREVIEW_WIDTHS) {
      // A visitor's view (no editor session), one screenful: what a card in the picker shows.
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 } });
      const page = await context.newPage();
      let orderPages = {};
      for (const name of THEME_PREVIEW_PAGES) {
        // The cart and checkout as a shopper sees them with something in the cart, not empty.
        if (name === 'cart') await addToCart(page, server.url);
        if (name === 'order-confirmed') orderPages = await placeOrder(page);
        await page.goto(server.url + (PAGES[name] ?? orderPages[name]), { waitUntil: 'networkidle' });
        // WebP keeps 42 pictures a theme to a few hundred kilobytes in the repository.
        await sharp(await page.screenshot())
          .webp({ quality: 72 })
          .toFile(join(out, `${name}-${width}.webp`));
        console.log(`${theme.id} ${name} ${width}`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.stop();
}
