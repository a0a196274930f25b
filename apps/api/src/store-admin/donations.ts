import type { Readable } from 'node:stream';
import {
  currencyInfo,
  fillMessage,
  formatMinorWithSymbol,
  isCurrencyCode,
  messages as commerceMessages,
  type DonationRow,
} from '@site/commerce-core';
import {
  adminMessages,
  parseTypedAmount,
  paymentMessages,
  type RefundAmount,
} from '@site/commerce-core/admin';
import { and, eq } from 'drizzle-orm';
import { recordActivity, type Actor } from '../activity/activity-log';
import { providersForSite, type PaymentProvider } from '../commerce/payments';
import type { Database } from '../db/client';
import { donations } from '../db/schema';
import { donationAmount, donationReference, donationRow, donationsAfter } from '../donations/donation-store';
import { ApiError, csvBody, keysetPages } from '../http';
import { csvLine } from './csv';

/** Donations read per statement while the CSV streams. */
const EXPORT_PAGE = 1000;

/** One CSV line of a donation, amounts as the donor saw them. */
function donationCsvLine(r: DonationRow): string {
  return `${csvLine([
    donationReference(r.id),
    new Date(r.createdOn).toISOString(),
    r.donorName,
    r.email,
    donationAmount(r),
    r.refundedCents ? donationAmount({ amountCents: r.refundedCents, currency: r.currency }) : '',
    r.currency,
    r.fund,
    r.testMode ? 'yes' : 'no',
  ])}\n`;
}

/**
 * Every paid donation of the site as a spreadsheet, newest first, one line a donation: streamed in
 * keyset pages along the list's index, so a site with any number of donations exports them all
 * while holding one page in memory.
 */
export function donationsCsv(db: Pick<Database, 'select'>, websiteId: string): Readable {
  const pages = keysetPages<{ row: DonationRow; key: string }>((after) =>
    donationsAfter(db, websiteId, after && [after.key, after.row.id], EXPORT_PAGE),
  );
  return csvBody(
    `${csvLine(['Reference', 'Date', 'Donor', 'Email', 'Amount', 'Refunded', 'Currency', 'Fund', 'Test'])}\n`,
    pages,
    (r) => donationCsvLine(r.row),
  );
}

/**
 * Gives back part or all of a paid donation through the processor that took it, such as a gift
 * made twice by mistake. The row is locked, so two refunds together never give back more than was
 * given, and a refusal by the processor changes nothing.
 */
export async function refundDonation(
  db: Database,
  websiteId: string,
  id: string,
  input: RefundAmount,
  siteProviders: ReadonlyMap<string, PaymentProvider>,
  actor: Actor,
): Promise<DonationRow> {
  const providers = await providersForSite(siteProviders, websiteId);
  return db.transaction(async (tx) => {
    const [donation] = await tx
      .select()
      .from(donations)
      .where(and(eq(donations.websiteId, websiteId), eq(donations.id, id)))
      .for('update');
    // A pending donation is not on the owner's list: it is not theirs to refund yet.
    if (!donation || donation.status !== 'paid')
      throw new ApiError(404, 'DONATION_NOT_FOUND', commerceMessages.donationNotFound);
    const currency = isCurrencyCode(donation.currency) ? donation.currency : 'USD';
    const amount = parseTypedAmount(input.amount, currencyInfo(currency).decimals);
    const invalid = (message: string) =>
      new ApiError(400, 'INVALID', message, [{ path: ['amount'], message }]);
    if (amount === undefined) throw invalid(paymentMessages.refundAmountInvalid);
    const left = donation.amountCents - donation.refundedCents;
    if (left <= 0) throw new ApiError(409, 'NOTHING_TO_REFUND', paymentMessages.donationRefunded);
    if (amount > left)
      throw invalid(
        fillMessage(paymentMessages.donationRefundTooHigh, {
          amount: formatMinorWithSymbol(BigInt(left), currency),
        }),
      );
    const provider = providers.get(donation.paymentProvider);
    if (!provider?.refund) throw new ApiError(409, 'REFUND_UNSUPPORTED', adminMessages.refundUnsupported);
    const result = await provider.refund({
      websiteId,
      reference: donation.paymentReference,
      amountCents: amount,
      currency,
      orderId: donation.id,
    });
    if (!result.ok)
      throw new ApiError(
        502,
        'REFUND_FAILED',
        fillMessage(adminMessages.refundFailed, { reason: result.message }),
      );
    const [updated] = await tx
      .update(donations)
      .set({ refundedCents: donation.refundedCents + amount })
      .where(eq(donations.id, donation.id))
      .returning();
    await recordActivity(tx, websiteId, actor, {
      kind: 'order-refunded',
      subject: donationReference(donation.id),
      detail: {
        amount: formatMinorWithSymbol(BigInt(amount), currency),
        donation: donation.donorName,
      },
    });
    return donationRow(updated!);
  });
}
