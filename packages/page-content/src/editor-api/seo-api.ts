import { z } from 'zod';
import { text } from '../text';
import { pageSeoSchema } from './pages-api';

/**
 * Search engine settings of products and blog posts (issue 28); a page's are `pageSeoSchema`, and
 * a collection is a page. A product's are saved by their own call, like its tags, so the product
 * form's save keeps its one schema; a post's travel with the post.
 */
export const PRODUCT_SEO_ROUTE = '/api/editor/store/products/:id/seo';
export const productSeoPath = (productId: string) =>
  PRODUCT_SEO_ROUTE.replace(':id', encodeURIComponent(productId));

/** Search engines show about 160 characters of a description; more is allowed but cut in results. */
export const SEO_DESCRIPTION_MAX = 500;

/**
 * A product's or blog post's search settings: a page's, plus its own description, since an item's
 * summary (excerpt) is written for the shop or the blog list, not for search results.
 * An empty description falls back to the summary.
 */
export const itemSeoSchema = pageSeoSchema.extend({
  description: text(SEO_DESCRIPTION_MAX)
    .transform((v) => v.trim())
    .default(''),
});
export type ItemSeo = z.output<typeof itemSeoSchema>;

/** An item's stored settings, or the defaults when never set or stored before a rule tightened. */
export function readItemSeo(stored: unknown): ItemSeo {
  const parsed = itemSeoSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : itemSeoSchema.parse({});
}
