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
 * work and no input is a syntax error. Runs the same on PGlite and PostgreSQL.
 */
export async function searchSite(db: Database, websiteId: string, rawQuery: string, page: number, now: Date) {
  const q = rawQuery.trim().slice(0, MAX_QUERY_LENGTH);
  if (!q) return { results: [] as SearchResult[], total: 0 };
  const answer: unknown = await db.execute(sql`
    with docs as (
      select 'page' as kind, p.title, p.path as full_url,
        concat_ws(' ', p.description, (
          select string_agg(concat_ws(' ', s->>'text', s->>'caption', s->>'label', s->>'quote'), ' ')
          from jsonb_path_query(coalesce(p.published_document, '{}'::jsonb), 'lax $.sections[*].blocks[*].settings') s
        )) as body
      from pages p
      where p.website_id = ${websiteId} and p.enabled and p.kind in ('page', 'collection')
        and (p.status = 'published' or (p.status = 'scheduled' and p.publish_at <= ${now.toISOString()}::timestamptz))
      union all
      select 'product', pr.title, c.path || '/p/' || pr.url_id,
        regexp_replace(coalesce(pr.excerpt, '') || ' ' || coalesce(pr.body, ''), '<[^>]*>', ' ', 'g')
      from products pr join pages c on c.id = pr.collection_id
      where pr.website_id = ${websiteId} and pr.enabled and c.enabled and c.status = 'published'
      union all
      select 'post', b.title, c.path || '/' || b.url_id, concat_ws(' ', b.excerpt, regexp_replace(b.body, '<[^>]*>', ' ', 'g'), b.author, (select string_agg(t, ' ') from jsonb_array_elements_text(b.tags) t))
      from blog_posts b join pages c on c.id = b.collection_id
      where b.website_id = ${websiteId} and c.enabled and c.status = 'published'
        and (b.status = 'published' or (b.status = 'scheduled' and b.publish_on <= ${now.toISOString()}::timestamptz))
    ),
    query as (select websearch_to_tsquery('english', ${q}) as tsq),
    matched as (
      select d.*, ts_rank(setweight(to_tsvector('english', d.title), 'A') || setweight(to_tsvector('english', d.body), 'B'), query.tsq) as rank
      from docs d, query
      where (setweight(to_tsvector('english', d.title), 'A') || setweight(to_tsvector('english', d.body), 'B')) @@ query.tsq
    )
    select m.kind, m.title, m.full_url, count(*) over ()::int as total,
      ts_headline('english', coalesce(nullif(m.body, ''), m.title), query.tsq,
        ${`StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`}) as headline
    from matched m, query
    order by m.rank desc, m.title
    limit ${RESULTS_PER_PAGE} offset ${(page - 1) * RESULTS_PER_PAGE}
  `);
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
