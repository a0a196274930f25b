// Helpers for bench/run.mjs: the throw-away database, the two servers under test, a minimal
// cookie-keeping shopper, autocannon with a warm-up, and the storefront bundle size.
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import postgres from 'postgres';

export const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A fresh database on the local PostgreSQL server (the same one test/databases.ts uses), or
 * `undefined` when it cannot be reached — the caller then falls back to PGlite and says so.
 */
export async function createBenchDatabase(serverUrl) {
  const admin = postgres(serverUrl, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await admin`select 1`;
  } catch (err) {
    await admin.end({ timeout: 1 }).catch(() => {});
    return { error: err instanceof Error ? err.message : String(err) };
  }
  const name = `site_bench_${randomBytes(6).toString('hex')}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      // `with (force)` ends the server's pool connections should it still be shutting down.
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 1 });
    },
    /** Leaves the database in place (a kept bench database). */
    async release() {
      await admin.end({ timeout: 1 });
    },
  };
}

/** Starts dist/main.js as a user would, on a free port; resolves once /api/health answers. */
export async function startApiServer({
  databaseUrl,
  nodeArgs = [],
  mainJs = join(apiDir, 'dist', 'main.js'),
}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'site-bench-'));
  let output = '';
  const child = spawn(process.execPath, [...nodeArgs, mainJs], {
    cwd: dirname(dirname(mainJs)),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Request logging would measure pino, not the routes.
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl ?? '',
      // All bench traffic comes from one address: keep the per-IP write limit (so its cost is
      // measured) but high enough never to answer 429 to 500 adds a second.
      RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  // A loaded machine may need longer (BENCH_START_SECONDS): a fresh database's migrations run first.
  const startSeconds = Number(process.env.BENCH_START_SECONDS ?? 60);
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in ${startSeconds} s:\n${output}`);
    await sleep(100);
  }
  return {
    url,
    pid: child.pid,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startBareServer({ databaseUrl } = {}) {
  const child = fork(join(apiDir, 'bench', 'bare-server.mjs'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_DB_URL: databaseUrl ?? '' },
  });
  const port = await new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** Just enough of a browser: keeps cookies, sends the crumb header on writes. */
export class Shopper {
  constructor(baseUrl) {
    this.baseUrl = baseUrl;
    this.cookies = new Map();
  }
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async request(method, path, body) {
    const headers = { cookie: this.cookieHeader() };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET') headers['x-csrf-token'] = this.cookies.get('crumb') ?? '';
    const res = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), decodeURIComponent(pair.slice(eq + 1).trim()));
    }
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  }
  async start() {
    await this.request('GET', '/api/crumb');
    return this;
  }
  addEntry(itemId, sku, quantity = 1) {
    return this.request('POST', '/api/commerce/shopping-cart/entries', { itemId, sku, quantity });
  }
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc; undefined off Linux.
 * Requests per second swing with whatever else the machine runs; CPU per request much less, so
 * the bench prints both.
 */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; utime and stime are
    // fields 14 and 15, in clock ticks (USER_HZ, 100 on Linux).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

function summarise(result, cpu) {
  return {
    cpuMsPerReq: cpu === undefined || result.requests.total === 0 ? undefined : cpu / result.requests.total,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** One autocannon run after a warm-up run of the same shape whose figures are thrown away. */
export async function measure(options, { warmup, duration }, serverPid) {
  if (warmup > 0) await autocannon({ ...options, duration: warmup });
  const before = cpuMs(serverPid);
  const result = await autocannon({ ...options, duration });
  const after = cpuMs(serverPid);
  return summarise(result, before === undefined || after === undefined ? undefined : after - before);
}

/**
 * Gzip size of the JS a product page loads: the storefront's entry chunk(s) plus everything they
 * import statically (dynamic imports load later, on demand, so they are not counted).
 */
export function storefrontJsSize(storefrontDist = join(apiDir, '..', 'storefront', 'dist')) {
  const manifestPath = join(storefrontDist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const seen = new Set();
  const files = [];
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const sizes = files.map((file) => {
    const raw = readFileSync(join(storefrontDist, file));
    return { file, raw: raw.length, gzip: gzipSync(raw).length };
  });
  return {
    files: sizes,
    gzip: sizes.reduce((n, f) => n + f.gzip, 0),
    raw: sizes.reduce((n, f) => n + f.raw, 0),
  };
}
