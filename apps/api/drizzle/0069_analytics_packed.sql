-- Issue 25 at 100 000 products: a 30-day analytics report summed ~290 000 analytics_counts rows
-- (a row per page per period) for its top pages, and read ~42 000 orders for its sales: seconds.
-- analytics_packed holds a period's page and referrer counts in one row (key numbers from
-- analytics_keys, delta and LEB128 varints, see src/analytics/pack.ts) that the server adds up;
-- order_sales_hours keeps sales per site and UTC hour, so a report reads hours, not orders.
-- Also: the visitor recordings list is ordered by (started_at desc nulls last, id desc nulls last),
-- its index now is too (a bare desc is nulls first, and the index lacked id: every row was sorted).
CREATE TABLE "analytics_keys" (
	"website_id" text NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"id" integer NOT NULL,
	CONSTRAINT "analytics_keys_website_id_dimension_key_pk" PRIMARY KEY("website_id","dimension","key")
);
--> statement-breakpoint
CREATE TABLE "analytics_packed" (
	"website_id" text NOT NULL,
	"tz" text NOT NULL,
	"period" text NOT NULL,
	"start" date NOT NULL,
	"pages" "bytea" NOT NULL,
	"referrers" "bytea" NOT NULL,
	CONSTRAINT "analytics_packed_website_id_tz_period_start_pk" PRIMARY KEY("website_id","tz","period","start")
);
--> statement-breakpoint
CREATE TABLE "order_sales_hours" (
	"website_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"orders" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	CONSTRAINT "order_sales_hours_website_id_hour_pk" PRIMARY KEY("website_id","hour")
);
--> statement-breakpoint
DROP INDEX "visitor_recordings_site_started";--> statement-breakpoint
ALTER TABLE "analytics_keys" ADD CONSTRAINT "analytics_keys_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_packed" ADD CONSTRAINT "analytics_packed_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sales_hours" ADD CONSTRAINT "order_sales_hours_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_keys_id" ON "analytics_keys" USING btree ("website_id","dimension","id");--> statement-breakpoint
CREATE INDEX "visitor_recordings_site_started" ON "visitor_recordings" USING btree ("website_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- One unsigned LEB128 varint: 7 bits a byte, low bits first, the high bit set on all but the last.
CREATE FUNCTION analytics_varint(v bigint) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN v < 128 THEN set_byte('\x00'::bytea, 0, v::int)
    WHEN v < 16384 THEN set_byte(set_byte('\x0000'::bytea, 0, (v & 127)::int | 128), 1, (v >> 7)::int)
    WHEN v < 2097152 THEN set_byte(set_byte(set_byte('\x000000'::bytea, 0, (v & 127)::int | 128), 1, ((v >> 7) & 127)::int | 128), 2, (v >> 14)::int)
    WHEN v < 268435456 THEN set_byte(set_byte(set_byte(set_byte('\x00000000'::bytea, 0, (v & 127)::int | 128), 1, ((v >> 7) & 127)::int | 128), 2, ((v >> 14) & 127)::int | 128), 3, (v >> 21)::int)
    ELSE set_byte(set_byte(set_byte(set_byte(set_byte('\x0000000000'::bytea, 0, (v & 127)::int | 128), 1, ((v >> 7) & 127)::int | 128), 2, ((v >> 14) & 127)::int | 128), 3, ((v >> 21) & 127)::int | 128), 4, (v >> 28)::int)
  END
$$;--> statement-breakpoint
-- Sales by the UTC hour an order was placed in: orders not cancelled, grand total minus refunds.
-- Deferred to the commit, so a checkout holds the hour's row only while it commits, not from its
-- order insert on; an order inserted and changed in one transaction adds its parts at the commit.
CREATE FUNCTION count_order_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.cancelled_at IS NULL THEN
    UPDATE order_sales_hours
      SET orders = orders - 1, revenue_cents = revenue_cents - (OLD.grand_total_cents - OLD.refunded_cents)
      WHERE website_id = OLD.website_id AND hour = date_trunc('hour', OLD.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.cancelled_at IS NULL THEN
    INSERT INTO order_sales_hours AS s (website_id, hour, orders, revenue_cents)
      VALUES (NEW.website_id, date_trunc('hour', NEW.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 1, NEW.grand_total_cents - NEW.refunded_cents)
      ON CONFLICT (website_id, hour) DO UPDATE
      SET orders = s.orders + 1, revenue_cents = s.revenue_cents + excluded.revenue_cents;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sales_hours AFTER INSERT OR DELETE ON orders DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION count_order_sales();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sales_hours_update AFTER UPDATE OF website_id, created_at, cancelled_at, grand_total_cents, refunded_cents ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.website_id IS DISTINCT FROM NEW.website_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.cancelled_at IS DISTINCT FROM NEW.cancelled_at OR OLD.grand_total_cents IS DISTINCT FROM NEW.grand_total_cents
    OR OLD.refunded_cents IS DISTINCT FROM NEW.refunded_cents)
  EXECUTE FUNCTION count_order_sales();--> statement-breakpoint
INSERT INTO order_sales_hours (website_id, hour, orders, revenue_cents)
  SELECT website_id, date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*), sum(grand_total_cents - refunded_cents)
  FROM orders WHERE cancelled_at IS NULL GROUP BY 1, 2;