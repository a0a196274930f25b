import type { InventoryItem } from '@site/commerce-core/admin';
import { useState } from 'react';
import { EmptyState } from '../EmptyState';
import { editorMessages } from '../editor-messages';
import { storeMessages as m } from './store-messages';

export interface InventoryTableProps {
  items: readonly InventoryItem[] | undefined;
  isLoading?: boolean;
  error?: string;
  isReadOnly?: boolean;
  /** Called with the typed stock when a field loses focus or Enter is pressed, only if it changed. */
  onSetStock: (item: InventoryItem, update: { qtyInStock?: number; unlimited?: boolean }) => void;
  /** Messages by variant id from a refused edit. */
  errors?: Readonly<Record<string, string>>;
}

const nameOf = (item: InventoryItem) => [item.productTitle, ...Object.values(item.attributes)].join(' – ');

function StockCell({
  item,
  isReadOnly,
  onSetStock,
  error,
}: {
  item: InventoryItem;
  isReadOnly?: boolean;
  error?: string;
  onSetStock: InventoryTableProps['onSetStock'];
}) {
  const [typed, setTyped] = useState(String(item.qtyInStock));
  const commit = () => {
    const n = Number(typed);
    if (typed.trim() !== '' && n !== item.qtyInStock) onSetStock(item, { qtyInStock: n });
  };
  if (isReadOnly) return <>{item.unlimited ? m.unlimited : item.qtyInStock}</>;
  return (
    <>
      <input
        className="ed-input ed-input--narrow"
        type="number"
        min={0}
        aria-label={m.stockFor(nameOf(item))}
        value={typed}
        disabled={item.unlimited}
        aria-invalid={error ? true : undefined}
        onChange={(e) => setTyped(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
      <label className="ed-check">
        <input
          type="checkbox"
          checked={item.unlimited}
          aria-label={m.unlimitedFor(nameOf(item))}
          onChange={(e) => onSetStock(item, { unlimited: e.target.checked })}
        />
        {m.unlimited}
      </label>
      {error && (
        <span className="ed-field__error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}

/** Stock of every variant with inline edits: one change, one call. */
export function InventoryTable({
  items,
  isLoading,
  error,
  isReadOnly,
  onSetStock,
  errors = {},
}: InventoryTableProps) {
  if (error)
    return (
      <p role="alert" className="ed-store__error">
        {error}
      </p>
    );
  if (isLoading) return <p role="status">{editorMessages.loading}</p>;
  if (!items?.length) return <EmptyState title={m.noInventory} />;
  return (
    <div className="ed-table-scroll" role="region" aria-label={m.tableOf(m.inventory)} tabIndex={0}>
      <table className="ed-table" aria-label={m.inventory}>
        <thead>
          <tr>
            <th scope="col">{m.product}</th>
            <th scope="col">{m.sku}</th>
            <th scope="col">{m.stock}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <th scope="row">{nameOf(item)}</th>
              <td>{item.sku}</td>
              <td>
                {/* Keyed by the stored value, so a saved edit or a sale resets the typed text. */}
                <StockCell
                  key={`${item.qtyInStock}-${item.unlimited}`}
                  item={item}
                  isReadOnly={isReadOnly}
                  onSetStock={onSetStock}
                  error={errors[item.id]}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
