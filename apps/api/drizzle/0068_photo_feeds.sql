CREATE TABLE "photo_feeds" (
	"website_id" text NOT NULL,
	"url" text NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fetched_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"tried_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_feeds_website_id_url_pk" PRIMARY KEY("website_id","url")
);
--> statement-breakpoint
ALTER TABLE "photo_feeds" ADD CONSTRAINT "photo_feeds_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_feeds_tried" ON "photo_feeds" USING btree ("tried_at");--> statement-breakpoint
-- Pages show a feed's items: a change of them (not of the fetch times or the failure) re-renders them.
CREATE TRIGGER site_version AFTER DELETE ON photo_feeds FOR EACH ROW EXECUTE FUNCTION site_row_changed('content');
--> statement-breakpoint
CREATE TRIGGER site_version_items AFTER UPDATE ON photo_feeds FOR EACH ROW
  WHEN (OLD.items IS DISTINCT FROM NEW.items)
  EXECUTE FUNCTION site_row_changed('content');
