import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  checkGiftCardSendDate,
  formatMinorWithSymbol,
  giftCardCodeFromBytes,
  fillMessage,
  messages,
  normalizeGiftCardCode,
  ProductType,
  type CurrencyCode,
  type GiftCardBalance,
} from '@site/commerce-core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client';
import { giftCardLedger, giftCards } from '../db/schema';
import { queueEmail } from '../mail/queue-email';
import type { LoginGuard } from '../security/login-guard';
import type { CartEntryRow } from './cart-store';
import { ApiError } from '../http';

/** Who a gift card in a cart is for; kept with the cart entry (and then the order item). */
export interface GiftCardRecipient {
  recipientName: string;
  recipientEmail: string;
  senderName?: string;
  message?: string;
  sendDate?: string;
}

/** The key of the recipient in a gift-card entry's `additionalFields`. */
export const GIFT_CARD_FIELDS_KEY = 'giftCard';

export function recipientOf(entry: Pick<CartEntryRow, 'additionalFields'>): GiftCardRecipient | undefined {
  const value = entry.additionalFields?.[GIFT_CARD_FIELDS_KEY];
  return value && typeof value === 'object' ? (value as GiftCardRecipient) : undefined;
}

const hashCode = (code: string): string => createHash('sha256').update(code).digest('hex');

function newCode(): string {
  for (;;) {
    // 32 bytes give 16 usable symbols except with probability about 1e-13; draw again then.
    const code = giftCardCodeFromBytes(randomBytes(32));
    if (code) return code;
  }
}

/** Today in UTC as YYYY-MM-DD: send dates are calendar days, sent from 00:00 UTC. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

export function assertSendDate(sendDate: string | undefined, now: Date): void {
  if (sendDate && !checkGiftCardSendDate(sendDate, utcDay(now))) {
    throw new ApiError(400, 'INVALID_GIFT_CARD', messages.giftCardSendDateInvalid, {
      fieldErrors: { sendDate: messages.giftCardSendDateInvalid },
    });
  }
}

/**
 * Finds a card by code. The lookup goes through the code's hash, so neither the index nor the
 * comparison sees the code's characters, and the stored hash is compared in constant time.
 */
async function findCard(db: Queryable, websiteId: string, code: string) {
  const hash = hashCode(code);
  const [card] = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.websiteId, websiteId), eq(giftCards.codeHash, hash)));
  if (!card || !timingSafeEqual(Buffer.from(card.codeHash), Buffer.from(hash))) return undefined;
  return card;
}

/**
 * Wrong codes are counted per client address (shared across processes when the guard is Redis):
 * after a few, that client is locked out for a while even for a right code, so codes cannot be
 * enumerated through either the balance lookup or checkout.
 */
export async function guardedCode(guard: LoginGuard, clientKey: string, input: string): Promise<string> {
  const locked = await guard.lockedFor(clientKey);
  if (locked > 0) {
    const message = fillMessage(messages.giftCardLocked, { seconds: String(locked) });
    throw new ApiError(429, 'GIFT_CARD_LOCKED', message, {
      retryAfterSeconds: locked,
      fieldErrors: { giftCardCode: message },
    });
  }
  const code = normalizeGiftCardCode(input);
  if (!code) {
    await guard.failed(clientKey);
    throw unknownCode();
  }
  return code;
}

const unknownCode = () =>
  new ApiError(400, 'GIFT_CARD_UNKNOWN', messages.giftCardCodeUnknown, {
    fieldErrors: { giftCardCode: messages.giftCardCodeUnknown },
  });

export async function giftCardBalance(
  db: Database,
  websiteId: string,
  guard: LoginGuard,
  clientKey: string,
  input: string,
): Promise<GiftCardBalance> {
  const code = await guardedCode(guard, clientKey, input);
  const card = await findCard(db, websiteId, code);
  if (!card) {
    await guard.failed(clientKey);
    throw unknownCode();
  }
  return {
    balanceCents: card.balanceCents,
    initialCents: card.initialCents,
    currency: card.currency,
    last4: card.last4,
  };
}

export interface Redemption {
  giftCardId: string;
  amountCents: number;
  balanceCents: number;
}

/**
 * Takes up to `dueCents` from the card inside the order's transaction. One statement locks the
 * card's row and subtracts what it can pay, so concurrent checkouts on one card queue on the lock
 * and each sees the balance the previous one left: the card can never pay out more than it holds
 * (the table's check constraint backs this). Answers undefined for an unknown code.
 */
export async function redeemGiftCard(
  tx: Queryable,
  websiteId: string,
  orderId: string,
  code: string,
  dueCents: number,
): Promise<Redemption | undefined> {
  const card = await findCard(tx, websiteId, code);
  if (!card) return undefined;
  const result = await tx.execute<{ id: string; before: number; after: number }>(sql`
    with c as (select id, balance_cents from gift_cards where id = ${card.id} for update)
    update gift_cards g set balance_cents = g.balance_cents - least(c.balance_cents, ${dueCents}::int)
    from c where g.id = c.id
    returning g.id, c.balance_cents as before, g.balance_cents as after`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    before: number;
    after: number;
  }[];
  const row = rows[0]!;
  const amount = Number(row.before) - Number(row.after);
  if (amount <= 0) {
    throw new ApiError(409, 'GIFT_CARD_EMPTY', messages.giftCardEmpty, {
      fieldErrors: { giftCardCode: messages.giftCardEmpty },
    });
  }
  await tx
    .insert(giftCardLedger)
    .values({ id: randomUUID(), giftCardId: card.id, orderId, kind: 'redeem', amountCents: -amount });
  return { giftCardId: card.id, amountCents: amount, balanceCents: Number(row.after) };
}

export interface IssueContext {
  websiteId: string;
  orderId: string;
  currency: CurrencyCode;
  buyerEmail: string;
  /** Where the card can be spent, for the email. */
  shopUrl: string;
  now: Date;
}

/**
 * Issues the paid order's gift cards (one per unit) and queues each email in the same
 * transaction: for the chosen send day when it is later than today, else now. A gift card bought
 * without a recipient (added to the ordinary cart) goes to the buyer.
 */
export async function issueGiftCards(
  tx: Queryable,
  context: IssueContext,
  lines: {
    entry: Pick<CartEntryRow, 'additionalFields' | 'quantity'>;
    productType: number | undefined;
    unitPriceCents: number;
  }[],
): Promise<number> {
  let issued = 0;
  for (const { entry, productType, unitPriceCents } of lines) {
    if (productType !== ProductType.GIFT_CARD) continue;
    const recipient = recipientOf(entry) ?? { recipientName: '', recipientEmail: context.buyerEmail };
    const sendAt =
      recipient.sendDate && recipient.sendDate > utcDay(context.now)
        ? new Date(`${recipient.sendDate}T00:00:00Z`)
        : undefined;
    for (let unit = 0; unit < entry.quantity; unit++) {
      const code = newCode();
      const id = randomUUID();
      await tx.insert(giftCards).values({
        id,
        websiteId: context.websiteId,
        codeHash: hashCode(code),
        last4: code.slice(-4),
        currency: context.currency,
        initialCents: unitPriceCents,
        balanceCents: unitPriceCents,
        orderId: context.orderId,
        recipientName: recipient.recipientName,
        recipientEmail: recipient.recipientEmail,
        senderName: recipient.senderName ?? null,
        message: recipient.message ?? null,
        sendOn: recipient.sendDate ?? null,
      });
      await tx.insert(giftCardLedger).values({
        id: randomUUID(),
        giftCardId: id,
        orderId: context.orderId,
        kind: 'issue',
        amountCents: unitPriceCents,
      });
      await queueEmail(
        tx,
        context.websiteId,
        'gift-card',
        recipient.recipientEmail,
        {
          amount: formatMinorWithSymbol(BigInt(unitPriceCents), context.currency),
          code,
          recipientName: recipient.recipientName || undefined,
          senderName: recipient.senderName,
          message: recipient.message,
          shopUrl: context.shopUrl,
        },
        { sendAt },
      );
      issued += 1;
    }
  }
  return issued;
}
