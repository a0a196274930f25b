import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EDITOR_API } from '@site/page-content';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoot } from './paths';
import { HttpEditor } from '../test/http-editor';

/**
 * Two built server processes on one PostgreSQL (and one Redis, or none), as docs/deployment.md
 * runs them: what is committed through one, or by anything else, is what the other serves as soon
 * as PostgreSQL tells it (its page cache keeps the site's counters in memory, src/pages/site-versions.ts).
 */
const mainJs = join(apiRoot, 'dist', 'main.js');
const pgServer = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

async function reachable(): Promise<string | undefined> {
  if (!existsSync(mainJs)) return `${mainJs} is not built`;
  const sql = postgres(pgServer, { max: 1, connect_timeout: 2, onnotice: () => {} });
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
  });
  try {
    await sql`select 1`;
    await redis.connect();
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    redis.disconnect();
    await sql.end({ timeout: 1 });
  }
}

const missing = await reachable();
if (missing) console.warn(`two-process test skipped: ${missing}`);

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function startServer(
  databaseUrl: string,
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'site-process-'));
  const child = spawn(process.execPath, [mainJs], {
    cwd: apiRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (d) => (errors += d));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${errors}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child, dataDir };
    if (Date.now() > deadline) throw new Error(`server did not start: ${errors}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** How long a commit may take to reach the other process: PostgreSQL's notice, not a timer. */
const AT_ONCE_MS = 1000;

/** Polls `read` until it gives `expected`; answers how long that took (ms), or fails after the bound. */
async function soon<T>(read: () => Promise<T>, expected: T, boundMs = AT_ONCE_MS): Promise<number> {
  const start = performance.now();
  for (;;) {
    const value = await read();
    const took = performance.now() - start;
    if (value === expected) return took;
    if (took > boundMs)
      throw new Error(`still ${String(value)} after ${Math.round(took)} ms, expected ${String(expected)}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe.runIf(!missing).each([
  { name: 'with Redis', redis: redisUrl },
  { name: 'with no Redis', redis: '' },
])('two server processes on one PostgreSQL, $name', ({ redis }) => {
  const admin = postgres(pgServer, { max: 1, onnotice: () => {} });
  const dbName = `site_test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(pgServer), { pathname: `/${dbName}` }).toString();
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];

  beforeAll(async () => {
    await admin.unsafe(`create database ${dbName}`);
    // One at a time: the first migrates and seeds; the second, web only, finds it done.
    servers.push(await startServer(databaseUrl, { WORKERS: '1', REDIS_URL: redis }));
    servers.push(await startServer(databaseUrl, { WORKERS: '0', REDIS_URL: redis }));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(
      servers.map(({ child, dataDir }) => {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        return exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
      }),
    );
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end({ timeout: 1 });
  });

  it('serves a page published through one process from the other at once', async () => {
    const [a, b] = servers.map((s) => s.url);
    const visitor = new HttpEditor();
    expect((await visitor.call(`${b}/`)).status).toBe(200);
    expect((await visitor.call(`${b}/opening-hours`)).status).toBe(404);

    const owner = await new HttpEditor().signIn(a!);
    const page = (await (
      await owner.call(`${a}${EDITOR_API.pages}`, 'POST', { title: 'Opening hours' })
    ).json()) as { id: string; version: number };
    const document = {
      sections: [
        { id: 's1', blocks: [{ id: 'b1', type: 'heading', settings: { text: 'Open Saturdays', level: 2 } }] },
      ],
    };
    const saved = (await (
      await owner.call(`${a}${EDITOR_API.draft(page.id)}`, 'PUT', { version: page.version, document })
    ).json()) as { version: number };
    expect(
      (await owner.call(`${a}${EDITOR_API.publish(page.id)}`, 'POST', { version: saved.version })).status,
    ).toBe(200);

    // The publishing process itself: exact on its very next request.
    expect(await (await visitor.call(`${a}/opening-hours`)).text()).toContain('Open Saturdays');
    await soon(async () => (await visitor.call(`${b}/opening-hours`)).status, 200);
    expect(await (await visitor.call(`${b}/opening-hours`)).text()).toContain('Open Saturdays');
    expect(await (await visitor.call(`${b}/`)).text()).toContain('href="/opening-hours"');
  });

  const stockOn = (origin: string) => async () => {
    const page = (await (await fetch(`${origin}/shop/p/canvas-tote?format=json`)).json()) as {
      item: { structuredContent: { variants: { id: string; sku: string; qtyInStock: number }[] } };
    };
    return page.item.structuredContent.variants.find((v) => v.sku === 'TOTE-OLIVE')!;
  };

  it('shows a stock change made through one process on that process’s next request and on the other at once', async () => {
    const [a, b] = servers.map((s) => s.url);
    const before = await stockOn(b!)();
    // Both processes hold the product page, and another product's page, in their caches.
    const other = (origin: string) => fetch(`${origin}/shop/p/field-notebook`);
    for (const origin of [a!, b!]) {
      await stockOn(origin)();
      await other(origin);
    }
    expect((await fetch(`${a}/shop/p/canvas-tote?format=json`)).headers.get('x-page-cache')).toBe('hit');
    const owner = await new HttpEditor().signIn(a!);
    const set = await owner.call(
      `${a}/api/editor/store/variants/${encodeURIComponent(before.id)}/stock`,
      'PATCH',
      { qtyInStock: before.qtyInStock + 5 },
    );
    expect(set.status).toBe(200);
    expect((await stockOn(a!)()).qtyInStock).toBe(before.qtyInStock + 5);
    await soon(async () => (await stockOn(b!)()).qtyInStock, before.qtyInStock + 5);
    // Only the pages showing that product were dropped.
    for (const origin of [a!, b!]) expect((await other(origin)).headers.get('x-page-cache')).toBe('hit');
  });

  it('shows a stock change committed outside both processes (psql, another service) on both at once', async () => {
    const [a, b] = servers.map((s) => s.url);
    const before = (await stockOn(b!)()).qtyInStock;
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    await sql`update variants set qty_in_stock = qty_in_stock - 1 where sku = 'TOTE-OLIVE'`;
    await sql.end({ timeout: 1 });
    const took = await Promise.all(
      [a!, b!].map((origin) => soon(async () => (await stockOn(origin)()).qtyInStock, before - 1)),
    );
    expect(Math.max(...took)).toBeLessThan(AT_ONCE_MS);
  });
});
