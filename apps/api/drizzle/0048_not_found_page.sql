-- Every site gets its "page not found" system page (type 100 at /404) for the owner to build with
-- blocks; until it is published visitors keep the theme's default. Its draft starts from the same
-- words as DEFAULT_NOT_FOUND_DOCUMENT (@site/page-content).
INSERT INTO "pages" ("id", "website_id", "path", "title", "page_type", "kind", "template_name", "status", "draft_document")
SELECT w."id" || '-not-found', w."id", '/404', 'Page not found', 100, 'system', 'not-found', 'published',
  '{"sections":[{"id":"not-found","background":"default","width":"narrow","blocks":[{"id":"not-found-heading","type":"heading","settings":{"text":"Page not found","level":1,"align":"left"}},{"id":"not-found-text","type":"text","settings":{"text":"We couldn''t find that page. It may have moved, or the link may be mistyped.\n\nGo to the home page or search the site.","html":"<p>We couldn''t find that page. It may have moved, or the link may be mistyped.</p><p><a href=\"/\">Go to the home page</a> or <a href=\"/search\">search the site</a>.</p>","align":"left"}}]}]}'::jsonb
FROM "websites" w
WHERE NOT EXISTS (SELECT 1 FROM "pages" p WHERE p."website_id" = w."id" AND (p."path" = '/404' OR p."page_type" = 100));
