-- The moderation tabs' counts ("Pending 2 501 · Approved 7 502") read every index entry of the
-- site's comments on each load. They are now kept per site and status by a row trigger in the
-- writing transaction (an upsert adds, so concurrent comments queue on the one row and none is
-- lost; a decrement is a plain update, so a site being deleted with its comments leaves nothing to
-- fail on). The trigger is named to fire after blog_comments' site_version trigger (row triggers
-- fire in name order), so every writer locks the site's version row and then the count row, never
-- the other way round (migration 0070's lesson).
CREATE TABLE "blog_comment_counts" (
	"website_id" text NOT NULL,
	"status" text NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "blog_comment_counts_website_id_status_pk" PRIMARY KEY("website_id","status")
);
--> statement-breakpoint
ALTER TABLE "blog_comment_counts" ADD CONSTRAINT "blog_comment_counts_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION tally_comment_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE blog_comment_counts SET comments = comments - 1
    WHERE website_id = OLD.website_id AND status = OLD.status;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO blog_comment_counts AS c (website_id, status, comments) VALUES (NEW.website_id, NEW.status, 1)
    ON CONFLICT (website_id, status) DO UPDATE SET comments = c.comments + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER tally_comment_status AFTER INSERT OR DELETE ON blog_comments FOR EACH ROW
  EXECUTE FUNCTION tally_comment_status();--> statement-breakpoint
CREATE TRIGGER tally_comment_status_update AFTER UPDATE OF status, website_id ON blog_comments FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.website_id IS DISTINCT FROM NEW.website_id)
  EXECUTE FUNCTION tally_comment_status();--> statement-breakpoint
INSERT INTO blog_comment_counts (website_id, status, comments)
  SELECT website_id, status, count(*) FROM blog_comments GROUP BY website_id, status;
