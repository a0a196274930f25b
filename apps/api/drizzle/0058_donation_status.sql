-- A donation paid through Stripe waits, pending, for the processor to confirm it (3-D Secure, webhook).
ALTER TABLE "donations" ADD COLUMN "status" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "payment_error" text;