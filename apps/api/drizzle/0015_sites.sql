CREATE TABLE "site_domains" (
	"host" text PRIMARY KEY NOT NULL,
	"website_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "site_domains" ADD CONSTRAINT "site_domains_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_domains_site" ON "site_domains" USING btree ("website_id");--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_slug_unique" UNIQUE("slug");