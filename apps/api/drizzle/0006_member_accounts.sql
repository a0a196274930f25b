CREATE TABLE "member_addresses" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"full_name" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_members" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_members" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_members" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "member_addresses" ADD CONSTRAINT "member_addresses_member_id_site_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."site_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tokens" ADD CONSTRAINT "member_tokens_member_id_site_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."site_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_addresses_member" ON "member_addresses" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "member_tokens_member" ON "member_tokens" USING btree ("member_id","purpose");--> statement-breakpoint
-- Members made before email verification existed were created by the owner or the seed: count them as verified.
UPDATE "site_members" SET "email_verified_at" = "created_at";