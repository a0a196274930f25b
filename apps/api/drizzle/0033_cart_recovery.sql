CREATE TABLE "cart_reminder_optouts" (
	"website_id" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_reminder_optouts_website_id_email_pk" PRIMARY KEY("website_id","email")
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "recovery_origin" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "recovery_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_reminder_optouts" ADD CONSTRAINT "cart_reminder_optouts_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carts_recovery_due" ON "carts" USING btree ("updated_at") WHERE "carts"."email" is not null and "carts"."is_purchased" = false and "carts"."recovery_settled_at" is null;