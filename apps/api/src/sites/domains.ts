import { randomBytes } from 'node:crypto';
import {
  normaliseDomain,
  siteAdminMessages,
  VERIFY_RECORD_PREFIX,
  type SiteDomain,
} from '@site/page-content';
import { and, asc, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { ApiError } from '../http';
import type { Database } from '../db/client';
import { siteDomains } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';

/** TXT records of a name, each as its character strings (node:dns `resolveTxt`'s shape). */
export type TxtResolver = (name: string) => Promise<string[][]>;

type DomainRow = typeof siteDomains.$inferSelect;

const toDomain = (row: DomainRow): SiteDomain => ({
  host: row.host,
  kind: row.kind,
  verified: row.verifiedAt !== null,
  ...(row.kind === 'custom' && row.verificationToken
    ? { verification: { name: `${VERIFY_RECORD_PREFIX}${row.host}`, value: row.verificationToken } }
    : {}),
});

export async function listDomains(db: Database, websiteId: string): Promise<SiteDomain[]> {
  const rows = await db
    .select()
    .from(siteDomains)
    .where(and(eq(siteDomains.websiteId, websiteId), live()))
    .orderBy(asc(siteDomains.createdAt), asc(siteDomains.host));
  // The default address first: it is the one that always works.
  return rows.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'default' ? -1 : 1)).map(toDomain);
}

/**
 * How long an unverified claim lasts. Claims never block another site (only a verified host is
 * unique), so this only bounds how long a stale token may still verify and how long the claim
 * shows in the owner's list; adding the domain again starts a new claim.
 */
export const CLAIM_EXPIRES_MS = 7 * 24 * 3600 * 1000;

/** Verified rows, and claims younger than CLAIM_EXPIRES_MS. */
const live = () =>
  or(isNotNull(siteDomains.verifiedAt), gt(siteDomains.createdAt, new Date(Date.now() - CLAIM_EXPIRES_MS)));

const taken = () =>
  new ApiError(409, 'DOMAIN_TAKEN', siteAdminMessages.hostTaken, {
    fieldErrors: { host: siteAdminMessages.hostTaken },
  });

const invalid = (message: string) =>
  new ApiError(400, 'INVALID_FIELDS', message, { fieldErrors: { host: message } });

/**
 * Connects a custom domain, unverified: it routes nowhere until its TXT record is found. Another
 * site's unverified claim does not stand in the way (squatting a domain one cannot verify gains
 * nothing); a host some site has verified is taken. Hosts
 * under the platform's base domain are handed out by slug, and the local names serve the
 * deployment's own site, so neither can be claimed.
 */
export async function addDomain(
  db: Database,
  websiteId: string,
  input: string,
  baseDomain: string | undefined,
): Promise<SiteDomain> {
  const host = normaliseDomain(input);
  if (!host || host === 'localhost' || host.endsWith('.localhost'))
    throw invalid(siteAdminMessages.hostInvalid);
  if (baseDomain && (host === baseDomain || host.endsWith(`.${baseDomain}`)))
    throw invalid(siteAdminMessages.hostPlatform);
  const row: DomainRow = {
    host,
    websiteId,
    kind: 'custom',
    verificationToken: `site-verify=${randomBytes(18).toString('base64url')}`,
    verifiedAt: null,
    createdAt: new Date(),
  };
  // Expired claims of this host are swept first, so this site can claim it again.
  await db
    .delete(siteDomains)
    .where(
      and(
        eq(siteDomains.host, host),
        isNull(siteDomains.verifiedAt),
        lte(siteDomains.createdAt, new Date(Date.now() - CLAIM_EXPIRES_MS)),
      ),
    );
  const [verified] = await db
    .select({ websiteId: siteDomains.websiteId })
    .from(siteDomains)
    .where(and(eq(siteDomains.host, host), isNotNull(siteDomains.verifiedAt)));
  if (verified) throw taken();
  try {
    await db.insert(siteDomains).values(row);
  } catch (err) {
    // (host, site) is the primary key: this site has claimed it already.
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  return toDomain(row);
}

async function ownDomain(db: Database, websiteId: string, host: string): Promise<DomainRow> {
  const [row] = await db
    .select()
    .from(siteDomains)
    .where(
      and(eq(siteDomains.websiteId, websiteId), eq(siteDomains.host, host.trim().toLowerCase()), live()),
    );
  if (!row) throw new ApiError(404, 'DOMAIN_NOT_FOUND', siteAdminMessages.domainNotFound);
  return row;
}

/**
 * Looks for the domain's token in the TXT records of `_site-verify.<host>`; the first site to
 * verify a host gets it (409 DOMAIN_TAKEN to any later one). A name with no records,
 * a failing or slow resolver: all answer "not found yet" (400), never a 5xx, since DNS is outside
 * our control and the owner can simply try again.
 */
export async function verifyDomain(
  db: Database,
  websiteId: string,
  host: string,
  resolveTxt: TxtResolver,
): Promise<SiteDomain> {
  const row = await ownDomain(db, websiteId, host);
  if (row.verifiedAt) return toDomain(row);
  const name = `${VERIFY_RECORD_PREFIX}${row.host}`;
  const token = row.verificationToken ?? '';
  const records = await resolveTxt(name).catch(() => [] as string[][]);
  // A long TXT value arrives split in 255-byte strings: each record is their concatenation.
  if (!token || !records.some((chunks) => chunks.join('').trim() === token)) {
    throw new ApiError(400, 'DOMAIN_NOT_VERIFIED', siteAdminMessages.notVerified(name, token));
  }
  try {
    const [updated] = await db
      .update(siteDomains)
      .set({ verifiedAt: new Date() })
      .where(and(eq(siteDomains.websiteId, websiteId), eq(siteDomains.host, row.host)))
      .returning();
    return toDomain(updated ?? row);
  } catch (err) {
    // Only one verified row per host: another site verified it first.
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/** Disconnects a custom domain; the site's own `<slug>.<base>` address stays. */
export async function removeDomain(db: Database, websiteId: string, host: string): Promise<string> {
  const row = await ownDomain(db, websiteId, host);
  if (row.kind === 'default') throw new ApiError(400, 'DEFAULT_DOMAIN', siteAdminMessages.defaultDomainFixed);
  await db
    .delete(siteDomains)
    .where(and(eq(siteDomains.websiteId, websiteId), eq(siteDomains.host, row.host)));
  return row.host;
}
