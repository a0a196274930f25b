// Seeds one big store by SQL, the way an import would write it: `products` products in store
// collections of at most 200 (the spec's cap, the last one filled to it when the count allows),
// one variant each, and `orders` paid orders of one line spread over the last `orders` minutes;
// then what a shop of that size gathers around its catalogue, in proportion to it (P products):
// P customers' accounts, a member area with P/5 members, a newsletter of P subscribers (80 %
// confirmed), P contact-form submissions, P/50 blog posts with P/10 comments, P/100 events (at
// most the 250 the spec lets one collection hold, half of them past), P/10
// donations, P/20 gift cards, P/200 discounts, P/5 product reviews, P/2 activity entries, and
// 30 days of analytics at P/10 page views a day (with the add-to-cart and purchase events).
// Used by bench/big-store.mjs and by the EXPLAIN checks (src/store-admin/big-store-plans.test.ts).

import { MAX_COLLECTION_ITEMS } from '@site/page-content';

/** The store collections' size cap from the spec (EDITOR_LIMITS.maxProductsPerCollection). */
export const COLLECTION_CAP = 200;

const WORDS = ['Linen', 'Oak', 'Wool', 'Clay', 'Copper', 'Cotton', 'Maple', 'Stone'];
/** Product categories of the seeded catalogue, one per product in turn. */
export const CATEGORIES = ['Kitchen', 'Garden', 'Living', 'Studio'];
const words = `(array[${WORDS.map((w) => `'${w}'`).join(',')}])`;
const categories = `(array[${CATEGORIES.map((c) => `'${c}'`).join(',')}])`;

/** What the seed adds around the catalogue, by id and path (the bench's calls name them). */
export const seeded = (websiteId) => ({
  memberArea: `${websiteId}-members`,
  mailingList: `${websiteId}-newsletter`,
  form: `${websiteId}-enquiries`,
  blog: `${websiteId}-notes`,
  blogPath: '/notes',
  events: `${websiteId}-workshops`,
  eventsPath: '/workshops',
});

/**
 * The statements, in order, for one site (`existingSite`: add the store to a site already there;
 * `catalogueOnly`: the products and orders without what gathers around them);
 * `exec` runs one SQL text (no parameters: the ids are checked to be plain words so they can be
 * inlined).
 */
export function bigStoreStatements({
  websiteId,
  products,
  orders,
  existingSite = false,
  catalogueOnly = false,
}) {
  if (!/^[a-z0-9-]+$/.test(websiteId)) throw new Error(`website id ${websiteId} must be a plain word`);
  const site = `'${websiteId}'`;
  const stores = Math.max(1, Math.ceil(products / COLLECTION_CAP));
  return [
    ...(existingSite ? [] : [`insert into websites (id, title) values (${site}, 'Big store ${products}')`]),
    `insert into pages (id, website_id, path, title, page_type, collection_type, template_name, item_template_name, kind)
       select ${site} || '-store-' || g, ${site}, '/store-' || g, 'Store ' || g, 1, 'products', 'products-list', 'product-item', 'collection'
       from generate_series(0, ${stores - 1}) g`,
    // Each product's SKU lines as its variants' triggers keep them (off while seeding): its one SKU.
    `insert into products (id, website_id, collection_id, url_id, title, product_type, position, created_at, tags, categories, skus)
       select ${site} || '-p-' || g, ${site}, ${site} || '-store-' || (g / ${COLLECTION_CAP}), 'product-' || g,
              ${words}[1 + g % ${WORDS.length}] || ' ' || ${words}[1 + (g / 7) % ${WORDS.length}] || ' ' || g,
              1, g % ${COLLECTION_CAP}, now() - make_interval(secs => ${products} - g),
              jsonb_build_array(lower(${words}[1 + g % ${WORDS.length}])), jsonb_build_array(${categories}[1 + g % ${CATEGORIES.length}]),
              'SKU-' || g
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
    // The sales per hour the orders' trigger keeps (off while seeding; recounted whole either way).
    `delete from order_sales_hours where website_id = ${site}`,
    `insert into order_sales_hours (website_id, hour, orders, revenue_cents)
       select website_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', count(*), sum(grand_total_cents - refunded_cents)
       from orders where website_id = ${site} and cancelled_at is null group by 1, 2`,
    ...(catalogueOnly ? [] : aroundTheStore(site, products, orders)),
    // The tag and category counts the row triggers keep (off while seeding).
    `insert into tag_counts (website_id, collection, type, name, items)
       select ${site}, c, t, name, count(*) from (
         select 'products' c, 'tag' t, e name from products, jsonb_array_elements_text(tags) e where website_id = ${site}
         union all select 'products', 'category', e from products, jsonb_array_elements_text(categories) e where website_id = ${site}
         union all select 'blog', 'tag', e from blog_posts, jsonb_array_elements_text(tags) e where website_id = ${site}
         union all select 'blog', 'category', e from blog_posts, jsonb_array_elements_text(categories) e where website_id = ${site}
       ) n group by c, t, name
       on conflict (website_id, collection, type, name) do update set items = excluded.items`,
  ];
}

/** The site's members, subscribers, submissions, posts, analytics… in proportion to the catalogue. */
function aroundTheStore(site, products, orders) {
  const SEEDED = seeded(site.slice(1, -1));
  const part = (d) => Math.max(1, Math.floor(products / d));
  // The editor refuses an events collection's 251st item; a big site has more collections, not more here.
  const events = Math.min(part(100), MAX_COLLECTION_ITEMS);
  const members = products;
  const days = 30;
  const viewsPerDay = part(10);
  return [
    `insert into product_tags (website_id, type, name)
       select ${site}, 'tag', lower(w) from unnest(${words}) w
       union all select ${site}, 'category', c from unnest(${categories}) c
       on conflict do nothing`,
    `insert into pages (id, website_id, path, title, page_type, collection_type, template_name, item_template_name, kind)
       values ('${SEEDED.blog}', ${site}, '${SEEDED.blogPath}', 'Notes', 1, 'blog', 'blog-list', 'blog-item', 'collection'),
              ('${SEEDED.events}', ${site}, '${SEEDED.eventsPath}', 'Workshops', 1, 'events', 'events-list', 'events-item', 'collection')`,
    // The demo site's contact form's fields when there is one to copy.
    `insert into forms (id, website_id, name, model)
       values ('${SEEDED.form}', ${site}, 'Enquiries',
               coalesce((select model from forms where id = 'form-contact'), '{"fields":[]}') || '{"id":"${SEEDED.form}","name":"Enquiries"}')`,
    `insert into site_members (id, website_id, email, password_hash, roles, created_at, email_verified_at)
       select ${site} || '-m-' || g, ${site}, 'customer' || g || '@example.com', 'scrypt$1$1$1$seeded$seeded', array['customer'],
              now() - make_interval(mins => ${members} - g), case when g % 3 > 0 then now() end
       from generate_series(0, ${members - 1}) g`,
    `insert into member_areas (id, website_id, name) values ('${SEEDED.memberArea}', ${site}, 'Members')`,
    `insert into member_area_members (area_id, member_id, joined_at)
       select '${SEEDED.memberArea}', ${site} || '-m-' || (g * 5), now() - make_interval(mins => ${part(5)} - g)
       from generate_series(0, ${part(5) - 1}) g`,
    `insert into mailing_lists (id, website_id, name, is_default) values ('${SEEDED.mailingList}', ${site}, 'Newsletter', true)`,
    `insert into mailing_list_subscribers (id, list_id, email, status, source, consented_at, confirmed_at, unsubscribed_at, unsubscribe_token_hash)
       select ${site} || '-s-' || g, '${SEEDED.mailingList}', 'reader' || g || '@example.com',
              case g % 10 when 0 then 'pending' when 1 then 'unsubscribed' else 'confirmed' end, 'newsletter-block',
              now() - make_interval(mins => ${products} - g), case when g % 10 > 1 then now() end, case when g % 10 = 1 then now() end,
              md5('unsubscribe' || ${site} || g)
       from generate_series(0, ${products - 1}) g`,
    // The count rows the triggers keep (they are off while seeding).
    `insert into mailing_list_counts (list_id, confirmed, subscribers)
       select list_id, count(*) filter (where status = 'confirmed'), count(*)
       from mailing_list_subscribers where list_id = '${SEEDED.mailingList}' group by list_id`,
    `insert into form_submissions (id, website_id, form_id, values, page, created_at)
       select ${site} || '-f-' || g, ${site}, '${SEEDED.form}',
              jsonb_build_object('name', 'Visitor ' || g, 'email', 'visitor' || g || '@example.com', 'message', 'Do you ship ' || ${words}[1 + g % ${WORDS.length}] || ' abroad?'),
              '{"path":"/contact"}', now() - make_interval(mins => ${products} - g)
       from generate_series(0, ${products - 1}) g`,
    `insert into form_counts (form_id, submissions) values ('${SEEDED.form}', ${products})
       on conflict (form_id) do update set submissions = form_counts.submissions + excluded.submissions`,
    `insert into blog_posts (id, website_id, collection_id, url_id, title, body, excerpt, status, publish_on, tags, categories, updated_at)
       select ${site} || '-post-' || g, ${site}, '${SEEDED.blog}', 'post-' || g, 'Notes on ' || ${words}[1 + g % ${WORDS.length}] || ' ' || g,
              '<p>How we make ' || lower(${words}[1 + g % ${WORDS.length}]) || ' things, part ' || g || '.</p>', 'Part ' || g, 'published',
              now() - make_interval(hours => ${part(50)} - g), jsonb_build_array(lower(${words}[1 + g % ${WORDS.length}])), '["Studio"]',
              now() - make_interval(hours => ${part(50)} - g)
       from generate_series(0, ${part(50) - 1}) g`,
    `insert into blog_comments (id, website_id, post_id, author_name, body, status, created_at)
       select ${site} || '-bc-' || g, ${site}, ${site} || '-post-' || (g % ${part(50)}), 'Reader ' || g, 'Lovely, thank you.',
              case when g % 4 = 0 then 'pending' else 'approved' end, now() - make_interval(mins => ${part(10)} - g)
       from generate_series(0, ${part(10) - 1}) g`,
    `insert into blog_comment_counts (website_id, status, comments)
       select website_id, status, count(*) from blog_comments where website_id = ${site} and id like ${site} || '-bc-%' group by website_id, status
       on conflict (website_id, status) do update set comments = blog_comment_counts.comments + excluded.comments`,
    `insert into collection_items (id, website_id, collection_id, url_id, title, status, position, starts_at, ends_at)
       select ${site} || '-ev-' || g, ${site}, '${SEEDED.events}', 'event-' || g, 'Workshop ' || g, 'published', g,
              now() + make_interval(days => g - ${Math.floor(events / 2)}), now() + make_interval(days => g - ${Math.floor(events / 2)}, hours => 2)
       from generate_series(0, ${events - 1}) g`,
    `insert into donations (id, website_id, block_id, fund, donor_name, email, amount_cents, currency, payment_provider, payment_reference, access_token, created_at)
       select ${site} || '-d-' || g, ${site}, 'donate', 'General', 'Donor ' || g, 'donor' || g || '@example.com', 500 + g % 5000, 'USD', 'test',
              'dref-' || g, md5('donation' || g), now() - make_interval(mins => ${part(10)} - g)
       from generate_series(0, ${part(10) - 1}) g`,
    `insert into gift_cards (id, website_id, code_hash, last4, currency, initial_cents, balance_cents, order_id, recipient_name, recipient_email, created_at)
       select ${site} || '-gc-' || g, ${site}, md5('gift' || ${site} || g), lpad((g % 10000)::text, 4, '0'), 'USD', 5000, 5000 - g % 5000,
              ${site} || '-o-' || (g * 20 % ${orders}), 'Friend ' || g, 'friend' || g || '@example.com', now() - make_interval(mins => ${part(20)} - g)
       from generate_series(0, ${part(20) - 1}) g`,
    `insert into discounts (id, website_id, name, code, effect, scope, minimum, created_at, updated_at, archived_at)
       select ${site} || '-disc-' || g, ${site}, 'Offer ' || g, 'SAVE' || g, '{"type":"percentage","basisPoints":1000}', '{"type":"all"}', '{"type":"none"}',
              now() - make_interval(hours => ${part(200)} - g), now(), case when g % 5 = 0 then now() end
       from generate_series(0, ${part(200) - 1}) g`,
    `insert into product_reviews (id, website_id, product_id, rating, title, body, name, email, verified_buyer, status, created_at)
       select ${site} || '-r-' || g, ${site}, ${site} || '-p-' || (g % ${products}), 1 + g % 5, 'Review ' || g, 'Good ' || lower(${words}[1 + g % ${WORDS.length}]) || '.',
              'Buyer ' || g, 'buyer' || g || '@example.com', g % 2 = 0, case when g % 5 = 0 then 'pending' else 'published' end,
              now() - make_interval(mins => ${part(5)} - g)
       from generate_series(0, ${part(5) - 1}) g`,
    // Entries by the site's owner (as on a real site, every entry names its member).
    `insert into site_activity (website_id, at, actor_id, actor_email, kind, subject)
       select ${site}, now() - make_interval(mins => ${part(2)} - g),
              (select id from site_members where website_id = ${site} and 'owner' = any(roles) limit 1), 'owner@demo.test',
              (array['page-published','post-published','price-changed','order-refunded','settings-changed'])[1 + g % 5], 'Thing ' || g
       from generate_series(0, ${part(2) - 1}) g`,
    // Page views: a visit of about three hits, every fifth on a product page; a purchase per 50 views.
    `insert into tracking_events (website_id, kind, name, visitor_id, payload, page_path, created_at)
       select ${site}, 'census-hit', 'view', 'v' || (g / 3) % ${Math.max(1, Math.floor((viewsPerDay * days) / 5))},
              jsonb_build_object('url', 'https://shop.test/store-0/p/product-' || g % ${products}, 'referrer', case when g % 3 = 0 then 'https://search.test/' else '' end,
                                 'websiteId', ${site}, 'firstSession', g % 6 = 0) || case when g % 5 = 0 then jsonb_build_object('itemId', ${site} || '-p-' || g % ${products}) else '{}' end,
              '/store-0/p/product-' || g % ${products}, now() - make_interval(secs => (${viewsPerDay * days} - g) * ${(86400 * days) / (viewsPerDay * days)})
       from generate_series(0, ${viewsPerDay * days - 1}) g`,
    `insert into tracking_events (website_id, kind, name, visitor_id, payload, created_at)
       select ${site}, 'clanker-event', 'commerce_site_visitor', 'v' || g,
              jsonb_build_object('event_name', case when g % 3 = 0 then 'purchase' else 'add_to_cart' end, 'sessionId', 's' || g, 'transaction_id', 't' || g),
              now() - make_interval(secs => (${part(50) * days} - g) * ${(86400 * days) / (part(50) * days)})
       from generate_series(0, ${part(50) * days - 1}) g`,
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
