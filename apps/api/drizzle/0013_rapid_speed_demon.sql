CREATE TABLE "access_locks" (
	"id" text PRIMARY KEY NOT NULL,
	"website_id" text NOT NULL,
	"scope" text NOT NULL,
	"password_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_locks" ADD CONSTRAINT "access_locks_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_locks_site_scope" ON "access_locks" USING btree ("website_id","scope");--> statement-breakpoint
-- Adding, changing or removing a lock changes what visitors see: cached pages must not outlive it.
CREATE TRIGGER site_version AFTER INSERT OR UPDATE OR DELETE ON access_locks FOR EACH ROW EXECUTE FUNCTION site_row_changed('content');
