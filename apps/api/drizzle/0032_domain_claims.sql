-- A host is no longer one site's from the first claim: sites may each hold an unverified claim,
-- and only a verified host is unique (first to verify wins).
ALTER TABLE "site_domains" DROP CONSTRAINT "site_domains_pkey";--> statement-breakpoint
ALTER TABLE "site_domains" ADD CONSTRAINT "site_domains_host_website_id_pk" PRIMARY KEY("host","website_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_domains_verified_host" ON "site_domains" USING btree ("host") WHERE "site_domains"."verified_at" is not null;
