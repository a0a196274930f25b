CREATE TABLE "site_versions" (
	"website_id" text PRIMARY KEY NOT NULL,
	"content" bigint DEFAULT 0 NOT NULL,
	"catalog" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Bumped in the writing transaction, so a page cache that reads these counters on each request
-- never serves what a committed change has replaced, whoever wrote it and however.
CREATE FUNCTION bump_site_version(site text, scope text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF site IS NULL THEN RETURN; END IF;
  INSERT INTO site_versions AS v (website_id, content, catalog)
  VALUES (site, (scope = 'content')::int, (scope = 'catalog')::int)
  ON CONFLICT (website_id) DO UPDATE
    SET content = v.content + (scope = 'content')::int, catalog = v.catalog + (scope = 'catalog')::int;
END $$;
--> statement-breakpoint
-- For tables with a website_id column; TG_ARGV[0] is the scope.
CREATE FUNCTION site_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_site_version(OLD.website_id, TG_ARGV[0]); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.website_id IS DISTINCT FROM OLD.website_id) THEN
    PERFORM bump_site_version(NEW.website_id, TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION website_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_site_version(NEW.id, 'content');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Variants name their product, not the site; a variant deleted with its product finds none, and
-- the product's own delete has bumped the counter.
CREATE FUNCTION variant_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM bump_site_version((SELECT website_id FROM products WHERE id = OLD.product_id), 'catalog');
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.product_id IS DISTINCT FROM OLD.product_id) THEN
    PERFORM bump_site_version((SELECT website_id FROM products WHERE id = NEW.product_id), 'catalog');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER site_version AFTER INSERT OR DELETE ON pages FOR EACH ROW EXECUTE FUNCTION site_row_changed('content');
--> statement-breakpoint
-- Draft saves (autosave) change nothing a visitor sees.
CREATE TRIGGER site_version_update AFTER UPDATE ON pages FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'draft_document' - 'version' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'draft_document' - 'version' - 'updated_at'))
  EXECUTE FUNCTION site_row_changed('content');
--> statement-breakpoint
CREATE TRIGGER site_version AFTER INSERT OR UPDATE OR DELETE ON templates FOR EACH ROW EXECUTE FUNCTION site_row_changed('content');
--> statement-breakpoint
CREATE TRIGGER site_version AFTER INSERT OR UPDATE OR DELETE ON redirects FOR EACH ROW EXECUTE FUNCTION site_row_changed('content');
--> statement-breakpoint
CREATE TRIGGER site_version AFTER INSERT OR UPDATE OR DELETE ON site_navigation FOR EACH ROW EXECUTE FUNCTION site_row_changed('content');
--> statement-breakpoint
CREATE TRIGGER site_version AFTER INSERT OR UPDATE OR DELETE ON site_header_footer FOR EACH ROW EXECUTE FUNCTION site_row_changed('content');
--> statement-breakpoint
CREATE TRIGGER site_version AFTER INSERT OR UPDATE OR DELETE ON forms FOR EACH ROW EXECUTE FUNCTION site_row_changed('content');
--> statement-breakpoint
CREATE TRIGGER site_version AFTER INSERT OR UPDATE OR DELETE ON files FOR EACH ROW EXECUTE FUNCTION site_row_changed('content');
--> statement-breakpoint
CREATE TRIGGER site_version AFTER UPDATE ON websites FOR EACH ROW EXECUTE FUNCTION website_changed();
--> statement-breakpoint
CREATE TRIGGER site_version AFTER INSERT OR UPDATE OR DELETE ON products FOR EACH ROW EXECUTE FUNCTION site_row_changed('catalog');
--> statement-breakpoint
CREATE TRIGGER site_version AFTER INSERT OR UPDATE OR DELETE ON categories FOR EACH ROW EXECUTE FUNCTION site_row_changed('catalog');
--> statement-breakpoint
CREATE TRIGGER site_version AFTER INSERT OR UPDATE OR DELETE ON variants FOR EACH ROW EXECUTE FUNCTION variant_changed();
