import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { websites } from './site';

/**
 * An OpenID Connect provider the owner set up for members' single sign-on (page type 400). The
 * client secret is only ever read by the server, for the token request; the editor sees its tail.
 */
export const ssoProviders = pgTable(
  'sso_providers',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** What the button says: "Sign in with <name>". */
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    /** Off: the button leaves the sign-in screen and sign-ins through it stop; settings are kept. */
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_providers_site').on(t.websiteId)],
);

/**
 * A sign-in on its way through a provider. The id is the SHA-256 of the state sent to the
 * provider; the row is deleted as the callback reads it, so a state (and its nonce) works once.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    providerId: text('provider_id')
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnTo: text('return_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_sign_ins_expires').on(t.expiresAt)],
);
