ALTER TABLE "orders" ADD COLUMN "subscription_anchor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_anchor_cycle" integer DEFAULT 0 NOT NULL;