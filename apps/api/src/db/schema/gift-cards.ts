import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { websites } from './site';
import { orders } from './commerce';

/**
 * Issued gift cards. The code itself is never stored: only its SHA-256 (looked up by index and
 * confirmed with a constant-time compare) and its last four symbols for display. The balance is
 * the sum of the card's ledger rows, kept here too so a redemption is one guarded UPDATE.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    last4: text('last4').notNull(),
    currency: text('currency').notNull(),
    initialCents: integer('initial_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    /** The order that bought it. */
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    senderName: text('sender_name'),
    message: text('message'),
    /** The day the email goes out; null: on payment. */
    sendOn: date('send_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_cards_code').on(t.websiteId, t.codeHash),
    index('gift_cards_order').on(t.orderId),
    check('gift_cards_balance_range', sql`${t.balanceCents} >= 0 and ${t.balanceCents} <= ${t.initialCents}`),
  ],
);

/**
 * Every movement of a card's balance: `issue` (+ the face value, when paid), `redeem` (− what an
 * order took), `release` (+ what an order that was never paid took back). The card's balance always equals the sum of its rows; tests check it.
 */
export const giftCardLedger = pgTable(
  'gift_card_ledger',
  {
    id: text('id').primaryKey(),
    giftCardId: text('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    orderId: text('order_id').notNull(),
    kind: text('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gift_card_ledger_card').on(t.giftCardId),
    // One redemption per card and order: a retried transaction cannot take twice.
    uniqueIndex('gift_card_ledger_once').on(t.giftCardId, t.orderId, t.kind),
  ],
);
