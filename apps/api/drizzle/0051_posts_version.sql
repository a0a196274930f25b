-- Blog posts get their own counter: a post written, changed or removed drops the cached search
-- results (which list posts) and no other page; a new scope of the same bump and notice.
ALTER TABLE "site_versions" ADD COLUMN "posts" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_site_version(site text, scope text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF site IS NULL THEN RETURN; END IF;
  INSERT INTO site_versions AS v (website_id, content, catalog, posts)
  VALUES (site, (scope = 'content')::int, (scope = 'catalog')::int, (scope = 'posts')::int)
  ON CONFLICT (website_id) DO UPDATE
    SET content = v.content + (scope = 'content')::int,
        catalog = v.catalog + (scope = 'catalog')::int,
        posts = v.posts + (scope = 'posts')::int;
  PERFORM pg_notify('site_versions', site);
END $$;--> statement-breakpoint
CREATE TRIGGER site_version AFTER INSERT OR UPDATE OR DELETE ON blog_posts FOR EACH ROW EXECUTE FUNCTION site_row_changed('posts');
