-- Every bump also tells the listening API processes (channel `site_versions`, payload the site's
-- id). PostgreSQL delivers it when the writing transaction commits, never before and never for a
-- rollback, and sends one per site per transaction however many rows changed; so a process can
-- keep the counters in memory and read them again only when told (src/pages/site-versions.ts).
CREATE OR REPLACE FUNCTION bump_site_version(site text, scope text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF site IS NULL THEN RETURN; END IF;
  INSERT INTO site_versions AS v (website_id, content, catalog)
  VALUES (site, (scope = 'content')::int, (scope = 'catalog')::int)
  ON CONFLICT (website_id) DO UPDATE
    SET content = v.content + (scope = 'content')::int, catalog = v.catalog + (scope = 'catalog')::int;
  PERFORM pg_notify('site_versions', site);
END $$;
