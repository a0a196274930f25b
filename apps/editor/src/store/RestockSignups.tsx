import { EmptyState, editorMessages, storeMessages as m } from '@site/ui';
import { useRestockGroups, useSendRestock } from '../api/restock';
import { errorMessage } from '../screen-kit/save-state';

/** Variants shoppers wait for, with how many wait; the owner sends the notices once stock is back. */
export function RestockSignups({ isReadOnly }: { isReadOnly: boolean }) {
  const groups = useRestockGroups();
  const send = useSendRestock();
  const rows = groups.data?.pages.flatMap((p) => p.signUpGroups);
  const inStock = (rows ?? []).filter((r) => r.unlimited || r.qtyInStock > 0);
  return (
    <section className="ed-store" aria-labelledby="ed-store-restock">
      <div className="ed-store__toolbar">
        <h2 id="ed-store-restock" className="ed-store__title">
          {m.restockSignups}
        </h2>
        {!isReadOnly && inStock.length > 1 && (
          <button
            type="button"
            className="ed-button"
            disabled={send.isPending}
            onClick={() =>
              send.mutate(inStock.map((r) => ({ productId: r.productId, variantId: r.variantId })))
            }
          >
            {m.sendAllRestock}
          </button>
        )}
      </div>
      {send.data && <p role="status">{m.restockSent(send.data.notifiedCount)}</p>}
      {(groups.error ?? send.error) && (
        <p role="alert" className="ed-store__error">
          {errorMessage(groups.error ?? send.error)}
        </p>
      )}
      {groups.isPending ? (
        <p role="status">{editorMessages.loading}</p>
      ) : rows && rows.length === 0 ? (
        <EmptyState title={m.noRestockSignups} />
      ) : (
        <table className="ed-table">
          <thead>
            <tr>
              <th scope="col">{m.product}</th>
              <th scope="col">{m.sku}</th>
              <th scope="col">{m.stock}</th>
              <th scope="col">{m.restockSignups}</th>
              <th scope="col">
                <span className="ed-visually-hidden">{m.sendRestock}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows?.map((r) => (
              <tr key={r.variantId}>
                <th scope="row">
                  {r.productTitle}
                  {r.variantDescription && <span className="ed-table__sub">{r.variantDescription}</span>}
                </th>
                <td>{r.sku}</td>
                <td>{r.unlimited ? m.unlimited : r.qtyInStock}</td>
                <td>{m.waiting(r.signUpCount)}</td>
                <td>
                  {!isReadOnly && (
                    <button
                      type="button"
                      className="ed-button"
                      disabled={send.isPending || !(r.unlimited || r.qtyInStock > 0)}
                      onClick={() => send.mutate([{ productId: r.productId, variantId: r.variantId }])}
                    >
                      {m.sendRestock}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {groups.hasNextPage && (
        <button type="button" className="ed-button" onClick={() => void groups.fetchNextPage()}>
          {m.loadMore}
        </button>
      )}
    </section>
  );
}
