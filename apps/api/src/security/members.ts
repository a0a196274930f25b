import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { siteMembers } from '../db/schema';
import { hashPassword } from './passwords';

/** A transaction or the database itself: the demo seed creates members inside its transaction. */
type Writer = Pick<Database, 'insert'>;

export type MemberRole = 'owner' | 'viewer' | 'customer' | (string & {});

export interface NewMember {
  websiteId: string;
  email: string;
  password: string;
  roles: MemberRole[];
}

/** One spelling per address, so `Owner@Demo.test ` and `owner@demo.test` are the same member. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function createMember(db: Writer, member: NewMember): Promise<{ id: string }> {
  const id = randomUUID();
  await db.insert(siteMembers).values({
    id,
    websiteId: member.websiteId,
    email: normalizeEmail(member.email),
    passwordHash: await hashPassword(member.password),
    roles: member.roles,
    // Made by the seed or by hand for the owner's staff, not through sign-up: nobody to verify.
    emailVerifiedAt: new Date(),
  });
  return { id };
}

export async function findMemberByEmail(db: Database, websiteId: string, email: string) {
  const [row] = await db
    .select()
    .from(siteMembers)
    .where(and(eq(siteMembers.websiteId, websiteId), eq(siteMembers.email, normalizeEmail(email))));
  return row;
}

/** The site lets visitors create accounts (`settings.memberAccounts.enabled`); the header then links to sign-in. */
export function memberAccountsEnabled(settings: unknown): boolean {
  const accounts = (settings as { memberAccounts?: { enabled?: unknown } } | null)?.memberAccounts;
  return accounts?.enabled === true;
}
