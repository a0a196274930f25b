import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';

export const RESULTS_PER_PAGE = 10;
const MAX_QUERY_LENGTH = 200;

// search_site's ts_headline marks matches with these (migration 0082); they cannot occur in
// escaped text, so after escaping everything they are the only places <mark> goes.
const START = '\u0001';
const STOP = '\u0002';

interface Row {
  kind: SearchResult['kind'];
  title: string;
  full_url: string;
  headline: string;
  total: number;
}

export interface SearchResult {
  kind: 'page' | 'product' | 'post';
  title: string;
  fullUrl: string;
  excerptHtml: string;
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Escapes the headline, then turns the markers into <mark> pairs (a stray one never opens a tag). */
export function highlight(headline: string): string {
  let open = false;
  return (
    escapeHtml(headline).replace(new RegExp(`[${START}${STOP}]`, 'g'), (m) => {
      if ((m === START) === open) return '';
      open = !open;
      return open ? '<mark>' : '</mark>';
    }) + (open ? '</mark>' : '')
  );
}

/**
 * Full-text search over what visitors can see: published pages (title, description and the text
 * of their published blocks), enabled products of a visible shop, and visible blog posts. Ranked
 * by ts_rank with titles weighted above text; `websearch_to_tsquery` so quotes, `or` and `-word`
 * work and no input is a syntax error. Pages, products and posts match through their stored
 * vectors (GIN indexes, kept by the database on every save; migrations 0044 and 0057), and only the
 * page of results shown reads its texts for the excerpts. When no word matches, titles that contain
 * the text or a word like it (a prefix, a typo) are found through the trigram indexes. One
 * statement: `search_site` (migration 0082) runs both with plans made once per connection. Runs
 * the same on PGlite and PostgreSQL.
 * `closed`: pages of member areas the visitor has not joined and pages behind a password they have
 * not unlocked; neither they nor their items (a gated or locked store's products, blog's posts)
 * are found, so no excerpt shows their text.
 */
export async function searchSite(
  db: Queryable,
  websiteId: string,
  rawQuery: string,
  page: number,
  now: Date,
  closed: readonly string[] = [],
) {
  const q = rawQuery.trim().slice(0, MAX_QUERY_LENGTH);
  if (!q) return { results: [] as SearchResult[], total: 0 };
  // A text[] literal: the driver would otherwise spread an array into a list of parameters.
  const closedIds = `{${closed.map((id) => `"${id.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
  const answer: unknown = await db.execute(sql`
    select kind, title, full_url, total, headline
    from search_site(${websiteId}, ${q}, ${likePattern(q)}, ${closedIds}::text[], ${now.toISOString()}::timestamptz,
      ${RESULTS_PER_PAGE}, ${(page - 1) * RESULTS_PER_PAGE})`);
  // postgres-js answers an array of rows, PGlite `{ rows }`.
  const list = (Array.isArray(answer) ? answer : (answer as { rows: unknown[] }).rows) as Row[];
  return {
    results: list.map((r) => ({
      kind: r.kind,
      title: r.title,
      fullUrl: r.full_url,
      excerptHtml: highlight(r.headline),
    })),
    total: list[0]?.total ?? 0,
  };
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
