CREATE TABLE "site_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"website_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_activity" ADD CONSTRAINT "site_activity_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_activity" ADD CONSTRAINT "site_activity_actor_id_site_members_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."site_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_activity_site_at" ON "site_activity" USING btree ("website_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "site_activity_site_actor" ON "site_activity" USING btree ("website_id","actor_id","at" DESC NULLS LAST);