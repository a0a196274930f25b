-- Paid member areas (src/member-areas/README.md): an area's product, the order behind a paid membership,
-- and who a paid area's checkout is for.
CREATE TABLE "member_area_checkouts" (
	"cart_id" text PRIMARY KEY NOT NULL,
	"area_id" text NOT NULL,
	"member_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_area_members" ADD COLUMN "order_id" text;--> statement-breakpoint
ALTER TABLE "member_areas" ADD COLUMN "product_id" text;--> statement-breakpoint
ALTER TABLE "member_area_checkouts" ADD CONSTRAINT "member_area_checkouts_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_area_checkouts" ADD CONSTRAINT "member_area_checkouts_area_id_member_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."member_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_area_checkouts" ADD CONSTRAINT "member_area_checkouts_member_id_site_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."site_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_area_members" ADD CONSTRAINT "member_area_members_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_areas" ADD CONSTRAINT "member_areas_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;