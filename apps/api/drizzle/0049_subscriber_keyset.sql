-- The subscriber list and its export page by (consented_at desc, email): one index reads both in
-- order; the trigram index answers the editor's email search in a big list.
DROP INDEX "mailing_list_subscribers_list_consented";--> statement-breakpoint
CREATE INDEX "mailing_list_subscribers_list_consented_email" ON "mailing_list_subscribers" USING btree ("list_id","consented_at" DESC NULLS FIRST,"email");--> statement-breakpoint
CREATE INDEX "mailing_list_subscribers_email_trgm" ON "mailing_list_subscribers" USING gin ("email" gin_trgm_ops);