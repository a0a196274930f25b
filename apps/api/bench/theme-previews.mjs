// Draws each theme's preview images (themes/<id>/previews/<page>-<width>.png, listed by
// @site/page-content's themeSummaries) from the demo site in that theme, in Chromium:
// `pnpm --filter @site/api theme:previews` after a build. The pictures are committed; run it again
// when a theme's look changes. PREVIEW_URL=<origin> uses a server that is already running;
// THEMES=studio,bistro draws only those themes.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { SITE_THEMES, THEME_API, THEME_PREVIEW_WIDTHS } from '@site/page-content';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const PAGES = {
  home: '/',
  shop: '/shop',
  product: '/shop/p/canvas-tote',
  'blog-post': '/journal/caring-for-waxed-canvas',
};
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
  const only = process.env.THEMES?.split(',');
  for (const theme of SITE_THEMES.filter((t) => !only || only.includes(t.id))) {
    const put = await owner.request.put(server.url + THEME_API.theme, {
      data: { theme: theme.id },
      headers: { 'x-csrf-token': await crumb(), 'x-siteuser-xsrf-token': xsrf },
    });
    if (!put.ok()) throw new Error(`switching to ${theme.id}: ${put.status()}`);
    const out = join(folderOf(theme.id), 'previews');
    mkdirSync(out, { recursive: true });
    for (const width of THEME_PREVIEW_WIDTHS) {
      // A visitor's view (no editor session), one screenful: what a card in the picker shows.
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 } });
      const page = await context.newPage();
      for (const [name, path] of Object.entries(PAGES)) {
        await page.goto(server.url + path, { waitUntil: 'networkidle' });
        await page.screenshot({ path: join(out, `${name}-${width}.png`) });
        console.log(`${theme.id} ${name} ${width}`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.stop();
}
