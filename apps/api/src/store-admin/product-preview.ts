import { type CurrencyCode, storeUrlId } from '@site/commerce-core';
import {
  ADMIN_PRODUCT_TYPES,
  adminMessages,
  type AdminProductSave,
  parseMinorUnits,
} from '@site/commerce-core/admin';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { products, variants, websites } from '../db/schema';
import { siteLanguages } from '../multilingual/settings';
import { ApiError } from '../http';
import { BrokenTemplateError } from '../pages/error-page';
import { toProductItem } from '../site/product-item';
import { renderPage } from '../pages/render-page';
import { readSiteSnapshot } from '../pages/site-snapshot';
import type { SiteAssets } from '../site/assets';
import type { Viewer } from '../pages/site-chrome';
import { checkCurrency, checkReferences, productDetails, productNotFound, variantsOf } from './products';
import { findStore } from './stores';

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof variants.$inferSelect;

/**
 * The product page as the storefront would show the unsaved draft: the rows a save would write
 * are built in memory (from the same checks and details the save uses) and rendered by the
 * storefront's own renderer with the store's template. Nothing is written.
 */
export async function previewProduct(
  db: Database,
  websiteId: string,
  currency: CurrencyCode,
  id: string | undefined,
  input: AdminProductSave,
  assets: SiteAssets,
  viewer: Viewer,
  language?: string,
): Promise<{ html: string }> {
  checkCurrency(input, currency);
  if (language) await checkPreviewLanguage(db, websiteId, language);
  const store = await findStore(db, websiteId, input.collectionId);
  const [existing] = id
    ? await db
        .select()
        .from(products)
        .where(and(eq(products.id, id), eq(products.websiteId, websiteId)))
    : [];
  if (id && !existing) throw productNotFound();
  const saved = existing ? await variantsOf(db, [existing.id]) : [];
  const references = await checkReferences(db, websiteId, input);

  const row: ProductRow = {
    id: existing?.id ?? 'product-preview',
    websiteId,
    // Made by the database on save; a preview is never searched.
    searchVector: null,
    skus: '',
    collectionId: store.id,
    // A new product's address is only decided by its save; the preview's is never visited.
    urlId:
      input.urlId ??
      (existing?.collectionId === store.id ? existing.urlId : storeUrlId(input.title, [], 'product')),
    title: input.title,
    excerpt: input.excerpt,
    body: existing?.body ?? '',
    productType: ADMIN_PRODUCT_TYPES[input.productType],
    imageUrl: references.imageUrl,
    details: { ...productDetails(existing?.details ?? {}, input), imageUrls: references.imageUrls },
    // A save ignores the names (they have their own call); the preview shows the form's.
    tags: input.tags ?? existing?.tags ?? [],
    categories: input.categories ?? existing?.categories ?? [],
    position: existing?.position ?? 0,
    enabled: input.enabled,
    version: existing?.version ?? 0,
    createdAt: existing?.createdAt ?? new Date(),
    updatedAt: new Date(),
    // Saved by their own call; the preview shows the product page, not its head.
    seo: existing?.seo ?? {},
  };
  const variantRows: VariantRow[] = input.variants.map((v, position) => ({
    id: v.id ?? `variant-preview-${position}`,
    productId: row.id,
    sku: v.sku,
    attributes: v.attributes,
    priceCents: parseMinorUnits(v.price.value)!,
    salePriceCents: v.salePrice ? parseMinorUnits(v.salePrice.value)! : 0,
    onSale: v.onSale,
    // The editor leaves out stock the owner did not touch: the stock on hand shows.
    qtyInStock: v.qtyInStock ?? saved.find((s) => s.id === v.id)?.qtyInStock ?? 0,
    unlimited: v.unlimited,
    position,
  }));
  const item = toProductItem(row, variantRows, { id: store.id, path: store.path }, currency);
  try {
    // An added language is a path prefix (/fr/shop/p/…): the renderer translates what it shows.
    // Read now, not from the pages' snapshot: the preview shows the site as saved this moment.
    const site = await readSiteSnapshot(db, websiteId);
    if (!site) throw new ApiError(404, 'STORE_NOT_FOUND', adminMessages.collectionNotStore);
    const page = await renderPage(
      db,
      site,
      language ? `/${language}${item.fullUrl}` : item.fullUrl,
      {},
      assets,
      viewer,
      {
        collectionId: store.id,
        item,
      },
    );
    return { html: page.html };
  } catch (error) {
    if (error instanceof BrokenTemplateError)
      throw new ApiError(422, 'TEMPLATE_BROKEN', adminMessages.previewTemplateBroken);
    throw error;
  }
}

async function checkPreviewLanguage(db: Database, websiteId: string, language: string): Promise<void> {
  const [site] = await db
    .select({ settings: websites.settings })
    .from(websites)
    .where(eq(websites.id, websiteId));
  if (!(siteLanguages(site?.settings ?? {}) as string[]).includes(language)) {
    throw new ApiError(400, 'INVALID', adminMessages.unknownLanguage, [
      { path: ['language'], message: adminMessages.unknownLanguage },
    ]);
  }
}
