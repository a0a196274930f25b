-- The excerpt of one result shown: its text re-read (the matches were found and ranked by their
-- stored vectors) and the words asked marked in it; the title when it has no text.
CREATE FUNCTION search_headline(kind text, id text, title text, tsq tsquery, marks text)
RETURNS text
LANGUAGE plpgsql STABLE
AS $$
DECLARE
  body text;
BEGIN
  -- plpgsql, not sql: its three lookups are planned once per connection, not once per search.
  IF kind = 'page' THEN
    SELECT page_search_text(p.description, p.published_document) INTO body FROM pages p WHERE p.id = search_headline.id;
  ELSIF kind = 'product' THEN
    SELECT regexp_replace(pr.excerpt || ' ' || pr.body, '<[^>]*>', ' ', 'g') INTO body FROM products pr WHERE pr.id = search_headline.id;
  ELSE
    SELECT concat_ws(' ', b.excerpt, regexp_replace(b.body, '<[^>]*>', ' ', 'g'), b.author) INTO body FROM blog_posts b WHERE b.id = search_headline.id;
  END IF;
  RETURN ts_headline('english', coalesce(nullif(body, ''), title), tsq, marks);
END
$$;
--> statement-breakpoint
-- Site search in one call, planned once per connection (src/pages/search.ts). The words statement
-- and the titles fallback were sent as statements of their own: PostgreSQL planned both afresh on
-- every search (a custom plan each time, the site and text written into it), a quarter of a
-- search's database time at 100 000 products, and a fallback cost a second round trip.
--
-- In this function each statement's plan is made once per connection and kept
-- (force_generic_plan), so it must be right for every site and text. Each table's matches are
-- therefore read from its search or trigram index across sites first, behind a fence (OFFSET 0, or
-- the titles' own function), and only then kept to the site's visible rows: a plan made without
-- knowing the site could otherwise walk a site's every row by its website_id index and test each
-- against the text. With sequential scans priced out, the indexes are the only path.
--
-- `titles`: when no word matches on the page asked (FOUND after the words' query), titles holding
-- the text or a word like it, ranked by word_similarity, as before (migration 0081).
-- `closed_ids`: member-area and locked pages the visitor may not see, nor their items.
CREATE FUNCTION search_site(
  site_id text,
  query_text text,
  like_pattern text,
  closed_ids text[],
  now_at timestamptz,
  page_size int,
  page_offset int
)
RETURNS TABLE (kind text, title text, full_url text, total int, headline text)
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  tsq tsquery := websearch_to_tsquery('english', query_text);
  -- ts_headline marks matches with \u0001 and \u0002 (search.ts turns them into <mark> pairs).
  marks text := 'StartSel=' || chr(1) || ', StopSel=' || chr(2)
    || ', MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "';
BEGIN
  RETURN QUERY WITH matched AS (
      SELECT 'page'::text AS kind, p.id, p.title, p.path AS full_url, ts_rank(p.search_vector, tsq) AS rank
      FROM (SELECT p.id, p.website_id, p.title, p.path, p.enabled, p.kind, p.status, p.publish_at, p.search_vector
            FROM pages p WHERE p.search_vector @@ tsq OFFSET 0) p
      WHERE p.website_id = site_id AND p.enabled AND p.kind IN ('page', 'collection')
        AND NOT (p.id = ANY(closed_ids))
        AND (p.status = 'published' OR (p.status = 'scheduled' AND p.publish_at <= now_at))
      UNION ALL
      SELECT 'product', pr.id, pr.title, c.path || '/p/' || pr.url_id, ts_rank(pr.search_vector, tsq)
      FROM (SELECT pr.id, pr.website_id, pr.collection_id, pr.url_id, pr.title, pr.enabled, pr.search_vector
            FROM products pr WHERE pr.search_vector @@ tsq OFFSET 0) pr
      JOIN pages c ON c.id = pr.collection_id
      WHERE pr.website_id = site_id AND pr.enabled AND c.enabled AND c.status = 'published'
        AND NOT (c.id = ANY(closed_ids))
      UNION ALL
      SELECT 'post', b.id, b.title, c.path || '/' || b.url_id, ts_rank(b.search_vector, tsq)
      FROM (SELECT b.id, b.website_id, b.collection_id, b.url_id, b.title, b.status, b.publish_on, b.search_vector
            FROM blog_posts b WHERE b.search_vector @@ tsq OFFSET 0) b
      JOIN pages c ON c.id = b.collection_id
      WHERE b.website_id = site_id AND c.enabled AND c.status = 'published'
        AND NOT (c.id = ANY(closed_ids))
        AND (b.status = 'published' OR (b.status = 'scheduled' AND b.publish_on <= now_at))
    ),
    shown AS (
      SELECT m.*, count(*) OVER ()::int AS total FROM matched m
      ORDER BY m.rank DESC, m.title LIMIT page_size OFFSET page_offset
    )
    SELECT s.kind, s.title, s.full_url, s.total, search_headline(s.kind, s.id, s.title, tsq, marks)
    FROM shown s ORDER BY s.rank DESC, s.title;
  IF FOUND THEN
    RETURN;
  END IF;

  RETURN QUERY WITH titles AS MATERIALIZED (
      SELECT t.match_kind, t.match_id FROM search_title_matches(site_id, query_text, like_pattern) t
    ),
    matched AS (
      SELECT 'page'::text AS kind, p.id, p.title, p.path AS full_url, word_similarity(query_text, p.title) AS rank
      FROM titles t JOIN pages p ON p.id = t.match_id
      WHERE t.match_kind = 'page' AND p.website_id = site_id AND p.enabled AND p.kind IN ('page', 'collection')
        AND NOT (p.id = ANY(closed_ids))
        AND (p.status = 'published' OR (p.status = 'scheduled' AND p.publish_at <= now_at))
      UNION ALL
      SELECT 'product', pr.id, pr.title, c.path || '/p/' || pr.url_id, word_similarity(query_text, pr.title)
      FROM titles t JOIN products pr ON pr.id = t.match_id JOIN pages c ON c.id = pr.collection_id
      WHERE t.match_kind = 'product' AND pr.website_id = site_id AND pr.enabled AND c.enabled
        AND c.status = 'published' AND NOT (c.id = ANY(closed_ids))
      UNION ALL
      SELECT 'post', b.id, b.title, c.path || '/' || b.url_id, word_similarity(query_text, b.title)
      FROM titles t JOIN blog_posts b ON b.id = t.match_id JOIN pages c ON c.id = b.collection_id
      WHERE t.match_kind = 'post' AND b.website_id = site_id AND c.enabled AND c.status = 'published'
        AND NOT (c.id = ANY(closed_ids))
        AND (b.status = 'published' OR (b.status = 'scheduled' AND b.publish_on <= now_at))
    ),
    shown AS (
      SELECT m.*, count(*) OVER ()::int AS total FROM matched m
      ORDER BY m.rank DESC, m.title LIMIT page_size OFFSET page_offset
    )
    SELECT s.kind, s.title, s.full_url, s.total, search_headline(s.kind, s.id, s.title, tsq, marks)
    FROM shown s ORDER BY s.rank DESC, s.title;
END
$$;
--> statement-breakpoint
-- The titles' own lookups planned once per connection too: with sequential scans priced out the
-- trigram index is each one's only path, whatever the text (about a sixth of a fallback's time).
ALTER FUNCTION search_title_matches(text, text, text) SET plan_cache_mode = force_generic_plan;
