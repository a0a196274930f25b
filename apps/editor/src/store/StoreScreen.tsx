import { mayDo } from '@site/page-content';
import { isCurrencyCode, type CurrencyCode } from '@site/commerce-core';
import { STORE_API, type AdminProduct } from '@site/commerce-core/admin';
import {
  ActionNotice,
  editorMessages,
  InventoryTable,
  noProductFilters,
  ProductImportPanel,
  ProductTable,
  storeMessages as m,
  type ProductFilters,
} from '@site/ui';
import { useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useEditorSite } from '../api/editor-site';
import {
  useBulkProducts,
  useImportInventory,
  useInventory,
  useLatestProductImport,
  useProducts,
  useSetProductEnabled,
  useSetStock,
  useStartProductImport,
} from '../api/products';
import { useMe } from '../api/session';
import { useCreateStore, useStores } from '../api/stores';
import { useTagNames } from '../api/tags';
import { errorMessage, listLoadFailure } from '../screen-kit/save-state';
import { ProductEditorDialog } from './ProductEditorDialog';
import { StoreSettings } from './StoreSettings';

/** The store: its products with the product editor, stock of every variant, and its settings. */
export function StoreScreen() {
  const me = useMe();
  const site = useEditorSite();
  const stores = useStores();
  // Store screens follow the manage-store right: a store manager edits here, not pages.
  const isReadOnly = !mayDo(me.data?.roles ?? [], 'manage-store');
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
          {listLoadFailure('collections', stores.error)}
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
            <Products
              collectionId={collectionId}
              storeUrl={stores.data?.find((s) => s.id === collectionId)?.fullUrl}
              currency={currency}
              isReadOnly={isReadOnly}
            />
          </TabPanel>
          <TabPanel id="inventory">
            <Inventory isReadOnly={isReadOnly} />
          </TabPanel>
          <TabPanel id="settings">
            <StoreSettings isReadOnly={isReadOnly} currency={currency} />
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
  const [title, setTitle] = useState('');
  const create = useCreateStore();
  if (!websiteId) return null;
  return (
    <form
      className="ed-new-store"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate(
          { websiteId, title },
          {
            onSuccess: (store) => {
              setTitle('');
              onCreated(store.id);
            },
          },
        );
      }}
    >
      <label className="ed-field">
        <span>{m.storeTitle}</span>
        <input className="ed-input" required value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <button type="submit" className="ed-button" disabled={create.isPending}>
        {m.newStore}
      </button>
      {create.error && (
        <span className="ed-field__error" role="alert">
          {errorMessage(create.error)}
        </span>
      )}
    </form>
  );
}

function Products({
  collectionId,
  storeUrl,
  currency,
  isReadOnly,
}: {
  collectionId: string;
  /** The store page's address ("/shop"): a product's page is under it. */
  storeUrl: string | undefined;
  currency: CurrencyCode;
  isReadOnly: boolean;
}) {
  const [filters, setFilters] = useState<ProductFilters>({ ...noProductFilters });
  // The server filters (so paging and bulk actions see the same rows); '' filters are not sent.
  const products = useProducts({ collectionId, ...filters });
  const categories = useTagNames('products', 'category');
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
  const [saved, setSaved] = useState<{ product: AdminProduct; created: boolean }>();
  const latestImport = useLatestProductImport();
  const startImport = useStartProductImport();
  return (
    <>
      <ActionNotice
        message={
          saved &&
          (saved.created
            ? editorMessages.productAdded(saved.product.title)
            : editorMessages.productSaved(saved.product.title))
        }
        onDismiss={() => setSaved(undefined)}
      >
        {saved?.product.enabled && storeUrl && (
          <a href={`${storeUrl}/p/${saved.product.urlId}`} target="_blank" rel="noreferrer">
            {editorMessages.viewInStore}
          </a>
        )}
        {saved?.created && (
          <button
            type="button"
            className="ed-link-button"
            onClick={() => {
              setSaved(undefined);
              setEditing(null);
            }}
          >
            {editorMessages.addAnotherProduct}
          </button>
        )}
      </ActionNotice>
      {bulkError && (
        <p role="alert" className="ed-banner ed-banner--error">
          {bulkError}
        </p>
      )}
      <ProductImportPanel
        latest={latestImport.data}
        onFile={(file) => startImport.mutate({ file, collectionId })}
        isSending={startImport.isPending}
        sendError={startImport.error ? errorMessage(startImport.error) : undefined}
        isReadOnly={isReadOnly}
      />
      <ProductTable
        products={products.data?.pages.flatMap((p) => p.products)}
        filters={filters}
        categories={categories.data}
        onFiltersChange={setFilters}
        isLoading={products.isPending}
        error={
          products.error
            ? listLoadFailure('results', products.error)
            : toggle.error
              ? errorMessage(toggle.error)
              : undefined
        }
        isReadOnly={isReadOnly}
        onEdit={(p) => {
          setSaved(undefined);
          setEditing(p);
        }}
        onAdd={() => {
          setSaved(undefined);
          setEditing(null);
        }}
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
          onSaved={(product, created) => {
            setEditing(undefined);
            setSaved({ product, created });
          }}
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
        error={inventory.error ? listLoadFailure('results', inventory.error) : undefined}
        isReadOnly={isReadOnly}
        errors={setStock.error && failedId ? { [failedId]: errorMessage(setStock.error) } : {}}
        onSetStock={(item, update) => setStock.mutate({ id: item.id, update })}
      />
    </section>
  );
}
