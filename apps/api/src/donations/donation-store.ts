import { randomBytes, randomUUID } from 'node:crypto';
import {
  chooseDonationAmount,
  formatMinorWithSymbol,
  isCurrencyCode,
  messages as commerceMessages,
  readDonationRules,
  type CurrencyCode,
  DONATIONS_PAGE_SIZE,
  type DonationListPage,
  type DonationRequest,
  type DonationRow,
  type DonationRules,
} from '@site/commerce-core';
import { isValidEmail } from '@site/forms';
import { blockDefinition, pageVisibility, type PageDocument } from '@site/page-content';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donations, pages, websites } from '../db/schema';
import { ApiError } from '../http';
import { afterInstantId, decodeCursor, encodeCursor, instantIdCursor, instantKey } from '../http/cursor';
import { queueEmail } from '../mail/queue-email';
import { storeCurrency, type WebsiteRow } from '../site/site-data';
import type { PaymentProvider } from '../commerce/payments';

/** A donation block as the site shows it now: what the owner wrote and what it allows. */
export interface DonationBlock {
  id: string;
  title: string;
  description: string;
  fund: string;
  buttonLabel: string;
  rules: DonationRules;
  currency: CurrencyCode;
  locale: string;
}

/**
 * The donation block with this id on one of the site's published pages open to every visitor.
 * Settings come from the published document, never from the request: a visitor cannot lower the
 * minimum or pick the fund.
 */
export async function findDonationBlock(
  db: Pick<Database, 'select'>,
  website: WebsiteRow,
  blockId: string,
  now = new Date(),
): Promise<DonationBlock | undefined> {
  const probe = JSON.stringify({ sections: [{ blocks: [{ id: blockId, type: 'donation' }] }] });
  const rows = await db
    .select({ document: pages.publishedDocument, status: pages.status, publishAt: pages.publishAt })
    .from(pages)
    .where(
      and(
        eq(pages.websiteId, website.id),
        eq(pages.enabled, true),
        sql`${pages.publishedDocument} @> ${probe}::jsonb`,
      ),
    );
  const page = rows.find((r) => pageVisibility(r.status, r.publishAt, now) === 'visible');
  const block = page && findBlock(page.document, blockId);
  const parsed = block && blockDefinition('donation')!.settings.safeParse(block.settings ?? {});
  if (!parsed?.success) return undefined;
  const s = parsed.data as {
    title: string;
    description: string;
    fund: string;
    buttonLabel: string;
    amounts: { amount: string }[];
    allowCustom: boolean;
    minimum: string;
  };
  const currency = storeCurrency(website);
  const { rules } = readDonationRules(
    { amounts: s.amounts.map((a) => a.amount), allowCustom: s.allowCustom, minimum: s.minimum },
    { currency, locale: website.locale },
  );
  return {
    id: blockId,
    title: s.title,
    description: s.description,
    fund: s.fund.trim(),
    buttonLabel: s.buttonLabel,
    rules,
    currency,
    locale: website.locale,
  };
}

function findBlock(document: PageDocument | null, id: string) {
  for (const section of document?.sections ?? [])
    for (const block of section.blocks) if (block.id === id && block.type === 'donation') return block;
  return undefined;
}

const invalid = (field: string, message: string) =>
  new ApiError(400, 'INVALID_DONATION', message, { fieldErrors: { [field]: message } });

export interface PlacedDonation {
  id: string;
  accessToken: string;
  /** The processor finishes in the donor's browser (Stripe): the donation waits, pending, until it does. */
  payment?: { provider: string; clientSecret: string; amountCents: number };
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type DonationRecord = typeof donations.$inferSelect;

/** The donor's receipt, queued in the transaction that makes the donation paid. */
async function queueReceipt(tx: Tx, website: WebsiteRow, donation: DonationRecord, now: Date) {
  await queueEmail(tx, website.id, 'donation-receipt', donation.email, {
    donorName: donation.donorName,
    amount: donationAmount(donation),
    ...(donation.fund ? { fund: donation.fund } : {}),
    date: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: website.timeZone }).format(now),
    reference: donationReference(donation.id),
    testMode: donation.testMode,
  });
}

/**
 * Charges the donation through the site's provider and records it; the donor's receipt is queued
 * in the same transaction, so it goes out if and only if the donation is kept. No tax, shipping,
 * stock or discount is involved: the donor pays exactly the amount they chose. A provider that
 * finishes in the browser leaves it pending with no receipt; `settleDonation` completes it.
 */
export async function placeDonation(
  db: Database,
  website: WebsiteRow,
  request: DonationRequest,
  provider: PaymentProvider,
  now = new Date(),
): Promise<PlacedDonation> {
  const block = await findDonationBlock(db, website, request.blockId, now);
  if (!block) throw new ApiError(404, 'DONATION_BLOCK_NOT_FOUND', commerceMessages.donationUnavailable);
  const amount = chooseDonationAmount(request.amount, block.rules, block);
  if (!amount.ok) throw invalid('amount', amount.message);
  if (!isValidEmail(request.email)) throw invalid('email', commerceMessages.donationEmailInvalid);
  const id = randomUUID();
  const accessToken = randomBytes(24).toString('base64url');
  const amountCents = Number(amount.minor);
  return db.transaction(async (tx) => {
    const charge = await provider.charge({
      websiteId: website.id,
      amountCents,
      currency: block.currency,
      orderId: id,
      details: request.payment,
    });
    if (!charge.ok)
      throw new ApiError(
        402,
        charge.code.toUpperCase(),
        charge.message,
        charge.field ? { fieldErrors: { [charge.field]: charge.message } } : undefined,
      );
    const pending = charge.ok === 'pending';
    const [row] = await tx
      .insert(donations)
      .values({
        id,
        websiteId: website.id,
        blockId: block.id,
        fund: block.fund,
        donorName: request.name,
        email: request.email.trim(),
        amountCents,
        currency: block.currency,
        paymentProvider: provider.id,
        paymentReference: charge.reference,
        testMode: charge.testMode,
        status: pending ? 'pending' : 'paid',
        accessToken,
        createdAt: now,
      })
      .returning();
    if (!pending) await queueReceipt(tx, website, row!, now);
    return {
      id,
      accessToken,
      ...(pending
        ? { payment: { provider: provider.id, clientSecret: charge.clientSecret, amountCents } }
        : {}),
    };
  });
}

/** What a processor says of the payment behind a pending donation (payments/confirm-payment.ts). */
export interface ProcessorPaymentState {
  /** The processor's id of the payment (Stripe's PaymentIntent). */
  id: string;
  succeeded: boolean;
  amountCents: number;
  currency: string;
  /** The id the payment was made for: the donation's. */
  forId: string | undefined;
  lastError: string | undefined;
}

/**
 * A pending donation whose payment succeeded becomes paid and its receipt is queued, once: the row
 * is locked and only a pending donation moves, so the donor's return and the webhook, in either
 * order or at once, settle it once between them. A refused attempt keeps it pending with the
 * reason. Answers whether the payment was a donation's at all.
 */
export async function settleDonation(
  tx: Tx,
  websiteId: string,
  provider: string,
  state: ProcessorPaymentState,
  now = new Date(),
): Promise<boolean> {
  if (!state.forId) return false;
  const [donation] = await tx
    .select()
    .from(donations)
    .where(
      and(
        eq(donations.id, state.forId),
        eq(donations.websiteId, websiteId),
        eq(donations.paymentProvider, provider),
        eq(donations.paymentReference, state.id),
      ),
    )
    .for('update');
  if (!donation) return false;
  if (donation.status !== 'pending') return true;
  if (!state.succeeded) {
    if (state.lastError && state.lastError !== donation.paymentError)
      await tx.update(donations).set({ paymentError: state.lastError }).where(eq(donations.id, donation.id));
    return true;
  }
  // The payment was made for this donation's amount; anything else is not this donation's payment.
  if (state.amountCents !== donation.amountCents || state.currency !== donation.currency) return true;
  const [website] = await tx.select().from(websites).where(eq(websites.id, websiteId));
  const [paid] = await tx
    .update(donations)
    .set({ status: 'paid', paymentError: null })
    .where(eq(donations.id, donation.id))
    .returning();
  await queueReceipt(tx, website!, paid!, now);
  return true;
}

/** The short reference a donor quotes (the receipt, the confirmation page, the owner's list). */
export const donationReference = (id: string) => `D-${id.slice(0, 8).toUpperCase()}`;

/** A donation for the holder of its token (the contribution confirmed page). */
export async function findDonation(
  db: Pick<Database, 'select'>,
  websiteId: string,
  id: string,
  token: string,
) {
  const [row] = await db
    .select()
    .from(donations)
    .where(and(eq(donations.websiteId, websiteId), eq(donations.id, id)));
  // Compared after the lookup so a wrong token and an unknown id answer alike.
  return row && row.accessToken === token ? row : undefined;
}

/**
 * One page of the site's paid donations, newest first by (created at, id), read along
 * `donations_site_list` (migration 0074) from the cursor: the instant kept to the microsecond, so a
 * page boundary between donations made in the same millisecond neither repeats nor skips one.
 */
export async function listDonations(
  db: Pick<Database, 'select'>,
  websiteId: string,
  query: { cursor?: string; limit?: number } = {},
): Promise<DonationListPage> {
  const limit = query.limit ?? DONATIONS_PAGE_SIZE;
  const after = decodeCursor(instantIdCursor, query.cursor);
  const rows = await donationsAfter(db, websiteId, after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    donations: page.map((r) => r.row),
    nextCursor: rows.length > limit && last ? encodeCursor([last.key, last.row.id]) : null,
  };
}

/** Paid donations after `after` (an `instantIdCursor`), newest first, with each one's key. */
export async function donationsAfter(
  db: Pick<Database, 'select'>,
  websiteId: string,
  after: readonly [string, string] | undefined,
  limit: number,
): Promise<{ row: DonationRow; key: string }[]> {
  const rows = await db
    .select({ row: donations, key: instantKey(donations.createdAt) })
    .from(donations)
    .where(
      and(
        eq(donations.websiteId, websiteId),
        eq(donations.status, 'paid'),
        after ? afterInstantId(donations.createdAt, donations.id, after) : undefined,
      ),
    )
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(limit);
  return rows.map((r) => ({ row: donationRow(r.row), key: r.key }));
}

/** A stored donation as the owner's list shows it. */
export const donationRow = (r: typeof donations.$inferSelect): DonationRow => ({
  id: r.id,
  donorName: r.donorName,
  email: r.email,
  amountCents: r.amountCents,
  currency: r.currency,
  fund: r.fund,
  createdOn: r.createdAt.getTime(),
  testMode: r.testMode,
  refundedCents: r.refundedCents,
});

/** An amount of a stored donation with its currency's symbol. */
export function donationAmount(row: { amountCents: number; currency: string }): string {
  return formatMinorWithSymbol(BigInt(row.amountCents), isCurrencyCode(row.currency) ? row.currency : 'USD');
}
