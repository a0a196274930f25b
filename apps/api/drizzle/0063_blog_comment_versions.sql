-- Blog lists (comment counts) and posts (the comments) show approved comments, and the page cache
-- keeps those pages under the site's `posts` counter: a comment that is or was approved (approved,
-- marked spam, edited, deleted) bumps it in the writing transaction, whoever writes. A comment
-- still held for moderation shows nowhere, so it bumps nothing (a flood of them drops no page).
CREATE FUNCTION blog_comment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'approved' THEN
    PERFORM bump_site_version(OLD.website_id, 'posts');
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'approved'
      AND (TG_OP = 'INSERT' OR OLD.status <> 'approved' OR NEW.website_id IS DISTINCT FROM OLD.website_id) THEN
    PERFORM bump_site_version(NEW.website_id, 'posts');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER site_version AFTER INSERT OR UPDATE OR DELETE ON blog_comments FOR EACH ROW EXECUTE FUNCTION blog_comment_changed();
