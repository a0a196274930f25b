-- Editor lists at scale (README "Big stores"): an area's members newest first from the cursor, and the
-- discounts list in its order (live first, then archived, each oldest first), a page at a time.
CREATE INDEX "discounts_site_list" ON "discounts" USING btree ("website_id",("archived_at" is not null),"created_at","id");--> statement-breakpoint
CREATE INDEX "member_area_members_area_joined" ON "member_area_members" USING btree ("area_id","joined_at","member_id");