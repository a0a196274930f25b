import { formatAdminMoney, type AdminProduct, type AdminProductType } from '@site/commerce-core/admin';
import { EmptyState } from '../EmptyState';
import { editorMessages } from '../editor-messages';
import { storeMessages as m } from './store-messages';

export interface ProductFilters {
  q: string;
  type: AdminProductType | '';
  stock: 'in' | 'out' | 'low' | '';
}

export interface ProductTableProps {
  products: readonly AdminProduct[] | undefined;
  filters: ProductFilters;
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
  onFiltersChange,
  isLoading,
  error,
  isReadOnly,
  onEdit,
  onAdd,
  onToggleEnabled,
  onLoadMore,
}: ProductTableProps) {
  const filtered = filters.q !== '' || filters.type !== '' || filters.stock !== '';
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
        {!isReadOnly && (
          <button type="button" className="ed-button ed-button--primary" onClick={onAdd}>
            {m.addProduct}
          </button>
        )}
      </div>
      {error ? (
        <p role="alert" className="ed-store__error">
          {error}
        </p>
      ) : isLoading ? (
        <p role="status">{editorMessages.loading}</p>
      ) : !products?.length ? (
        <EmptyState title={filtered ? m.noMatches : m.noProducts}>
          {filtered ? undefined : m.noProductsBody}
        </EmptyState>
      ) : (
        <table className="ed-table">
          <thead>
            <tr>
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
                <th scope="row">
                  {p.title}
                  <span className="ed-table__sub">{m.variantsCount(p.variants.length)}</span>
                </th>
                <td>{m.typeNames[p.productType]}</td>
                <td>{priceRange(p)}</td>
                <td>{stockLabel(p)}</td>
                <td>
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
      )}
      {onLoadMore && (
        <button type="button" className="ed-button" onClick={onLoadMore}>
          {m.loadMore}
        </button>
      )}
    </section>
  );
}
