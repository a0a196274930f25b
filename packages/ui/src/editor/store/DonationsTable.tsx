import { fillMessage, formatMinorWithSymbol, isCurrencyCode, type DonationRow } from '@site/commerce-core';
import { paymentMessages } from '@site/commerce-core/admin';
import { useState } from 'react';
import { ActionNotice } from '../ActionNotice';
import { ListStates } from '../ListStates';
import { ShowMore } from '../ShowMore';
import { DonationRefundDialog, donationRefundable } from './DonationRefundDialog';
import { storeMessages as m } from './store-messages';

export interface DonationsTableProps {
  /** Undefined while the list loads. */
  donations?: readonly DonationRow[];
  isLoading?: boolean;
  loadError?: string;
  onRetry?: () => void;
  /** Older donations than these: the next page is one click away. */
  hasMore?: boolean;
  isLoadingMore?: boolean;
  onLoadMore?: () => void;
  /** Why the last Show more failed; the button stays to try again. */
  loadMoreError?: string;
  /** The CSV download of every donation. */
  csvHref: string;
  /** The owner's locale, for dates. */
  locale?: string;
  /**
   * Gives back an amount typed as money; rejects with the refusal in the owner's words. Without it
   * (someone who may not move money) no Refund button shows.
   */
  onRefund?: (donation: DonationRow, amount: string) => Promise<DonationRow>;
}

const money = (minor: number, currency: string) =>
  formatMinorWithSymbol(BigInt(minor), isCurrencyCode(currency) ? currency : 'USD');

/** What visitors gave through the site's donation blocks: who, how much, when and to which fund. */
export function DonationsTable({
  donations,
  isLoading,
  loadError,
  onRetry,
  hasMore,
  isLoadingMore,
  onLoadMore,
  loadMoreError,
  csvHref,
  locale,
  onRefund,
}: DonationsTableProps) {
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const [refunding, setRefunding] = useState<DonationRow>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const close = () => {
    setRefunding(undefined);
    setRefusal(undefined);
  };
  return (
    <section className="ed-store" aria-labelledby="ed-store-donations">
      <div className="ed-store__toolbar">
        <h2 id="ed-store-donations" className="ed-store__title">
          {m.donations}
        </h2>
        {donations && donations.length > 0 && (
          <a className="ed-button ed-button--secondary" href={csvHref} download>
            {m.exportCsv}
          </a>
        )}
      </div>
      <ActionNotice message={notice} onDismiss={() => setNotice(undefined)} />
      <ListStates
        items={donations}
        isLoading={isLoading}
        loadingText={m.loadingDonations}
        loadError={loadError}
        onRetry={onRetry}
        empty={{ title: m.noDonations, body: m.noDonationsBody }}
      >
        {(rows) => (
          <div className="ed-table-scroll" role="region" aria-label={m.tableOf(m.donations)} tabIndex={0}>
            <table className="ed-table">
              <thead>
                <tr>
                  <th scope="col">{m.donor}</th>
                  <th scope="col">{m.donationAmount}</th>
                  <th scope="col">{m.date}</th>
                  <th scope="col">{m.fund}</th>
                  {onRefund && (
                    <th scope="col">
                      <span className="visually-hidden">{m.donationActions}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {rows.map((d) => (
                  <tr key={d.id}>
                    <th scope="row">
                      {d.donorName}
                      <span className="ed-muted ed-donation__email">{d.email}</span>
                    </th>
                    <td>
                      {money(d.amountCents, d.currency)}
                      {d.testMode && <span className="ed-muted"> · {m.testDonation}</span>}
                      {d.refundedCents > 0 && (
                        <span className="ed-donation__refunded">
                          {donationRefundable(d) === 0
                            ? m.donationRefundedFull
                            : m.donationRefundedPart(money(d.refundedCents, d.currency))}
                        </span>
                      )}
                    </td>
                    <td>{date.format(new Date(d.createdOn))}</td>
                    <td>{d.fund || m.noFund}</td>
                    {onRefund && (
                      <td>
                        {donationRefundable(d) > 0 && (
                          <button
                            type="button"
                            className="ed-button ed-button--secondary"
                            aria-label={m.refundDonationOf(d.donorName)}
                            onClick={() => {
                              setNotice(undefined);
                              setRefunding(d);
                            }}
                          >
                            {m.refundDonation}
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListStates>
      {donations && donations.length > 0 && onLoadMore && (
        <ShowMore
          noun="donations"
          hasMore={hasMore}
          isLoading={isLoadingMore}
          error={loadMoreError}
          onMore={onLoadMore}
        />
      )}
      {onRefund && (
        <DonationRefundDialog
          donation={refunding}
          isBusy={busy}
          error={refusal}
          onClose={close}
          onRefund={(d, amount) => {
            setBusy(true);
            setRefusal(undefined);
            onRefund(d, amount)
              .then((after) => {
                close();
                setNotice(
                  fillMessage(paymentMessages.donationRefundDone, {
                    amount: money(after.refundedCents - d.refundedCents, d.currency),
                    donor: d.donorName,
                  }),
                );
              })
              .catch((err: unknown) => setRefusal(err instanceof Error ? err.message : String(err)))
              .finally(() => setBusy(false));
          }}
        />
      )}
    </section>
  );
}
