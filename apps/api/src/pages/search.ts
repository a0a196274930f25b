import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

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
 * work and no input is a syntax error. Products and posts match through their stored vectors
 * (GIN indexes, kept by the database on every save); a site has few pages, whose vectors are
 * made per query. When no word matches, titles that contain the text or a word like it (a prefix,
 * a typo) are found through the trigram index. Runs the same on PGlite and PostgreSQL.
 * `closed`: pages of member areas the visitor has not joined and pages behind a password they have
 * not unlocked; neither they nor their items (a gated or locked store's products, blog's posts)
 * are found, so no excerpt shows their text.
 */
export async function searchSite(
  db: Database,
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
  db: Database,
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
  const pageVector = sql`setweight(to_tsvector('english', p.title), 'A') || setweight(to_tsvector('english', p.body), 'B')`;
  // Titles by trigram: containing the text, or holding a word close to it (word_similarity ≥ 0.6).
  const titleMatch = (column: ReturnType<typeof sql.raw>) =>
    sql`(${column} ilike ${likePattern(q)} or ${q} <% ${column})`;
  const titleRank = (column: ReturnType<typeof sql.raw>) => sql`word_similarity(${q}, ${column})`;
  const answer: unknown = await db.execute(sql`
    with query as (select websearch_to_tsquery('english', ${q}) as tsq),
    visible_pages as (
      select p.title, p.path as full_url,
        concat_ws(' ', p.description, (
          select string_agg(concat_ws(' ', s->>'text', s->>'caption', s->>'label', s->>'quote'), ' ')
          from jsonb_path_query(coalesce(p.published_document, '{}'::jsonb), 'lax $.sections[*].blocks[*].settings') s
        )) as body
      from pages p
      where p.website_id = ${websiteId} and p.enabled and p.kind in ('page', 'collection')
        and not (p.id = any(${closedIds}))
        and (p.status = 'published' or (p.status = 'scheduled' and p.publish_at <= ${at}::timestamptz))
    ),
    matched as (
      select 'page' as kind, p.title, p.full_url, p.body,
        ${by === 'words' ? sql`ts_rank(${pageVector}, query.tsq)` : titleRank(sql.raw('p.title'))} as rank
      from visible_pages p, query
      where ${by === 'words' ? sql`${pageVector} @@ query.tsq` : titleMatch(sql.raw('p.title'))}
      union all
      select 'product', pr.title, c.path || '/p/' || pr.url_id,
        regexp_replace(pr.excerpt || ' ' || pr.body, '<[^>]*>', ' ', 'g'),
        ${by === 'words' ? sql`ts_rank(pr.search_vector, query.tsq)` : titleRank(sql.raw('pr.title'))}
      from products pr join pages c on c.id = pr.collection_id, query
      where pr.website_id = ${websiteId} and pr.enabled and c.enabled and c.status = 'published'
        and not (c.id = any(${closedIds}))
        and ${by === 'words' ? sql`pr.search_vector @@ query.tsq` : titleMatch(sql.raw('pr.title'))}
      union all
      select 'post', b.title, c.path || '/' || b.url_id,
        concat_ws(' ', b.excerpt, regexp_replace(b.body, '<[^>]*>', ' ', 'g'), b.author),
        ${by === 'words' ? sql`ts_rank(b.search_vector, query.tsq)` : titleRank(sql.raw('b.title'))}
      from blog_posts b join pages c on c.id = b.collection_id, query
      where b.website_id = ${websiteId} and c.enabled and c.status = 'published'
        and not (c.id = any(${closedIds}))
        and (b.status = 'published' or (b.status = 'scheduled' and b.publish_on <= ${at}::timestamptz))
        and ${by === 'words' ? sql`b.search_vector @@ query.tsq` : titleMatch(sql.raw('b.title'))}
    ),
    shown as (
      select m.*, count(*) over ()::int as total from matched m
      order by m.rank desc, m.title
      limit ${RESULTS_PER_PAGE} offset ${(page - 1) * RESULTS_PER_PAGE}
    )
    -- Headlines for the page shown only: ts_headline re-reads each text.
    select s.kind, s.title, s.full_url, s.total,
      ts_headline('english', coalesce(nullif(s.body, ''), s.title), query.tsq,
        ${`StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`}) as headline
    from shown s, query
    order by s.rank desc, s.title
  `);
  // postgres-js answers an array of rows, PGlite `{ rows }`.
  return (Array.isArray(answer) ? answer : (answer as { rows: unknown[] }).rows) as Row[];
}
