ALTER TABLE "digital_downloads" ALTER COLUMN "max_downloads" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "digital_downloads" ALTER COLUMN "expires_at" DROP NOT NULL;