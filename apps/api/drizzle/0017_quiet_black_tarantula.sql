ALTER TABLE "orders" ADD COLUMN "subscription_cycle" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_next_billing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "renewal_of" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "renewal_cycle" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_renewal" ON "orders" USING btree ("renewal_of","renewal_cycle");--> statement-breakpoint
CREATE INDEX "orders_subscription_due" ON "orders" USING btree ("subscription_next_billing_at");