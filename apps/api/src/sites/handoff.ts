import { randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { siteMembers, siteSessions } from '../db/schema';
import { hashSessionToken } from '../site-users/sessions';

/**
 * Session cookies are host-only, so the host that creates a site cannot sign its owner in on the
 * site's own host. It hands over a short-lived one-time token instead, which the editor on the new
 * host exchanges for a session. The token is stored like a session's (hashed) with this lifetime,
 * which is also what tells a hand-over apart from an ordinary session.
 */
export const HANDOFF_MS = 2 * 60_000;

export async function createHandoff(db: Database, memberId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(siteSessions).values({
    id: hashSessionToken(token),
    memberId,
    xsrfToken: randomBytes(24).toString('base64url'),
    rememberMe: false,
    expiresAt: new Date(Date.now() + HANDOFF_MS),
  });
  return token;
}

/**
 * Spends a hand-over token of this site: the member it names, or undefined when it is unknown,
 * expired, already spent, another site's, or an ordinary session's token. Deleting the row is
 * what spends it, so two concurrent exchanges cannot both succeed.
 */
export async function spendHandoff(db: Database, websiteId: string, token: string): Promise<string | undefined> {
  const now = Date.now();
  const id = hashSessionToken(token);
  const [row] = await db
    .select({ memberId: siteSessions.memberId })
    .from(siteSessions)
    .innerJoin(siteMembers, eq(siteMembers.id, siteSessions.memberId))
    .where(
      and(
        eq(siteSessions.id, id),
        eq(siteMembers.websiteId, websiteId),
        gt(siteSessions.expiresAt, new Date(now)),
        lte(siteSessions.expiresAt, new Date(now + HANDOFF_MS)),
      ),
    );
  if (!row) return undefined;
  const spent = await db.delete(siteSessions).where(eq(siteSessions.id, id)).returning({ id: siteSessions.id });
  return spent.length ? row.memberId : undefined;
}
