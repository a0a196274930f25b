CREATE TABLE "visitor_recordings" (
	"id" text PRIMARY KEY NOT NULL,
	"website_id" text NOT NULL,
	"visitor_id" text NOT NULL,
	"visit_started_at" timestamp with time zone NOT NULL,
	"country" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_event_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_count" integer DEFAULT 0 NOT NULL,
	"bytes" integer DEFAULT 0 NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitor_recordings" ADD CONSTRAINT "visitor_recordings_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_recordings_visit" ON "visitor_recordings" USING btree ("website_id","visitor_id","visit_started_at");--> statement-breakpoint
CREATE INDEX "visitor_recordings_site_started" ON "visitor_recordings" USING btree ("website_id","started_at" DESC NULLS LAST);