import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client';

/**
 * Tables without a website_id column, and how their rows reach a site. A new such table must be
 * added here (`siteRows` fails on a table it cannot place), so every table is scoped by site.
 */
const CHILD_TABLES: Record<string, string> = {
  variants: 'product_id in (select id from products where website_id = $1)',
  cart_entries: 'cart_id in (select id from carts where website_id = $1)',
  order_items: 'order_id in (select id from orders where website_id = $1)',
  site_sessions: 'member_id in (select id from site_members where website_id = $1)',
  site_handoffs: 'member_id in (select id from site_members where website_id = $1)',
  member_tokens: 'member_id in (select id from site_members where website_id = $1)',
  member_addresses: 'member_id in (select id from site_members where website_id = $1)',
  mailing_list_subscribers: 'list_id in (select id from mailing_lists where website_id = $1)',
  webhook_deliveries: 'webhook_id in (select id from webhooks where website_id = $1)',
  discount_redemptions: 'discount_id in (select id from discounts where website_id = $1)',
  gift_card_ledger: 'gift_card_id in (select id from gift_cards where website_id = $1)',
  form_counts: 'form_id in (select id from forms where website_id = $1)',
  mailing_list_counts: 'list_id in (select id from mailing_lists where website_id = $1)',
  member_area_members: 'area_id in (select id from member_areas where website_id = $1)',
  member_area_checkouts: 'area_id in (select id from member_areas where website_id = $1)',
  websites: 'id = $1',
};

export async function rows<T>(database: DatabaseHandle, query: string): Promise<T[]> {
  const result = (await database.db.execute(sql.raw(query))) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** Every row of a site, hashed, per table (every table of the public schema, empty ones too). */
export async function siteRows(
  database: DatabaseHandle,
  websiteId: string,
): Promise<Record<string, string[]>> {
  const columns = await rows<{ table_name: string; column_name: string }>(
    database,
    "select table_name, column_name from information_schema.columns where table_schema = 'public'",
  );
  const tables = [...new Set(columns.map((c) => c.table_name))].sort();
  const literal = `'${websiteId.replaceAll("'", "''")}'`;
  const snapshot: Record<string, string[]> = {};
  for (const table of tables) {
    const scoped = columns.some((c) => c.table_name === table && c.column_name === 'website_id');
    const filter = scoped ? 'website_id = $1' : CHILD_TABLES[table];
    if (!filter) throw new Error(`table ${table} has no website_id and no known parent: scope it by site`);
    const hashes = await rows<{ h: string }>(
      database,
      `select md5(t::text) as h from "${table}" t where ${filter.replaceAll('$1', literal)}`,
    );
    snapshot[table] = hashes.map((r) => r.h).sort();
  }
  return snapshot;
}
