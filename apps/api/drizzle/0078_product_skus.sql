ALTER TABLE "products" ADD COLUMN "skus" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Filled without the product triggers: the copy is new, no product's pages change with it.
ALTER TABLE "products" DISABLE TRIGGER site_version;--> statement-breakpoint
UPDATE "products" p SET "skus" = s.skus
FROM (SELECT product_id, string_agg(sku, E'\n' ORDER BY position, id) AS skus FROM variants GROUP BY product_id) s
WHERE p.id = s.product_id;--> statement-breakpoint
ALTER TABLE "products" ENABLE TRIGGER site_version;--> statement-breakpoint
-- Every product row was written anew: its new entries in the GIN indexes' pending lists would be
-- read by every search until autovacuum merges them (a title search's 1 ms became 22 at 100 000).
SELECT gin_clean_pending_list('products_title_trgm'::regclass), gin_clean_pending_list('products_search'::regclass);--> statement-breakpoint
CREATE INDEX "products_skus_trgm" ON "products" USING gin ("skus" gin_trgm_ops);--> statement-breakpoint
ANALYZE "products";--> statement-breakpoint
-- The products' SKU lines, written only when they differ: a sale's stock change never reaches here
-- (the update trigger names its columns), and an unchanged list writes no new product row.
CREATE FUNCTION refresh_product_skus(ids text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET skus = s.skus
  FROM (
    SELECT i.id, coalesce((SELECT string_agg(v.sku, E'\n' ORDER BY v.position, v.id) FROM variants v WHERE v.product_id = i.id), '') AS skus
    FROM unnest(ids) AS i(id)
  ) s
  WHERE p.id = s.id AND p.skus IS DISTINCT FROM s.skus
$$;--> statement-breakpoint
-- Inserts and deletes once per statement (an import or a product's delete touches many variants);
-- an edited SKU once per row, as transition tables cannot go with a column list.
CREATE FUNCTION variants_added_skus() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_product_skus(ARRAY(SELECT DISTINCT product_id FROM added));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION variants_removed_skus() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_product_skus(ARRAY(SELECT DISTINCT product_id FROM removed));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION variant_sku_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.sku, NEW.product_id) IS DISTINCT FROM (OLD.sku, OLD.product_id) THEN
    PERFORM refresh_product_skus(ARRAY[OLD.product_id, NEW.product_id]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Named to fire after site_version (triggers of one event fire in name order).
CREATE TRIGGER sku_search_added AFTER INSERT ON variants REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION variants_added_skus();--> statement-breakpoint
CREATE TRIGGER sku_search_removed AFTER DELETE ON variants REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION variants_removed_skus();--> statement-breakpoint
CREATE TRIGGER sku_search_changed AFTER UPDATE OF sku, product_id ON variants FOR EACH ROW EXECUTE FUNCTION variant_sku_changed();--> statement-breakpoint
-- A product row whose only change is its SKU lines moves its own counter (its variants' trigger
-- has too) but not the site's store lists: as with the columns below, no list orders by them.
CREATE OR REPLACE FUNCTION product_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_product_version(OLD.website_id, OLD.id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.id, NEW.website_id) IS DISTINCT FROM (OLD.id, OLD.website_id)) THEN
    PERFORM bump_product_version(NEW.website_id, NEW.id);
  END IF;
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - 'image_url' - 'details' - 'url_id' - 'product_type' - 'seo' - 'version' - 'updated_at' - 'search_vector' - 'skus')
      IS NOT DISTINCT FROM (to_jsonb(NEW) - 'image_url' - 'details' - 'url_id' - 'product_type' - 'seo' - 'version' - 'updated_at' - 'search_vector' - 'skus') THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM bump_site_version(OLD.website_id, 'catalog'); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.website_id IS DISTINCT FROM OLD.website_id) THEN
    PERFORM bump_site_version(NEW.website_id, 'catalog');
  END IF;
  RETURN NULL;
END $$;
