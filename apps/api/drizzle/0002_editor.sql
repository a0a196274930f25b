CREATE TABLE "page_revisions" (
	"id" text PRIMARY KEY NOT NULL,
	"website_id" text NOT NULL,
	"page_id" text NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"website_id" text NOT NULL,
	"from_path" text NOT NULL,
	"to_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirects_website_id_from_path_pk" PRIMARY KEY("website_id","from_path")
);
--> statement-breakpoint
CREATE TABLE "site_header_footer" (
	"website_id" text PRIMARY KEY NOT NULL,
	"header" jsonb NOT NULL,
	"footer" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_navigation" (
	"website_id" text NOT NULL,
	"field_name" text NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "site_navigation_website_id_field_name_pk" PRIMARY KEY("website_id","field_name")
);
--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "kind" text DEFAULT 'page' NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "parent_id" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "folder_behavior" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "draft_document" jsonb;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "published_document" jsonb;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "page_revisions" ADD CONSTRAINT "page_revisions_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_revisions" ADD CONSTRAINT "page_revisions_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_revisions" ADD CONSTRAINT "page_revisions_author_id_site_members_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."site_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redirects" ADD CONSTRAINT "redirects_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_header_footer" ADD CONSTRAINT "site_header_footer_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_navigation" ADD CONSTRAINT "site_navigation_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_revisions_page" ON "page_revisions" USING btree ("page_id","created_at");--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_parent_id_pages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Rows from before the editor: the shop is a collection, cart and checkout are system pages, and
-- the description kept in the page context is copied to the column the editor edits.
UPDATE "pages" SET "kind" = 'collection' WHERE "collection_type" = 'products';--> statement-breakpoint
UPDATE "pages" SET "kind" = 'system' WHERE "page_type" IN (200, 201);--> statement-breakpoint
UPDATE "pages" SET "description" = "context"->>'description' WHERE jsonb_typeof("context"->'description') = 'string';
