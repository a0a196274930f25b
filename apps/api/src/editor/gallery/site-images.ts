import { galleryItemsSchema, type PageDocument, type SiteImage } from '@site/page-content';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';
import { loadPages } from '../../site/site-data';

/** Enough pictures to pick from in a side panel; a store of 100 000 products offers its latest. */
export const SITE_IMAGES_LIMIT = 200;

/** The pictures of a page's image and gallery blocks (its draft: what the owner is working on). */
function documentImages(document: PageDocument | null): { src: string; alt: string }[] {
  const found: { src: string; alt: string }[] = [];
  for (const section of document?.sections ?? [])
    for (const block of section.blocks) {
      if (block.type === 'image' && typeof block.settings.src === 'string')
        found.push({ src: block.settings.src, alt: String(block.settings.alt ?? '') });
      if (block.type === 'gallery') {
        const items = galleryItemsSchema.safeParse(block.settings.images);
        for (const item of items.success ? items.data : [])
          if (item.type === 'imageFile' || item.type === 'imageReused')
            found.push({ src: item.src, alt: item.alt });
      }
    }
  return found;
}

/**
 * platform.md §3 media type imageReused: the pictures already on the site, each once, with where
 * it is used. Pages first (in menu order), then the latest products.
 */
export async function siteImages(db: Database, websiteId: string): Promise<SiteImage[]> {
  const pageRows = await loadPages(db, websiteId);
  const productRows = await db
    .select({ title: products.title, imageUrl: products.imageUrl })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), isNotNull(products.imageUrl)))
    .orderBy(desc(products.updatedAt))
    .limit(SITE_IMAGES_LIMIT);
  const seen = new Map<string, SiteImage>();
  const add = (src: string, alt: string, source: string) => {
    if (src && !seen.has(src) && seen.size < SITE_IMAGES_LIMIT) seen.set(src, { src, alt, source });
  };
  for (const page of pageRows)
    for (const image of documentImages(page.draftDocument ?? page.publishedDocument))
      add(image.src, image.alt, `Page: ${page.title}`);
  for (const product of productRows) add(product.imageUrl ?? '', product.title, `Product: ${product.title}`);
  return [...seen.values()];
}
