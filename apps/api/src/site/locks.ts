import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accessLocks } from '../db/schema';
import { hashPassword } from '../security/passwords';

/** The scope of a lock: the whole site, or one page (and the items under it). */
export const SITE_SCOPE = 'site';
export const pageScope = (pageId: string) => `page:${pageId}`;

/** scope → password hash, for one site. */
export type Locks = ReadonlyMap<string, string>;

export async function loadLocks(db: Pick<Database, 'select'>, websiteId: string): Promise<Locks> {
  const rows = await db
    .select({ scope: accessLocks.scope, passwordHash: accessLocks.passwordHash })
    .from(accessLocks)
    .where(eq(accessLocks.websiteId, websiteId));
  return new Map(rows.map((r) => [r.scope, r.passwordHash]));
}

export async function setLock(
  db: Database,
  websiteId: string,
  scope: string,
  password: string | null,
): Promise<void> {
  if (password === null) {
    await db
      .delete(accessLocks)
      .where(and(eq(accessLocks.websiteId, websiteId), eq(accessLocks.scope, scope)));
    return;
  }
  const passwordHash = await hashPassword(password);
  await db
    .insert(accessLocks)
    .values({ id: randomUUID(), websiteId, scope, passwordHash })
    .onConflictDoUpdate({
      target: [accessLocks.websiteId, accessLocks.scope],
      set: { passwordHash, updatedAt: new Date() },
    });
}

/** One cookie per lock; a page's name is a digest because page ids may hold any character. */
export const PAGE_UNLOCK_COOKIE_PREFIX = 'ss_unlock_';

export function unlockCookieName(scope: string): string {
  return scope === SITE_SCOPE
    ? 'ss_unlock'
    : `${PAGE_UNLOCK_COOKIE_PREFIX}${createHash('sha256').update(scope).digest('hex').slice(0, 16)}`;
}

/**
 * The unlock cookie's value: an HMAC keyed by the stored password hash (salted, never shown to
 * anyone), so nobody can make one without the password, and a new password ends every unlock.
 */
export function unlockToken(websiteId: string, scope: string, passwordHash: string): string {
  return createHmac('sha256', passwordHash).update(`${websiteId}\u0000${scope}`).digest('base64url');
}

export function isUnlocked(
  cookies: Readonly<Record<string, string | undefined>>,
  websiteId: string,
  scope: string,
  passwordHash: string,
): boolean {
  const sent = cookies[unlockCookieName(scope)];
  if (!sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(unlockToken(websiteId, scope, passwordHash));
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The locked pages (collections with their items) this visitor has not unlocked: search leaves
 * them out, so a page behind a password never shows a word of itself in results or excerpts.
 */
export function lockedPageIds(
  locks: Locks,
  cookies: Readonly<Record<string, string | undefined>>,
  websiteId: string,
): Set<string> {
  return new Set(
    [...locks]
      .filter(([scope, hash]) => scope.startsWith('page:') && !isUnlocked(cookies, websiteId, scope, hash))
      .map(([scope]) => scope.slice('page:'.length)),
  );
}

/** The lock a visitor meets first on a page: the site's, then the page's own. */
export function lockFor(locks: Locks, pageId: string | undefined): string[] {
  const scopes = [SITE_SCOPE, ...(pageId ? [pageScope(pageId)] : [])];
  return scopes.filter((s) => locks.has(s));
}
