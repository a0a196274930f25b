import { TEAM_ROLES } from '@site/page-content';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { websites } from './site';

/**
 * Whether a member holds a team role: the predicate of the `site_members_team` partial index, so
 * the team screen and the owner's order emails read the site's few team members instead of every
 * customer account (100 000 at a big store). A literal, not a parameter: the planner uses a partial
 * index only when it can see the query's condition is the index's own.
 */
export const onTheTeam = sql.raw(`"site_members"."roles" && '{${TEAM_ROLES.join(',')}}'::text[]`);

/** A site member: someone who signs in to the site (the store owner, a viewer, a customer). */
export const siteMembers = pgTable(
  'site_members',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** Stored trimmed and lower-cased so sign-in does not depend on how it was typed. */
    email: text('email').notNull(),
    /** `scrypt$N$r$p$salt$hash` (base64url): the cost parameters travel with the hash so they can be raised later. */
    passwordHash: text('password_hash').notNull(),
    /** e.g. ['owner'], ['viewer'], ['customer']. */
    roles: text('roles').array().notNull().default([]),
    /** Null until the member opens the emailed link; orders are matched by email only after that. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** When the member accepted the site's terms while creating the account. */
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    /** The member's language (POST /api/site-users/account/locale); null follows the site's. */
    locale: text('locale'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('site_members_site_email').on(t.websiteId, t.email),
    index('site_members_team').on(t.websiteId, t.email).where(onTheTeam),
  ],
);

/**
 * One-time secrets mailed to a member (email verification, password reset). The id is the
 * SHA-256 of the secret in the link, so the table alone cannot be used to take an account over.
 */
export const memberTokens = pgTable(
  'member_tokens',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => siteMembers.id, { onDelete: 'cascade' }),
    /** 'verify-email' | 'reset-password'. */
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_tokens_member').on(t.memberId, t.purpose)],
);

/** A member's saved shipping addresses. */
export const memberAddresses = pgTable(
  'member_addresses',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => siteMembers.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    region: text('region').notNull().default(''),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_addresses_member').on(t.memberId)],
);

/**
 * A signed-in browser. The id is the SHA-256 of the token in the session cookie, so a leaked
 * copy of this table does not let anyone sign in.
 */
export const siteSessions = pgTable(
  'site_sessions',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => siteMembers.id, { onDelete: 'cascade' }),
    /** Sent back by the client in X-SiteUser-XSRF-Token on every state-changing call. */
    xsrfToken: text('xsrf_token').notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('site_sessions_member').on(t.memberId)],
);

/**
 * A one-time sign-in hand-over from the host that created or restored a site to the site's own
 * host (src/sites/handoff.ts). Kept apart from sessions, so its token can never be read as a
 * session cookie: only the hand-over call looks here, and spending it deletes the row. The id is
 * the SHA-256 of the token.
 */
export const siteHandoffs = pgTable(
  'site_handoffs',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => siteMembers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('site_handoffs_member').on(t.memberId)],
);

/**
 * Mail the site has decided to send. Rows are written in the same transaction as the state
 * change that causes them (`queueEmail` in src/mail); the mail worker claims a due row, sends it
 * with the row id as its Message-ID and stamps `sentAt`, or records the failure and retries later,
 * until `failedAt` marks it dead (src/mail/README.md).
 */
export const outgoingEmails = pgTable(
  'outgoing_emails',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** The plain-text part. */
    body: text('body').notNull(),
    html: text('html'),
    /** Which template made it (`restock-notice`…), for logs and counts. */
    kind: text('kind'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Sends tried, counted when a worker claims the row (so a crash mid-send counts too). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Not claimed before this: the retry backoff, and the lease of a worker that is sending it. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Dead: every attempt failed; never tried again. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [index('outgoing_emails_pending').on(t.sentAt, t.createdAt)],
);

/**
 * An invitation to join the site's team (src/sites/team.ts). Like member tokens, the id is the
 * SHA-256 of the emailed secret; the email need not have an account yet, so it is not a member row.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** Stored trimmed and lower-cased, like members' emails. */
    email: text('email').notNull(),
    /** One of INVITABLE_ROLES. */
    role: text('role').notNull(),
    invitedBy: text('invited_by').references(() => siteMembers.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('team_invitations_site').on(t.websiteId, t.email)],
);
