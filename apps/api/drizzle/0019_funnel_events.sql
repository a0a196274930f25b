-- The rollups are derived data: the funnel now counts add-to-cart, checkout and purchase events
-- instead of carts created and /checkout page views, so rolled days are dropped and re-rolled
-- from the events on the next dashboard call.
DELETE FROM "analytics_counts";--> statement-breakpoint
DELETE FROM "analytics_periods";--> statement-breakpoint
ALTER TABLE "analytics_periods" DROP COLUMN "carts";--> statement-breakpoint
ALTER TABLE "analytics_periods" ADD COLUMN "added_visits" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_periods" ADD COLUMN "purchases" integer NOT NULL;
