CREATE TABLE "site_handoffs" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_handoffs" ADD CONSTRAINT "site_handoffs_member_id_site_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."site_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_handoffs_member" ON "site_handoffs" USING btree ("member_id");
--> statement-breakpoint
-- Hand-overs used to be sessions living two minutes: end them, so none still works as a cookie.
DELETE FROM "site_sessions" WHERE "expires_at" <= now() + interval '2 minutes';
