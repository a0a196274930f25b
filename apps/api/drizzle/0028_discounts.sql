CREATE TABLE "discount_redemptions" (
	"discount_id" text NOT NULL,
	"order_id" text NOT NULL,
	"email" text NOT NULL,
	"member_id" text,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" text PRIMARY KEY NOT NULL,
	"website_id" text NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"effect" jsonb NOT NULL,
	"scope" jsonb NOT NULL,
	"minimum" jsonb NOT NULL,
	"starts_on" text,
	"ends_on" text,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"combinable" boolean DEFAULT false NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_order" ON "discount_redemptions" USING btree ("discount_id","order_id");--> statement-breakpoint
CREATE INDEX "discount_redemptions_email" ON "discount_redemptions" USING btree ("discount_id","email");--> statement-breakpoint
CREATE INDEX "discount_redemptions_order_id" ON "discount_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "discounts_site" ON "discounts" USING btree ("website_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_site_code" ON "discounts" USING btree ("website_id",lower("code")) WHERE "discounts"."code" is not null;--> statement-breakpoint
-- The coupons the store settings held become discount codes with the same effect and minimum.
INSERT INTO "discounts" ("id", "website_id", "name", "code", "effect", "scope", "minimum")
SELECT 'coupon-' || md5(w."id" || lower(c->>'code')), w."id", c->>'code', c->>'code',
  CASE WHEN c->>'kind' = 'percent'
    THEN jsonb_build_object('type', 'percentage', 'basisPoints', (c->>'basisPoints')::int)
    ELSE jsonb_build_object('type', 'fixed-amount', 'amountCents', (c->>'amountCents')::int) END,
  '{"type":"all"}'::jsonb,
  CASE WHEN coalesce((c->>'minSubtotalCents')::int, 0) > 0
    THEN jsonb_build_object('type', 'subtotal', 'amountCents', (c->>'minSubtotalCents')::int)
    ELSE '{"type":"none"}'::jsonb END
FROM "websites" w
CROSS JOIN LATERAL jsonb_array_elements(
  CASE WHEN jsonb_typeof(w."settings"->'storeSettings'->'coupons') = 'array'
    THEN w."settings"->'storeSettings'->'coupons' ELSE '[]'::jsonb END) c
WHERE c->>'code' ~ '^[A-Za-z0-9_-]{1,64}$'
  AND coalesce((c->>'basisPoints')::int, (c->>'amountCents')::int, 0) > 0
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "websites" SET "settings" = jsonb_set("settings", '{storeSettings}', ("settings"->'storeSettings') - 'coupons')
WHERE jsonb_typeof("settings"->'storeSettings') = 'object' AND "settings"->'storeSettings' ? 'coupons';
