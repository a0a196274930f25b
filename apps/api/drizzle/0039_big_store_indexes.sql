-- Trigram indexes answer the editor's ILIKE '%…%' searches (emails, titles, SKUs) without a scan;
-- pg_trgm is a trusted extension, so the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "orders_site";--> statement-breakpoint
DROP INDEX "form_submissions_form";--> statement-breakpoint
CREATE INDEX "orders_site_number" ON "orders" USING btree ("website_id","order_number");--> statement-breakpoint
CREATE INDEX "orders_site_created" ON "orders" USING btree ("website_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_email_trgm" ON "orders" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_site_position" ON "products" USING btree ("website_id","position","id");--> statement-breakpoint
CREATE INDEX "products_site_title" ON "products" USING btree ("website_id","title","id");--> statement-breakpoint
CREATE INDEX "products_site_created" ON "products" USING btree ("website_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_title_trgm" ON "products" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "variants_sku_lower" ON "variants" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "variants_sku_trgm" ON "variants" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mailing_list_subscribers_list_consented" ON "mailing_list_subscribers" USING btree ("list_id","consented_at");--> statement-breakpoint
CREATE INDEX "form_submissions_form" ON "form_submissions" USING btree ("form_id","created_at","id");