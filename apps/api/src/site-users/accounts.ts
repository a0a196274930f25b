import { randomUUID } from 'node:crypto';
import { isValidEmail } from '@site/forms';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { ApiError } from '../http';
import type { Database, Tx } from '../db/client';
import { siteMembers, siteSessions, websites } from '../db/schema';
import { queueEmail } from '../mail/queue-email';
import { consumeToken, issueToken, TOKEN_LIFETIME_MS, voidTokens } from './member-tokens';
import { findMemberByEmail, memberAccountsEnabled, normalizeEmail } from '../security/members';
import { memberMessages } from '../security/member-messages';
import { hashPassword, verifyPassword } from '../security/passwords';
import { passwordProblem } from '../security/password-rule';

const fieldError = (field: string, message: string) =>
  new ApiError(400, 'INVALID_FIELDS', message, { fieldErrors: { [field]: message } });

function checkNewPassword(password: string, email: string, field = 'password'): void {
  const problem = passwordProblem(password, email);
  if (problem) throw fieldError(field, problem);
}

const verifyUrl = (origin: string, token: string) =>
  `${origin}/account/verify?token=${encodeURIComponent(token)}`;
const resetUrl = (origin: string, token: string) =>
  `${origin}/account/reset?token=${encodeURIComponent(token)}`;

async function sendVerification(
  tx: Tx,
  websiteId: string,
  member: { id: string; email: string },
  origin: string,
) {
  const token = await issueToken(tx, member.id, 'verify-email');
  if (token) {
    await queueEmail(tx, websiteId, 'member-verification', member.email, {
      verifyUrl: verifyUrl(origin, token),
      expiresInHours: TOKEN_LIFETIME_MS['verify-email'] / 3600_000,
    });
  }
}

async function sendReset(tx: Tx, websiteId: string, member: { id: string; email: string }, origin: string) {
  const token = await issueToken(tx, member.id, 'reset-password');
  if (token) {
    await queueEmail(tx, websiteId, 'password-reset', member.email, {
      resetUrl: resetUrl(origin, token),
      expiresInMinutes: TOKEN_LIFETIME_MS['reset-password'] / 60_000,
    });
  }
}

export interface Registration {
  email: string;
  password: string;
  language?: string;
}

/**
 * Creates a customer account and mails its verification link. The answer never says whether the
 * address already had an account (that would let anyone test addresses): an existing unverified
 * account gets its verification link again, a verified one a password-reset link, so its owner
 * can get in if they forgot they had signed up.
 */
export async function registerMember(
  db: Database,
  websiteId: string,
  input: Registration,
  origin: string,
): Promise<void> {
  const [site] = await db
    .select({ settings: websites.settings })
    .from(websites)
    .where(eq(websites.id, websiteId));
  if (!memberAccountsEnabled(site?.settings))
    throw new ApiError(403, 'ACCOUNTS_DISABLED', memberMessages.accountsDisabled);
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw fieldError('email', memberMessages.emailInvalid);
  checkNewPassword(input.password, email);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(siteMembers)
      .values({
        id: randomUUID(),
        websiteId,
        email,
        passwordHash,
        roles: ['customer'],
        consentedAt: new Date(),
        locale: input.language ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: siteMembers.id, email: siteMembers.email });
    if (created) return sendVerification(tx, websiteId, created, origin);
    const [existing] = await tx
      .select({ id: siteMembers.id, email: siteMembers.email, emailVerifiedAt: siteMembers.emailVerifiedAt })
      .from(siteMembers)
      .where(and(eq(siteMembers.websiteId, websiteId), eq(siteMembers.email, email)));
    if (!existing) return;
    if (existing.emailVerifiedAt) await sendReset(tx, websiteId, existing, origin);
    else await sendVerification(tx, websiteId, existing, origin);
  });
}

/** Marks the email verified; the link is single-use. */
export async function verifyEmail(db: Database, websiteId: string, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const memberId = await consumeToken(tx, token, 'verify-email');
    await tx
      .update(siteMembers)
      .set({ emailVerifiedAt: new Date() })
      .where(
        and(
          eq(siteMembers.id, memberId),
          eq(siteMembers.websiteId, websiteId),
          isNull(siteMembers.emailVerifiedAt),
        ),
      );
  });
}

/** A signed-in member who lost the first email asks for another (at most one a minute). */
export async function resendVerification(
  db: Database,
  websiteId: string,
  member: { id: string; email: string },
  origin: string,
) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ verified: siteMembers.emailVerifiedAt })
      .from(siteMembers)
      .where(eq(siteMembers.id, member.id));
    if (row && !row.verified) await sendVerification(tx, websiteId, member, origin);
  });
}

/** Mails a reset link when the address has an account; the caller answers the same either way. */
export async function requestPasswordReset(
  db: Database,
  websiteId: string,
  rawEmail: string,
  origin: string,
): Promise<void> {
  const email = normalizeEmail(rawEmail);
  if (!isValidEmail(email)) throw fieldError('email', memberMessages.emailInvalid);
  const member = await findMemberByEmail(db, websiteId, email);
  if (!member) return;
  await db.transaction((tx) => sendReset(tx, websiteId, member, origin));
}

/**
 * Sets a new password from a reset link: the link is spent, every session of the member ends (a
 * thief signed in with the old password is thrown out) and older reset links stop working. Opening
 * the emailed link also proves the address, so the email counts as verified.
 */
export async function resetPassword(
  db: Database,
  websiteId: string,
  token: string,
  password: string,
): Promise<void> {
  // The password rule needs the email, known only once the token is spent: hash after checking.
  await db.transaction(async (tx) => {
    const memberId = await consumeToken(tx, token, 'reset-password');
    const [member] = await tx
      .select({ email: siteMembers.email, verified: siteMembers.emailVerifiedAt })
      .from(siteMembers)
      .where(and(eq(siteMembers.id, memberId), eq(siteMembers.websiteId, websiteId)));
    if (!member) throw new ApiError(400, 'TOKEN_INVALID', memberMessages.tokenInvalid);
    checkNewPassword(password, member.email);
    await tx
      .update(siteMembers)
      .set({ passwordHash: await hashPassword(password), emailVerifiedAt: member.verified ?? new Date() })
      .where(eq(siteMembers.id, memberId));
    await voidTokens(tx, memberId, 'reset-password');
    await tx.delete(siteSessions).where(eq(siteSessions.memberId, memberId));
  });
}

/**
 * Changes the password of the signed-in member, who proves it is them with the current one. The
 * other sessions end; this browser stays signed in. Wrong current passwords count towards the
 * sign-in lock, so this route cannot be used to guess more slowly around it.
 */
export async function changePassword(
  db: Database,
  member: { id: string; email: string; sessionId: string },
  input: { currentPassword: string; newPassword: string },
  guard: { failed(): Promise<void>; succeeded(): Promise<void> },
): Promise<void> {
  const [row] = await db
    .select({ passwordHash: siteMembers.passwordHash })
    .from(siteMembers)
    .where(eq(siteMembers.id, member.id));
  if (!row || !(await verifyPassword(input.currentPassword, row.passwordHash))) {
    await guard.failed();
    throw fieldError('currentPassword', memberMessages.wrongCurrentPassword);
  }
  await guard.succeeded();
  checkNewPassword(input.newPassword, member.email, 'newPassword');
  if (input.newPassword === input.currentPassword)
    throw fieldError('newPassword', memberMessages.samePassword);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(siteMembers).set({ passwordHash }).where(eq(siteMembers.id, member.id));
    await tx
      .delete(siteSessions)
      .where(and(eq(siteSessions.memberId, member.id), ne(siteSessions.id, member.sessionId)));
    await voidTokens(tx, member.id, 'reset-password');
  });
}

export async function setMemberLocale(db: Database, memberId: string, language: string): Promise<void> {
  await db.update(siteMembers).set({ locale: language }).where(eq(siteMembers.id, memberId));
}
