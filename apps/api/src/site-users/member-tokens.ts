import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ApiError } from '../http';
import type { Database } from '../db/client';
import { memberTokens } from '../db/schema';
import { memberMessages } from '../security/member-messages';

export type TokenPurpose = 'verify-email' | 'reset-password';

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  'verify-email': 48 * 3600_000,
  'reset-password': 30 * 60_000,
};

/** One email of a kind per member per minute: repeated clicks on "send" cannot flood an inbox. */
const RESEND_GAP_MS = 60_000;

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A fresh secret for the member's link, or undefined when one of this purpose was issued in the
 * last minute. Only its SHA-256 is stored, so lookups compare digests of a 256-bit secret: timing
 * cannot reveal a stored token.
 */
export async function issueToken(
  tx: Executor,
  memberId: string,
  purpose: TokenPurpose,
): Promise<string | undefined> {
  const [recent] = await tx
    .select({ id: memberTokens.id })
    .from(memberTokens)
    .where(
      and(
        eq(memberTokens.memberId, memberId),
        eq(memberTokens.purpose, purpose),
        gt(memberTokens.createdAt, new Date(Date.now() - RESEND_GAP_MS)),
      ),
    )
    .limit(1);
  if (recent) return undefined;
  const token = randomBytes(32).toString('base64url');
  await tx.insert(memberTokens).values({
    id: hashToken(token),
    memberId,
    purpose,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/**
 * Spends the token and answers its member. The conditional update is the single-use guarantee:
 * of two concurrent uses only one finds the row still unused. A token that is unknown (400), used
 * or expired (410) is refused with a message the page can show.
 */
export async function consumeToken(tx: Executor, token: string, purpose: TokenPurpose): Promise<string> {
  const id = hashToken(token);
  const [spent] = await tx
    .update(memberTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(memberTokens.id, id),
        eq(memberTokens.purpose, purpose),
        isNull(memberTokens.usedAt),
        gt(memberTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ memberId: memberTokens.memberId });
  if (spent) return spent.memberId;
  const [row] = await tx
    .select({ usedAt: memberTokens.usedAt })
    .from(memberTokens)
    .where(and(eq(memberTokens.id, id), eq(memberTokens.purpose, purpose)));
  if (!row) throw new ApiError(400, 'TOKEN_INVALID', memberMessages.tokenInvalid);
  if (row.usedAt) throw new ApiError(410, 'TOKEN_USED', memberMessages.tokenUsed);
  throw new ApiError(410, 'TOKEN_EXPIRED', memberMessages.tokenExpired);
}

/** Every other link of this purpose stops working (after a reset, older reset emails are void). */
export async function voidTokens(tx: Executor, memberId: string, purpose: TokenPurpose): Promise<void> {
  await tx
    .update(memberTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(memberTokens.memberId, memberId),
        eq(memberTokens.purpose, purpose),
        isNull(memberTokens.usedAt),
      ),
    );
}
