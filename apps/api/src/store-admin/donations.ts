import type { DonationRow } from '@site/commerce-core';
import { donationAmount, donationReference } from '../donations/donation-store';
import { csvLine } from './csv';

/** The most donations one CSV holds; a site past it exports the newest. */
export const MAX_DONATIONS_CSV = 100_000;

/** The owner's donations as a spreadsheet: one line a donation, amounts as the donor saw them. */
export function donationsCsv(rows: readonly DonationRow[]): string {
  const lines = [
    csvLine(['Reference', 'Date', 'Donor', 'Email', 'Amount', 'Currency', 'Fund', 'Test']),
    ...rows.map((r) =>
      csvLine([
        donationReference(r.id),
        new Date(r.createdOn).toISOString(),
        r.donorName,
        r.email,
        donationAmount(r),
        r.currency,
        r.fund,
        r.testMode ? 'yes' : 'no',
      ]),
    ),
  ];
  return `${lines.join('\n')}\n`;
}
