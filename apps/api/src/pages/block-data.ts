import type { BlockRenderData, PageDocument } from '@site/page-content';
import { documentReferences } from '@site/page-content';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { files } from '../db/schema';
import { toView } from '../files/file-store';
import { loadForm } from '../forms/form-store';
import { loadSummaryCollections } from '../collections/collection-store';
import { loadProductItems, loadProductItemsByIds, type PageRow, type WebsiteRow } from '../site/site-data';
import { storeSettings } from '../commerce/cart-store';
import { loadPhotoFeedItems } from '../photo-feeds/photo-feed-store';

/**
 * The site data the documents' blocks show (products, collections, forms, uploaded images, the
 * current paths of pages linked by id), loaded by the ids the documents name and nothing more;
 * items have exactly the shape templates get elsewhere.
 */
export async function loadBlockRenderData(
  db: Database,
  website: WebsiteRow,
  allPages: readonly PageRow[],
  documents: readonly PageDocument[],
): Promise<BlockRenderData> {
  const wanted = {
    products: new Set<string>(),
    collections: new Set<string>(),
    forms: new Set<string>(),
    files: new Set<string>(),
    pages: new Set<string>(),
    photoFeeds: new Set<string>(),
  };
  for (const document of documents) {
    const refs = documentReferences(document);
    refs.products.forEach((id) => wanted.products.add(id));
    refs.collections.forEach((id) => wanted.collections.add(id));
    refs.forms.forEach((id) => wanted.forms.add(id));
    refs.files.forEach((id) => wanted.files.add(id));
    refs.pages.forEach((id) => wanted.pages.add(id));
    refs.photoFeeds.forEach((url) => wanted.photoFeeds.add(url));
  }
  const data = {
    products: new Map(),
    collections: new Map(),
    forms: new Map(),
    files: new Map(),
    // Read at render time, so a link to a renamed page goes to its new path.
    pages: new Map(
      wanted.pages.size ? allPages.filter((p) => wanted.pages.has(p.id)).map((p) => [p.id, p.path]) : [],
    ),
    websiteSettings: { storeSettings: storeSettings(website) },
    photoFeeds: new Map(),
  } satisfies BlockRenderData;
  // Most documents name no product or collection: a big store's hundreds of pages are not walked then.
  const named = wanted.collections.size > 0 || wanted.products.size > 0;
  const shops = named ? allPages.filter((p) => p.collectionType === 'products') : [];
  const others = named
    ? allPages.filter((p) => p.collectionType !== 'products' && wanted.collections.has(p.id))
    : [];
  await Promise.all([
    (async () => {
      if (others.length === 0) return;
      for (const [id, collection] of await loadSummaryCollections(db, others, new Date()))
        data.collections.set(id, collection);
    })(),
    // Whole stores shown by summary blocks, one read each.
    ...shops
      .filter((shop) => wanted.collections.has(shop.id))
      .map(async (shop) => {
        const items = await loadProductItems(db, website, shop);
        data.collections.set(shop.id, { title: shop.title, fullUrl: shop.path, items });
      }),
    // Products named one by one, in whichever store each is: one read for all of them.
    (async () => {
      for (const item of await loadProductItemsByIds(db, website, shops, [...wanted.products]))
        data.products.set(item.id, item);
    })(),
    ...[...wanted.forms].map(async (id) => {
      const loaded = await loadForm(db, website.id, id);
      if (loaded.kind === 'found') data.forms.set(id, loaded.form);
    }),
    (async () => {
      if (wanted.files.size === 0) return;
      const rows = await db
        .select()
        .from(files)
        .where(and(eq(files.websiteId, website.id), inArray(files.id, [...wanted.files])));
      for (const row of rows) data.files.set(row.id, toView(row) as unknown as Record<string, unknown>);
    })(),
    // The last good pictures of the feeds galleries show (one read; none when no gallery has a feed).
    (async () => {
      if (wanted.photoFeeds.size === 0) return;
      for (const [url, items] of await loadPhotoFeedItems(db, website.id, [...wanted.photoFeeds]))
        data.photoFeeds.set(url, items);
    })(),
  ]);
  return data;
}
