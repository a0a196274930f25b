-- Donations through a donation block: one amount paid through the site's processor, not an order.
CREATE TABLE "donations" (
	"id" text PRIMARY KEY NOT NULL,
	"website_id" text NOT NULL,
	"block_id" text NOT NULL,
	"fund" text DEFAULT '' NOT NULL,
	"donor_name" text NOT NULL,
	"email" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_provider" text NOT NULL,
	"payment_reference" text NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"access_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_site_created" ON "donations" USING btree ("website_id","created_at");