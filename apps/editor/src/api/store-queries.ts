import {
  preferencesDiffer,
  STORE_API,
  type AdminOrderDetail,
  type AdminOrderSummary,
  type AdminProduct,
  type AdminProductSave,
  type CommercePreferenceNamespace,
  type CommercePreferences,
  type InventoryItem,
  type RestockSignUpGroup,
  type StoreView,
} from '@site/commerce-core/admin';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  MULTILINGUAL_API,
  productTagsPath,
  tagsApi,
  type MultilingualSettings,
  type ProductTags,
  type TagType,
  type TagView,
} from '@site/page-content';
import { api, ApiError, writeHeaders } from './http';

/** Store query keys: every store screen invalidates through these. */
export const storeKeys = {
  stores: ['store', 'collections'] as const,
  products: (filters: Record<string, string>) => ['store', 'products', filters] as const,
  allProducts: ['store', 'products'] as const,
  inventory: ['store', 'inventory'] as const,
  orders: (filters: Record<string, string>) => ['store', 'orders', filters] as const,
  allOrders: ['store', 'orders'] as const,
  order: (id: string) => ['store', 'order', id] as const,
  restock: ['store', 'restock'] as const,
  preferences: (namespace: CommercePreferenceNamespace) => ['commerce-preferences', namespace] as const,
};

/** Drops empty filters so '' never reaches the server as a value. */
const present = (filters: Record<string, string>) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));

export function useStores() {
  return useQuery({
    queryKey: storeKeys.stores,
    queryFn: () => api<{ stores: StoreView[] }>('GET', STORE_API.stores).then((r) => r.stores),
  });
}

export function useProducts(filters: Record<string, string>) {
  return useInfiniteQuery({
    queryKey: storeKeys.products(filters),
    queryFn: ({ pageParam }) =>
      api<{ products: AdminProduct[]; nextCursor: string | null }>('GET', STORE_API.products, {
        query: { ...present(filters), ...(pageParam && { cursor: pageParam }) },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

function useStoreInvalidation() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: storeKeys.allProducts }),
      client.invalidateQueries({ queryKey: storeKeys.inventory }),
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

const sameNames = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name, i) => name === b[i]);

/**
 * Saves the product, then its tags and categories with their own call (platform.md §2): that
 * call does not bump the product's version, so a tag merge never makes an open form stale. The
 * names are sent only when they differ from what the saved product carries.
 */
export async function saveProductWithTags(
  { id, input, names }: { id?: string; input: AdminProductSave; names: ProductTags },
  call: <T>(method: 'POST' | 'PUT', path: string, options: { body: unknown }) => Promise<T> = api,
): Promise<AdminProduct> {
  const product = id
    ? await call<AdminProduct>('PUT', STORE_API.product(id), { body: input })
    : await call<AdminProduct>('POST', STORE_API.products, { body: input });
  if (sameNames(product.tags, names.tags) && sameNames(product.categories, names.categories)) return product;
  try {
    const stored = await call<ProductTags>('PUT', productTagsPath(product.id), { body: names });
    return { ...product, tags: stored.tags, categories: stored.categories };
  } catch (error) {
    throw new ProductTagsNotSaved(product, error);
  }
}

export function useSaveProduct() {
  const client = useQueryClient();
  const refresh = useStoreInvalidation();
  return useMutation({
    mutationFn: (request: { id?: string; input: AdminProductSave; names: ProductTags }) => saveProductWithTags(request),
    // The product may be saved even when its names were not.
    onSettled: () =>
      Promise.all([refresh(), client.invalidateQueries({ queryKey: ['tags', 'products'] })]),
  });
}

/** The tags or categories the store's products use (same key as the Tags screen's). */
export function useProductTagNames(type: TagType) {
  return useQuery({
    queryKey: ['tags', 'products', type] as const,
    queryFn: async () =>
      (await api<{ tags: TagView[] }>('GET', tagsApi('products').tags, { query: { type } })).tags.map((t) => t.name),
  });
}

export function useSetProductEnabled() {
  const refresh = useStoreInvalidation();
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
      if (action === 'delete') await call('DELETE', STORE_API.product(p.id), { query: { version: p.version } });
      else if (p.enabled !== (action === 'enable'))
        await call('PATCH', STORE_API.product(p.id), { body: { version: p.version, enabled: action === 'enable' } });
    } catch (error) {
      errors.push(error);
    }
  }
  return { failed: errors.length, total: products.length, firstError: errors[0] };
}

export function useBulkProducts() {
  const refresh = useStoreInvalidation();
  return useMutation({
    mutationFn: ({ action, products }: { action: BulkAction; products: readonly AdminProduct[] }) =>
      runBulk(action, products),
    onSettled: refresh,
  });
}

export function useInventory(q: string) {
  return useQuery({
    queryKey: [...storeKeys.inventory, q],
    queryFn: () =>
      api<{ items: InventoryItem[]; nextCursor: string | null }>('GET', STORE_API.inventory, {
        query: present({ q, limit: '200' }),
      }),
  });
}

export function useSetStock() {
  const refresh = useStoreInvalidation();
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
  const refresh = useStoreInvalidation();
  return useMutation({ mutationFn: importInventoryCsv, onSettled: refresh });
}

export function useOrders(filters: Record<string, string>) {
  return useInfiniteQuery({
    queryKey: storeKeys.orders(filters),
    queryFn: ({ pageParam }) =>
      api<{ orders: AdminOrderSummary[]; nextCursor: string | null }>('GET', STORE_API.orders, {
        query: { ...present(filters), ...(pageParam && { cursor: pageParam }) },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function ordersCsvHref(filters: Record<string, string>): string {
  const query = new URLSearchParams(present(filters)).toString();
  return query ? `${STORE_API.ordersCsv}?${query}` : STORE_API.ordersCsv;
}

export function useOrder(id: string | undefined) {
  return useQuery({
    queryKey: storeKeys.order(id ?? ''),
    queryFn: () => api<AdminOrderDetail>('GET', STORE_API.order(id!)),
    enabled: Boolean(id),
  });
}

type OrderAction =
  | { kind: 'fulfil'; id: string; body: { trackingNumber: string; carrier?: string } }
  | { kind: 'refund'; id: string; body: { orderItemId: string; quantity: number } }
  | { kind: 'cancel'; id: string };

export function useOrderAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: OrderAction) => {
      if (action.kind === 'fulfil')
        return api<AdminOrderDetail>('POST', STORE_API.fulfilOrder(action.id), { body: action.body });
      if (action.kind === 'refund')
        return api<AdminOrderDetail>('POST', STORE_API.refundLine(action.id), { body: action.body });
      return api<AdminOrderDetail>('POST', STORE_API.cancelOrder(action.id));
    },
    onSuccess: async (order) => {
      client.setQueryData(storeKeys.order(order.id), order);
      await Promise.all([
        client.invalidateQueries({ queryKey: storeKeys.allOrders }),
        client.invalidateQueries({ queryKey: storeKeys.inventory }),
      ]);
    },
  });
}

type SubscriptionActionResult = { resumed: true; nextBillingOn: string | null } | { cancelledOn: string };

/** The owner's Resume (charges the saved card now) or Cancel of a subscription; the lists reload after. */
export function useSubscriptionAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'resume' | 'cancel'; id: string }): Promise<SubscriptionActionResult> =>
      kind === 'resume'
        ? api<{ resumed: true; nextBillingOn: string | null }>('POST', STORE_API.resumeSubscription(id))
        : api<{ cancelledOn: string }>('POST', STORE_API.cancelSubscription(id)),
    onSettled: () => client.invalidateQueries({ queryKey: storeKeys.allOrders }),
  });
}

export function useCommercePreferences(namespace: CommercePreferenceNamespace) {
  return useQuery({
    queryKey: storeKeys.preferences(namespace),
    queryFn: () => api<CommercePreferences>('GET', STORE_API.commercePreferences(namespace)),
  });
}

/**
 * platform.md §5 and §8: a write is skipped when no value differs from the cached one, and a
 * failed write is reported to error tracking (the console here) and rethrown to the caller.
 */
export async function saveCommercePreferences(
  client: QueryClient,
  namespace: CommercePreferenceNamespace,
  fields: CommercePreferences,
  put = (body: CommercePreferences) =>
    api<CommercePreferences>('PUT', STORE_API.commercePreferences(namespace), { body }),
): Promise<CommercePreferences> {
  const key = storeKeys.preferences(namespace);
  const cached = client.getQueryData<CommercePreferences>(key);
  if (cached && !preferencesDiffer(cached, fields)) return cached;
  try {
    const saved = await put(fields);
    client.setQueryData(key, saved);
    return saved;
  } catch (error) {
    console.error(`commerce preferences ${namespace} not saved`, error);
    throw error;
  }
}

export function useSaveCommercePreferences(namespace: CommercePreferenceNamespace) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: CommercePreferences) => saveCommercePreferences(client, namespace, fields),
  });
}

export function useRestockGroups() {
  return useInfiniteQuery({
    queryKey: storeKeys.restock,
    queryFn: ({ pageParam }) =>
      api<{ signUpGroups: RestockSignUpGroup[]; hasNextPage: boolean; nextPageCursor: string | null }>(
        'GET',
        STORE_API.restockGroups,
        { query: pageParam ? { cursor: pageParam } : {} },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextPageCursor ?? undefined,
  });
}

/** One variant's notices, or every listed variant's at once (all or none are sent). */
export function useSendRestock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (refs: { productId: string; variantId: string }[]) =>
      refs.length === 1
        ? api<{ notifiedCount: number }>('POST', STORE_API.restockSend, { body: refs[0] })
        : api<{ notifiedCount: number }>('POST', STORE_API.restockSendAll, { body: { sendRequests: refs } }),
    onSettled: () => client.invalidateQueries({ queryKey: storeKeys.restock }),
  });
}

/** The site's languages: the product form translates into the added ones (same key as the Languages screen). */
export function useMultilingualSettings() {
  return useQuery({
    queryKey: ['multilingual', 'settings'] as const,
    queryFn: () => api<MultilingualSettings>('GET', MULTILINGUAL_API.settings),
  });
}
