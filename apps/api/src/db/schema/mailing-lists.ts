import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { websites } from './site';

/** A mailing list kept by the site; the newsletter block and the restock form's box feed it. */
export const mailingLists = pgTable(
  'mailing_lists',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The list the restock form's "join the mailing list" box feeds. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mailing_lists_site_name').on(t.websiteId, t.name)],
);

export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed';
export type SubscriberSource = 'newsletter-block' | 'restock-form' | 'form' | 'popup';

export const mailingListSubscribers = pgTable(
  'mailing_list_subscribers',
  {
    id: text('id').primaryKey(),
    listId: text('list_id')
      .notNull()
      .references(() => mailingLists.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status').$type<SubscriberStatus>().notNull(),
    source: text('source').$type<SubscriberSource>().notNull(),
    /** When the visitor asked to join (the consent this row records). */
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** sha256 of the confirmation link's token; cleared when used, so the link works once. */
    confirmTokenHash: text('confirm_token_hash'),
    /** sha256 of the unsubscribe token every email to this subscriber carries. */
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
  },
  (t) => [
    uniqueIndex('mailing_list_subscribers_list_email').on(t.listId, t.email),
    uniqueIndex('mailing_list_subscribers_confirm').on(t.confirmTokenHash),
    uniqueIndex('mailing_list_subscribers_unsubscribe').on(t.unsubscribeTokenHash),
    // The editor's subscriber list and its export, newest consent first then by email, one keyset.
    index('mailing_list_subscribers_list_consented_email').on(
      t.listId,
      t.consentedAt.desc().nullsFirst(),
      t.email,
    ),
    // The editor's email search (ILIKE '%…%') in a big list.
    index('mailing_list_subscribers_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

/**
 * Each list's confirmed subscribers (migration 0053) and all its subscribers whatever their status
 * (0072, the subscriber list's heading), kept by triggers on mailing_list_subscribers in the
 * transaction that adds, confirms, unsubscribes, moves or deletes one, so the editor shows exact
 * counts without reading a big list. Its own table: no other row is locked by a sign-up.
 */
export const mailingListCounts = pgTable('mailing_list_counts', {
  listId: text('list_id')
    .primaryKey()
    .references(() => mailingLists.id, { onDelete: 'cascade' }),
  confirmed: integer('confirmed').notNull().default(0),
  subscribers: integer('subscribers').notNull().default(0),
});

export type WebhookEvent = 'form.submitted' | 'order.placed' | 'subscriber.added';

/** An outgoing webhook (the automation connection): events POSTed, signed, to the owner's URL. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<WebhookEvent[]>().notNull(),
    /** HMAC-SHA256 key of the signature header; shown to the owner once, at creation. */
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_site').on(t.websiteId)],
);

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').$type<WebhookEvent>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('webhook_deliveries_hook').on(t.webhookId, t.createdAt)],
);
