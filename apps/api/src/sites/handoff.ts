import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { siteHandoffs, siteMembers } from '../db/schema';
import { hashSessionToken } from '../security/sessions';

/**
 * Session cookies are host-only, so the host that creates a site cannot sign its owner in on the
 * site's own host. It hands over a short-lived one-time token instead, which the editor on the new
 * host exchanges for a session. Hand-over tokens live in their own table (`site_handoffs`), never
 * among sessions: sent as a session cookie, one is simply unknown.
 */
export const HANDOFF_MS = 2 * 60_000;

export async function createHandoff(db: Database, memberId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // Unspent hand-overs are swept here: creating one is when they pile up.
  await db.delete(siteHandoffs).where(lte(siteHandoffs.expiresAt, new Date()));
  await db.insert(siteHandoffs).values({
    id: hashSessionToken(token),
    memberId,
    expiresAt: new Date(Date.now() + HANDOFF_MS),
  });
  return token;
}

/**
 * Spends a hand-over token of this site: the member it names, or undefined when it is unknown,
 * expired, already spent or another site's. One delete both checks and spends it, so two
 * concurrent exchanges cannot both succeed.
 */
export async function spendHandoff(
  db: Database,
  websiteId: string,
  token: string,
): Promise<string | undefined> {
  const [spent] = await db
    .delete(siteHandoffs)
    .where(
      and(
        eq(siteHandoffs.id, hashSessionToken(token)),
        gt(siteHandoffs.expiresAt, new Date()),
        inArray(
          siteHandoffs.memberId,
          db.select({ id: siteMembers.id }).from(siteMembers).where(eq(siteMembers.websiteId, websiteId)),
        ),
      ),
    )
    .returning({ memberId: siteHandoffs.memberId });
  return spent?.memberId;
}
