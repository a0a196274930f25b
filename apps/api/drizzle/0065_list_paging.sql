-- The editor's long lists without reading everything (issue 25 at 100 000 products).
-- Tag and category counts: the tag manager and the name pickers counted the names by unnesting
-- every product's (or post's) tags on each load. Now row triggers on products and blog_posts keep
-- one count per name in tag_counts, inside the writing transaction: one upsert per write of the
-- net change (a rewrite that keeps a name touches nothing for it), its rows taken in (site, type,
-- name) order so two writers queue rather than deadlock; a rolled-back write takes its change with it.
-- Blog posts and events: indexes in the editor lists' order (keyset pages); the events' titles by
-- trigram for their search (the posts' trigram index came with 0064).
CREATE TABLE "tag_counts" (
	"website_id" text NOT NULL,
	"collection" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tag_counts_website_id_collection_type_name_pk" PRIMARY KEY("website_id","collection","type","name")
);
--> statement-breakpoint
ALTER TABLE "tag_counts" ADD CONSTRAINT "tag_counts_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_posts_editor_list" ON "blog_posts" USING btree ("collection_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "collection_items_starts" ON "collection_items" USING btree ("collection_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "collection_items_title_trgm" ON "collection_items" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION count_item_names() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_site text;
  new_site text;
  old_tags jsonb := '[]';
  old_categories jsonb := '[]';
  new_tags jsonb := '[]';
  new_categories jsonb := '[]';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_site := OLD.website_id;
    old_tags := CASE WHEN jsonb_typeof(OLD.tags) = 'array' THEN OLD.tags ELSE '[]' END;
    old_categories := CASE WHEN jsonb_typeof(OLD.categories) = 'array' THEN OLD.categories ELSE '[]' END;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_site := NEW.website_id;
    new_tags := CASE WHEN jsonb_typeof(NEW.tags) = 'array' THEN NEW.tags ELSE '[]' END;
    new_categories := CASE WHEN jsonb_typeof(NEW.categories) = 'array' THEN NEW.categories ELSE '[]' END;
  END IF;
  INSERT INTO tag_counts AS c (website_id, collection, type, name, items)
    SELECT d.site, TG_ARGV[0], d.type, d.name, sum(d.n)::int
    FROM (
      SELECT old_site AS site, 'tag' AS type, e AS name, -1 AS n FROM jsonb_array_elements_text(old_tags) e
      UNION ALL SELECT old_site, 'category', e, -1 FROM jsonb_array_elements_text(old_categories) e
      UNION ALL SELECT new_site, 'tag', e, 1 FROM jsonb_array_elements_text(new_tags) e
      UNION ALL SELECT new_site, 'category', e, 1 FROM jsonb_array_elements_text(new_categories) e
    ) d
    GROUP BY d.site, d.type, d.name
    HAVING sum(d.n) <> 0
    ORDER BY d.site, d.type, d.name
  ON CONFLICT (website_id, collection, type, name) DO UPDATE SET items = c.items + excluded.items;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER name_counts AFTER INSERT OR DELETE ON products FOR EACH ROW
  EXECUTE FUNCTION count_item_names('products');--> statement-breakpoint
CREATE TRIGGER name_counts_update AFTER UPDATE OF tags, categories, website_id ON products FOR EACH ROW
  WHEN (OLD.tags IS DISTINCT FROM NEW.tags OR OLD.categories IS DISTINCT FROM NEW.categories OR OLD.website_id IS DISTINCT FROM NEW.website_id)
  EXECUTE FUNCTION count_item_names('products');--> statement-breakpoint
CREATE TRIGGER name_counts AFTER INSERT OR DELETE ON blog_posts FOR EACH ROW
  EXECUTE FUNCTION count_item_names('blog');--> statement-breakpoint
CREATE TRIGGER name_counts_update AFTER UPDATE OF tags, categories, website_id ON blog_posts FOR EACH ROW
  WHEN (OLD.tags IS DISTINCT FROM NEW.tags OR OLD.categories IS DISTINCT FROM NEW.categories OR OLD.website_id IS DISTINCT FROM NEW.website_id)
  EXECUTE FUNCTION count_item_names('blog');--> statement-breakpoint
INSERT INTO tag_counts (website_id, collection, type, name, items)
  SELECT website_id, 'products', 'tag', e, count(*) FROM products,
    jsonb_array_elements_text(CASE WHEN jsonb_typeof(tags) = 'array' THEN tags ELSE '[]' END) e GROUP BY website_id, e
  UNION ALL
  SELECT website_id, 'products', 'category', e, count(*) FROM products,
    jsonb_array_elements_text(CASE WHEN jsonb_typeof(categories) = 'array' THEN categories ELSE '[]' END) e GROUP BY website_id, e
  UNION ALL
  SELECT website_id, 'blog', 'tag', e, count(*) FROM blog_posts,
    jsonb_array_elements_text(CASE WHEN jsonb_typeof(tags) = 'array' THEN tags ELSE '[]' END) e GROUP BY website_id, e
  UNION ALL
  SELECT website_id, 'blog', 'category', e, count(*) FROM blog_posts,
    jsonb_array_elements_text(CASE WHEN jsonb_typeof(categories) = 'array' THEN categories ELSE '[]' END) e GROUP BY website_id, e;
