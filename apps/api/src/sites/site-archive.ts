import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { siteExportMessages } from '@site/page-content';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Queryable } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import type { FileStorage } from '../files/storage';
import { siteLogoKey, storedSiteLogo } from './site-logo';

/**
 * Every table that holds part of a site, and how its rows are found from the site's id. An
 * export carries these (files' bytes too); `NOT_EXPORTED` lists the others with the reason. A
 * table in neither list fails site-archive.test.ts, so a new table is a decision, not a gap.
 */
export const EXPORTED_TABLES: Record<string, string> = {
  websites: 'id = $1',
  templates: 'website_id = $1',
  pages: 'website_id = $1',
  page_revisions: 'website_id = $1',
  site_header_footer: 'website_id = $1',
  site_navigation: 'website_id = $1',
  redirects: 'website_id = $1',
  access_locks: 'website_id = $1',
  files: 'website_id = $1',
  forms: 'website_id = $1',
  form_submissions: 'website_id = $1',
  collection_items: 'website_id = $1',
  blog_posts: 'website_id = $1',
  blog_tags: 'website_id = $1',
  blog_comments: 'website_id = $1',
  categories: 'website_id = $1',
  products: 'website_id = $1',
  product_tags: 'website_id = $1',
  product_reviews: 'website_id = $1',
  variants: 'product_id in (select id from products where website_id = $1)',
  discounts: 'website_id = $1',
  discount_redemptions: 'discount_id in (select id from discounts where website_id = $1)',
  gift_cards: 'website_id = $1',
  gift_card_ledger: 'gift_card_id in (select id from gift_cards where website_id = $1)',
  orders: 'website_id = $1',
  order_items: 'order_id in (select id from orders where website_id = $1)',
  donations: 'website_id = $1',
  site_members: 'website_id = $1',
  member_addresses: 'member_id in (select id from site_members where website_id = $1)',
  mailing_lists: 'website_id = $1',
  mailing_list_subscribers: 'list_id in (select id from mailing_lists where website_id = $1)',
  restock_signups: 'website_id = $1',
  cart_reminder_optouts: 'website_id = $1',
  webhooks: 'website_id = $1',
  analytics_counts: 'website_id = $1',
  analytics_periods: 'website_id = $1',
  site_icons: 'website_id = $1',
  site_components: 'website_id = $1',
  member_areas: 'website_id = $1',
  member_area_pages: 'website_id = $1',
  member_area_members: 'area_id in (select id from member_areas where website_id = $1)',
  // The last good pictures of the feeds the galleries name: the copy shows them until its next fetch.
  photo_feeds: 'website_id = $1',
};

export const NOT_EXPORTED: Record<string, string> = {
  carts: "shoppers' open carts, tied to cookies in their browsers on the old site",
  cart_entries: "shoppers' open carts, tied to cookies in their browsers on the old site",
  site_sessions: 'sign-ins to the old site; members sign in again on the new one',
  site_handoffs: 'one-time sign-in links of the old site',
  member_tokens: 'one-time password-reset and confirmation links of the old site',
  sso_providers:
    "sign-in providers' client secrets, sealed under this server's key, and registered with the old site's address: the owner adds them again",
  sso_sign_ins: 'sign-ins in flight through a provider, which expire within minutes',
  site_domains: 'a host name belongs to one site: the new site gets its own',
  site_versions: 'page-cache counters, started afresh for the new site',
  product_versions: 'page-cache counters, started afresh for the new site',
  outgoing_emails: "the old site's mail queue",
  webhook_deliveries: "the old site's delivery log",
  tracking_events: 'raw visits (personal data that expires); their counts go in analytics_counts',
  payment_events: "receipts of the payment processor's calls to the old site",
  payment_settings: "payment keys sealed under this server's key: the owner connects payments again",
  form_submission_keys: 'replay guards that expire within the day',
  digital_downloads: "customers' download links, each a secret token of the old site",
  site_exports: 'the exports themselves',
  order_exports: "CSV files of the old site's orders; the orders travel as orders",
  product_imports: 'uploaded files and their results; the products they made travel as products',
  team_invitations: 'one-time invitation links of the old site: the owner invites again',
  site_activity: "who did what on the old site, by the old site's members",
  mailing_list_counts: "kept by a trigger: rebuilt as the list's subscribers are copied in",
  form_counts: "kept by a trigger: rebuilt as the form's submissions are copied in",
  tag_counts: "kept by triggers: rebuilt as the site's products and posts are copied in",
  blog_comment_counts: "kept by a trigger: rebuilt as the site's comments are copied in",
  order_sales_hours: "kept by a trigger: rebuilt as the site's orders are copied in",
  analytics_packed:
    'analytics_counts packed (src/analytics/pack.ts): packed again on the first report that reads them',
  analytics_keys: "the packed counts' key numbers: numbered again as the counts are packed again",
  visitor_recordings: "visitors' recorded visits to the old site (personal data kept 30 days)",
  member_area_checkouts: 'who an open cart of the old site pays a member area for, gone with the carts',
};

/** Columns holding secrets unique across sites: a copy gets fresh ones (old links stay with the old site). */
const FRESH_SECRETS: Record<string, Record<string, 'null' | 'hash'>> = {
  mailing_list_subscribers: { confirm_token_hash: 'null', unsubscribe_token_hash: 'hash' },
};
/** Unique across sites and pointing at a table that is not exported: a copy gets a fresh value. */
const FRESH_VALUES: Record<string, string[]> = { orders: ['cart_id'] };

export const ARCHIVE_FORMAT = 'site-archive/1';
/** The largest archive an import unpacks (files travel inside it, base64). */
const MAX_ARCHIVE_JSON_BYTES = 1024 * 1024 * 1024;

const ArchiveSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  exportedAt: z.string(),
  websiteId: z.string().min(1).max(200),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  /**
   * Storage keys to base64 bytes: a file's (`<site>/<file>/original` or `…/<width>w`) and the
   * header logo's (`<site>/site-logo/<version>.webp`), which lives outside the files table.
   */
  files: z.record(
    z.string().regex(/^[^/]+\/([^/]+\/(original|\d{1,5}w)|site-logo\/[0-9a-f]{16}\.webp)$/),
    z.string(),
  ),
});
type Archive = z.infer<typeof ArchiveSchema>;

async function select<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

const filterFor = (table: string, websiteId: string) =>
  sql.raw(EXPORTED_TABLES[table]!.replaceAll('$1', `'${websiteId.replaceAll("'", "''")}'`));

/**
 * The whole site as one gzipped JSON document: every exported table's rows as PostgreSQL gives
 * them (row_to_json) and every stored file. `onProgress` hears 0–100 as tables and files are read.
 */
export async function exportSiteArchive(
  db: Database,
  storage: FileStorage,
  websiteId: string,
  onProgress: (percent: number) => Promise<void> = async () => {},
): Promise<Buffer> {
  const tables: Archive['tables'] = {};
  const names = Object.keys(EXPORTED_TABLES);
  let done = 0;
  for (const table of names) {
    const rows = await select<{ r: Record<string, unknown> }>(
      db,
      sql`select row_to_json(t) as r from ${sql.identifier(table)} t where ${filterFor(table, websiteId)}`,
    );
    tables[table] = rows.map((row) => row.r);
    await onProgress(Math.floor((++done / names.length) * 50));
  }
  const files: Archive['files'] = {};
  const fileRows = tables.files as { id: string; widths: number[] }[];
  let read = 0;
  for (const file of fileRows) {
    for (const key of storageKeys(websiteId, file)) {
      const body = await storage.get(key).catch(() => undefined);
      if (body) files[key] = body.toString('base64');
    }
    await onProgress(50 + Math.floor((++read / fileRows.length) * 45));
  }
  const logo = storedSiteLogo((tables.websites?.[0]?.settings ?? {}) as Record<string, unknown>);
  if (logo) {
    const key = siteLogoKey(websiteId, logo.version);
    const body = await storage.get(key).catch(() => undefined);
    if (body) files[key] = body.toString('base64');
  }
  const archive: Archive = {
    format: ARCHIVE_FORMAT,
    exportedAt: new Date().toISOString(),
    websiteId,
    tables,
    files,
  };
  return promisify(gzip)(JSON.stringify(archive));
}

function storageKeys(websiteId: string, file: { id: string; widths: number[] }): string[] {
  return [`${websiteId}/${file.id}/original`, ...file.widths.map((w) => `${websiteId}/${file.id}/${w}w`)];
}

export class ArchiveError extends Error {}

/**
 * A new site from an archive, in one transaction: every row under new ids (references follow),
 * the given slug and title, files copied under the new site. Members keep their passwords, so
 * the owner signs in to the copy as to the original. Answers the new site's id.
 */
export async function importSiteArchive(
  db: Database,
  storage: FileStorage,
  gzipped: Buffer,
  site: { slug: string },
): Promise<string> {
  const archive = await readArchive(gzipped);
  const oldSite = archive.websiteId;
  const newSite = `site-${randomBytes(9)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')}`;
  const ids = new Map<string, string>([[oldSite, newSite]]);
  for (const rows of Object.values(archive.tables))
    for (const row of rows)
      if (typeof row.id === 'string' && !ids.has(row.id))
        ids.set(
          row.id,
          row.id.startsWith(`${oldSite}-`) ? newSite + row.id.slice(oldSite.length) : `${newSite}-${row.id}`,
        );
  // In JSON documents only ids no ordinary word could be (the demo site's id is one: 'demo').
  const distinctive = (value: string) => value.length >= 6 && /[-_0-9]/.test(value);
  const mapDeep = (value: unknown): unknown => {
    if (typeof value === 'string') return distinctive(value) ? (ids.get(value) ?? value) : value;
    if (Array.isArray(value)) return value.map(mapDeep);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapDeep(v)]));
    return value;
  };
  const logo = storedSiteLogo((archive.tables.websites?.[0]?.settings ?? {}) as Record<string, unknown>);
  const logoBytes = logo && archive.files[siteLogoKey(oldSite, logo.version)];
  const idColumn = (column: string) => column === 'id' || column.endsWith('_id') || column === 'renewal_of';
  const mapRow = (table: string, row: Record<string, unknown>) => {
    const copy: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(row)) {
      if (typeof value === 'string' && idColumn(column)) copy[column] = ids.get(value) ?? value;
      else copy[column] = mapDeep(value);
    }
    for (const [column, kind] of Object.entries(FRESH_SECRETS[table] ?? {}))
      copy[column] =
        kind === 'null' ? null : createHash('sha256').update(randomBytes(32)).digest('base64url');
    for (const column of FRESH_VALUES[table] ?? [])
      if (copy[column] !== null && copy[column] !== undefined)
        copy[column] = `${newSite}-${randomBytes(8).toString('hex')}`;
    if (table === 'access_locks' && typeof copy.scope === 'string' && copy.scope.startsWith('page:'))
      copy.scope = `page:${ids.get(copy.scope.slice(5)) ?? copy.scope.slice(5)}`;
    if (table === 'websites') {
      // A logo whose bytes the archive lacks (lost, or an archive from before logos travelled)
      // would be a broken image in the header: the copy shows the site's name instead.
      if (!logoBytes && copy.settings && typeof copy.settings === 'object')
        copy.settings = Object.fromEntries(
          Object.entries(copy.settings).filter(([key]) => key !== 'siteLogo'),
        );
      copy.slug = site.slug;
      copy.created_at = new Date().toISOString();
      copy.deleted_at = null;
    }
    return copy;
  };

  const fileIds = new Set((archive.tables.files ?? []).map((row) => String(row.id)));
  const written: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const generated = await generatedColumns(tx);
      for (const table of await insertOrder(tx)) {
        const rows = (archive.tables[table] ?? []).map((row) => mapRow(table, row));
        // Columns the database makes (search vectors) are made again from the row, never written.
        const skipped = generated.get(table);
        const kept = skipped && (await tableColumns(tx, table)).filter((c) => !skipped.has(c));
        const into = kept
          ? sql`(${sql.join(
              kept.map((c) => sql.identifier(c)),
              sql`, `,
            )})`
          : sql``;
        const values = kept
          ? sql.join(
              kept.map((c) => sql`r.${sql.identifier(c)}`),
              sql`, `,
            )
          : sql`r.*`;
        for (let at = 0; at < rows.length; at += 200) {
          const chunk = JSON.stringify(rows.slice(at, at + 200));
          try {
            await tx.execute(
              sql`insert into ${sql.identifier(table)} ${into} select ${values} from json_populate_recordset(null::${sql.identifier(table)}, ${chunk}::json) r`,
            );
          } catch (err) {
            // The slug taken meanwhile is the caller's to explain; rows PostgreSQL refuses (an
            // edited or damaged file: wrong types, missing references) are the archive's fault.
            if (table === 'websites' && isUniqueViolation(err)) throw err;
            if (isDataError(err)) throw new ArchiveError(siteExportMessages.damaged(table));
            throw err;
          }
        }
      }
      for (const [key, body] of Object.entries(archive.files)) {
        const [, fileId, rest] = key.split('/');
        // Only the bytes of the archive's own file rows, under their new ids.
        const newId = fileIds.has(fileId!) ? ids.get(fileId!) : undefined;
        if (!newId) continue;
        const newKey = `${newSite}/${newId}/${rest}`;
        await storage.put(newKey, Buffer.from(body, 'base64'));
        written.push(newKey);
      }
      if (logo && logoBytes) {
        const newKey = siteLogoKey(newSite, logo.version);
        await storage.put(newKey, Buffer.from(logoBytes, 'base64'));
        written.push(newKey);
      }
    });
  } catch (err) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => {})));
    throw err;
  }
  return newSite;
}

/** PostgreSQL's classes 22 (data exception) and 23 (integrity constraint violation). */
function isDataError(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (typeof e.code === 'string' && /^2[23]/.test(e.code)) return true;
  return false;
}

async function readArchive(gzipped: Buffer): Promise<Archive> {
  let archive: unknown;
  try {
    // A small file that inflates without end is refused rather than filling memory.
    const json = await promisify(gunzip)(gzipped, { maxOutputLength: MAX_ARCHIVE_JSON_BYTES });
    archive = JSON.parse(json.toString('utf8'));
  } catch {
    throw new ArchiveError(siteExportMessages.notAnArchive);
  }
  const parsed = ArchiveSchema.safeParse(archive);
  if (!parsed.success) throw new ArchiveError(siteExportMessages.notAnArchive);
  const unknown = Object.keys(parsed.data.tables).filter((t) => !(t in EXPORTED_TABLES));
  if (unknown.length > 0) throw new ArchiveError(siteExportMessages.damaged(unknown.join(', ')));
  return parsed.data;
}

/** The exported tables, each after the tables its foreign keys point at. */
/**
 * Columns the database keeps from other rows by triggers: made again as those rows are copied in,
 * never written (an archive made before the column existed has none to give).
 */
const KEPT_BY_TRIGGERS: Record<string, string[]> = { products: ['skus'] };

/** Each table's columns the database generates or keeps itself, by table. */
async function generatedColumns(db: Queryable): Promise<Map<string, Set<string>>> {
  const rows = await select<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and is_generated = 'ALWAYS'`,
  );
  const out = new Map<string, Set<string>>();
  for (const r of rows) out.set(r.table_name, (out.get(r.table_name) ?? new Set()).add(r.column_name));
  for (const [table, columns] of Object.entries(KEPT_BY_TRIGGERS))
    out.set(table, new Set([...(out.get(table) ?? []), ...columns]));
  return out;
}

/** A table's columns in order. */
async function tableColumns(db: Queryable, table: string): Promise<string[]> {
  const rows = await select<{ column_name: string }>(
    db,
    sql`select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} order by ordinal_position`,
  );
  return rows.map((r) => r.column_name);
}

async function insertOrder(db: Queryable): Promise<string[]> {
  const edges = await select<{ child: string; parent: string }>(
    db,
    sql`select conrelid::regclass::text as child, confrelid::regclass::text as parent
        from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
  );
  const order: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (order.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const edge of edges) if (edge.child === table && edge.parent !== table) visit(edge.parent);
    visiting.delete(table);
    if (table in EXPORTED_TABLES) order.push(table);
  };
  for (const table of Object.keys(EXPORTED_TABLES)) visit(table);
  return order;
}
