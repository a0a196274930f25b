ALTER TABLE "site_domains" ADD COLUMN "verification_token" text;--> statement-breakpoint
ALTER TABLE "site_domains" ADD COLUMN "verified_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "deleted_at" timestamp with time zone;