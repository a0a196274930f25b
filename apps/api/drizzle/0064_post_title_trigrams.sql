-- The site search's titles fallback reads blog posts by trigram, as it does pages and products
-- (src/pages/search.ts); before, every post's title had word_similarity computed per search.
CREATE INDEX "blog_posts_title_trgm" ON "blog_posts" USING gin ("title" gin_trgm_ops);