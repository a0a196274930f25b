import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import {
  Agent,
  createServer as createHttpServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILING_API } from '@site/page-content';
import { ADDRESS, TEST_CARD } from '../test/client';
import { HttpEditor } from '../test/http-editor';
import {
  privateServicesMissing,
  startPrivatePostgres,
  startPrivateRedis,
  type PrivatePostgres,
  type PrivateRedis,
} from '../test/private-services';
import { startBuiltServer, type StartedServer } from '../test/server';
import { apiRoot } from './paths';
import { DEMO_OWNER } from './seed/demo-site';

/**
 * Faults a deployment meets, injected into the built server (dist/main.js) running on a
 * PostgreSQL cluster and a Redis this file starts, stops and restarts for itself.
 */
const missing = existsSync(join(apiRoot, 'dist', 'main.js'))
  ? privateServicesMissing()
  : 'dist/main.js is not built (pnpm build)';
if (missing) console.warn(`fault tests skipped: ${missing}`);

/** A browser over real HTTP: cookies, and the crumb on writes. */
class Visitor {
  readonly cookies = new Map<string, string>();
  constructor(readonly origin: string) {}

  async call(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
    if (method !== 'GET' && !this.cookies.has('crumb')) await this.call('GET', '/api/crumb');
    const res = await fetch(this.origin + path, {
      method,
      redirect: 'manual',
      // A hung request fails the test in a bounded time rather than hanging it.
      signal: signal ?? AbortSignal.timeout(15_000),
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { 'x-csrf-token': this.cookies.get('crumb') ?? '' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  }

  signIn(password: string = DEMO_OWNER.password, email: string = DEMO_OWNER.email) {
    return this.call('POST', '/api/site-users/account/session', {
      email,
      password,
      rememberMe: false,
    });
  }
}

describe.skipIf(missing)('faults survived by the built server on its own PostgreSQL and Redis', () => {
  let pg: PrivatePostgres;
  let redis: PrivateRedis;
  let server: StartedServer;
  let sql: postgres.Sql;

  beforeAll(async () => {
    [pg, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
    const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
    await admin`create database site`;
    await admin.end();
    sql = postgres(pg.database('site'), { max: 2, onnotice: () => {} });
    server = await startBuiltServer({ DATABASE_URL: pg.database('site'), REDIS_URL: redis.url });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await sql?.end({ timeout: 1 });
    await Promise.all([pg?.stop(), redis?.stop()]);
  });

  describe('Redis stopped', () => {
    it('signs in and locks out per process while Redis is away, then counts in Redis again', async () => {
      const keys = new Redis(redis.url, { lazyConnect: true });
      try {
        await redis.stop();
        const visitor = new Visitor(server.url);
        const started = performance.now();
        const ok = await visitor.signIn();
        expect(ok.status, await ok.text()).toBe(200);
        expect(performance.now() - started).toBeLessThan(2000);
        // Writes go on too, their limit counted in this process.
        const added = await visitor.call('POST', '/api/commerce/shopping-cart/entries', {
          itemId: 'prod-field-notebook',
          sku: 'NOTE-3',
          quantity: 1,
        });
        expect(added.status, await added.text()).toBe(200);
        // Five wrong passwords lock the pair in this process even with no Redis to count in.
        const attacker = new Visitor(server.url);
        for (let i = 0; i < 5; i++) expect((await attacker.signIn('wrong password')).status).toBe(401);
        expect((await attacker.signIn()).status).toBe(429);

        await redis.start();
        await keys.connect();
        // Back to Redis: the next failure is counted where every process sees it.
        const deadline = Date.now() + 5000;
        for (;;) {
          const res = await new Visitor(server.url).signIn('wrong', 'nobody@example.com');
          expect(res.status).toBe(401);
          if ((await keys.keys('login-guard:f:*')).length > 0) break;
          if (Date.now() > deadline) throw new Error('failures are still not counted in Redis');
          await new Promise((r) => setTimeout(r, 100));
        }
      } finally {
        keys.disconnect();
      }
    });
  });

  describe('PostgreSQL restarted under load', () => {
    /** One shopper after another: add the olive tote, check out, and again, until told to stop. */
    interface Outcome {
      what: string;
      status: number | 'network error';
      retryAfter: string | null;
      at: number;
      ms: number;
    }

    async function shop(origin: string, until: () => boolean, outcomes: Outcome[]) {
      const timed = async (what: string, send: () => Promise<Response>) => {
        const at = performance.now();
        try {
          const res = await send();
          await res.arrayBuffer();
          const ms = performance.now() - at;
          outcomes.push({ what, status: res.status, retryAfter: res.headers.get('retry-after'), at, ms });
          return res.status;
        } catch {
          outcomes.push({ what, status: 'network error', retryAfter: null, at, ms: performance.now() - at });
          return 0;
        }
      };
      while (!until()) {
        const shopper = new Visitor(origin);
        await timed('page', () => shopper.call('GET', '/shop/p/canvas-tote'));
        const added = await timed('add', () =>
          shopper.call('POST', '/api/commerce/shopping-cart/entries', {
            itemId: 'prod-canvas-tote',
            sku: 'TOTE-OLIVE',
            quantity: 1,
          }),
        );
        if (added !== 200) continue;
        await timed('checkout', () =>
          shopper.call('POST', '/api/commerce/checkout', {
            email: 'load@example.com',
            shippingAddress: ADDRESS,
            payment: TEST_CARD,
          }),
        );
      }
    }

    it('keeps the process up, answers 503 with Retry-After while PostgreSQL is away, and recovers at once', async () => {
      const INITIAL = 100_000;
      await sql`update variants set qty_in_stock = ${INITIAL} where sku = 'TOTE-OLIVE'`;
      let exited: string | undefined;
      server.child.once('exit', (code, signal) => (exited = `exited with ${code ?? signal}`));

      const outcomes: Outcome[] = [];
      // When each restart began and when PostgreSQL accepted connections again.
      const restarts: { began: number; back: number }[] = [];
      let stop = false;
      const shoppers = Array.from({ length: 8 }, () => shop(server.url, () => stop, outcomes));
      for (let i = 0; i < 3; i++) {
        await new Promise((r) => setTimeout(r, 1000));
        const began = performance.now();
        await pg.restartFast();
        restarts.push({ began, back: performance.now() });
      }
      await new Promise((r) => setTimeout(r, 1000));
      stop = true;
      await Promise.all(shoppers);

      const count = (status: Outcome['status']) => outcomes.filter((o) => o.status === status).length;
      const slowest = Math.max(...outcomes.map((o) => o.ms));
      // Recovery: how long after PostgreSQL's return requests were still sent that got a 503.
      const recovery = restarts.map(({ back }, i) => {
        const next = restarts[i + 1]?.began ?? Infinity;
        const late = outcomes.filter((o) => o.status === 503 && o.at >= back && o.at < next);
        return late.length === 0 ? 0 : Math.max(...late.map((o) => o.at)) - back;
      });
      console.log(
        `PostgreSQL restarted 3 times under 8 shoppers: ${outcomes.length} requests, ${count(200)} ok, ` +
          `${count(503)} answered 503, ${count('network error')} network errors, slowest ${Math.round(slowest)} ms, ` +
          `recovery after each return ${recovery.map(Math.round).join(' / ')} ms`,
      );

      expect(exited, server.output().slice(-3000)).toBeUndefined();
      expect(
        outcomes.filter((o) => o.status !== 200 && o.status !== 503).map((o) => `${o.what} ${o.status}`),
      ).toEqual([]);
      expect(outcomes.filter((o) => o.status === 503 && o.retryAfter === null)).toEqual([]);
      expect(count(200)).toBeGreaterThan(0);
      // Bounded by the 3 s connect timeout; the margin is for a loaded 2-core machine (0.6 s quiet,
      // 7.3 s seen under load average 13).
      // Before, requests hung past 15 s.
      expect(slowest).toBeLessThan(10_000);
      // About a second on a quiet machine (0 to 1.04 s seen); a connection attempt caught by the
      // restart can take the 3 s connect timeout on a loaded one.
      expect(Math.max(...recovery)).toBeLessThan(4000);

      // The ledger: every order has its lines, and the stock is what was there less what was sold.
      const [orphans] = await sql`select count(*)::int as n from orders o
        where not exists (select 1 from order_items i where i.order_id = o.id)`;
      expect(orphans!.n).toBe(0);
      const [ledger] = await sql`select v.qty_in_stock as stock,
        (select coalesce(sum(quantity), 0)::int from order_items where sku = 'TOTE-OLIVE') as sold
        from variants v where v.sku = 'TOTE-OLIVE'`;
      expect(ledger!.stock).toBe(INITIAL - ledger!.sold);
    }, 60_000);
  });

  describe('SIGTERM with keep-alive clients in flight', () => {
    /**
     * A round-robin proxy as a load balancer runs one: keep-alive connections to each process, and
     * a request a process refused to connect (it stopped listening) goes to the next one.
     */
    function roundRobin(backends: string[]) {
      const agent = new Agent({ keepAlive: true, maxSockets: 16 });
      let next = 0;
      const forward = (req: IncomingMessage, body: Buffer, res: ServerResponse, index: number, tries = 1) => {
        const target = new URL(backends[index % backends.length]!);
        let answered = false;
        const upstream = httpRequest(
          {
            agent,
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            headers: req.headers,
          },
          (answer) => {
            answered = true;
            res.writeHead(answer.statusCode!, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          // A connection refused, or reset before any answer, was never read by the process: one
          // that had closed the idle keep-alive connection this request was written to, or a new
          // connection still in the listen queue when the process stopped listening (the kernel
          // resets those). The next process may take it, as HAProxy's `retry-on conn-failure
          // empty-response` and nginx's `proxy_next_upstream error` do.
          const unread = err.code === 'ECONNREFUSED' || (!answered && err.code === 'ECONNRESET');
          if (unread && tries < backends.length) return forward(req, body, res, index + 1, tries + 1);
          res.writeHead(502, { 'x-proxy-error': err.code ?? err.message }).end();
        });
        upstream.end(body);
      };
      const proxy = createHttpServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => forward(req, Buffer.concat(chunks), res, next++));
      });
      return new Promise<{ url: string; close: () => void }>((resolve) =>
        proxy.listen(0, '127.0.0.1', () => {
          const { port } = proxy.address() as AddressInfo;
          resolve({
            url: `http://127.0.0.1:${port}`,
            close: () => {
              proxy.closeAllConnections();
              proxy.close();
              agent.destroy();
            },
          });
        }),
      );
    }

    it('finishes every request it accepted, closes keep-alive connections politely, and exits 0', async () => {
      // The write limit is off: 8 clients on one address would reach it in a few seconds on a fast
      // machine, and this test is about the restart, not the limit.
      const [a, b] = await Promise.all(
        [0, 1].map(() =>
          startBuiltServer({
            DATABASE_URL: pg.database('site'),
            REDIS_URL: redis.url,
            RATE_LIMIT_WRITES_PER_MINUTE: '0',
          }),
        ),
      );
      const proxy = await roundRobin([a!.url, b!.url]);
      const exit = new Promise<{ code: number | null; at: number }>((resolve) =>
        a!.child.once('exit', (code) => resolve({ code, at: performance.now() })),
      );
      let signalled = Infinity;
      let stop = false;
      const failures: string[] = [];
      let served = 0;
      const client = async () => {
        while (!stop) {
          // A new cart each time: one cart would soon hold more notebooks than are in stock.
          const shopper = new Visitor(proxy.url);
          const res = await shopper.call('POST', '/api/commerce/shopping-cart/entries', {
            itemId: 'prod-field-notebook',
            sku: 'NOTE-3',
            quantity: 1,
          });
          const body = await res.text();
          if (res.status === 200) served += 1;
          else
            failures.push(
              `${res.status} ${res.headers.get('x-proxy-error') ?? body.slice(0, 200)} ${Math.round(performance.now() - signalled)} ms after the signal`,
            );
        }
      };
      const clients = Array.from({ length: 8 }, client);
      await new Promise((r) => setTimeout(r, 1000));
      signalled = performance.now();
      a!.child.kill('SIGTERM');
      const { code, at } = await exit;
      await new Promise((r) => setTimeout(r, 500));
      stop = true;
      await Promise.all(clients);
      proxy.close();
      await Promise.all([a!.stop(), b!.stop()]);
      console.log(
        `SIGTERM to one of two processes behind a round-robin proxy, 8 clients: ${served} requests served, ` +
          `exit ${code} after ${Math.round(at - signalled)} ms, ${failures.length} failed: ${failures.slice(0, 6).join('; ')}`,
      );
      expect(failures).toEqual([]);
      expect(code).toBe(0);
      expect(at - signalled).toBeLessThan(5000);
    }, 60_000);
  });

  describe('SIGTERM with jobs in progress', () => {
    it('finishes the job that ends in time, hands the one that does not back to the queue, exits 0; another process runs it', async () => {
      // A database of its own, so that only the processes of this test work its queue.
      const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
      await admin`create database jobs`;
      await admin.end();
      const jobsSql = postgres(pg.database('jobs'), { max: 1, onnotice: () => {} });
      // A receiver that takes 2 s to answer /quick, and never answers the first POST to /stuck.
      const received: { path: string; delivery: string }[] = [];
      const held: ServerResponse[] = [];
      const receiver = createHttpServer((req, res) => {
        req.resume();
        const path = req.url ?? '';
        received.push({ path, delivery: String(req.headers['x-site-delivery']) });
        if (path === '/quick') setTimeout(() => res.end('ok'), 2000);
        else if (received.filter((r) => r.path === path).length === 1) held.push(res);
        else res.end('ok');
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
      const env = { DATABASE_URL: pg.database('jobs'), WEBHOOKS_ALLOW_PRIVATE: 'true' };
      const first = await startBuiltServer(env);
      let second: StartedServer | undefined;
      try {
        const owner = await new HttpEditor().signIn(first.url);
        for (const path of ['/quick', '/stuck']) {
          const hook = await owner.call(`${first.url}${MAILING_API.webhooks}`, 'POST', {
            url: `${receiverUrl}${path}`,
            events: ['order.placed'],
          });
          expect(hook.status, await hook.text()).toBe(201);
        }
        const shopper = new Visitor(first.url);
        const added = await shopper.call('POST', '/api/commerce/shopping-cart/entries', {
          itemId: 'prod-canvas-tote',
          sku: 'TOTE-OLIVE',
          quantity: 1,
        });
        expect(added.status, await added.text()).toBe(200);
        const placed = await shopper.call('POST', '/api/commerce/checkout', {
          email: 'jobs@example.com',
          shippingAddress: ADDRESS,
          payment: TEST_CARD,
        });
        expect(placed.status, await placed.text()).toBe(200);
        // Both deliveries are running in the first process when it is told to stop.
        await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
        const exit = new Promise<{ code: number | null; at: number }>((resolve) =>
          first.child.once('exit', (code) => resolve({ code, at: performance.now() })),
        );
        const signalled = performance.now();
        first.child.kill('SIGTERM');
        // The process that stays, as a rolling restart starts it.
        const starting = startBuiltServer(env);
        const { code, at } = await exit;
        expect(code).toBe(0);
        expect(at - signalled).toBeLessThan(10_000);
        const deliveries = async () =>
          Object.fromEntries(
            (
              await jobsSql<{ url: string; status: string }[]>`
                select w.url, d.status from webhook_deliveries d join webhooks w on w.id = d.webhook_id`
            ).map((d) => [new URL(d.url).pathname, d.status]),
          );
        // The quick one finished before the exit; the stuck one was handed back, not left running.
        expect(await deliveries()).toEqual({ '/quick': 'delivered', '/stuck': 'pending' });
        const [stuckJob] = await jobsSql<{ state: string }[]>`
          select state from pgboss.job where name = 'webhook-delivery' and state <> 'completed'`;
        expect(stuckJob?.state).toBe('retry');

        second = await starting;
        await expect.poll(deliveries, { timeout: 60_000, interval: 500 }).toEqual({
          '/quick': 'delivered',
          '/stuck': 'delivered',
        });
        // Sent again under the same delivery id (receivers drop repeats by it); the quick one once.
        const stuck = received.filter((r) => r.path === '/stuck');
        expect(stuck).toHaveLength(2);
        expect(stuck[1]!.delivery).toBe(stuck[0]!.delivery);
        expect(received.filter((r) => r.path === '/quick')).toHaveLength(1);
      } finally {
        for (const res of held) res.destroy();
        receiver.close();
        await Promise.all([first.stop(), second?.stop()]);
        await jobsSql.end({ timeout: 1 });
      }
    }, 150_000);
  });

  describe('upload larger than the free disk', () => {
    // A 1 MB disk of its own for the process's files and staging (TMPDIR); mounting needs root.
    const disk = mkdtempSync(join(tmpdir(), 'site-small-disk-'));
    const mounted = (() => {
      try {
        execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', disk], { stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    })();
    if (!mounted) console.warn('disk-full fault test skipped: mounting a small tmpfs needs root');
    afterAll(() => {
      if (mounted) execFileSync('umount', [disk]);
      rmSync(disk, { recursive: true, force: true });
    });

    it.runIf(mounted)(
      'answers 507 with a storage message, keeps no file or row, and frees the connection',
      async () => {
        const small = await startBuiltServer({
          DATABASE_URL: pg.database('site'),
          DATA_DIR: disk,
          TMPDIR: disk,
        });
        try {
          const owner = new Visitor(small.url);
          const session = await owner.signIn();
          const { xsrfToken } = (await session.json()) as { xsrfToken: string };
          const [before] = await sql`select count(*)::int as n from files`;
          // One connection for both requests: the second must not wait behind the first's unread body.
          const agent = new Agent({ keepAlive: true, maxSockets: 1 });
          const send = (method: string, path: string, headers: Record<string, string>, body?: Buffer) =>
            new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
              const req = httpRequest(`${small.url}${path}`, { agent, method, headers }, (res) => {
                let text = '';
                res.on('data', (d: Buffer) => (text += d.toString()));
                res.on('end', () =>
                  resolve({ status: res.statusCode!, body: text, connection: res.headers.connection }),
                );
              });
              req.on('error', reject);
              req.end(body);
            });
          const boundary = 'fault-boundary';
          const body = Buffer.concat([
            Buffer.from(
              `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.pdf"\r\ncontent-type: application/pdf\r\n\r\n%PDF-1.4\n`,
            ),
            Buffer.alloc(3_000_000, 'x'),
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]);
          const cookies = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
          const upload = await send(
            'POST',
            '/api/editor/files',
            {
              cookie: cookies,
              'x-csrf-token': owner.cookies.get('crumb') ?? '',
              'x-siteuser-xsrf-token': xsrfToken,
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': String(body.length),
            },
            body,
          );
          expect(upload.status, upload.body).toBe(507);
          expect(JSON.parse(upload.body).error).toMatchObject({
            code: 'STORAGE_FULL',
            message: 'There is no room left to store files right now. Nothing was saved; try again later.',
          });
          const started = performance.now();
          const next = await send('GET', '/api/health', {});
          expect(next.status).toBe(200);
          expect(performance.now() - started).toBeLessThan(2000);
          agent.destroy();

          const [after] = await sql`select count(*)::int as n from files`;
          expect(after!.n).toBe(before!.n);
          // Neither the staged part nor a stored file is left (the process's own key file may be).
          const left = readdirSync(disk, { recursive: true, withFileTypes: true }).filter(
            (e) => e.isFile() && e.name !== 'payments-secret.key',
          );
          expect(left.map((e) => e.name)).toEqual([]);
        } finally {
          await small.stop();
        }
      },
    );
  });
});
