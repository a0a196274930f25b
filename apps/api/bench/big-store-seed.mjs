// Seeds one big store by SQL, the way an import would write it: `products` products in store
// collections of at most 200 (the spec's cap, the last one filled to it when the count allows),
// one variant each, and `orders` paid orders of one line spread over the last `orders` minutes.
// Used by bench/big-store.mjs and by the EXPLAIN checks (src/store-admin/big-store-plans.test.ts).

/** The store collections' size cap from the spec (EDITOR_LIMITS.maxProductsPerCollection). */
export const COLLECTION_CAP = 200;

const WORDS = ['Linen', 'Oak', 'Wool', 'Clay', 'Copper', 'Cotton', 'Maple', 'Stone'];

/**
 * The statements, in order, for one site (`existingSite`: add the store to a site already there);
 * `exec` runs one SQL text (no parameters: the ids are checked to be plain words so they can be
 * inlined).
 */
export function bigStoreStatements({ websiteId, products, orders, existingSite = false }) {
  if (!/^[a-z0-9-]+$/.test(websiteId)) throw new Error(`website id ${websiteId} must be a plain word`);
  const site = `'${websiteId}'`;
  const stores = Math.max(1, Math.ceil(products / COLLECTION_CAP));
  const words = `(array[${WORDS.map((w) => `'${w}'`).join(',')}])`;
  return [
    ...(existingSite ? [] : [`insert into websites (id, title) values (${site}, 'Big store ${products}')`]),
    `insert into pages (id, website_id, path, title, page_type, collection_type, template_name, item_template_name, kind)
       select ${site} || '-store-' || g, ${site}, '/store-' || g, 'Store ' || g, 1, 'products', 'products-list', 'product-item', 'collection'
       from generate_series(0, ${stores - 1}) g`,
    `insert into products (id, website_id, collection_id, url_id, title, product_type, position, created_at)
       select ${site} || '-p-' || g, ${site}, ${site} || '-store-' || (g / ${COLLECTION_CAP}), 'product-' || g,
              ${words}[1 + g % ${WORDS.length}] || ' ' || ${words}[1 + (g / 7) % ${WORDS.length}] || ' ' || g,
              1, g % ${COLLECTION_CAP}, now() - make_interval(secs => ${products} - g)
       from generate_series(0, ${products - 1}) g`,
    `insert into variants (id, product_id, sku, price_cents, qty_in_stock, position)
       select ${site} || '-v-' || g, ${site} || '-p-' || g, 'SKU-' || g, 1000 + g % 5000, 50 + g % 100, 0
       from generate_series(0, ${products - 1}) g`,
    `insert into orders (id, website_id, cart_id, email, currency, subtotal_cents, tax_cents, shipping_cents,
                         discount_cents, grand_total_cents, payment_provider, payment_reference, access_token,
                         status, created_at)
       select ${site} || '-o-' || g, ${site}, ${site} || '-c-' || g, 'shopper' || (g % ${Math.max(1, Math.ceil(orders / 3))}) || '@example.com',
              'USD', 2500, 0, 0, 0, 2500, 'test', 'ref-' || g, md5(g::text),
              case when g % 10 = 0 then 'fulfilled' else 'paid' end, now() - make_interval(mins => ${orders} - g)
       from generate_series(0, ${orders - 1}) g`,
    `insert into order_items (id, order_id, product_id, variant_id, sku, product_name, quantity, unit_price_cents)
       select ${site} || '-i-' || g, ${site} || '-o-' || g, ${site} || '-p-' || (g % ${products}),
              ${site} || '-v-' || (g % ${products}), 'SKU-' || (g % ${products}), 'Product ' || (g % ${products}), 1, 2500
       from generate_series(0, ${orders - 1}) g`,
  ];
}

/**
 * Runs the statements with the row triggers off where the role may turn them off (the page-cache
 * counters would be bumped once per row otherwise), then refreshes the planner's statistics.
 */
export async function seedBigStore(exec, options) {
  let replica = true;
  try {
    await exec(`set session_replication_role = replica`);
  } catch {
    replica = false;
  }
  try {
    for (const statement of bigStoreStatements(options)) await exec(statement);
  } finally {
    if (replica) await exec(`set session_replication_role = origin`);
  }
  // What the triggers would have done once per row, once: a running server drops its cached pages.
  await exec(
    `select bump_site_version('${options.websiteId}', 'content'), bump_site_version('${options.websiteId}', 'catalog')`,
  );
  // VACUUM also merges the GIN indexes' pending lists, as autovacuum would after a real import.
  await exec(`vacuum analyze`);
}
