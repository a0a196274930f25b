// `pnpm bench`: the shopping calls of the built API server against a bare Fastify route, in one run.
//
//   node bench/run.mjs                 # needs `pnpm build` first (turbo's bench task depends on it)
//   BENCH_DURATION=10 BENCH_WARMUP=2   # seconds per measurement and per warm-up (the defaults)
//   BENCH_CONNECTIONS=10               # connections for the two throughput runs
//   BENCH_PG_URL=postgres://…          # the PostgreSQL server to create the throw-away database on
//   BENCH_CPU_PROF=/tmp/prof           # start the API server with --cpu-prof, profiles written there
//   BENCH_JSON=out.json                # also write the figures as JSON
//   BENCH_STRICT=1                     # exit 1 when a target misses
//   BENCH_SERVER=/path/to/dist/main.js # bench another build (say, of the previous commit) instead
import { existsSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import {
  apiDir,
  createBenchDatabase,
  measure,
  Shopper,
  startApiServer,
  startBareServer,
  storefrontJsSize,
} from './lib.mjs';

const env = process.env;
const timing = { warmup: Number(env.BENCH_WARMUP ?? 2), duration: Number(env.BENCH_DURATION ?? 10) };
const connections = Number(env.BENCH_CONNECTIONS ?? 10);
const POST_RATE = 500;
// autocannon's overallRate gives each connection a quota per second which it sends back to back,
// so the POST run sees bursts of up to this many requests in flight; a modest number keeps that
// close to what 500 shoppers a second spread over a few keep-alive connections would do.
const POST_CONNECTIONS = 10;
const pgServer = env.BENCH_PG_URL || env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const TARGET_RATIO = 0.5;
const TARGET_PAGE_RATIO = 0.25;
const TARGET_PAGE_P99_MS = 10;
// Storefront pages a visitor with a crumb cookie reads: served from the page cache once rendered.
const PAGES = [
  ['home', '/'],
  ['shop', '/shop'],
  ['product', '/shop/p/canvas-tote'],
  ['plain page', '/about'],
];
const TARGET_POST_P99_MS = 25;
const TARGET_JS_GZIP = 70 * 1024;

// The cart every measured request sees: three lines of three product types.
const CART_CONTENTS = [
  ['prod-canvas-tote', 'TOTE-OLIVE'],
  ['prod-field-notebook', 'NOTE-3'],
  ['prod-sketch-pack', 'BRUSH-DL'],
];
// The POST run adds one of a digital product (unlimited stock; an empty sku means its only
// variant) so thousands of adds never run out of stock; it adds onto one line of each cart.
const ADDED = { itemId: 'prod-sketch-pack', sku: '', quantity: 1 };

const cleanups = [];
async function cleanup() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (err) {
      console.error('cleanup failed:', err instanceof Error ? err.message : err);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void cleanup().then(() => process.exit(130)));
}

async function filledCart(baseUrl) {
  const shopper = await new Shopper(baseUrl).start();
  for (const [itemId, sku] of CART_CONTENTS) await shopper.addEntry(itemId, sku, 1);
  if (!shopper.cookies.get('SiteCart')) throw new Error('adding to the cart set no SiteCart cookie');
  return shopper;
}

const fmt = (n, digits = 0) => (n === undefined || Number.isNaN(n) ? '-' : n.toFixed(digits));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const mainJs = env.BENCH_SERVER || join(apiDir, 'dist', 'main.js');
  if (!existsSync(mainJs)) {
    throw new Error(
      `${mainJs} is missing: run \`pnpm build\` (or the root \`pnpm bench\`, which builds first)`,
    );
  }

  const database = await createBenchDatabase(pgServer);
  let databaseLabel;
  if (database.error) {
    const bar = '!'.repeat(78);
    console.warn(`\n${bar}\n!! PostgreSQL at ${pgServer} is not reachable (${database.error}).`);
    console.warn(`!! FALLING BACK TO PGlite: these figures are NOT the PostgreSQL figures.\n${bar}\n`);
    databaseLabel = 'PGlite (fallback: PostgreSQL unreachable)';
  } else {
    cleanups.push(() => database.drop());
    databaseLabel = `PostgreSQL, throw-away database ${database.name}`;
  }

  const nodeArgs = env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${env.BENCH_CPU_PROF}`] : [];
  const api = await startApiServer({ databaseUrl: database.url, nodeArgs, mainJs });
  cleanups.push(() => api.stop());
  const bare = await startBareServer({ databaseUrl: database.url });
  cleanups.push(() => bare.stop());

  console.log(`Server: ${mainJs}`);
  console.log(`Database: ${databaseLabel}`);
  console.log(
    `Node ${process.version}; ${timing.warmup} s warm-up + ${timing.duration} s per run; ${connections} connections`,
  );
  // The server, PostgreSQL and autocannon share the machine: other work on it moves every figure.
  const cores = availableParallelism();
  const load = loadavg()[0];
  console.log(
    `${cores} CPU cores, load average ${load.toFixed(1)}${load > cores ? ' — BUSY MACHINE: expect lower, noisier figures' : ''}\n`,
  );

  const getShopper = await filledCart(api.url);
  const postCarts = [];
  for (let i = 0; i < POST_CONNECTIONS; i++) postCarts.push(await filledCart(api.url));

  const results = {};
  results.bare = await measure({ url: `${bare.url}/bare`, connections }, timing, bare.pid);
  if (database.url)
    results.bareDb = await measure({ url: `${bare.url}/bare-db`, connections }, timing, bare.pid);
  results.getCart = await measure(
    {
      url: `${api.url}/api/commerce/shopping-cart`,
      connections,
      headers: { cookie: getShopper.cookieHeader() },
    },
    timing,
    api.pid,
  );
  results.pages = {};
  for (const [name, path] of PAGES) {
    results.pages[name] = await measure(
      {
        url: `${api.url}${path}`,
        connections,
        headers: { cookie: `crumb=${getShopper.cookies.get('crumb')}` },
      },
      timing,
      api.pid,
    );
  }
  // The bare route again after the pages: other work on the machine drifts over a minute, and the
  // pages are compared with the mean of the runs before and after them.
  results.bareAfter = await measure({ url: `${bare.url}/bare`, connections }, timing, bare.pid);
  const bareMean = (results.bare.reqPerSec + results.bareAfter.reqPerSec) / 2;
  // One cart per connection: concurrent adds to one cart would measure row-lock waits instead.
  let nextCart = 0;
  results.postEntry = await measure(
    {
      url: `${api.url}/api/commerce/shopping-cart/entries`,
      method: 'POST',
      connections: POST_CONNECTIONS,
      overallRate: POST_RATE,
      body: JSON.stringify(ADDED),
      setupClient(client) {
        const shopper = postCarts[nextCart++ % postCarts.length];
        client.setHeaders({
          'content-type': 'application/json',
          cookie: shopper.cookieHeader(),
          'x-csrf-token': shopper.cookies.get('crumb'),
        });
      },
    },
    timing,
    api.pid,
  );

  // A wrong cookie or crumb would make every request a fast 4xx: check the runs did real work.
  const check = await getShopper.request('GET', '/api/commerce/shopping-cart');
  if (check.entries?.length !== CART_CONTENTS.length)
    throw new Error(`the GET cart has ${check.entries?.length} entries, not ${CART_CONTENTS.length}`);
  const added = (await postCarts[0].request('GET', '/api/commerce/shopping-cart')).entries.find(
    (e) => e.itemId === ADDED.itemId,
  );
  if (!added || added.quantity <= 1) throw new Error('the POST run added nothing to its carts');

  const rows = [
    ['bare Fastify route (ceiling)', results.bare],
    ...(results.bareDb ? [['bare route + one `select true` (reference)', results.bareDb]] : []),
    ['GET  /api/commerce/shopping-cart (3 entries)', results.getCart],
    [`POST /api/commerce/shopping-cart/entries @${POST_RATE}/s`, results.postEntry],
    ...PAGES.map(([name, path]) => [`GET  ${path} (${name})`, results.pages[name]]),
    ['bare Fastify route, again after the pages', results.bareAfter],
  ];
  console.log(
    `${'run'.padEnd(50)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(9)}${'non-2xx'.padStart(9)}${'CPU ms/req'.padStart(12)}`,
  );
  for (const [name, r] of rows) {
    console.log(
      `${name.padEnd(50)}${fmt(r.reqPerSec).padStart(9)}${fmt(r.p50, 1).padStart(9)}${fmt(r.p99, 1).padStart(9)}` +
        `${String(r.errors).padStart(9)}${String(r.non2xx).padStart(9)}${fmt(r.cpuMsPerReq, 3).padStart(12)}`,
    );
  }
  console.log('(CPU ms/req: the server process only, user + system; PostgreSQL and autocannon not counted)');
  console.log(`Load average at the end: ${loadavg()[0].toFixed(1)} (at the start: ${load.toFixed(1)})`);

  const ratio = results.getCart.reqPerSec / results.bare.reqPerSec;
  const postOk =
    results.postEntry.p99 <= TARGET_POST_P99_MS &&
    results.postEntry.errors === 0 &&
    results.postEntry.non2xx === 0;
  const js = storefrontJsSize();
  const verdict = (ok) => (ok ? 'OK  ' : 'MISS');
  console.log('');
  console.log(
    `${verdict(ratio >= TARGET_RATIO)} GET cart / bare route = ${(ratio * 100).toFixed(1)}% (target >= ${TARGET_RATIO * 100}%)`,
  );
  if (results.bareDb) {
    const dbRatio = results.bareDb.reqPerSec / results.bare.reqPerSec;
    const ofDb = results.getCart.reqPerSec / results.bareDb.reqPerSec;
    console.log(
      `     (one trivial query / bare route = ${(dbRatio * 100).toFixed(1)}%; GET cart / one-query route = ${(ofDb * 100).toFixed(1)}%)`,
    );
  }
  console.log(
    `${verdict(postOk)} POST entry p99 = ${fmt(results.postEntry.p99, 1)} ms at ${fmt(results.postEntry.reqPerSec)} req/s, ` +
      `${results.postEntry.errors} errors, ${results.postEntry.non2xx} non-2xx (target p99 <= ${TARGET_POST_P99_MS} ms at ${POST_RATE}/s, no errors)`,
  );
  const pageChecks = PAGES.map(([name, path]) => {
    const r = results.pages[name];
    const pageRatio = r.reqPerSec / bareMean;
    const ok =
      pageRatio >= TARGET_PAGE_RATIO && r.p99 <= TARGET_PAGE_P99_MS && r.errors === 0 && r.non2xx === 0;
    console.log(
      `${verdict(ok)} ${`${name} (${path})`.padEnd(28)} ${fmt(r.reqPerSec).padStart(7)} req/s = ${(pageRatio * 100).toFixed(1)}% of the bare route (mean of before and after), ` +
        `p99 ${fmt(r.p99, 1)} ms, ${r.non2xx} non-2xx (target >= ${TARGET_PAGE_RATIO * 100}%, p99 <= ${TARGET_PAGE_P99_MS} ms)`,
    );
    return ok;
  });
  if (js) {
    console.log(
      `${verdict(js.gzip <= TARGET_JS_GZIP)} storefront JS for a product page = ${kb(js.gzip)} gzip (${kb(js.raw)} raw) in ${js.files.length} file(s) (target <= 70 KB)`,
    );
    for (const f of js.files) console.log(`       ${f.file}: ${kb(f.gzip)} gzip`);
  } else {
    console.log(
      '-    storefront JS: apps/storefront/dist/.vite/manifest.json missing (build the storefront)',
    );
  }

  if (env.BENCH_JSON) {
    writeFileSync(
      env.BENCH_JSON,
      JSON.stringify(
        {
          database: databaseLabel,
          load,
          timing,
          connections,
          results,
          ratio,
          bareMean,
          pageChecks,
          storefrontJs: js,
        },
        null,
        2,
      ),
    );
  }
  const allOk =
    ratio >= TARGET_RATIO && postOk && pageChecks.every(Boolean) && (!js || js.gzip <= TARGET_JS_GZIP);
  return allOk || !env.BENCH_STRICT ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(err instanceof Error ? err.stack : err);
} finally {
  await cleanup();
}
process.exit(code);
