-- Row triggers of one event fire in name order. The tag counts' triggers (0065) fired before
-- `site_version`, so a write took a name's count row before the site's version row: a tag merge
-- holding the version row after its first product then waited for a count row that another
-- writer held while it waited for the version row (a deadlock). Renamed to fire after it, every
-- writer of a site takes the version row first and the count rows only while holding it.
ALTER TRIGGER name_counts ON products RENAME TO tag_name_counts;--> statement-breakpoint
ALTER TRIGGER name_counts_update ON products RENAME TO tag_name_counts_update;--> statement-breakpoint
ALTER TRIGGER name_counts ON blog_posts RENAME TO tag_name_counts;--> statement-breakpoint
ALTER TRIGGER name_counts_update ON blog_posts RENAME TO tag_name_counts_update;
