import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';

export const RESULTS_PER_PAGE = 10;
const MAX_QUERY_LENGTH = 200;

// ts_headline marks matches with these; they cannot occur in escaped text, so after escaping
// everything they are the only places <mark> goes.
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
 * the text or a word like it (a prefix, a typo) are found through the trigram indexes. Runs the
 * same on PGlite and PostgreSQL.
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
  const words = await search(db, websiteId, q, page, now, 'words', closed);
  const list = words.length ? words : await search(db, websiteId, q, page, now, 'titles', closed);
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

async function search(
  db: Queryable,
  websiteId: string,
  q: string,
  page: number,
  now: Date,
  by: 'words' | 'titles',
  closed: readonly string[],
): Promise<Row[]> {
  const at = now.toISOString();
  // A text[] literal: the driver would otherwise spread an array into a list of parameters.
  const closedIds = sql`${`{${closed.map((id) => `"${id.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;
  const matches = (table: string, kind: SearchResult['kind']) =>
    by === 'words'
      ? sql`${sql.raw(table)}.search_vector @@ query.tsq`
      : sql`${sql.raw(table)}.id in (select match_id from titles where match_kind = ${kind})`;
  const rank = (table: string) =>
    by === 'words'
      ? sql`ts_rank(${sql.raw(table)}.search_vector, query.tsq)`
      : sql`word_similarity(${q}, ${sql.raw(table)}.title)`;
  // Titles by trigram (migration 0081): containing the text, or holding a word close to it
  // (word_similarity ≥ 0.6), looked up by the function with sequential scans priced out.
  const candidates =
    by === 'titles'
      ? sql`, titles as materialized (select match_kind, match_id from search_title_matches(${websiteId}, ${q}, ${likePattern(q)}))`
      : sql``;
  const answer: unknown = await db.execute(sql`
    with query as (select websearch_to_tsquery('english', ${q}) as tsq)${candidates},
    matched as (
      select 'page' as kind, p.id, p.title, p.path as full_url, ${rank('p')} as rank
      from pages p, query
      where p.website_id = ${websiteId} and p.enabled and p.kind in ('page', 'collection')
        and not (p.id = any(${closedIds}))
        and (p.status = 'published' or (p.status = 'scheduled' and p.publish_at <= ${at}::timestamptz))
        and ${matches('p', 'page')}
      union all
      select 'product', pr.id, pr.title, c.path || '/p/' || pr.url_id, ${rank('pr')}
      from products pr join pages c on c.id = pr.collection_id, query
      where pr.website_id = ${websiteId} and pr.enabled and c.enabled and c.status = 'published'
        and not (c.id = any(${closedIds}))
        and ${matches('pr', 'product')}
      union all
      select 'post', b.id, b.title, c.path || '/' || b.url_id, ${rank('b')}
      from blog_posts b join pages c on c.id = b.collection_id, query
      where b.website_id = ${websiteId} and c.enabled and c.status = 'published'
        and not (c.id = any(${closedIds}))
        and (b.status = 'published' or (b.status = 'scheduled' and b.publish_on <= ${at}::timestamptz))
        and ${matches('b', 'post')}
    ),
    shown as (
      select m.*, count(*) over ()::int as total from matched m
      order by m.rank desc, m.title
      limit ${RESULTS_PER_PAGE} offset ${(page - 1) * RESULTS_PER_PAGE}
    )
    -- The text and its headline for the page shown only: the matches are found and ranked by their
    -- stored vectors, and ts_headline re-reads each text.
    select s.kind, s.title, s.full_url, s.total,
      ts_headline('english', coalesce(nullif(case s.kind
          when 'page' then (select page_search_text(p.description, p.published_document) from pages p where p.id = s.id)
          when 'product' then (select regexp_replace(pr.excerpt || ' ' || pr.body, '<[^>]*>', ' ', 'g') from products pr where pr.id = s.id)
          else (select concat_ws(' ', b.excerpt, regexp_replace(b.body, '<[^>]*>', ' ', 'g'), b.author) from blog_posts b where b.id = s.id)
        end, ''), s.title), query.tsq,
        ${`StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`}) as headline
    from shown s, query
    order by s.rank desc, s.title
  `);
  // postgres-js answers an array of rows, PGlite `{ rows }`.
  return (Array.isArray(answer) ? answer : (answer as { rows: unknown[] }).rows) as Row[];
}
