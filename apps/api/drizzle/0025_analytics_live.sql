ALTER TABLE "analytics_periods" ADD COLUMN "computed_at" timestamp with time zone;--> statement-breakpoint
-- Month rows now carry their visitors' sketch; older ones are summed again from their days on the next read.
DELETE FROM "analytics_counts" WHERE "period" = 'month';
--> statement-breakpoint
DELETE FROM "analytics_periods" WHERE "period" = 'month';
