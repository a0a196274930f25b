import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordHitFormSchema } from './census/payloads';
import { performanceRecordBatchSchema, type PerformanceRecord } from './performance/records';

/**
 * End to end in real Chromium: the built library (dist) is served with an
 * import map for its two dependencies, and we watch what reaches the server.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
const pkgDir = join(dirname(fileURLToPath(import.meta.url)), '..');

if (!hasChromium)
  console.warn(`[tracking browser test] skipped: no Chromium binary at ${CHROMIUM} (set CHROMIUM_PATH).`);

interface Received {
  url: string;
  contentType: string;
  body: string;
}

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Tracking e2e</title>
<script type="importmap">{"imports":{"web-vitals":"/node_modules/web-vitals/dist/web-vitals.js","zod":"/node_modules/zod/index.js"}}</script>
</head><body>
<h1>Ceramic mug</h1>
<p style="font-size:40px">A large paragraph so the page has a contentful, largest paint.</p>
<script type="module">
  import { startTracking } from '/dist/index.js';
  window.tracking = startTracking(
    { websiteId: 'site-e2e', templateId: 'tpl-e2e', pageType: 50, collectionId: 'col-e2e', itemId: 'item-e2e' },
    { app: 'storefront-e2e' },
  );
</script>
</body></html>`;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.cjs': 'text/javascript',
};

function staticFile(urlPath: string): string | undefined {
  const clean = normalize(decodeURIComponent(urlPath)).replace(/^([/\\])+/, '');
  if (!clean.startsWith(`dist${sep}`) && !clean.startsWith(`node_modules${sep}`)) return undefined;
  const file = join(pkgDir, clean);
  return file.startsWith(pkgDir + sep) && existsSync(file) ? file : undefined;
}

/** Rebuild when dist is missing or older than any source file, so a local run never tests stale code. */
function distIsStale(): boolean {
  const dist = join(pkgDir, 'dist/index.js');
  if (!existsSync(dist)) return true;
  const built = statSync(dist).mtimeMs;
  const sources = readdirSync(join(pkgDir, 'src'), { recursive: true, withFileTypes: true });
  return sources.some(
    (f) =>
      f.isFile() &&
      f.name.endsWith('.ts') &&
      !f.name.endsWith('.test.ts') &&
      statSync(join(f.parentPath, f.name)).mtimeMs > built,
  );
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

describe.skipIf(!hasChromium)('tracking in real Chromium', () => {
  let server: Server;
  let browser: Browser;
  let origin: string;
  const received: Received[] = [];

  beforeAll(async () => {
    if (distIsStale()) {
      execFileSync(join(pkgDir, 'node_modules/.bin/tsup'), { cwd: pkgDir, stdio: 'ignore' });
    }
    server = createServer(async (req, res) => {
      const path = (req.url ?? '/').split('?')[0]!;
      if (req.method === 'POST') {
        received.push({
          url: path,
          contentType: req.headers['content-type'] ?? '',
          body: await readBody(req),
        });
        res.writeHead(200).end();
        return;
      }
      if (path === '/') {
        res.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE);
        return;
      }
      const file = staticFile(path);
      if (!file) {
        res.writeHead(404).end();
        return;
      }
      res
        .writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' })
        .end(readFileSync(file));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  }, 60_000); // only a stale dist makes this slow: the build runs first

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  async function waitFor<T>(find: () => T | undefined, timeoutMs: number): Promise<T> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() > end) throw new Error('timed out waiting for a request to reach the test server');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('delivers the census hit, then web-vitals records when the page is hidden', async () => {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(origin);

    const hit = await waitFor(() => received.find((r) => r.url === '/api/census/RecordHit'), 5_000);
    const form = recordHitFormSchema.parse(Object.fromEntries(new URLSearchParams(hit.body)));
    expect(form.data).toMatchObject({ websiteId: 'site-e2e', itemId: 'item-e2e', title: 'Tracking e2e' });
    expect(form.ss_cvr).toMatch(/^[0-9a-f-]{36}\|\d+\|\d+\|\d+\|1$/);
    expect(await page.evaluate(() => document.cookie)).toContain('ss_cvr=');

    // Let FCP/LCP be observed, then leave: unloading hides the page, which flushes by beacon.
    await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0, undefined, {
      timeout: 5_000,
    });
    await page.goto('about:blank');

    const records = await waitFor(() => {
      const all = received
        .filter((r) => r.url === '/api/1/performance/records')
        .flatMap((r) => performanceRecordBatchSchema.parse(JSON.parse(r.body)) as PerformanceRecord[]);
      const names = new Set(all.flatMap((r) => (r.event === 'web_vital' ? [r.data.name] : [])));
      return names.has('FCP') && names.has('LCP') && all.some((r) => r.event === 'page_speed')
        ? all
        : undefined;
    }, 8_000);
    const perfRequest = received.find((r) => r.url === '/api/1/performance/records')!;
    expect(perfRequest.contentType).toMatch(/^text\/plain/);
    expect(new Set(records.map((r) => r.pageLoadId)).size).toBe(1);
    expect(records.every((r) => r.app === 'storefront-e2e')).toBe(true);
    const fcp = records.find((r) => r.event === 'web_vital' && r.data.name === 'FCP');
    expect(fcp?.data).toMatchObject({ rating: expect.stringMatching(/good|needs-improvement|poor/) });
    // The summary is queued after web-vitals' final hide reports, so it already holds FCP and LCP.
    const summary = records.find((r) => r.event === 'page_speed');
    expect(summary?.data).toMatchObject({
      reason: 'hidden',
      metrics: { FCP: expect.any(Number), LCP: expect.any(Number) },
    });
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 20_000);
});
