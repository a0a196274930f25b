import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  INVITATION_LIFETIME_DAYS,
  isTeamRole,
  teamMessages,
  teamRoleLabels,
  type InvitableRole,
  type TeamInvite,
  type TeamInvitationPreview,
  type TeamRole,
  type TeamView,
} from '@site/page-content';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { recordActivity, type Actor } from '../activity/activity-log';
import type { Database, Tx } from '../db/client';
import { onTheTeam, siteMembers, siteSessions, teamInvitations, websites } from '../db/schema';
import { ApiError } from '../http';
import { queueEmail } from '../mail/queue-email';
import { passwordProblem } from '../security/password-rule';
import { hashPassword, verifyPassword } from '../security/passwords';

const DAY_MS = 24 * 3600_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The one team role a member holds (the strongest when older data gave several); customers hold none. */
function teamRole(roles: readonly string[]): TeamRole | undefined {
  for (const role of ['owner', 'admin', 'store-manager', 'editor', 'viewer'] as const)
    if (roles.includes(role)) return role;
  return undefined;
}
/** Roles with the team role swapped: a customer account keeps its orders and sign-ups. */
const withTeamRole = (roles: readonly string[], role: TeamRole | undefined) => [
  ...roles.filter((r) => !isTeamRole(r)),
  ...(role ? [role] : []),
];

export async function teamView(db: Database, websiteId: string, youId: string): Promise<TeamView> {
  const members = await db
    .select({ id: siteMembers.id, email: siteMembers.email, roles: siteMembers.roles })
    .from(siteMembers)
    .where(and(eq(siteMembers.websiteId, websiteId), onTheTeam))
    .orderBy(siteMembers.email);
  const invitations = await db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.websiteId, websiteId),
        isNull(teamInvitations.usedAt),
        gt(teamInvitations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(teamInvitations.createdAt);
  return {
    members: members.flatMap((m) => {
      const role = teamRole(m.roles);
      return role ? [{ id: m.id, email: m.email, role, isYou: m.id === youId }] : [];
    }),
    invitations: invitations.map((i) => ({
      // The row id is the token's digest: the editor gets a handle that is not the secret itself.
      id: i.id.slice(0, 24),
      email: i.email,
      role: i.role as InvitableRole,
      expiresAt: i.expiresAt.toISOString(),
    })),
  };
}

/** Stores the invitation and queues its email in one transaction; answers the secret (tests read it). */
export async function invite(
  db: Database,
  websiteId: string,
  input: Required<TeamInvite> & { email: string },
  by: Actor,
  origin: string,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ roles: siteMembers.roles })
      .from(siteMembers)
      .where(and(eq(siteMembers.websiteId, websiteId), eq(siteMembers.email, input.email)));
    if (existing && teamRole(existing.roles))
      throw new ApiError(409, 'ALREADY_MEMBER', teamMessages.alreadyMember);
    const [waiting] = await tx
      .select({ id: teamInvitations.id })
      .from(teamInvitations)
      .where(
        and(
          eq(teamInvitations.websiteId, websiteId),
          eq(teamInvitations.email, input.email),
          isNull(teamInvitations.usedAt),
          gt(teamInvitations.expiresAt, sql`now()`),
        ),
      )
      .for('update');
    if (waiting) throw new ApiError(409, 'ALREADY_INVITED', teamMessages.alreadyInvited);
    return issueInvitation(tx, websiteId, input, by, origin);
  });
}

/**
 * "Send again": the waiting invitation gives way to a fresh one (new link, new 7 days, same email
 * and role) in one transaction, so the invitee never holds no link nor two, and a second click at
 * once finds the first already replaced (404) rather than sending two emails.
 */
export async function resendInvitation(
  db: Database,
  websiteId: string,
  handle: string,
  by: Actor,
  origin: string,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .delete(teamInvitations)
      .where(
        and(
          eq(teamInvitations.websiteId, websiteId),
          sql`left(${teamInvitations.id}, 24) = ${handle}`,
          isNull(teamInvitations.usedAt),
        ),
      )
      .returning({ email: teamInvitations.email, role: teamInvitations.role });
    if (!old) throw new ApiError(404, 'INVITATION_MISSING', teamMessages.invitationMissing);
    return issueInvitation(tx, websiteId, { email: old.email, role: old.role as InvitableRole }, by, origin);
  });
}

async function issueInvitation(
  tx: Tx,
  websiteId: string,
  input: { email: string; role: InvitableRole },
  by: Actor,
  origin: string,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(teamInvitations).values({
    id: hashToken(token),
    websiteId,
    email: input.email,
    role: input.role,
    invitedBy: by.id,
    expiresAt: new Date(Date.now() + INVITATION_LIFETIME_DAYS * DAY_MS),
  });
  await queueEmail(tx, websiteId, 'team-invitation', input.email, {
    acceptUrl: `${origin}/config/join?token=${encodeURIComponent(token)}`,
    role: teamRoleLabels[input.role],
    invitedBy: by.email,
    expiresInDays: INVITATION_LIFETIME_DAYS,
  });
  await recordActivity(tx, websiteId, by, {
    kind: 'member-invited',
    subject: input.email,
    detail: { role: input.role },
  });
  return token;
}

export async function revokeInvitation(db: Database, websiteId: string, handle: string): Promise<void> {
  const gone = await db
    .delete(teamInvitations)
    .where(
      and(
        eq(teamInvitations.websiteId, websiteId),
        sql`left(${teamInvitations.id}, 24) = ${handle}`,
        isNull(teamInvitations.usedAt),
      ),
    )
    .returning({ id: teamInvitations.id });
  if (gone.length === 0) throw new ApiError(404, 'INVITATION_MISSING', teamMessages.invitationMissing);
}

/** A team member other than the caller, for a role change or removal. */
async function otherTeamMember(
  db: Pick<Database, 'select'>,
  websiteId: string,
  memberId: string,
  youId: string,
) {
  if (memberId === youId) throw new ApiError(409, 'NOT_YOURSELF', teamMessages.notYourself);
  const [row] = await db
    .select({ id: siteMembers.id, email: siteMembers.email, roles: siteMembers.roles })
    .from(siteMembers)
    .where(and(eq(siteMembers.websiteId, websiteId), eq(siteMembers.id, memberId)))
    .for('update');
  if (!row || !teamRole(row.roles)) throw new ApiError(404, 'NOT_ON_TEAM', teamMessages.notOnTeam);
  return row;
}

export async function changeRole(
  db: Database,
  websiteId: string,
  memberId: string,
  role: InvitableRole,
  you: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await otherTeamMember(tx, websiteId, memberId, you.id);
    await tx
      .update(siteMembers)
      .set({ roles: withTeamRole(row.roles, role) })
      .where(eq(siteMembers.id, row.id));
    await recordActivity(tx, websiteId, you, { kind: 'role-changed', subject: row.email, detail: { role } });
  });
}

/** Takes the member off the team and ends their sessions, so an open editor stops working at once. */
export async function removeFromTeam(db: Database, websiteId: string, memberId: string, you: Actor) {
  await db.transaction(async (tx) => {
    const row = await otherTeamMember(tx, websiteId, memberId, you.id);
    await tx
      .update(siteMembers)
      .set({ roles: withTeamRole(row.roles, undefined) })
      .where(eq(siteMembers.id, row.id));
    await tx.delete(siteSessions).where(eq(siteSessions.memberId, row.id));
    await recordActivity(tx, websiteId, you, { kind: 'member-removed', subject: row.email });
  });
}

/** The site changes hands: the member becomes its owner, the old owner an admin. */
export async function transferOwnership(db: Database, websiteId: string, memberId: string, owner: Actor) {
  const ownerId = owner.id;
  await db.transaction(async (tx) => {
    const row = await otherTeamMember(tx, websiteId, memberId, ownerId);
    const [current] = await tx
      .select({ roles: siteMembers.roles })
      .from(siteMembers)
      .where(eq(siteMembers.id, ownerId))
      .for('update');
    if (!current || teamRole(current.roles) !== 'owner')
      throw new ApiError(403, 'FORBIDDEN', teamMessages.ownerOnly);
    await tx
      .update(siteMembers)
      .set({ roles: withTeamRole(row.roles, 'owner') })
      .where(eq(siteMembers.id, row.id));
    await tx
      .update(siteMembers)
      .set({ roles: withTeamRole(current.roles, 'admin') })
      .where(eq(siteMembers.id, ownerId));
    await recordActivity(tx, websiteId, owner, { kind: 'ownership-transferred', subject: row.email });
  });
}

/** The invitation a link's secret names, if it can still be accepted, and the account its email has. */
async function usableInvitation(db: Database, websiteId: string, token: string) {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.id, hashToken(token)), eq(teamInvitations.websiteId, websiteId)));
  if (!row) throw new ApiError(400, 'TOKEN_INVALID', teamMessages.tokenInvalid);
  if (row.usedAt) throw new ApiError(410, 'TOKEN_USED', teamMessages.tokenUsed);
  if (row.expiresAt.getTime() <= Date.now())
    throw new ApiError(410, 'TOKEN_EXPIRED', teamMessages.tokenExpired);
  const [account] = await db
    .select({ id: siteMembers.id, passwordHash: siteMembers.passwordHash })
    .from(siteMembers)
    .where(and(eq(siteMembers.websiteId, websiteId), eq(siteMembers.email, row.email)));
  return { row, account };
}

/** What the join page shows before the invitee answers: the site, the role, and which password to type. */
export async function previewInvitation(
  db: Database,
  websiteId: string,
  token: string,
): Promise<TeamInvitationPreview> {
  const { row, account } = await usableInvitation(db, websiteId, token);
  const [site] = await db.select({ title: websites.title }).from(websites).where(eq(websites.id, websiteId));
  return {
    siteTitle: site?.title ?? '',
    email: row.email,
    role: row.role as InvitableRole,
    hasAccount: Boolean(account),
  };
}

/**
 * Spends the invitation and puts its email on the team: a new account with the given password
 * (the link proves the address), or an existing one whose password it must match. Answers the
 * member id to sign in. The conditional update is the single-use guarantee under concurrency.
 */
export async function acceptInvitation(
  db: Database,
  websiteId: string,
  token: string,
  password: string,
): Promise<string> {
  const id = hashToken(token);
  const { row, account } = await usableInvitation(db, websiteId, token);
  if (account && !(await verifyPassword(password, account.passwordHash)))
    throw new ApiError(400, 'PASSWORD_WRONG', teamMessages.passwordWrong);
  const problem = account ? undefined : passwordProblem(password, row.email);
  if (problem) throw new ApiError(400, 'INVALID_FIELDS', problem, { fieldErrors: { password: problem } });
  const passwordHash = account ? undefined : await hashPassword(password);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(teamInvitations)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(teamInvitations.id, id),
          isNull(teamInvitations.usedAt),
          gt(teamInvitations.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: teamInvitations.id });
    if (!spent) throw new ApiError(410, 'TOKEN_USED', teamMessages.tokenUsed);
    const role = row.role as InvitableRole;
    if (account) {
      const [current] = await tx
        .select({ roles: siteMembers.roles })
        .from(siteMembers)
        .where(eq(siteMembers.id, account.id))
        .for('update');
      // An owner who accepts an old invitation to their own site stays its owner.
      if (current && teamRole(current.roles) !== 'owner')
        await tx
          .update(siteMembers)
          .set({
            roles: withTeamRole(current.roles, role),
            emailVerifiedAt: sql`coalesce(email_verified_at, now())`,
          })
          .where(eq(siteMembers.id, account.id));
      return account.id;
    }
    const memberId = randomUUID();
    await tx.insert(siteMembers).values({
      id: memberId,
      websiteId,
      email: row.email,
      passwordHash: passwordHash!,
      roles: [role],
      emailVerifiedAt: new Date(),
    });
    return memberId;
  });
}
