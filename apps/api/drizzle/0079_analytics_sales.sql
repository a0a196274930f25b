-- The analytics report's sales figures (src/analytics/sales.ts) as a function, so each connection
-- plans its statements once: planning the statement it replaces took 1.8 ms of PostgreSQL's time
-- per report at 100 000 products, three times as long as running it. The whole UTC hours of the
-- span come from order_sales_hours (migration 0069); the orders of its partial first and last
-- hour (a zone half an hour off UTC, or `until`) are read themselves, by index.
CREATE FUNCTION analytics_sales(site text, from_day date, to_day date, tz text, until timestamptz,
  OUT orders bigint, OUT revenue bigint)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  lo timestamptz := from_day::timestamp AT TIME ZONE tz;
  hi timestamptz := least(to_day::timestamp AT TIME ZONE tz, until);
  lo_hour timestamptz := date_trunc('hour', lo AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  hi_hour timestamptz;
BEGIN
  IF lo_hour < lo THEN
    lo_hour := lo_hour + interval '1 hour';
  END IF;
  hi_hour := greatest(lo_hour, date_trunc('hour', hi AT TIME ZONE 'UTC') AT TIME ZONE 'UTC');
  SELECT coalesce(sum(h.orders), 0), coalesce(sum(h.revenue_cents), 0) INTO orders, revenue
    FROM order_sales_hours h
    WHERE h.website_id = site AND h.hour >= lo_hour AND h.hour < hi_hour;
  SELECT analytics_sales.orders + count(*), analytics_sales.revenue + coalesce(sum(o.grand_total_cents - o.refunded_cents), 0)
    INTO orders, revenue
    FROM orders o
    WHERE o.website_id = site AND o.cancelled_at IS NULL
      AND ((o.created_at >= lo AND o.created_at < least(lo_hour, hi)) OR (o.created_at >= hi_hour AND o.created_at < hi));
END $$;
