-- A site's deletion cascades to its products and posts, whose delete triggers then counted their
-- names down into tag_counts for a website row already gone (a foreign key violation that stopped
-- every site deletion). Names are now counted only for sites that still exist; the deleted site's
-- own counts go with it by the cascade.
CREATE OR REPLACE FUNCTION count_item_names() RETURNS trigger LANGUAGE plpgsql AS $$
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
    WHERE EXISTS (SELECT 1 FROM websites w WHERE w.id = d.site)
    GROUP BY d.site, d.type, d.name
    HAVING sum(d.n) <> 0
    ORDER BY d.site, d.type, d.name
  ON CONFLICT (website_id, collection, type, name) DO UPDATE SET items = c.items + excluded.items;
  RETURN NULL;
END $$;
