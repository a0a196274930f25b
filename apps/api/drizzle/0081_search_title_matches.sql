-- Site search's titles fallback (no word matched): the pages, posts and products whose titles hold
-- the text or a word like it, found through their trigram indexes. The planner costs `<%`
-- (word_similarity) at one operator a row, so on its own it reads a few thousand pages or posts
-- whole and computes it on each (about 5 ms of database CPU for 2 000 posts, against 1 ms through
-- the index). This function prices sequential scans out for its own statements only, so the
-- fallback is one statement sent, not a transaction of four (begin, set local, the statement,
-- commit), each a round trip. Custom plans: each lookup is planned for the text asked, as before.
-- Each table's candidates are looked up across sites and the site's own kept after (the caller
-- keeps only its visible ones): a per-site index would offer the planner a walk through every one of
-- a site's titles instead, and the trigram index reads every site's entries for the text either way.
CREATE FUNCTION search_title_matches(site text, q text, pattern text)
RETURNS TABLE (match_kind text, match_id text)
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
SET plan_cache_mode = force_custom_plan
ROWS 50
AS $$
BEGIN
  RETURN QUERY SELECT 'page'::text, p.id FROM pages p WHERE p.title ILIKE pattern OR q <% p.title;
  RETURN QUERY SELECT 'post'::text, b.id FROM blog_posts b WHERE b.title ILIKE pattern OR q <% b.title;
  -- A store's titles in two lookups joined rather than one with OR: a bitmap scan of an OR checks
  -- each candidate against the whole condition twice (its recheck and its filter), and
  -- word_similarity is the dear part (a few hundred candidates at 100 000 products).
  RETURN QUERY WITH candidates AS MATERIALIZED (
      SELECT pr.id, pr.website_id FROM products pr WHERE pr.title ILIKE pattern
      UNION SELECT pr.id, pr.website_id FROM products pr WHERE q <% pr.title
    )
    SELECT 'product'::text, c.id FROM candidates c WHERE c.website_id = site;
END
$$;
