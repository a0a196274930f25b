-- Member areas (src/member-areas/README.md): named groups of gated pages and who joined them.
CREATE TABLE "member_area_members" (
	"area_id" text NOT NULL,
	"member_id" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_area_members_area_id_member_id_pk" PRIMARY KEY("area_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "member_area_pages" (
	"area_id" text NOT NULL,
	"page_id" text NOT NULL,
	"website_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "member_area_pages_area_id_page_id_pk" PRIMARY KEY("area_id","page_id")
);
--> statement-breakpoint
CREATE TABLE "member_areas" (
	"id" text PRIMARY KEY NOT NULL,
	"website_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_area_members" ADD CONSTRAINT "member_area_members_area_id_member_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."member_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_area_members" ADD CONSTRAINT "member_area_members_member_id_site_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."site_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_area_pages" ADD CONSTRAINT "member_area_pages_area_id_member_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."member_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_area_pages" ADD CONSTRAINT "member_area_pages_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_areas" ADD CONSTRAINT "member_areas_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_area_members_member" ON "member_area_members" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "member_area_pages_page" ON "member_area_pages" USING btree ("page_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_areas_site_name" ON "member_areas" USING btree ("website_id","name");--> statement-breakpoint
-- Which pages are gated, and how an area is named, is what visitors see: cached pages follow it.
CREATE TRIGGER site_version AFTER INSERT OR UPDATE OR DELETE ON member_areas FOR EACH ROW EXECUTE FUNCTION site_row_changed('content');
--> statement-breakpoint
CREATE TRIGGER site_version AFTER INSERT OR UPDATE OR DELETE ON member_area_pages FOR EACH ROW EXECUTE FUNCTION site_row_changed('content');
