import {
  formatAdminMoney,
  PRODUCT_SORTS,
  type AdminProduct,
  type AdminProductType,
  type ProductSort,
} from '@site/commerce-core/admin';
import { useState } from 'react';
import { ConfirmDialog } from '../ConfirmDialog';
import { EmptyState } from '../EmptyState';
import { editorMessages } from '../editor-messages';
import { storeMessages as m } from './store-messages';

export interface ProductFilters {
  q: string;
  type: AdminProductType | '';
  stock: 'in' | 'out' | 'low' | '';
  /** A category name; absent or '': every category. */
  category?: string;
  /** Absent: the store's own order. */
  sort?: ProductSort;
}

export type BulkAction = 'enable' | 'disable' | 'delete';

/** Filters that narrow the list (the sort does not): cleared together from the no-match state. */
export const noProductFilters = {
  q: '',
  type: '',
  stock: '',
  category: '',
} as const satisfies ProductFilters;

export interface ProductTableProps {
  products: readonly AdminProduct[] | undefined;
  filters: ProductFilters;
  /** The store's category names to filter by (the tag manager's); none hides the filter. */
  categories?: readonly string[];
  onFiltersChange: (filters: ProductFilters) => void;
  /** Set while the first page loads. */
  isLoading?: boolean;
  /** A message when the list could not load. */
  error?: string;
  /** A viewer sees the table but no write controls. */
  isReadOnly?: boolean;
  onEdit: (product: AdminProduct) => void;
  onAdd: () => void;
  onToggleEnabled: (product: AdminProduct) => void;
  onLoadMore?: () => void;
  /** Runs an action on the chosen products (delete only after the owner confirms). */
  onBulk?: (action: BulkAction, products: readonly AdminProduct[]) => void;
  /** Set while a bulk action runs. */
  isBulkBusy?: boolean;
}

function priceRange(p: AdminProduct): string {
  const values = p.variants.map((v) => (v.onSale && v.salePrice ? v.salePrice : v.price));
  if (values.length === 0) return '—';
  const sorted = [...values].sort((a, b) => Number(a.value) - Number(b.value));
  const low = formatAdminMoney(sorted[0]!);
  const high = formatAdminMoney(sorted[sorted.length - 1]!);
  return low === high ? low : `${low} – ${high}`;
}

function stockLabel(p: AdminProduct): string {
  if (p.variants.some((v) => v.unlimited)) return m.unlimited;
  return m.unitsLeft(p.variants.reduce((n, v) => n + v.qtyInStock, 0));
}

/** The store's products with search and filters; every row opens the product editor. */
export function ProductTable({
  products,
  filters,
  categories = [],
  onFiltersChange,
  isLoading,
  error,
  isReadOnly,
  onEdit,
  onAdd,
  onToggleEnabled,
  onLoadMore,
  onBulk,
  isBulkBusy,
}: ProductTableProps) {
  const filtered =
    filters.q !== '' || filters.type !== '' || filters.stock !== '' || Boolean(filters.category);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  // Only rows still listed count: a filter change must not act on products out of sight.
  const chosen = (products ?? []).filter((p) => picked.has(p.id));
  const selectable = !isReadOnly && Boolean(onBulk);
  const allPicked = Boolean(products?.length) && chosen.length === products!.length;
  const toggle = (id: string) =>
    setPicked((all) => {
      const next = new Set(all);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const run = (action: BulkAction) => {
    onBulk?.(action, chosen);
    setPicked(new Set());
    setConfirming(false);
  };
  return (
    <section className="ed-store" aria-labelledby="ed-store-products">
      <div className="ed-store__toolbar">
        <h2 id="ed-store-products" className="ed-store__title">
          {m.products}
        </h2>
        <input
          type="search"
          className="ed-input"
          aria-label={m.searchProducts}
          placeholder={m.searchProducts}
          value={filters.q}
          onChange={(e) => onFiltersChange({ ...filters, q: e.target.value })}
        />
        <select
          className="ed-input"
          aria-label={m.productType}
          value={filters.type}
          onChange={(e) => onFiltersChange({ ...filters, type: e.target.value as ProductFilters['type'] })}
        >
          <option value="">{m.allTypes}</option>
          {Object.entries(m.typeNames).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <select
          className="ed-input"
          aria-label={m.stockFilter}
          value={filters.stock}
          onChange={(e) => onFiltersChange({ ...filters, stock: e.target.value as ProductFilters['stock'] })}
        >
          <option value="">{m.allStock}</option>
          {Object.entries(m.stockNames).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        {(categories.length > 0 || filters.category) && (
          <select
            className="ed-input"
            aria-label={m.categoryFilter}
            value={filters.category ?? ''}
            onChange={(e) => onFiltersChange({ ...filters, category: e.target.value })}
          >
            <option value="">{m.allCategories}</option>
            {/* A chosen category the manager has since renamed stays listed, so the select shows it. */}
            {[
              ...categories,
              ...(filters.category && !categories.includes(filters.category) ? [filters.category] : []),
            ].map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
        <select
          className="ed-input"
          aria-label={m.sortBy}
          value={filters.sort ?? 'position'}
          onChange={(e) => onFiltersChange({ ...filters, sort: e.target.value as ProductSort })}
        >
          {PRODUCT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {m.sortNames[sort]}
            </option>
          ))}
        </select>
        {!isReadOnly && (
          <button type="button" className="ed-button ed-button--primary" onClick={onAdd}>
            {m.addProduct}
          </button>
        )}
      </div>
      {selectable && chosen.length > 0 && (
        <div className="ed-store__toolbar" role="toolbar" aria-label={m.bulkActions}>
          <span role="status">{m.selectedCount(chosen.length)}</span>
          <button type="button" className="ed-button" disabled={isBulkBusy} onClick={() => run('enable')}>
            {m.bulkEnable}
          </button>
          <button type="button" className="ed-button" disabled={isBulkBusy} onClick={() => run('disable')}>
            {m.bulkDisable}
          </button>
          <button
            type="button"
            className="ed-button ed-button--danger"
            disabled={isBulkBusy}
            onClick={() => setConfirming(true)}
          >
            {m.bulkDelete}
          </button>
        </div>
      )}
      <ConfirmDialog
        isOpen={confirming}
        title={m.confirmDeleteTitle(chosen.length)}
        onDismiss={() => setConfirming(false)}
        actions={[
          { label: m.cancel, onPress: () => setConfirming(false), variant: 'secondary' },
          { label: m.bulkDelete, onPress: () => run('delete'), variant: 'danger' },
        ]}
      >
        <p>{m.confirmDeleteBody}</p>
        <ul>
          {chosen.slice(0, 10).map((p) => (
            <li key={p.id}>{p.title}</li>
          ))}
          {chosen.length > 10 && <li>{m.andMore(chosen.length - 10)}</li>}
        </ul>
      </ConfirmDialog>
      {error ? (
        <p role="alert" className="ed-store__error">
          {error}
        </p>
      ) : isLoading ? (
        <p role="status">{editorMessages.loading}</p>
      ) : !products?.length ? (
        <EmptyState
          title={filtered ? m.noMatches : m.noProducts}
          action={
            filtered && (
              <button
                type="button"
                className="ed-button"
                onClick={() => onFiltersChange({ ...filters, ...noProductFilters })}
              >
                {m.clearFilters}
              </button>
            )
          }
        >
          {filtered ? m.noMatchesBody : m.noProductsBody}
        </EmptyState>
      ) : (
        <div className="ed-table-scroll" role="region" aria-label={m.tableOf(m.products)} tabIndex={0}>
          <table className="ed-table ed-table--cards">
            <thead>
              <tr>
                {selectable && (
                  <th scope="col">
                    <input
                      type="checkbox"
                      aria-label={m.selectAll}
                      checked={allPicked}
                      onChange={() => setPicked(allPicked ? new Set() : new Set(products.map((p) => p.id)))}
                    />
                  </th>
                )}
                <th scope="col">{m.title}</th>
                <th scope="col">{m.productType}</th>
                <th scope="col">{m.price}</th>
                <th scope="col">{m.stock}</th>
                <th scope="col">{m.status}</th>
                {!isReadOnly && (
                  <th scope="col">
                    <span className="ed-visually-hidden">{m.edit}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {products.map((p) => (
                <tr key={p.id}>
                  {selectable && (
                    <td>
                      <input
                        type="checkbox"
                        aria-label={m.selectProduct(p.title)}
                        checked={picked.has(p.id)}
                        onChange={() => toggle(p.id)}
                      />
                    </td>
                  )}
                  <th scope="row">
                    {p.title}
                    <span className="ed-table__sub">{m.variantsCount(p.variants.length)}</span>
                  </th>
                  <td data-label={m.productType}>{m.typeNames[p.productType]}</td>
                  <td data-label={m.price}>{priceRange(p)}</td>
                  <td data-label={m.stock}>{stockLabel(p)}</td>
                  <td data-label={m.status}>
                    {isReadOnly ? (
                      p.enabled ? (
                        m.enabled
                      ) : (
                        m.disabled
                      )
                    ) : (
                      <label className="ed-check">
                        <input type="checkbox" checked={p.enabled} onChange={() => onToggleEnabled(p)} />
                        {m.enabled}
                      </label>
                    )}
                  </td>
                  {!isReadOnly && (
                    <td>
                      <button
                        type="button"
                        className="ed-button ed-button--ghost"
                        onClick={() => onEdit(p)}
                        aria-label={`${m.edit} ${p.title}`}
                      >
                        {m.edit}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {onLoadMore && (
        <button type="button" className="ed-button" onClick={onLoadMore}>
          {m.loadMore}
        </button>
      )}
    </section>
  );
}
