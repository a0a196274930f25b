ALTER TABLE "websites" ADD COLUMN "theme" text DEFAULT 'fieldnotes' NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "previous_theme" jsonb;