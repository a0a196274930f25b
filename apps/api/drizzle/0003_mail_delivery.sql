ALTER TABLE "outgoing_emails" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outgoing_emails" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "outgoing_emails" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outgoing_emails" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outgoing_emails" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outgoing_emails" ADD COLUMN "failed_at" timestamp with time zone;