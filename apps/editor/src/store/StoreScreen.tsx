import { isCurrencyCode, type CurrencyCode } from '@site/commerce-core';
import { STORE_API, type AdminProduct } from '@site/commerce-core/admin';
import {
  InventoryTable,
  noProductFilters,
  ProductTable,
  storeMessages as m,
  type ProductFilters,
} from '@site/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { api } from '../api/http';
import { errorMessage, useEditorSite, useMe } from '../api/queries';
import {
  storeKeys,
  useImportInventory,
  useInventory,
  useProducts,
  useProductTagNames,
  useSetProductEnabled,
  useBulkProducts,
  useSetStock,
  useStores,
} from '../api/store-queries';
import { ProductEditorDialog } from './ProductEditorDialog';
import { StoreSettings } from './StoreSettings';

/** The store: its products with the product editor, stock of every variant, and its settings. */
export function StoreScreen() {
  const me = useMe();
  const site = useEditorSite();
  const stores = useStores();
  const isReadOnly = !(me.data?.canEdit ?? false);
  const currency: CurrencyCode = isCurrencyCode(site.data?.website.currency)
    ? site.data.website.currency
    : 'USD';
  const [storeId, setStoreId] = useState<string>();
  const collectionId = storeId ?? stores.data?.[0]?.id;

  return (
    <div className="ed-screen">
      <header className="ed-screen__head">
        <h1>{m.store}</h1>
        {stores.data && stores.data.length > 0 && (
          <label className="ed-field ed-field--inline">
            <span>{m.chooseStore}</span>
            <select className="ed-input" value={collectionId} onChange={(e) => setStoreId(e.target.value)}>
              {stores.data.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title} ({s.fullUrl})
                </option>
              ))}
            </select>
          </label>
        )}
        {!isReadOnly && <NewStoreForm websiteId={site.data?.website.id} onCreated={setStoreId} />}
      </header>
      {stores.error && (
        <p className="ed-banner ed-banner--error" role="alert">
          {errorMessage(stores.error)}
        </p>
      )}
      {collectionId ? (
        <Tabs>
          <TabList aria-label={m.store} className="ed-tabs">
            <Tab id="products" className="ed-tab">
              {m.products}
            </Tab>
            <Tab id="inventory" className="ed-tab">
              {m.inventory}
            </Tab>
            <Tab id="settings" className="ed-tab">
              {m.settings}
            </Tab>
          </TabList>
          <TabPanel id="products">
            <Products collectionId={collectionId} currency={currency} isReadOnly={isReadOnly} />
          </TabPanel>
          <TabPanel id="inventory">
            <Inventory isReadOnly={isReadOnly} />
          </TabPanel>
          <TabPanel id="settings">
            <StoreSettings isReadOnly={isReadOnly} />
          </TabPanel>
        </Tabs>
      ) : (
        stores.data && <p>{m.noStores}</p>
      )}
    </div>
  );
}

/** platform.md §7: the store collection, then its root category. */
function NewStoreForm({
  websiteId,
  onCreated,
}: {
  websiteId: string | undefined;
  onCreated: (id: string) => void;
}) {
  const client = useQueryClient();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!websiteId) return null;
  const create = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const store = await api<{ id: string }>('POST', STORE_API.storeCollections(websiteId), {
        body: { navigationTitle: title, title, urlId: '', description: '', enabled: true },
      });
      await api('POST', STORE_API.rootCategory(websiteId, store.id), {
        body: { displayName: title, type: 'ROOT', pageRendering: 'LIST_VIEW', displayIndex: 1 },
      });
      await Promise.all([
        client.invalidateQueries({ queryKey: storeKeys.stores }),
        client.invalidateQueries({ queryKey: ['pages'] }),
        client.invalidateQueries({ queryKey: ['site-layout'] }),
      ]);
      setTitle('');
      onCreated(store.id);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="ed-new-store"
      onSubmit={(e) => {
        e.preventDefault();
        void create();
      }}
    >
      <label className="ed-field">
        <span>{m.storeTitle}</span>
        <input className="ed-input" required value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <button type="submit" className="ed-button" disabled={busy}>
        {m.newStore}
      </button>
      {error && (
        <span className="ed-field__error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

function Products({
  collectionId,
  currency,
  isReadOnly,
}: {
  collectionId: string;
  currency: CurrencyCode;
  isReadOnly: boolean;
}) {
  const [filters, setFilters] = useState<ProductFilters>({ ...noProductFilters });
  // The server filters (so paging and bulk actions see the same rows); '' filters are not sent.
  const products = useProducts({ collectionId, ...filters });
  const categories = useProductTagNames('category');
  const toggle = useSetProductEnabled();
  const bulk = useBulkProducts();
  const bulkError =
    bulk.data && bulk.data.failed > 0
      ? m.bulkFailed(bulk.data.failed, bulk.data.total, errorMessage(bulk.data.firstError))
      : bulk.error
        ? errorMessage(bulk.error)
        : undefined;
  // undefined: closed; null: a new product.
  const [editing, setEditing] = useState<AdminProduct | null>();
  return (
    <>
      {bulkError && (
        <p role="alert" className="ed-banner ed-banner--error">
          {bulkError}
        </p>
      )}
      <ProductTable
        products={products.data?.pages.flatMap((p) => p.products)}
        filters={filters}
        categories={categories.data}
        onFiltersChange={setFilters}
        isLoading={products.isPending}
        error={
          products.error
            ? errorMessage(products.error)
            : toggle.error
              ? errorMessage(toggle.error)
              : undefined
        }
        isReadOnly={isReadOnly}
        onEdit={setEditing}
        onAdd={() => setEditing(null)}
        onToggleEnabled={(p) => toggle.mutate(p)}
        onBulk={(action, chosen) => bulk.mutate({ action, products: chosen })}
        isBulkBusy={bulk.isPending}
        onLoadMore={products.hasNextPage ? () => void products.fetchNextPage() : undefined}
      />
      {editing !== undefined && (
        <ProductEditorDialog
          key={editing?.id ?? 'new'}
          product={editing}
          collectionId={collectionId}
          currency={currency}
          onClose={() => setEditing(undefined)}
        />
      )}
    </>
  );
}

function Inventory({ isReadOnly }: { isReadOnly: boolean }) {
  const [q, setQ] = useState('');
  const inventory = useInventory(q);
  const setStock = useSetStock();
  const importCsv = useImportInventory();
  const failedId = setStock.variables?.id;
  return (
    <section className="ed-store" aria-label={m.inventory}>
      <div className="ed-store__toolbar">
        <a className="ed-button" href={STORE_API.inventoryCsv} download>
          {m.exportCsv}
        </a>
        {!isReadOnly && (
          <label className="ed-button">
            {m.importCsv}
            <input
              type="file"
              accept=".csv,text/csv"
              className="ed-visually-hidden"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) importCsv.mutate(file);
                e.target.value = '';
              }}
            />
          </label>
        )}
        {importCsv.data && <p role="status">{m.stockImported(importCsv.data.updated)}</p>}
        {importCsv.error && (
          <p role="alert" className="ed-store__error">
            {errorMessage(importCsv.error)}
          </p>
        )}
      </div>
      <input
        type="search"
        className="ed-input"
        aria-label={m.searchProducts}
        placeholder={m.searchProducts}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      <InventoryTable
        items={inventory.data?.items}
        isLoading={inventory.isPending}
        error={inventory.error ? errorMessage(inventory.error) : undefined}
        isReadOnly={isReadOnly}
        errors={setStock.error && failedId ? { [failedId]: errorMessage(setStock.error) } : {}}
        onSetStock={(item, update) => setStock.mutate({ id: item.id, update })}
      />
    </section>
  );
}
