import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { websites } from './site';

/**
 * Passwords in front of a whole site (scope `site`) or one page (scope `page:<id>`): visitors see
 * the lock screen (page type 103) until they give it. Only the scrypt hash is kept; it also keys
 * the unlock cookie, so changing the password locks everyone out again.
 */
export const accessLocks = pgTable(
  'access_locks',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    passwordHash: text('password_hash').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('access_locks_site_scope').on(t.websiteId, t.scope)],
);
