// A big store's growth table: for each size, a throw-away PostgreSQL database, the built API
// server on it, the demo site given that many products (store collections of at most 200) and
// 10× as many orders by SQL (bench/big-store-seed.mjs), then each storefront and editor call
// timed under concurrent clients (the storefront's also as cache misses), add-to-cart, checkout
// (the test payment provider), and the server's memory through a full orders export.
//
//   node bench/big-store.mjs           # needs `pnpm build` first
//   BENCH_SIZES=100,10000,100000       # product counts (the default); orders are 10× each
//   BENCH_DURATION=3 BENCH_WARMUP=1    # seconds per call and per warm-up
//   BENCH_CONNECTIONS=10               # concurrent clients
//   BENCH_PG_URL=postgres://…          # the server to create the throw-away databases on
//   BENCH_JSON=out.json                # also write the figures as JSON
//   BENCH_ONLY='analytics|tags'        # time only the calls whose names match (case-insensitive);
//                                      # add-to-cart, checkout and the exports only when they match
//                                      # ('price': the owner's price change, seen on the next request)
//   BENCH_KEEP=1                       # keep each seeded database and print its URL (for EXPLAIN)
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { REVIEWS_EDITOR_API } from '@site/commerce-core';
import { STORE_API } from '@site/commerce-core/admin';
import { FORMS_API } from '@site/forms';
import {
  ACTIVITY_API,
  BLOG_API,
  COLLECTIONS_API,
  EDITOR_API,
  MAILING_API,
  MEMBER_AREAS_API,
  tagsApi,
} from '@site/page-content';
import postgres from 'postgres';
import { CATEGORIES, COLLECTION_CAP, seeded, seedBigStore } from './big-store-seed.mjs';
import { createBenchDatabase, measure, Shopper, startApiServer } from './lib.mjs';

const env = process.env;
const SIZES = (env.BENCH_SIZES ?? '100,10000,100000').split(',').map(Number);
const timing = { warmup: Number(env.BENCH_WARMUP ?? 1), duration: Number(env.BENCH_DURATION ?? 3) };
const connections = Number(env.BENCH_CONNECTIONS ?? 10);
const pgServer = env.BENCH_PG_URL || env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const OWNER = { email: 'owner@demo.test', password: 'demo-owner-2026' };
const SITE = 'demo';
const SEEDED = seeded(SITE);
const only = env.BENCH_ONLY ? new RegExp(env.BENCH_ONLY, 'i') : undefined;
const wanted = (name) => !only || only.test(name);
const keep = env.BENCH_KEEP === '1';

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const query = (path, params) => `${path}?${new URLSearchParams(params)}`;

/** What a visitor's browser says it takes (Chrome's header): `browser` calls send it. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** What is timed, by path; `owner` calls carry the owner's session. */
const CALLS = [
  { name: 'storefront: home', path: '/' },
  { name: 'storefront: /shop', path: '/shop' },
  { name: 'storefront: a store collection (200)', path: '/store-0' },
  { name: 'storefront: a category', path: `/store-0?category=${CATEGORIES[0]}` },
  { name: 'storefront: a tag', path: '/store-0?tag=oak' },
  { name: 'storefront: product page', path: '/store-0/p/product-1' },
  { name: 'storefront: product page, a browser (brotli)', path: '/store-0/p/product-1', browser: true },
  { name: 'storefront: /search?q=oak', path: '/search?q=oak' },
  { name: 'storefront: blog list', path: SEEDED.blogPath },
  { name: 'storefront: blog post', path: `${SEEDED.blogPath}/post-1` },
  { name: 'storefront: events', path: SEEDED.eventsPath },
  { name: 'editor: orders list', path: STORE_API.orders, owner: true },
  { name: 'editor: orders, 2nd page', path: 'orders-page-2', owner: true },
  { name: 'editor: order search by email', path: `${STORE_API.orders}?q=shopper42%40`, owner: true },
  { name: 'editor: order search by number', path: `${STORE_API.orders}?q=%2342`, owner: true },
  { name: 'editor: orders, status filter', path: `${STORE_API.orders}?status=fulfilled`, owner: true },
  { name: 'editor: product list', path: STORE_API.products, owner: true },
  { name: 'editor: products, newest', path: `${STORE_API.products}?sort=newest`, owner: true },
  { name: 'editor: product search (title)', path: `${STORE_API.products}?q=oak%20clay`, owner: true },
  { name: 'editor: product search (SKU)', path: `${STORE_API.products}?q=SKU-77`, owner: true },
  { name: 'editor: inventory search', path: `${STORE_API.inventory}?q=SKU-77`, owner: true },
  {
    name: 'editor: products by category',
    path: query(STORE_API.products, { category: CATEGORIES[1] }),
    owner: true,
  },
  { name: 'editor: store collections', path: STORE_API.stores, owner: true },
  { name: 'editor: product tags', path: query(tagsApi('products').tags, { type: 'tag' }), owner: true },
  { name: 'editor: pages list', path: EDITOR_API.pages, owner: true },
  {
    name: 'editor: area members',
    path: MEMBER_AREAS_API.members.replace(':id', SEEDED.memberArea),
    owner: true,
  },
  { name: 'editor: mailing lists', path: MAILING_API.lists, owner: true },
  { name: 'editor: subscribers', path: MAILING_API.subscribers(SEEDED.mailingList), owner: true },
  {
    name: 'editor: subscriber search',
    path: query(MAILING_API.subscribers(SEEDED.mailingList), { search: 'reader77' }),
    owner: true,
  },
  { name: 'editor: forms list', path: FORMS_API.forms, owner: true },
  { name: 'editor: form submissions', path: FORMS_API.submissions(SEEDED.form), owner: true },
  { name: 'editor: blog posts', path: query(BLOG_API.posts, { collectionId: SEEDED.blog }), owner: true },
  { name: 'editor: pending comments', path: query(BLOG_API.comments, { status: 'pending' }), owner: true },
  {
    name: 'editor: events',
    path: query(COLLECTIONS_API.items, { collectionId: SEEDED.events }),
    owner: true,
  },
  { name: 'editor: donations', path: STORE_API.donations, owner: true },
  { name: 'editor: discounts', path: STORE_API.discounts, owner: true },
  { name: 'editor: reviews', path: REVIEWS_EDITOR_API.list, owner: true },
  {
    name: 'editor: reviews, pending',
    path: query(REVIEWS_EDITOR_API.list, { status: 'pending' }),
    owner: true,
  },
  { name: 'editor: reviews, 2 stars', path: query(REVIEWS_EDITOR_API.list, { rating: '2' }), owner: true },
  { name: 'editor: activity', path: ACTIVITY_API.log, owner: true },
  {
    name: 'editor: activity, one kind',
    path: query(ACTIVITY_API.log, { kind: 'price-changed' }),
    owner: true,
  },
  {
    name: 'editor: analytics, 30 days',
    path: query('/api/editor/analytics', { from: day(-29), to: day(0), tz: 'UTC' }),
    owner: true,
  },
];

const PAGE_SIZE = 24;
const pick = (n) => Math.floor(Math.random() * n);

/**
 * Storefront pages as a cache never sees them twice: each request asks for a different page of the
 * catalogue (the page cache keys by path, list page and search words), so at 100 000 products
 * nearly every one is a miss; a 100-product store has so few pages that most become hits.
 */
const UNCACHED = [
  {
    name: 'storefront uncached: a store collection',
    path: (n) =>
      `/store-${pick(Math.ceil(n / COLLECTION_CAP))}?page=${1 + pick(Math.ceil(Math.min(n, COLLECTION_CAP) / PAGE_SIZE))}`,
  },
  {
    name: 'storefront uncached: a store collection, a browser (brotli)',
    browser: true,
    path: (n) =>
      `/store-${pick(Math.ceil(n / COLLECTION_CAP))}?page=${1 + pick(Math.ceil(Math.min(n, COLLECTION_CAP) / PAGE_SIZE))}`,
  },
  {
    name: 'storefront uncached: a product page',
    path: (n) => {
      const g = pick(n);
      return `/store-${Math.floor(g / COLLECTION_CAP)}/p/product-${g}`;
    },
  },
  { name: 'storefront uncached: /search?q=oak <n>', path: (n) => `/search?q=oak+${pick(n)}` },
  {
    name: 'storefront uncached: a category',
    path: (n) =>
      `/store-${pick(Math.ceil(n / COLLECTION_CAP))}?category=${CATEGORIES[pick(CATEGORIES.length)]}`,
  },
  {
    name: 'storefront uncached: a tag',
    path: (n) => `/store-${pick(Math.ceil(n / COLLECTION_CAP))}?tag=oak`,
  },
  {
    name: 'storefront uncached: blog list page',
    path: (n) => `${SEEDED.blogPath}?page=${1 + pick(Math.ceil(n / 50 / 10))}`,
  },
  {
    name: 'storefront uncached: a blog post',
    path: (n) => `${SEEDED.blogPath}/post-${pick(Math.max(1, Math.floor(n / 50)))}`,
  },
];
const ADD_TO_CART = 'add to cart (POST entries, 200/s)';
const CHECKOUT_RATE = 20;
const CHECKOUT = `checkout (test card, ${CHECKOUT_RATE}/s)`;
const CHECKOUT_BODY = {
  email: 'bench@example.com',
  shippingAddress: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    line1: '12 Analytical Row',
    city: 'London',
    region: '',
    postalCode: 'N1 9GU',
    country: 'GB',
  },
  payment: { provider: 'test', cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
};
// A digital product of the demo site: unlimited stock, so thousands of adds never run out.
const ADDED = { itemId: 'prod-sketch-pack', sku: '', quantity: 1 };

const PRICE_CHANGE = 'owner price change → next request';
const PRICE_ROUNDS = 5;

/**
 * The owner saves a new price through the editor API; the very next storefront request of the
 * product's page and of the list showing it must show it (the page cache follows the product's
 * counter, bumped in the save's transaction). Each page is first asked twice (so a cached answer
 * is there to go stale), then the price is saved and the pages asked once each. Times from the
 * save's answer to each page's answer; a page still showing the old price fails the bench.
 */
async function priceChange(server, owner, xsrf, targets) {
  const visitor = await new Shopper(server.url).start();
  const get = async (path) => {
    const res = await fetch(server.url + path, { headers: { cookie: visitor.cookieHeader() } });
    return { status: res.status, cache: res.headers.get('x-page-cache'), body: await res.text() };
  };
  const samples = [];
  const stale = [];
  for (let round = 0; round < PRICE_ROUNDS; round++) {
    for (const target of targets) {
      const product = await owner.request('GET', STORE_API.product(target.id));
      for (const path of target.pages) {
        await get(path);
        const warm = await get(path);
        if (warm.cache !== 'hit') stale.push(`${path} was not cached before the save (${warm.cache})`);
      }
      // A price no product of these pages had (the seed's are 10.00–59.99): 773.00 + round and
      // product, in minor units as the editor sends it; the pages show it as 773.01 and so on.
      const cents = 77_300 + round * 100 + targets.indexOf(target);
      const value = String(cents);
      const shown = (cents / 100).toFixed(2);
      // Every variant: a list shows a product's lowest price.
      const variants = product.variants.map((v) => ({ ...v, price: { ...v.price, value } }));
      const saved = await fetch(server.url + STORE_API.product(target.id), {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          cookie: owner.cookieHeader(),
          'x-siteuser-xsrf-token': xsrf,
        },
        body: JSON.stringify({ ...product, variants }),
      });
      if (!saved.ok)
        throw new Error(`${PRICE_CHANGE}: the save answered ${saved.status} ${await saved.text()}`);
      await saved.arrayBuffer();
      const savedAt = performance.now();
      for (const path of target.pages) {
        const page = await get(path);
        const ms = performance.now() - savedAt;
        samples.push({ path, ms });
        if (page.status !== 200 || !page.body.includes(shown))
          stale.push(`${path} answered ${page.status} (${page.cache}) without ${shown} right after the save`);
      }
    }
  }
  if (stale.length) {
    console.error(`\n*** ${PRICE_CHANGE}: STALE PAGES ***\n${stale.join('\n')}\n`);
    process.exitCode = 1;
  }
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { samples, stale: stale.length, p50: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1) };
}

const rssKb = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
};

/** Downloads the export once while sampling the server's resident memory every 20 ms. */
async function exportMemory(server, owner, path) {
  const before = rssKb(server.pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssKb(server.pid))), 20);
  const started = performance.now();
  const res = await fetch(server.url + path, { headers: { cookie: owner.cookieHeader() } });
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, rssKb(server.pid));
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return { ms, bytes, beforeMb: before / 1024, peakMb: peak / 1024 };
}

async function benchSize(products) {
  const orders = products * 10;
  const database = await createBenchDatabase(pgServer);
  if (database.error) throw new Error(`PostgreSQL not reachable at ${pgServer}: ${database.error}`);
  let server;
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  try {
    server = await startApiServer({ databaseUrl: database.url });
    let started = performance.now();
    await seedBigStore((text) => sql.unsafe(text), { websiteId: SITE, products, orders, existingSite: true });
    const seedMs = performance.now() - started;
    // The import's gigabyte of dirty pages is written now, not by a checkpoint spread over the
    // timed calls that follow (the steady state is what is measured; needs a superuser, as here).
    await sql`checkpoint`.catch((err) => console.log(`no checkpoint after the seed: ${err.message}`));
    const owner = await new Shopper(server.url).start();
    const session = await owner.request('POST', '/api/site-users/account/session', {
      ...OWNER,
      rememberMe: false,
    });
    const first = await owner.request('GET', STORE_API.orders);
    const secondPage = `${STORE_API.orders}?cursor=${encodeURIComponent(first.nextCursor ?? '')}`;
    const results = {};
    for (const call of CALLS.filter((c) => wanted(c.name))) {
      const path = call.path === 'orders-page-2' ? secondPage : call.path;
      // A visitor with a crumb cookie, as the storefront's pages are read; the owner with the session.
      const visitor = call.owner ? owner : await new Shopper(server.url).start();
      const headers = { cookie: visitor.cookieHeader(), ...(call.browser ? BROWSER : {}) };
      const once = await fetch(server.url + path, { headers });
      if (!once.ok)
        console.log(`${call.name}: ${path} answered ${once.status} ${(await once.text()).slice(0, 200)}`);
      else await once.arrayBuffer();
      results[call.name] = await measure(
        { url: server.url + path, connections, headers },
        timing,
        server.pid,
      );
    }
    const visitor = await new Shopper(server.url).start();
    for (const call of UNCACHED.filter((c) => wanted(c.name))) {
      results[call.name] = await measure(
        {
          url: server.url,
          connections,
          headers: { cookie: visitor.cookieHeader(), ...(call.browser ? BROWSER : {}) },
          requests: [{ setupRequest: (request) => ({ ...request, path: call.path(products) }) }],
        },
        timing,
        server.pid,
      );
    }
    if (wanted(PRICE_CHANGE))
      results[PRICE_CHANGE] = await priceChange(server, owner, session.xsrfToken, [
        // A seeded product, on its page and its store collection (the first list page)…
        { id: `${SITE}-p-1`, pages: ['/store-0/p/product-1', '/store-0'] },
        // …and one of the demo's own products, on its page and /shop.
        { id: 'prod-canvas-tote', pages: ['/shop/p/canvas-tote', '/shop'] },
      ]);
    if (!wanted(ADD_TO_CART) && !wanted(CHECKOUT) && !wanted('orders.csv inventory.csv'))
      return { products, orders, seedMs, results };
    // One cart per connection: concurrent adds to one cart would measure row-lock waits instead.
    const carts = [];
    for (let i = 0; i < connections; i++) carts.push(await new Shopper(server.url).start());
    let nextCart = 0;
    results[ADD_TO_CART] = await measure(
      {
        url: `${server.url}/api/commerce/shopping-cart/entries`,
        method: 'POST',
        connections,
        overallRate: 200,
        body: JSON.stringify(ADDED),
        setupClient(client) {
          const cart = carts[nextCart++ % carts.length];
          client.setHeaders({
            'content-type': 'application/json',
            cookie: cart.cookieHeader(),
            'x-csrf-token': cart.cookies.get('crumb'),
          });
        },
      },
      timing,
      server.pid,
    );
    // A checkout uses its cart up: one filled cart per checkout of the warm-up and the run (and
    // some to spare), each named in the body as the storefront names a subscription's cart.
    const needed = Math.ceil(CHECKOUT_RATE * (timing.warmup + timing.duration) * 1.5) + connections;
    const filled = [];
    for (let i = 0; i < needed; i += connections)
      filled.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(connections, needed - i) }, async () => {
            const shopper = await new Shopper(server.url).start();
            await shopper.addEntry(ADDED.itemId, ADDED.sku, ADDED.quantity);
            return shopper.cookies.get('SiteCart');
          }),
        )),
      );
    const buyer = await new Shopper(server.url).start();
    const buyerHeaders = {
      'content-type': 'application/json',
      cookie: buyer.cookieHeader(),
      'x-csrf-token': buyer.cookies.get('crumb'),
    };
    // One checkout first, as the calls above: a refusal is printed rather than timed.
    const once = await fetch(`${server.url}/api/commerce/checkout`, {
      method: 'POST',
      headers: buyerHeaders,
      body: JSON.stringify({ ...CHECKOUT_BODY, cartToken: filled.pop() }),
    });
    if (!once.ok) console.log(`${CHECKOUT}: answered ${once.status} ${(await once.text()).slice(0, 200)}`);
    else await once.arrayBuffer();
    results[CHECKOUT] = await measure(
      {
        url: `${server.url}/api/commerce/checkout`,
        method: 'POST',
        connections,
        overallRate: CHECKOUT_RATE,
        headers: buyerHeaders,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ ...CHECKOUT_BODY, cartToken: filled.pop() ?? 'none-left' }),
            }),
          },
        ],
      },
      timing,
      server.pid,
    );
    const exported = await exportMemory(server, owner, STORE_API.ordersCsv);
    const inventory = await exportMemory(server, owner, STORE_API.inventoryCsv);
    return { products, orders, seedMs, results, exported, inventory };
  } finally {
    await sql.end({ timeout: 1 });
    await server?.stop();
    if (!keep) await database.drop();
    else {
      await database.release();
      console.log(`kept ${products.toLocaleString('en-US')} products: ${database.url}`);
    }
  }
}

const pad = (s, n) => String(s).padEnd(n);
const fmt = (n) => (n >= 100 ? Math.round(n) : Number(n.toFixed(1)));

const runs = [];
for (const size of SIZES) {
  const started = performance.now();
  const run = await benchSize(size);
  runs.push(run);
  console.log(
    `${size.toLocaleString('en-US')} products, ${run.orders.toLocaleString('en-US')} orders: seeded in ${(run.seedMs / 1000).toFixed(1)} s, measured in ${((performance.now() - started) / 1000).toFixed(0)} s (load ${loadavg()[0].toFixed(2)})`,
  );
}

const head = ['p50 / p99 ms (non-2xx)', ...runs.map((r) => `${r.products.toLocaleString('en-US')}`)];
const width = 42;
console.log(
  `\n${connections} concurrent clients, ${timing.duration} s per call; ${availableParallelism()} CPUs, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  `| ${pad(head[0], width)} | ${head
    .slice(1)
    .map((h) => pad(h, 16))
    .join(' | ')} |`,
);
console.log(`|${'-'.repeat(width + 2)}|${runs.map(() => '-'.repeat(18)).join('|')}|`);
for (const call of [...CALLS, ...UNCACHED, { name: ADD_TO_CART }, { name: CHECKOUT }]) {
  if (!runs.every((r) => r.results[call.name])) continue;
  const cells = runs.map((r) => {
    const m = r.results[call.name];
    const bad = m.non2xx + m.errors;
    return pad(`${fmt(m.p50)} / ${fmt(m.p99)}${bad ? ` (${bad})` : ''}`, 16);
  });
  console.log(`| ${pad(call.name, width)} | ${cells.join(' | ')} |`);
}
if (runs.every((r) => r.results[PRICE_CHANGE])) {
  const cells = runs.map((r) => {
    const m = r.results[PRICE_CHANGE];
    return pad(`${fmt(m.p50)} / ${fmt(m.max)}${m.stale ? ` (${m.stale} STALE)` : ''}`, 16);
  });
  console.log(`| ${pad(`${PRICE_CHANGE}: p50 / max ms`, width)} | ${cells.join(' | ')} |`);
}
for (const [label, key] of [
  ['orders.csv: ms, MB, server RSS before→peak', 'exported'],
  ['inventory.csv: ms, MB, server RSS before→peak', 'inventory'],
]) {
  if (!runs.every((r) => r[key])) continue;
  const cells = runs.map((r) => {
    const e = r[key];
    return pad(`${fmt(e.ms)}, ${(e.bytes / 1e6).toFixed(1)}, ${fmt(e.beforeMb)}→${fmt(e.peakMb)}`, 16);
  });
  console.log(`| ${pad(label, width)} | ${cells.join(' | ')} |`);
}
if (env.BENCH_JSON) writeFileSync(env.BENCH_JSON, JSON.stringify(runs, null, 2));
