DROP INDEX "donations_site_created";--> statement-breakpoint
CREATE INDEX "donations_site_list" ON "donations" USING btree ("website_id","status","created_at","id");