import type { RestockSignUpGroup } from '@site/commerce-core/admin';
import { EmptyState, editorMessages, storeMessages as m } from '@site/ui';
import { Fragment, useState } from 'react';
import { useRestockGroups, useRestockSignUps, useSendRestock } from '../api/restock';
import { ownerLocale } from './owner-locale';
import { errorMessage } from '../screen-kit/save-state';

/** Variants shoppers wait for, with how many wait; the owner sends the notices once stock is back. */
export function RestockSignups({ isReadOnly }: { isReadOnly: boolean }) {
  const groups = useRestockGroups();
  const send = useSendRestock();
  const rows = groups.data?.pages.flatMap((p) => p.signUpGroups);
  const inStock = (rows ?? []).filter((r) => r.unlimited || r.qtyInStock > 0);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (variantId: string) =>
    setOpen((o) => {
      const next = new Set(o);
      if (!next.delete(variantId)) next.add(variantId);
      return next;
    });
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
              <Fragment key={r.variantId}>
                <tr>
                  <th scope="row">
                    {r.productTitle}
                    {r.variantDescription && <span className="ed-table__sub">{r.variantDescription}</span>}
                  </th>
                  <td>{r.sku}</td>
                  <td>{r.unlimited ? m.unlimited : r.qtyInStock}</td>
                  <td>
                    <button
                      type="button"
                      className="ed-link-button"
                      aria-expanded={open.has(r.variantId)}
                      aria-controls={`restock-${r.variantId}`}
                      aria-label={
                        open.has(r.variantId)
                          ? m.hideWaiting(r.productTitle)
                          : m.showWaiting(r.signUpCount, r.productTitle)
                      }
                      onClick={() => toggle(r.variantId)}
                    >
                      {m.waiting(r.signUpCount)}
                    </button>
                  </td>
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
                {open.has(r.variantId) && (
                  <tr id={`restock-${r.variantId}`}>
                    <td colSpan={5}>
                      <WaitingList group={r} />
                    </td>
                  </tr>
                )}
              </Fragment>
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

/** The shoppers waiting for one variant, oldest first, with whether they were notified. */
function WaitingList({ group }: { group: RestockSignUpGroup }) {
  const signUps = useRestockSignUps({ productId: group.productId, variantId: group.variantId }, true);
  const rows = signUps.data?.pages.flatMap((p) => p.signUps);
  const date = new Intl.DateTimeFormat(ownerLocale(), { dateStyle: 'medium' });
  if (signUps.isPending) return <p role="status">{editorMessages.loading}</p>;
  if (signUps.error)
    return (
      <p role="alert" className="ed-store__error">
        {errorMessage(signUps.error)}
      </p>
    );
  return (
    <>
      <ul className="ed-restock-waiting" aria-label={m.waitingList(group.productTitle)}>
        {rows?.map((s) => (
          <li key={s.email + s.createdAt}>
            <span className="ed-restock-waiting__email">{s.email}</span>
            <span className="ed-table__sub">
              {s.notifiedAt
                ? m.notifiedOn(date.format(new Date(s.notifiedAt)))
                : m.signedUpOn(date.format(new Date(s.createdAt)))}
              {s.joinMailingList && ` · ${m.joinedMailingList}`}
            </span>
          </li>
        ))}
      </ul>
      {signUps.hasNextPage && (
        <button
          type="button"
          className="ed-button"
          disabled={signUps.isFetchingNextPage}
          onClick={() => void signUps.fetchNextPage()}
        >
          {m.loadMore}
        </button>
      )}
    </>
  );
}
