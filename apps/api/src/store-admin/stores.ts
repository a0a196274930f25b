import { randomBytes } from 'node:crypto';
import {
  EDITOR_LIMITS,
  fillMessage,
  type RootCategoryCreate,
  type StoreCollectionCreate,
  storeUrlId,
} from '@site/commerce-core';
import { adminMessages } from '@site/commerce-core/admin';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { categories, pages, redirects } from '../db/schema';
import { lockNavigation, writeChangedNavigation } from '../site/navigation-store';
import { isUniqueViolation } from '../db/unique-violation';
import { ApiError } from '../http';
import { loadPages, type PageRow } from '../site/site-data';

const newId = (prefix: string) => `${prefix}-${randomBytes(9).toString('base64url')}`;

/** platform.md §5: the fallback title when the store's title is too short for a URL. */
const FALLBACK_STORE_TITLE = 'store';

export interface StoreView {
  id: string;
  title: string;
  navigationTitle: string;
  urlId: string;
  fullUrl: string;
  description: string;
  enabled: boolean;
}

export function toStoreView(
  page: Pick<PageRow, 'id' | 'title' | 'path' | 'description' | 'enabled' | 'context'>,
): StoreView {
  const navigationTitle = (page.context as { navigationTitle?: unknown }).navigationTitle;
  return {
    id: page.id,
    title: page.title,
    navigationTitle: typeof navigationTitle === 'string' && navigationTitle ? navigationTitle : page.title,
    urlId: page.path.slice(1),
    fullUrl: page.path,
    description: page.description,
    enabled: page.enabled,
  };
}

export const isStore = (page: PageRow) => page.kind === 'collection' && page.collectionType === 'products';

/** The site's store collections in navigation order, read without any page's documents. */
export async function listStores(db: Database, websiteId: string): Promise<StoreView[]> {
  const rows = await db
    .select({
      id: pages.id,
      title: pages.title,
      path: pages.path,
      description: pages.description,
      enabled: pages.enabled,
      context: pages.context,
    })
    .from(pages)
    .where(
      and(eq(pages.websiteId, websiteId), eq(pages.kind, 'collection'), eq(pages.collectionType, 'products')),
    )
    .orderBy(asc(pages.navigationIndex));
  return rows.map(toStoreView);
}

/** The store collection of this site, or 404: another site's id reads as unknown. */
export async function findStore(db: Database, websiteId: string, collectionId: string): Promise<PageRow> {
  const [page] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.id, collectionId), eq(pages.websiteId, websiteId)));
  if (!page || !isStore(page)) throw new ApiError(404, 'STORE_NOT_FOUND', adminMessages.collectionNotStore);
  return page;
}

const urlTaken = (urlId: string) =>
  new ApiError(409, 'URL_TAKEN', fillMessage(adminMessages.storeUrlIdTaken, { urlId }), [
    { path: ['urlId'], message: fillMessage(adminMessages.storeUrlIdTaken, { urlId }) },
  ]);

/**
 * A products collection at /<urlId>, rendered like the demo shop (products-list, product-item)
 * and linked at the end of the main navigation, in one transaction. An empty urlId is derived
 * from the title (platform.md §5); a given one must be free.
 */
export async function createStore(
  db: Database,
  websiteId: string,
  input: StoreCollectionCreate,
): Promise<StoreView> {
  let urlId = input.urlId;
  try {
    return await db.transaction(async (tx) => {
      const all = await loadPages(tx, websiteId);
      // Only top-level URLs compete: a store lives at /<urlId>.
      const taken = all.map((p) => p.path.slice(1)).filter((p) => p !== '' && !p.includes('/'));
      urlId = input.urlId || storeUrlId(input.title, taken, FALLBACK_STORE_TITLE);
      if (taken.includes(urlId)) throw urlTaken(urlId);
      const [row] = await tx
        .insert(pages)
        .values({
          id: newId('page'),
          websiteId,
          path: `/${urlId}`,
          title: input.title.trim() || input.navigationTitle.trim() || FALLBACK_STORE_TITLE,
          pageType: 1,
          collectionType: 'products',
          kind: 'collection',
          templateName: 'products-list',
          itemTemplateName: 'product-item',
          description: input.description,
          enabled: input.enabled,
          context: { navigationTitle: input.navigationTitle.trim() },
        })
        .returning();
      // A store now answers this URL, so an old redirect from it would never be reached.
      await tx
        .delete(redirects)
        .where(and(eq(redirects.websiteId, websiteId), eq(redirects.fromPath, row!.path)));
      const trees = await lockNavigation(tx, websiteId, all);
      await writeChangedNavigation(tx, websiteId, trees, {
        ...trees,
        mainNav: [...trees.mainNav, { collectionId: row!.id }],
      });
      return toStoreView(row!);
    });
  } catch (error) {
    // Two creates racing for one URL: the path constraint settles it.
    if (isUniqueViolation(error)) throw urlTaken(urlId);
    throw error;
  }
}

export interface CategoryView {
  id: string;
  collectionId: string;
  displayName: string;
  parentCategoryId: string | null;
  type: string;
  pageRendering: string;
  displayIndex: number;
}

export async function createRootCategory(
  db: Database,
  websiteId: string,
  collectionId: string,
  input: RootCategoryCreate,
): Promise<CategoryView> {
  const store = await findStore(db, websiteId, collectionId);
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ n: count() })
        .from(categories)
        .where(eq(categories.collectionId, store.id));
      if ((existing?.n ?? 0) >= EDITOR_LIMITS.nestedCategoriesLimit) {
        throw new ApiError(
          409,
          'CATEGORY_LIMIT',
          fillMessage(adminMessages.categoriesLimit, {
            max: EDITOR_LIMITS.nestedCategoriesLimit.toLocaleString('en-US'),
          }),
        );
      }
      const [row] = await tx
        .insert(categories)
        .values({ id: newId('cat'), websiteId, collectionId: store.id, parentCategoryId: null, ...input })
        .returning();
      return {
        id: row!.id,
        collectionId: row!.collectionId,
        displayName: row!.displayName,
        parentCategoryId: row!.parentCategoryId,
        type: row!.type,
        pageRendering: row!.pageRendering,
        displayIndex: row!.displayIndex,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ApiError(409, 'ROOT_CATEGORY_EXISTS', adminMessages.rootCategoryExists);
    throw error;
  }
}
