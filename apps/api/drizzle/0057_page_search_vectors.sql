-- Site search reads pages through a stored vector and a GIN index, like products and posts (0044),
-- instead of making each page's vector per query (a store of 100 000 products has 500 store pages).
-- The column stays out of the drizzle schema: page loads for rendering never need it.
-- The words of a page a visitor sees: its description and the text of its published blocks. Immutable
-- (its inputs decide it), so a generated column may call it; search.ts shows excerpts from it too.
CREATE FUNCTION page_search_text(description text, document jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws(' ', description, (
    SELECT string_agg(concat_ws(' ', s->>'text', s->>'caption', s->>'label', s->>'quote'), ' ')
    FROM jsonb_path_query(coalesce(document, '{}'::jsonb), 'lax $.sections[*].blocks[*].settings') s
  ))
$$;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, page_search_text(description, published_document)), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "pages_search" ON "pages" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "pages_title_trgm" ON "pages" USING gin ("title" gin_trgm_ops);
