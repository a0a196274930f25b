import {
  STORE_API,
  type AdminProduct,
  type AdminProductSave,
  type InventoryItem,
  type ProductImportView,
} from '@site/commerce-core/admin';
import { productSeoPath, productTagsPath, type ItemSeo, type ProductTags } from '@site/page-content';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { presentFilters } from './filters';
import { api, ApiError, writeHeaders } from './http';
import { tagKeys } from './tags';

/** The store's products and their variants' stock (the inventory list). */
export const productKeys = {
  /** Every product list, whatever its filters. */
  all: ['store', 'products'] as const,
  list: (filters: Record<string, string>) => ['store', 'products', filters] as const,
  inventory: ['store', 'inventory'] as const,
  inventorySearch: (q: string) => ['store', 'inventory', q] as const,
  latestImport: ['store', 'product-import'] as const,
};

export function useProducts(filters: Record<string, string>) {
  return useInfiniteQuery({
    queryKey: productKeys.list(filters),
    queryFn: ({ pageParam }) =>
      api<{ products: AdminProduct[]; nextCursor: string | null }>('GET', STORE_API.products, {
        query: { ...presentFilters(filters), ...(pageParam && { cursor: pageParam }) },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** How many matches the page editor's product picker offers at a time. */
export const PRODUCT_CHOICES = 20;

/**
 * The product picker's matches: one page of the store's product search, not the whole catalogue.
 * Asked only while a product block is being set (`enabled`); the last matches stay while typing.
 */
export function useProductChoices(q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...productKeys.all, 'choices', q] as const,
    queryFn: () =>
      api<{ products: AdminProduct[]; nextCursor: string | null }>('GET', STORE_API.products, {
        query: presentFilters({ q: q.trim(), limit: String(PRODUCT_CHOICES) }),
      }).then((r) => r.products.map((p) => ({ value: p.id, label: p.title }))),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The product list and the stock list show the same variants: a change to either reloads both. */
function useCatalogueRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: productKeys.all }),
      client.invalidateQueries({ queryKey: productKeys.inventory }),
    ]);
}

/** The product was saved (here as the server answered) but its names were refused or lost. */
export class ProductTagsNotSaved extends Error {
  constructor(
    readonly product: AdminProduct,
    readonly reason: unknown,
  ) {
    super(reason instanceof Error ? reason.message : String(reason));
    this.name = 'ProductTagsNotSaved';
  }
}

/** The product was saved (here as the server answered) but its search engine settings were not. */
export class ProductSeoNotSaved extends Error {
  constructor(
    readonly product: AdminProduct,
    readonly reason: unknown,
  ) {
    super(reason instanceof Error ? reason.message : String(reason));
    this.name = 'ProductSeoNotSaved';
  }
}

const sameSeo = (a: AdminProduct['seo'], b: ItemSeo) =>
  a.title === b.title &&
  a.description === b.description &&
  a.socialImage === b.socialImage &&
  a.noindex === b.noindex;

const sameNames = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name, i) => name === b[i]);

/**
 * Saves the product, then its tags and categories with their own call (platform.md §2): that
 * call does not bump the product's version, so a tag merge never makes an open form stale. The
 * names are sent only when they differ from what the saved product carries.
 */
export async function saveProductWithTags(
  { id, input, names, seo }: { id?: string; input: AdminProductSave; names: ProductTags; seo?: ItemSeo },
  call: <T>(method: 'POST' | 'PUT', path: string, options: { body: unknown }) => Promise<T> = api,
): Promise<AdminProduct> {
  let product = id
    ? await call<AdminProduct>('PUT', STORE_API.product(id), { body: input })
    : await call<AdminProduct>('POST', STORE_API.products, { body: input });
  if (!sameNames(product.tags, names.tags) || !sameNames(product.categories, names.categories)) {
    try {
      const stored = await call<ProductTags>('PUT', productTagsPath(product.id), { body: names });
      product = { ...product, tags: stored.tags, categories: stored.categories };
    } catch (error) {
      throw new ProductTagsNotSaved(product, error);
    }
  }
  // The search engine settings have their own call too (they are not in the product's schema).
  if (seo && !sameSeo(product.seo, seo)) {
    try {
      const stored = await call<AdminProduct>('PUT', productSeoPath(product.id), { body: seo });
      product = { ...product, seo: stored.seo };
    } catch (error) {
      throw new ProductSeoNotSaved(product, error);
    }
  }
  return product;
}

export function useSaveProduct() {
  const client = useQueryClient();
  const refresh = useCatalogueRefresh();
  return useMutation({
    mutationFn: (request: { id?: string; input: AdminProductSave; names: ProductTags; seo?: ItemSeo }) =>
      saveProductWithTags(request),
    // The product may be saved even when its names were not.
    onSettled: () =>
      Promise.all([refresh(), client.invalidateQueries({ queryKey: tagKeys.collection('products') })]),
  });
}

export function useSetProductEnabled() {
  const refresh = useCatalogueRefresh();
  return useMutation({
    mutationFn: (product: AdminProduct) =>
      api<AdminProduct>('PATCH', STORE_API.product(product.id), {
        body: { version: product.version, enabled: !product.enabled },
      }),
    onSettled: refresh,
  });
}

export interface BulkOutcome {
  failed: number;
  total: number;
  /** The first refusal, to say why. */
  firstError?: unknown;
}

type BulkAction = 'enable' | 'disable' | 'delete';

/**
 * Shows, hides or deletes products one call each, in order, and carries on past a refusal (a stale
 * version, a product someone else deleted) so one conflict does not block the rest. A product
 * already shown or hidden is not written again.
 */
export async function runBulk(
  action: BulkAction,
  products: readonly AdminProduct[],
  call: (
    method: 'PATCH' | 'DELETE',
    path: string,
    options: { body?: unknown; query?: Record<string, number> },
  ) => Promise<unknown> = api,
): Promise<BulkOutcome> {
  const errors: unknown[] = [];
  for (const p of products) {
    try {
      if (action === 'delete')
        await call('DELETE', STORE_API.product(p.id), { query: { version: p.version } });
      else if (p.enabled !== (action === 'enable'))
        await call('PATCH', STORE_API.product(p.id), {
          body: { version: p.version, enabled: action === 'enable' },
        });
    } catch (error) {
      errors.push(error);
    }
  }
  return { failed: errors.length, total: products.length, firstError: errors[0] };
}

export function useBulkProducts() {
  const refresh = useCatalogueRefresh();
  return useMutation({
    mutationFn: ({ action, products }: { action: BulkAction; products: readonly AdminProduct[] }) =>
      runBulk(action, products),
    onSettled: refresh,
  });
}

export function useInventory(q: string) {
  return useQuery({
    queryKey: productKeys.inventorySearch(q),
    queryFn: () =>
      api<{ items: InventoryItem[]; nextCursor: string | null }>('GET', STORE_API.inventory, {
        query: presentFilters({ q, limit: '200' }),
      }),
  });
}

export function useSetStock() {
  const refresh = useCatalogueRefresh();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: { qtyInStock?: number; unlimited?: boolean } }) =>
      api('PATCH', STORE_API.variantStock(id), { body: update }),
    onSettled: refresh,
  });
}

/** The import is a file, not JSON: sent as text/csv with the same tokens as every write. */
async function importInventoryCsv(file: File): Promise<{ updated: number }> {
  const response = await fetch(STORE_API.inventoryCsv, {
    method: 'POST',
    headers: { ...(await writeHeaders()), 'content-type': 'text/csv', accept: 'application/json' },
    credentials: 'same-origin',
    body: await file.text(),
  });
  const body = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
  if (!response.ok)
    throw new ApiError(
      response.status,
      body.error?.code ?? `HTTP_${response.status}`,
      body.error?.message ?? response.statusText,
    );
  return body as { updated: number };
}

export function useImportInventory() {
  const refresh = useCatalogueRefresh();
  return useMutation({ mutationFn: importInventoryCsv, onSettled: refresh });
}

/** The site's latest product import; read again every second while its job runs. */
export function useLatestProductImport() {
  const refresh = useCatalogueRefresh();
  const latest = useQuery({
    queryKey: productKeys.latestImport,
    queryFn: async () =>
      (await api<{ import: ProductImportView | null }>('GET', STORE_API.latestProductImport)).import,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 1000 : false),
  });
  // The products the job added show in the list once it is over.
  const status = latest.data?.status;
  useEffect(() => {
    if (status && status !== 'running') void refresh();
    // Only when the job's state changes: `refresh` is a new function every render.
  }, [status]);
  return latest;
}

/** Sends the file as text/csv; the answer is the job's first state, shown at once. */
export function useStartProductImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, collectionId }: { file: File; collectionId: string }) => {
      const response = await fetch(`${STORE_API.productImports}?${new URLSearchParams({ collectionId })}`, {
        method: 'POST',
        headers: { ...(await writeHeaders()), 'content-type': 'text/csv', accept: 'application/json' },
        credentials: 'same-origin',
        body: await file.text(),
      });
      const body = (await response.json().catch(() => ({}))) as {
        error?: { code?: string; message?: string };
      };
      if (!response.ok)
        throw new ApiError(
          response.status,
          body.error?.code ?? `HTTP_${response.status}`,
          body.error?.message ?? response.statusText,
        );
      return body as ProductImportView;
    },
    onSuccess: (started) => client.setQueryData(productKeys.latestImport, started),
  });
}
