CREATE TABLE "site_components" (
	"id" text PRIMARY KEY NOT NULL,
	"website_id" text NOT NULL,
	"name" text NOT NULL,
	"blocks" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_components" ADD CONSTRAINT "site_components_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_components_site" ON "site_components" USING btree ("website_id","name");--> statement-breakpoint
-- A component edited, renamed or deleted changes every page that places it: their cached copies must go.
CREATE TRIGGER site_version AFTER INSERT OR UPDATE OR DELETE ON site_components FOR EACH ROW EXECUTE FUNCTION site_row_changed('content');
