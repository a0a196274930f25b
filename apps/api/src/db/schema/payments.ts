import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { websites } from './site';

/**
 * A site's own payment processor account, entered by the owner in the editor. The secret key and
 * the webhook signing secret are sealed with AES-256-GCM (security/secret-box.ts); only their last
 * four characters are kept readable, to show which key is set.
 */
export const paymentSettings = pgTable('payment_settings', {
  websiteId: text('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  publishableKey: text('publishable_key').notNull(),
  secretKeySealed: text('secret_key_sealed').notNull(),
  secretKeyLast4: text('secret_key_last4').notNull(),
  webhookSecretSealed: text('webhook_secret_sealed').notNull(),
  webhookSecretLast4: text('webhook_secret_last4').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Processor events already applied: a redelivered event finds its id here and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_site').on(t.websiteId)],
);
