CREATE TABLE "site_icons" (
	"website_id" text NOT NULL,
	"size" integer NOT NULL,
	"png" "bytea" NOT NULL,
	CONSTRAINT "site_icons_website_id_size_pk" PRIMARY KEY("website_id","size")
);
--> statement-breakpoint
ALTER TABLE "site_icons" ADD CONSTRAINT "site_icons_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;