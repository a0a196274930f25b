CREATE TABLE "analytics_counts" (
	"website_id" text NOT NULL,
	"tz" text NOT NULL,
	"period" text NOT NULL,
	"start" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"bucket" numeric NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "analytics_counts_website_id_tz_period_start_dimension_key_bucket_pk" PRIMARY KEY("website_id","tz","period","start","dimension","key","bucket")
);
--> statement-breakpoint
CREATE TABLE "analytics_periods" (
	"website_id" text NOT NULL,
	"tz" text NOT NULL,
	"period" text NOT NULL,
	"start" date NOT NULL,
	"page_views" integer NOT NULL,
	"visits" integer NOT NULL,
	"product_visits" integer NOT NULL,
	"carts" integer NOT NULL,
	"checkout_visits" integer NOT NULL,
	"visitor_sketch" "bytea",
	CONSTRAINT "analytics_periods_website_id_tz_period_start_pk" PRIMARY KEY("website_id","tz","period","start")
);
--> statement-breakpoint
ALTER TABLE "analytics_counts" ADD CONSTRAINT "analytics_counts_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_periods" ADD CONSTRAINT "analytics_periods_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;