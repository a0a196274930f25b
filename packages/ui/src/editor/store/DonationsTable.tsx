import { formatMinorWithSymbol, isCurrencyCode, type DonationRow } from '@site/commerce-core';
import { ListStates } from '../ListStates';
import { storeMessages as m } from './store-messages';

export interface DonationsTableProps {
  /** Undefined while the list loads. */
  donations?: readonly DonationRow[];
  isLoading?: boolean;
  loadError?: string;
  onRetry?: () => void;
  /** The CSV download of every donation. */
  csvHref: string;
  /** The owner's locale, for dates. */
  locale?: string;
}

/** What visitors gave through the site's donation blocks: who, how much, when and to which fund. */
export function DonationsTable({
  donations,
  isLoading,
  loadError,
  onRetry,
  csvHref,
  locale,
}: DonationsTableProps) {
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
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
                      {formatMinorWithSymbol(
                        BigInt(d.amountCents),
                        isCurrencyCode(d.currency) ? d.currency : 'USD',
                      )}
                      {d.testMode && <span className="ed-muted"> · {m.testDonation}</span>}
                    </td>
                    <td>{date.format(new Date(d.createdOn))}</td>
                    <td>{d.fund || m.noFund}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListStates>
    </section>
  );
}
