CREATE TABLE "product_versions" (
	"product_id" text PRIMARY KEY NOT NULL,
	"website_id" text NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_versions_site" ON "product_versions" USING btree ("website_id");--> statement-breakpoint
-- A product's own counter: told as `<site> <product>` on the same channel, so a process drops only
-- that product's counter and the pages that show it (src/pages/site-versions.ts).
CREATE FUNCTION bump_product_version(site text, product text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF site IS NULL OR product IS NULL THEN RETURN; END IF;
  INSERT INTO product_versions AS v (product_id, website_id, version)
  VALUES (product, site, 1)
  ON CONFLICT (product_id) DO UPDATE SET version = v.version + 1, website_id = EXCLUDED.website_id;
  PERFORM pg_notify('site_versions', site || ' ' || product);
END $$;
--> statement-breakpoint
-- Every change is the product's; the site's `catalog` moves only when store lists may list or
-- order other products: added, removed, moved, hidden, renamed or described anew (search), retagged.
-- Its picture, details, address, type, SEO settings and edit version and time show only where the product itself shows.
CREATE FUNCTION product_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_product_version(OLD.website_id, OLD.id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.id, NEW.website_id) IS DISTINCT FROM (OLD.id, OLD.website_id)) THEN
    PERFORM bump_product_version(NEW.website_id, NEW.id);
  END IF;
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - 'image_url' - 'details' - 'url_id' - 'product_type' - 'seo' - 'version' - 'updated_at' - 'search_vector')
      IS NOT DISTINCT FROM (to_jsonb(NEW) - 'image_url' - 'details' - 'url_id' - 'product_type' - 'seo' - 'version' - 'updated_at' - 'search_vector') THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM bump_site_version(OLD.website_id, 'catalog'); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.website_id IS DISTINCT FROM OLD.website_id) THEN
    PERFORM bump_site_version(NEW.website_id, 'catalog');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER site_version ON products;
--> statement-breakpoint
CREATE TRIGGER site_version AFTER INSERT OR UPDATE OR DELETE ON products FOR EACH ROW EXECUTE FUNCTION product_changed();
--> statement-breakpoint
-- Prices, options and stock are the product's alone: a sale no longer updates the site's row.
-- A variant deleted with its product finds none; the product's own delete has bumped it.
CREATE OR REPLACE FUNCTION variant_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM bump_product_version((SELECT website_id FROM products WHERE id = OLD.product_id), OLD.product_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.product_id IS DISTINCT FROM OLD.product_id) THEN
    PERFORM bump_product_version((SELECT website_id FROM products WHERE id = NEW.product_id), NEW.product_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- For tables with website_id and product_id (reviews show on their product's pages).
CREATE FUNCTION product_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_product_version(OLD.website_id, OLD.product_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.website_id, NEW.product_id) IS DISTINCT FROM (OLD.website_id, OLD.product_id)) THEN
    PERFORM bump_product_version(NEW.website_id, NEW.product_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER site_version ON product_reviews;
--> statement-breakpoint
CREATE TRIGGER site_version AFTER INSERT OR UPDATE OR DELETE ON product_reviews FOR EACH ROW EXECUTE FUNCTION product_row_changed();
