// The analytics dashboard on a year of traffic: seeds 10 M tracking events (plus carts and orders)
// into a throw-away PostgreSQL database with generate_series, starts the built API server on it,
// rolls the year up through the first dashboard call, then times the call. Run by hand, heavy:
//
//   node bench/analytics.mjs           # needs `pnpm build` first
//   BENCH_EVENTS=10000000              # events to seed (the default)
//   BENCH_REPEATS=20                   # timed calls per range
//   BENCH_PG_URL=postgres://…          # the server to create the throw-away database on
//   BENCH_KEEP=1                       # keep the database and print its URL (to study the queries)
//   BENCH_DATABASE_URL=postgres://…    # a database kept by an earlier run: no seeding, no drop
import postgres from 'postgres';
import { createBenchDatabase, Shopper, startApiServer } from './lib.mjs';

const env = process.env;
const EVENTS = Number(env.BENCH_EVENTS ?? 10_000_000);
const REPEATS = Number(env.BENCH_REPEATS ?? 20);
const CHUNK = 1_000_000;
const TARGET_MS = 200;
const pgServer = env.BENCH_PG_URL || env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const OWNER = { email: 'owner@demo.test', password: 'demo-owner-2026' };

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

// One year ending now, in event order: 55 % page views (40 paths, skewed to the first; a visitor
// makes 5 events in a row and comes back about every 73 days), 30 % web vitals, 15 % other events.
const seedChunk = (from, to) => `
  insert into tracking_events (website_id, kind, name, visitor_id, payload, page_path, created_at)
  select 'demo', kind, name, visitor, payload, case when kind = 'census-hit' then '/' || path end, at from (
    select g, now() - interval '365 days' + (g::float8 / ${EVENTS}) * interval '365 days' as at,
      'v' || ((g / 5) % 400000) as visitor,
      case when p < 20 then 'shop/p/item-' || p when p < 34 then 'blog/post-' || p else (array['', 'shop', 'about', 'cart', 'checkout', 'contact'])[p - 33] end as path,
      g % 20 as slot
    from (select g, 1 + floor(39 * random() ^ 2)::int as p from generate_series(${from}, ${to - 1}) g) s
  ) e, lateral (
    select
      case when slot < 11 then 'census-hit' when slot < 17 then 'performance' when slot < 19 then 'button-click' else 'clanker-event' end as kind,
      case when slot < 11 then 'view' when slot < 17 then 'web_vital' when slot < 19 then 'add-to-cart' else 'commerce_site_visitor' end as name,
      case
        when slot < 11 then jsonb_build_object('websiteId', 'demo', 'url', 'https://shop.example/' || path,
          'referrer', (array['', '', '', '', '', 'https://shop.example/', 'https://www.google.com/', 'https://www.instagram.com/', 'https://news.example.org/a', 'https://duckduckgo.com/'])[1 + (e.g / 7) % 10])
          || case when path like 'shop/p/%' then jsonb_build_object('itemId', path) else '{}' end
        when slot < 17 then jsonb_build_object('app', 'storefront', 'pageLoadId', 'p' || e.g, 'event', 'web_vital', 'page', '/' || path,
          'data', jsonb_build_object('name', (array['LCP', 'CLS', 'INP', 'FID', 'FCP'])[1 + e.g % 5], 'metricId', 'm' || e.g, 'rating', 'good',
            'value', case e.g % 5 when 1 then round((0.4 * random() ^ 3)::numeric, 3) when 2 then round(40 + 600 * random() ^ 2) when 3 then round(5 + 300 * random() ^ 3) else round(800 + 4000 * random() ^ 2) end))
        when slot < 19 then jsonb_build_object('websiteId', 'demo', 'url', 'https://shop.example/' || path)
        -- Commerce site-visitor events, one session per visitor visit: add, checkout, purchase, view cart.
        else jsonb_build_object('website_id', 'demo', 'page_id', 'page-shop', 'logged_in', false, 'sessionId', 's' || (e.g / 5),
          'event_name', (array['add_to_cart', 'checkout_started', 'purchase', 'view_cart'])[1 + (e.g / 20) % 4])
          || case when (e.g / 20) % 4 = 2 then jsonb_build_object('transaction_id', 'bench-order-' || (e.g / 20)) else '{}' end
      end as payload
  ) k`;

async function seed(sql) {
  for (let from = 0; from < EVENTS; from += CHUNK)
    await sql.unsafe(seedChunk(from, Math.min(EVENTS, from + CHUNK)));
  await sql.unsafe(`
      insert into carts (id, website_id, token, created)
      select 'bench-cart-' || g, 'demo', 'bench-token-' || g, now() - random() * interval '365 days' from generate_series(1, 60000) g;
      insert into orders (id, website_id, cart_id, email, currency, subtotal_cents, tax_cents, shipping_cents, discount_cents, grand_total_cents,
        payment_provider, payment_reference, access_token, created_at)
      select 'bench-order-' || g, 'demo', 'bench-cart-' || g, 'buyer@example.com', 'USD', c, 0, 0, 0, c, 'test', 'ref-' || g, 'tok-' || g,
        now() - random() * interval '365 days'
      from (select g, 1000 + floor(random() * 9000)::int as c from generate_series(1, 20000) g) o;
      analyze tracking_events; analyze carts; analyze orders;`);
}

/** A kept database (BENCH_DATABASE_URL) is used as it is; a new one is seeded, and dropped unless BENCH_KEEP. */
async function benchDatabase() {
  if (env.BENCH_DATABASE_URL) return { url: env.BENCH_DATABASE_URL, seeded: true, drop: async () => {} };
  const database = await createBenchDatabase(pgServer);
  if (database.error) throw new Error(`PostgreSQL not reachable at ${pgServer}: ${database.error}`);
  if (!env.BENCH_KEEP) return database;
  console.log(`keeping ${database.url}`);
  return { url: database.url, drop: async () => database.release() };
}

async function main() {
  const database = await benchDatabase();
  const server = await startApiServer({ databaseUrl: database.url }).catch(async (error) => {
    await database.drop();
    throw error;
  });
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  try {
    let started = Date.now();
    if (!database.seeded) await seed(sql);
    const [{ size }] = await sql`select pg_size_pretty(pg_total_relation_size('tracking_events')) as size`;
    console.log(
      `${database.seeded ? 'reusing' : 'seeded'} ${EVENTS.toLocaleString('en-US')} events (${size}), 60,000 carts, 20,000 orders in ${seconds(Date.now() - started)}`,
    );

    const owner = await new Shopper(server.url).start();
    await owner.request('POST', '/api/site-users/account/session', { ...OWNER, rememberMe: false });
    const [{ tz, today }] =
      await sql`select time_zone as tz, (now() at time zone time_zone)::date::text as today from websites where id = 'demo'`;
    const dayBefore = (n) =>
      new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    const call = (days) =>
      owner.request(
        'GET',
        `/api/editor/analytics?from=${dayBefore(days - 1)}&to=${today}&tz=${encodeURIComponent(tz)}`,
      );

    started = Date.now();
    // On a loaded machine the year's rollup can outlast fetch's 300 s header wait; the server
    // keeps rolling, and asking again waits for the days it has not finished.
    let year;
    for (let attempt = 1; !year; attempt++) {
      year = await call(365).catch((error) => {
        if (attempt >= 5) throw error;
        console.log(
          `first call attempt ${attempt} gave up waiting (${error.cause?.code ?? error.message}); asking again`,
        );
      });
    }
    console.log(
      `first call rolls up 364 days: ${seconds(Date.now() - started)} (${year.totals.pageViews.toLocaleString('en-US')} page views, ${year.totals.visits.toLocaleString('en-US')} visits, ~${year.totals.uniqueVisitors.toLocaleString('en-US')} unique visitors, ${year.totals.orders} orders)`,
    );

    // Today's figures are recomputed at most once a minute (src/analytics/live.ts): most calls
    // read them, and the first call of each minute recomputes them. Both are timed: the second
    // kind by dropping the live rows before each call.
    const time = async (days, { recompute }) => {
      const times = [];
      for (let i = 0; i < REPEATS; i++) {
        if (recompute) await sql`delete from analytics_periods where period = 'live'`;
        const t = performance.now();
        await call(days);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      return { median: percentile(times, 0.5), p95: percentile(times, 0.95) };
    };
    let missed = false;
    for (const days of [365, 30]) {
      for (const recompute of [false, true]) {
        const { median, p95 } = await time(days, { recompute });
        if (!recompute) missed ||= median > TARGET_MS;
        const what = recompute ? 'today recomputed' : 'today read';
        console.log(
          `dashboard, last ${days} days, ${what}: median ${median.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms over ${REPEATS} calls (target ≤ ${TARGET_MS} ms)`,
        );
      }
    }
    if (missed && env.BENCH_STRICT) process.exitCode = 1;
  } finally {
    await sql.end({ timeout: 1 });
    await server.stop();
    await database.drop();
  }
}

await main();
