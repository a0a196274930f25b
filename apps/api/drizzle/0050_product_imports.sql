-- An owner's product CSV import: the file, the job's progress and each refused product's row and reason.
CREATE TABLE "product_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"website_id" text NOT NULL,
	"collection_id" text NOT NULL,
	"member_id" text NOT NULL,
	"member_email" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_imports_site_created" ON "product_imports" USING btree ("website_id","created_at");