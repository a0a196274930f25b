-- The editor's comment moderation list read at most 500 comments of a status, newest first, with
-- no index led by the site: 101 ms p50 at 10 000 comments. It is now keyset-paged, 50 a page, along
-- (website_id, status, created_at, id) read backwards (newest first); the tabs' per-status counts
-- read the same index.
CREATE INDEX "blog_comments_site_status_created" ON "blog_comments" USING btree ("website_id","status","created_at","id");
